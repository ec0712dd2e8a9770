/* readinglist: My list's files: export to BibTeX, RIS, CSV or JSON, each paper's record taken
   from the site's own papers.bib, .ris, .csv or .json (fetched only then), and import of any of
   them back. The text work is formats.js's, imported only when a file is made or read; an
   address is kept only as addresses.js allows. `page` is the my-list page: say(text) shows a
   message, siteIds() gives the site's papers (id -> citation key). */
import { paperAddress } from "./addresses.js";
import { ROOT, element, plural } from "./site.js";
import { entries, load, save } from "./store.js";

export const FORMATS = [
  { name: "bibtex", label: "BibTeX (.bib)", file: "papers.bib", type: "application/x-bibtex", by: "key" },
  { name: "ris", label: "RIS (.ris)", file: "papers.ris", type: "application/x-research-info-systems", by: "key" },
  { name: "csv", label: "CSV (.csv)", file: "papers.csv", type: "text/csv", by: "id" },
  { name: "json", label: "JSON (.json)", file: "papers.json", type: "application/json", by: "id" },
];
const ACCEPT = FORMATS.map((format) => "." + format.file.split(".")[1] + "," + format.type).join(",");

export function fetchText(url) {
  return fetch(url).then((response) => {
    if (!response.ok) throw new Error("HTTP " + response.status);
    return response.text();
  });
}

/* Export --------------------------------------------------------------------------------- */

export async function exportAs(page, format) {
  const list = entries(load());
  if (!list.length) return page.say("Your list is empty: nothing to export.");
  page.say("Preparing the " + format.label + " file…");
  try {
    const [keys, site, formats] = await Promise.all([page.siteIds(),
      fetchText(new URL(format.file, ROOT)), import("./formats.js")]);
    const ids = list.map((e) => e.id), present = ids.filter((id) => keys.has(id));
    const wanted = format.by === "key" ? present.map((id) => keys.get(id)) : ids;
    download(formats[format.name](site, wanted, list), "my-list." + format.file.split(".")[1], format.type);
    page.say(exported(format, ids.length, present.length));
  } catch (error) {
    page.say("Export failed: the site's " + format.file + " or its list of papers could not be read ("
      + error.message + "). Nothing was downloaded.");
  }
}

function exported(format, total, present) {
  const missing = total - present;
  let note = "Exported " + present + " of " + plural(total, "paper") + " as " + format.label + ".";
  if (missing) {
    note += " " + missing + " gone from the site " + (missing === 1 ? "has" : "have") + " no record there"
      + (format.name === "json" ? " and " + (missing === 1 ? "is" : "are") + " kept in my_list only."
        : ": the JSON export keeps " + (missing === 1 ? "it" : "them") + ".");
  }
  return note;
}

function download(text, name, type) {
  const url = URL.createObjectURL(new Blob([text], { type: type + ";charset=utf-8" }));
  const link = element("a", { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/* Import --------------------------------------------------------------------------------- */

export function importInput(page) {
  const input = element("input", { type: "file", accept: ACCEPT });
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    try {
      page.say(await importText(page, await file.text()));
    } catch (error) {
      page.say("Nothing was imported: the file could not be read (" + error.message + "). Your list is unchanged.");
    } finally {
      input.value = "";
    }
  });
  return input;
}

/* The message to show; the list changes only when the whole file can be read. */
async function importText(page, text) {
  const formats = await import("./formats.js");
  let found;
  try {
    const keys = formats.formatOf(text) === "json" ? new Map() : reversed(await page.siteIds());
    found = formats.readExport(text, { keys, address: (url) => paperAddress(url, ROOT) });
  } catch (problem) {
    return "Nothing was imported: " + problem.message + " Your list is unchanged.";
  }
  const papers = load();
  let added = 0;
  found.items.forEach((item, n) => {
    if (Object.prototype.hasOwnProperty.call(papers, item.id)) return;
    papers[item.id] = { title: item.title, url: item.url, status: item.status || "to-read",
      added: typeof item.added === "number" ? item.added : Date.now() + n };
    added++;
  });
  const problem = save(papers);
  if (problem) return "Nothing was imported: " + problem + " Your list is unchanged.";
  return imported(found, added);
}

function imported(found, added) {
  const count = found.items.length;
  let text = "Imported " + plural(count, "paper") + ": " + added + " new, " + (count - added)
    + " already in your list (kept as they were).";
  if (found.format !== "JSON" && added) {
    text += " A " + found.format + " file holds no reading status: the new ones are To read (a JSON export keeps statuses).";
  }
  if (found.skipped) text += " " + plural(found.skipped, "record") + " of other sites or without an address here skipped.";
  return text;
}

function reversed(ids) {
  return new Map(Array.from(ids, ([id, key]) => [key, id]));
}
