/* readinglist: the reader's own list, kept in this browser (localStorage) and sent nowhere.

   Stored under the site's path, so two sites on one host keep two lists. Storage can be
   disabled, full, or hold text this module cannot read: the reader is told, and nothing they
   had is overwritten. Whatever draws the list subscribes (onChange) and is called after each
   change, here or in another tab, with the focus kept on the control the reader used. */
import { ROOT } from "./site.js";

export const STATUSES = ["to-read", "reading", "read"];
/* The reader's own statuses, said as theirs wherever they are shown beside the curator's. */
export const LABELS = { "to-read": "To read", reading: "Reading", read: "Read" };
export const KEY = "readinglist:my-list:" + ROOT.pathname;
const BACKUP = KEY + ":unreadable";
const NOT_KEPT = "This browser will not keep your list: ";

/* `readTrouble` and `writeTrouble` say why this browser will not keep the list ("" when it
   will); `notes` what was set aside; `aside` the stored entries that could not be read,
   written back untouched with every save. */
let readTrouble = "", writeTrouble = "", notes = [], aside = Object.create(null);
const listeners = [];

function readStored() {
  try {
    return localStorage.getItem(KEY);
  } catch (error) {
    readTrouble = NOT_KEPT + "it does not let this site store anything (" + error.name + ").";
    return null;
  }
}

/* Unreadable text is copied to BACKUP before anything may replace it; if it cannot be, or
   BACKUP already holds other text, nothing is saved. */
function setAsideText(text) {
  try {
    const backup = localStorage.getItem(BACKUP);
    if (backup !== null && backup !== text) throw new Error(BACKUP + " already holds other text");
    localStorage.setItem(BACKUP, text);
    notes.push("The list stored in this browser could not be read; its text is kept under \u201c"
      + BACKUP + "\u201d in this browser's storage, and a new list was started.");
  } catch (error) {
    readTrouble = NOT_KEPT + "the list it holds could not be read and could not be set aside ("
      + error.message + "), so it is left as it was.";
  }
}

function readable(entry) {
  return !!entry && typeof entry === "object" && typeof entry.title === "string"
    && typeof entry.url === "string" && STATUSES.includes(entry.status);
}

function parsed(text) {
  try {
    const stored = JSON.parse(text);
    const papers = stored && stored.papers;
    return papers && typeof papers === "object" && !Array.isArray(papers) ? papers : null;
  } catch {
    return null;
  }
}

/* The stored papers, id -> {title, url, status, added}, in an object without a prototype: an
   id such as "constructor" is only ever a paper. */
export function load() {
  readTrouble = "";
  notes = [];
  aside = Object.create(null);
  const text = readStored(), papers = Object.create(null);
  if (text === null) return papers;
  const stored = parsed(text);
  if (!stored) {
    setAsideText(text);
    return papers;
  }
  for (const id of Object.keys(stored)) {
    if (readable(stored[id])) papers[id] = stored[id];
    else aside[id] = stored[id];
  }
  const bad = Object.keys(aside);
  if (bad.length) {
    notes.push(bad.length + (bad.length === 1 ? " stored entry" : " stored entries")
      + " could not be read and " + (bad.length === 1 ? "is" : "are")
      + " set aside, kept in storage but not shown: " + bad.join(", ") + ".");
  }
  return papers;
}

/* Writes the papers without telling anyone; returns "" or why they were not kept. */
export function keep(papers) {
  if (readTrouble) return readTrouble;
  try {
    const all = Object.assign(Object.create(null), aside, papers);
    localStorage.setItem(KEY, JSON.stringify({ version: 1, papers: all }));
    writeTrouble = "";
    return "";
  } catch (error) {
    writeTrouble = NOT_KEPT + (error.name === "QuotaExceededError" ? "its storage for this site is full"
      : "it refused to store it") + " (" + error.name + "), so the last change was not kept.";
    return writeTrouble;
  }
}

/* Why the list is not kept ("" when it is), and what was set aside when it was read. */
export function trouble() {
  return readTrouble || writeTrouble;
}

export function readNotes() {
  return notes.slice();
}

/* Writes the papers and redraws whatever shows them; returns "" or why they were not kept. */
export function save(papers) {
  const problem = keep(papers);
  changed();
  return problem;
}

export function update(change) {
  const papers = load();
  change(papers);
  return save(papers);
}

export function entries(papers) {
  return Object.keys(papers).map((id) => {
    const p = papers[id];
    return { id, title: p.title, url: p.url, status: p.status, added: p.added };
  }).sort((a, b) => a.added - b.added || (a.id < b.id ? -1 : 1));
}

export function onChange(listener) {
  if (!listeners.includes(listener)) listeners.push(listener);
}

/* Every drawing of the list redrawn; focus stays on the control the reader used, or what
   took its place: the status after "Add", "Add" after "Remove" on a mark, the list's
   heading after "Remove" on the my-list page. */
export function changed() {
  const active = document.activeElement;
  const focused = active && active.dataset ? active.dataset.rlControl : null;
  const papers = load();
  for (const listener of listeners) listener(papers);
  if (focused) refocus(focused);
}

function refocus(focused) {
  const [kind, id] = focused.split(":"), where = kind + ":" + id;
  const next = [focused, where + ":status", where + ":add"]
    .map((control) => document.querySelector('[data-rl-control="' + CSS.escape(control) + '"]'))
    .find(Boolean) || document.querySelector(".rl-mylist__heading");
  if (next) next.focus();
}

window.addEventListener("storage", (event) => { if (event.key === KEY) changed(); });
