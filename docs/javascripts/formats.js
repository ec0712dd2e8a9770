/* readinglist: the reader's list as the files My list exports (BibTeX, RIS, CSV, JSON), and
   those files read back. Pure functions of text, unit-tested under node --test
   (tests/js/formats.test.js).

   Export: each paper's record is the site's record, cut out of papers.bib, papers.ris,
   papers.csv or papers.json as the site wrote it, so an export never differs from the site's
   files and no escaping is done twice. BibTeX and RIS records are found by their citation key
   (the my-list/ids.txt file gives each paper's), CSV rows and JSON records by the paper's id.

   Import (readExport): a JSON export carries the list itself (`my_list`: ids, titles,
   addresses, statuses); BibTeX, RIS and CSV carry the site's records, each with its citation
   key or id and the paper's page ("Reading list: <address>"), but no reading status. */

const owns = (object, key) => Object.prototype.hasOwnProperty.call(object, key);

/* Export ------------------------------------------------------------------------------- */

/* papers.bib: records joined by a blank line; a record starts with "@" at a line start
   (field values are one line each, indented, so no other line starts with "@"). */
export function bibtex(text, keys) {
  const records = {};
  for (const record of text.split(/\n(?=@)/)) {
    const key = /^@[A-Za-z]+\{([^,\s]*),/.exec(record);
    if (key) records[key[1]] = record.replace(/\n+$/, "\n");
  }
  return pick(records, keys).join("\n");
}

/* papers.ris: CRLF lines, each record ending with "ER  - ", records joined by a CRLF. */
export function ris(text, keys) {
  const records = {};
  for (const record of risRecords(text)) records[record.fields.ID || ""] = record.text;
  return pick(records, keys).join("\r\n");
}

function risRecords(text) {
  const records = [];
  let lines = [], fields = {};
  for (const line of text.split(/\r?\n/)) {
    if (!lines.length && !line.trim()) continue;
    lines.push(line);
    const field = /^([A-Z][A-Z0-9]) {2}- ?(.*)$/.exec(line);
    if (field && field[1] !== "ER" && !owns(fields, field[1])) fields[field[1]] = field[2];
    if (field && field[1] === "ER") {
      records.push({ fields, text: lines.join("\r\n") + "\r\n" });
      lines = [];
      fields = {};
    }
  }
  return records;
}

/* papers.csv: RFC 4180 rows (CRLF; a quoted cell may hold commas, quotes and line breaks).
   Rows are kept as the site wrote them, found by their "id" cell. */
export function csv(text, ids) {
  const rows = csvRows(text);
  if (!rows.length) return "";
  const column = rows[0].cells.indexOf("id"), records = {};
  for (const row of rows.slice(1)) records[row.cells[column]] = row.text;
  return rows[0].text + pick(records, ids).join("");
}

export function csvRows(text) {
  const rows = [];
  let cells = [], cell = "", quoted = false, start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; }
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") { cells.push(cell); cell = ""; }
    else if (c === "\n" || (c === "\r" && text[i + 1] === "\n")) {
      if (c === "\r") i++;
      cells.push(cell);
      rows.push({ cells, text: text.slice(start, i + 1) });
      cells = []; cell = ""; start = i + 1;
    } else cell += c;
  }
  return rows;
}

/* papers.json: the site's document, its papers only those of the list, in the list's order,
   and the list itself (`my_list`), which is what an import reads back. */
export function json(text, ids, entries) {
  const site = JSON.parse(text), byId = {};
  for (const paper of site.papers) byId[paper.id] = paper;
  const document = {
    $schema: site.$schema, schema_version: site.schema_version, site_url: site.site_url,
    papers: pick(byId, ids), my_list: entries,
  };
  return JSON.stringify(document, null, 1) + "\n";
}

function pick(records, keys) {
  return keys.filter((key) => owns(records, key)).map((key) => records[key]);
}

/* Import ------------------------------------------------------------------------------- */

export const ID = /^[A-Za-z0-9_-]{1,64}$/;
export const STATUSES = ["to-read", "reading", "read"];
const NAMES = { json: "JSON", bibtex: "BibTeX", ris: "RIS", csv: "CSV" };

/* What a file is, from how it begins: "json", "bibtex", "ris", "csv" or "" (none of them). */
export function formatOf(text) {
  const start = text.replace(/^\uFEFF/, "").trimStart();
  if (/^[{[]/.test(start)) return "json";
  if (/^(?:%[^\n]*\n\s*)*@[A-Za-z]+\s*[{(]/.test(start)) return "bibtex";
  if (/^TY {2}- /.test(start)) return "ris";
  if (/^[^\r\n]*\bid\b[^\r\n]*,/.test(start) && /^[^\r\n]*\btitle\b/.test(start)) return "csv";
  return "";
}

/* A file's papers as {format, items: [{id, title, url, status?, added?}], skipped}: `keys`
   maps citation keys to ids (my-list/ids.txt); `address(text)` makes a paper's address under
   the site's root ("papers/NAME/") or throws why it cannot. Throws what the reader is told
   when the file is none of the exports or holds no paper of this site. */
export function readExport(text, { keys, address }) {
  const format = formatOf(text);
  if (!format) {
    const begins = text.trim().slice(0, 40);
    throw new Error("this is not a file My list exports (BibTeX, RIS, CSV or JSON)"
      + (begins ? "; it begins \u201c" + begins + "\u201d." : "; it is empty."));
  }
  if (format === "json") return { format: NAMES.json, items: jsonItems(text, address), skipped: 0 };
  const records = { bibtex: bibtexRecords, ris: risPapers, csv: csvPapers }[format](text);
  const items = [];
  for (const record of records) {
    const id = record.id || (keys.has(record.key) ? keys.get(record.key) : "");
    const page = pageOf(record.page);
    if (!ID.test(id) || !page) continue;
    items.push({ id, title: record.title || id, url: address(page) });
  }
  if (!items.length) {
    throw new Error("this " + NAMES[format] + " file holds no paper of this site ("
      + records.length + (records.length === 1 ? " record" : " records")
      + ", none with this site's citation key and \u201cReading list:\u201d address).");
  }
  return { format: NAMES[format], items, skipped: records.length - items.length };
}

/* The paper's page in a record's "Reading list: <address>": the address from its papers/. */
function pageOf(text) {
  const found = /(?:^|\/)(papers\/[^/\s]+\/)$/.exec((text || "").trim());
  return found ? found[1] : "";
}

function jsonItems(text, address) {
  let document;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new Error("the file begins like JSON but is not valid JSON (" + error.message + ").");
  }
  if (!document || typeof document !== "object" || !Array.isArray(document.my_list)) {
    throw new Error("this JSON file is not an export of My list (it has no my_list).");
  }
  return document.my_list.map((entry, index) => {
    const problem = itemProblem(entry);
    if (problem) throw new Error("paper " + (index + 1) + " of my_list " + problem + ".");
    let url;
    try {
      url = address(entry.url);
    } catch (error) {
      throw new Error("paper " + (index + 1) + " of my_list has no valid address: " + error.message);
    }
    const item = { id: entry.id, title: entry.title, url, status: entry.status };
    if (entry.added !== undefined) item.added = entry.added;
    return item;
  });
}

function itemProblem(entry) {
  if (!entry || typeof entry !== "object") return "is not an object";
  if (typeof entry.id !== "string" || !ID.test(entry.id)) return "has no valid id";
  if (!STATUSES.includes(entry.status)) return "has an unknown status";
  if (typeof entry.title !== "string") return "has no title";
  if (typeof entry.url !== "string") return "has no valid address";
  if (entry.added !== undefined && !Number.isFinite(entry.added)) return "has a wrong date added";
  return "";
}

/* BibTeX: each entry's key, title and note, with braces balanced (any BibTeX, not only
   the site's own layout); LaTeX escapes of the site's titles undone. */
function bibtexRecords(text) {
  const records = [], entry = /@([A-Za-z]+)\s*\{\s*([^,\s]+)\s*,/g;
  let found;
  while ((found = entry.exec(text))) {
    if (/^(?:comment|string|preamble)$/i.test(found[1])) continue;
    const fields = bibtexFields(text, entry.lastIndex);
    const note = /Reading list: (?:\\url\{([^}]*)\}|(\S+))/.exec(fields.note || "");
    records.push({ key: found[2], title: latexText(fields.title || ""),
      page: note ? note[1] || note[2] : "" });
  }
  return records;
}

function bibtexFields(text, at) {
  const fields = {}, name = /\s*([A-Za-z][\w-]*)\s*=\s*/y;
  let i = at;
  for (;;) {
    name.lastIndex = i;
    const found = name.exec(text);
    if (!found) return fields;
    const value = bibtexValue(text, name.lastIndex);
    fields[found[1].toLowerCase()] = value.text;
    i = value.end;
    while (i < text.length && /[\s,]/.test(text[i])) i++;
  }
}

function bibtexValue(text, at) {
  if (text[at] === "{" || text[at] === '"') {
    const close = text[at] === "{" ? "}" : '"';
    let depth = 0, i = at + 1;
    for (; i < text.length; i++) {
      if (text[i] === "\\") i++;
      else if (text[i] === "{") depth++;
      else if (text[i] === "}" && depth > 0) depth--;
      else if (text[i] === close && depth === 0) break;
    }
    return { text: text.slice(at + 1, i), end: i + 1 };
  }
  const bare = /[^,}\s]*/y;
  bare.lastIndex = at;
  const word = bare.exec(text)[0];
  return { text: word, end: at + word.length };
}

const LATEX = { backslash: "\\", asciitilde: "~", asciicircum: "^" };

/* The site's BibTeX escapes undone in one pass, and grouping braces dropped. */
function latexText(value) {
  return value
    .replace(/\\text(backslash|asciitilde|asciicircum)\{\}|\\([{}%&$#_])|[{}]/g,
      (all, command, escaped) => (command ? LATEX[command] : escaped || ""))
    .replace(/\s+/g, " ").trim();
}

function risPapers(text) {
  return risRecords(text).map(({ fields }) => ({
    key: fields.ID || "", title: (fields.TI || fields.T1 || "").trim(),
    page: /^Reading list: (\S+)/.exec(fields.N1 || "")?.[1] || "",
  }));
}

function csvPapers(text) {
  const [header, ...rows] = csvRows(text.endsWith("\n") ? text : text + "\r\n");
  const column = (name) => header.cells.indexOf(name);
  const id = column("id"), key = column("key"), title = column("title"), page = column("page");
  return rows.filter((row) => row.cells.length > 1).map((row) => ({
    id: id >= 0 ? row.cells[id] : "", key: key >= 0 ? row.cells[key] : "",
    title: title >= 0 ? row.cells[title] : "", page: page >= 0 ? row.cells[page] : "",
  }));
}
