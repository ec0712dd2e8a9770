/* readinglist: the reader's own list, kept in this browser (localStorage) and sent nowhere.

   Every paper page and listing entry holds an empty `.rl-mine` element with the paper's id,
   title and address (data attributes, escaped where the page was made); this script turns it
   into "Add to my list", or, for a paper on the list, its status (to read, reading, read) and
   "Remove". The my-list/ page draws the list from storage alone, marks a paper the site no
   longer has (my-list/ids.txt) as gone, and exports the list from the site's own files, fetched
   only when the reader exports (mylist-formats.js). The list is stored under the site's path,
   so two sites on one host keep two lists. Runs on every page Material's instant navigation
   shows (document$). The DOM is built with createElement and textContent only. */
(function () {
  "use strict";
  var STATUSES = ["to-read", "reading", "read"];
  var LABELS = { "to-read": "To read", reading: "Reading", read: "Read" };
  var SCRIPT = document.currentScript;
  /* The site's root: this script is javascripts/mylist.js under it, on every page. */
  var ROOT = new URL("../", SCRIPT ? SCRIPT.src : location.href);
  var KEY = "readinglist:my-list:" + ROOT.pathname;

  /* Storage ---------------------------------------------------------------------------- */

  /* Storage can be disabled, full, or hold text this script cannot read: the reader is told,
     and nothing they had is overwritten. `readTrouble` and `writeTrouble` say why this browser
     will not keep the list ("" when it will); `notes` what was set aside; `aside` the stored
     entries that could not be read, written back untouched with every save. */
  var BACKUP = KEY + ":unreadable";
  var readTrouble = "", writeTrouble = "", notes = [], aside = Object.create(null);
  var NOT_KEPT = "This browser will not keep your list: ";

  function readStored() {
    try {
      return localStorage.getItem(KEY);
    } catch (error) {
      readTrouble = NOT_KEPT + "it does not let this site store anything (" + error.name + ").";
      return null;
    }
  }

  /* Unreadable text is copied to BACKUP before anything may replace it; if it cannot be,
     or BACKUP already holds other text, nothing is saved. */
  function setAsideText(text) {
    try {
      var backup = localStorage.getItem(BACKUP);
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
      && typeof entry.url === "string" && STATUSES.indexOf(entry.status) >= 0;
  }

  /* The stored papers, id -> {title, url, status, added}, in an object without a prototype:
     an id such as "constructor" is only ever a paper. */
  function load() {
    readTrouble = "";
    var text = readStored(), papers = Object.create(null), stored = null;
    notes = [];
    aside = Object.create(null);
    if (text === null) return papers;
    try {
      stored = JSON.parse(text);
    } catch (error) {
      stored = null;
    }
    if (!stored || typeof stored.papers !== "object" || !stored.papers || Array.isArray(stored.papers)) {
      setAsideText(text);
      return papers;
    }
    Object.keys(stored.papers).forEach(function (id) {
      if (readable(stored.papers[id])) papers[id] = stored.papers[id];
      else aside[id] = stored.papers[id];
    });
    var bad = Object.keys(aside);
    if (bad.length) {
      notes.push(bad.length + (bad.length === 1 ? " stored entry" : " stored entries")
        + " could not be read and " + (bad.length === 1 ? "is" : "are")
        + " set aside, kept in storage but not shown: " + bad.join(", ") + ".");
    }
    return papers;
  }

  /* Writes the papers; returns "" or why they were not kept (also shown on the page). */
  function keep(papers) {
    if (readTrouble) return readTrouble;
    try {
      var all = Object.assign(Object.create(null), aside, papers);
      localStorage.setItem(KEY, JSON.stringify({ version: 1, papers: all }));
      writeTrouble = "";
      return "";
    } catch (error) {
      writeTrouble = NOT_KEPT + (error.name === "QuotaExceededError" ? "its storage for this site is full"
        : "it refused to store it") + " (" + error.name + "), so the last change was not kept.";
      return writeTrouble;
    }
  }

  function trouble() { return readTrouble || writeTrouble; }

  function save(papers) {
    var problem = keep(papers);
    drawAll();
    return problem;
  }

  function update(id, change) {
    var papers = load();
    change(papers);
    save(papers);
  }

  function entries(papers) {
    return Object.keys(papers).map(function (id) {
      var p = papers[id];
      return { id: id, title: p.title, url: p.url, status: p.status, added: p.added };
    }).sort(function (a, b) { return a.added - b.added || (a.id < b.id ? -1 : 1); });
  }

  /* Elements ---------------------------------------------------------------------------- */

  function element(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      if (name === "text") node.textContent = attributes[name];
      else node.setAttribute(name, attributes[name]);
    });
    (children || []).forEach(function (child) { if (child) node.append(child); });
    return node;
  }

  function button(text, onClick, attributes) {
    var node = element("button", Object.assign({ type: "button", class: "rl-mine__button",
      text: text }, attributes || {}));
    node.addEventListener("click", onClick);
    return node;
  }

  function statusSelect(id, status, title, control) {
    var select = element("select", { class: "rl-mine__status", "data-rl-control": control,
      "aria-label": "Status of " + title + " in my list" },
      STATUSES.map(function (value) {
        var option = element("option", { value: value, text: LABELS[value] });
        option.selected = value === status;
        return option;
      }));
    select.addEventListener("change", function () {
      update(id, function (papers) { if (papers[id]) papers[id].status = select.value; });
    });
    return select;
  }

  function removeButton(id, title, control) {
    return button("Remove", function () {
      update(id, function (papers) { delete papers[id]; });
    }, { "data-rl-control": control, "aria-label": "Remove " + title + " from my list" });
  }

  /* The marks on paper pages and listings ----------------------------------------------- */

  function drawMark(mark, papers) {
    var id = mark.dataset.rlPaper, title = mark.dataset.rlTitle || id, url = mark.dataset.rlUrl;
    var stored = papers[id];
    mark.replaceChildren();
    if (!stored) {
      mark.append(button("Add to my list", function () {
        update(id, function (all) {
          all[id] = { title: title, url: url, status: "to-read", added: Date.now() };
        });
      }, { "data-rl-control": "mark:" + id + ":add" }));
    } else {
      mark.append(element("span", { class: "rl-mine__label", text: "In my list:" }),
        statusSelect(id, stored.status, title, "mark:" + id + ":status"),
        removeButton(id, title, "mark:" + id + ":remove"));
    }
    /* The mark says so briefly; the my-list page says why. */
    if (trouble()) mark.append(element("span", { class: "rl-mine__trouble", text: "This browser will not keep your list.", title: trouble() }));
  }

  /* A paper's title or address may have changed since it was added: the page knows best. */
  function refreshStored(marks, papers) {
    var changed = false;
    marks.forEach(function (mark) {
      var stored = papers[mark.dataset.rlPaper];
      if (stored && (stored.title !== mark.dataset.rlTitle || stored.url !== mark.dataset.rlUrl)) {
        stored.title = mark.dataset.rlTitle;
        stored.url = mark.dataset.rlUrl;
        changed = true;
      }
    });
    if (changed) keep(papers);
  }

  /* Focus stays on the control the reader used, across a redraw. */
  function drawAll() {
    var focused = document.activeElement && document.activeElement.dataset ?
      document.activeElement.dataset.rlControl : null;
    var papers = load(), marks = Array.from(document.querySelectorAll(".rl-mine[data-rl-paper]"));
    refreshStored(marks, papers);
    marks.forEach(function (mark) { drawMark(mark, papers); });
    var page = document.querySelector(".rl-mylist[data-rl-ids]");
    if (page && window.readinglistMyListPage) {
      window.readinglistMyListPage.draw(page, papers);
      drawNotice(page);
    }
    if (focused) refocus(focused);
  }

  /* Above the my-list page: why the list is not kept, and what was set aside. */
  function drawNotice(page) {
    var notice = page.previousElementSibling;
    if (!notice || !notice.classList.contains("rl-mylist__notice")) {
      notice = element("p", { class: "rl-mylist__notice", role: "alert" });
      page.before(notice);
    }
    notice.textContent = [trouble()].concat(notes).filter(Boolean).join(" ");
    notice.hidden = !notice.textContent;
  }

  /* The control the reader used, or what took its place: the status after "Add", "Add"
     after "Remove" on a mark, the list's heading after "Remove" on the my-list page. */
  function refocus(focused) {
    var parts = focused.split(":"), where = parts[0] + ":" + parts[1];
    var next = [focused, where + ":status", where + ":add"].map(function (control) {
      return document.querySelector('[data-rl-control="' + CSS.escape(control) + '"]');
    }).filter(Boolean)[0] || document.querySelector(".rl-mylist__heading");
    if (next) next.focus();
  }

  window.readinglistMyList = {
    KEY: KEY, ROOT: ROOT, STATUSES: STATUSES, LABELS: LABELS, load: load, save: save,
    update: update, entries: entries, element: element, button: button,
    statusSelect: statusSelect, removeButton: removeButton, drawAll: drawAll,
    trouble: trouble,
  };

  window.addEventListener("storage", function (event) { if (event.key === KEY) drawAll(); });
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(drawAll);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", drawAll);
  else drawAll();
})();
