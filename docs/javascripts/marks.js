/* readinglist: "Add to my list" on paper pages and listings, the only script a paper page
   loads besides the entry module. Every paper page and listing entry holds an empty
   `.rl-mine` element with the paper's id, title and address (data attributes, escaped where
   the page was made); this module turns it into "Add to my list", or, for a paper on the
   reader's list, "In my list:" with its status (to read, reading, read) and "Remove". */
import { button, element } from "./site.js";
import { LABELS, STATUSES, keep, load, onChange, trouble, update } from "./store.js";

/* The status of a paper in the reader's list, as a select that changes it. */
export function statusSelect(id, status, title, control) {
  const select = element("select", { class: "rl-mine__status", "data-rl-control": control,
    "aria-label": "Status of " + title + " in my list" }, STATUSES.map((value) => {
    const option = element("option", { value }, LABELS[value]);
    option.selected = value === status;
    return option;
  }));
  select.addEventListener("change", () => update((papers) => {
    if (papers[id]) papers[id].status = select.value;
  }));
  return select;
}

export function removeButton(id, title, control) {
  return button("Remove", () => update((papers) => { delete papers[id]; }), {
    class: "rl-mine__button", "data-rl-control": control,
    "aria-label": "Remove " + title + " from my list",
  });
}

function drawMark(mark, papers) {
  const id = mark.dataset.rlPaper, title = mark.dataset.rlTitle || id, url = mark.dataset.rlUrl;
  const stored = papers[id];
  if (!stored) {
    mark.replaceChildren(button("Add to my list", () => update((all) => {
      all[id] = { title, url, status: "to-read", added: Date.now() };
    }), { class: "rl-mine__button", "data-rl-control": "mark:" + id + ":add" }));
  } else {
    mark.replaceChildren(element("span", { class: "rl-mine__label" }, "In my list:"),
      statusSelect(id, stored.status, title, "mark:" + id + ":status"),
      removeButton(id, title, "mark:" + id + ":remove"));
  }
  /* The mark says so briefly; the my-list page says why. */
  if (trouble()) {
    mark.append(element("span", { class: "rl-mine__trouble", title: trouble() },
      "This browser will not keep your list."));
  }
}

/* A paper's title or address may have changed since it was added: the page knows best. */
function refreshStored(marks, papers) {
  let changed = false;
  for (const mark of marks) {
    const stored = papers[mark.dataset.rlPaper];
    if (stored && (stored.title !== mark.dataset.rlTitle || stored.url !== mark.dataset.rlUrl)) {
      stored.title = mark.dataset.rlTitle;
      stored.url = mark.dataset.rlUrl;
      changed = true;
    }
  }
  if (changed) keep(papers);
}

/* The marks under `root` (the page), drawn from the stored list. */
export function drawMarks(root = document, papers = load()) {
  const marks = Array.from(root.querySelectorAll(".rl-mine[data-rl-paper]"));
  refreshStored(marks, papers);
  for (const mark of marks) drawMark(mark, papers);
}

onChange((papers) => drawMarks(document, papers));
