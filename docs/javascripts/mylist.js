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

  function load() {
    try {
      var stored = JSON.parse(localStorage.getItem(KEY) || "{}");
      return stored && typeof stored.papers === "object" && stored.papers ? stored.papers : {};
    } catch (error) {
      return {};
    }
  }

  function save(papers) {
    localStorage.setItem(KEY, JSON.stringify({ version: 1, papers: papers }));
    drawAll();
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
      return;
    }
    mark.append(element("span", { class: "rl-mine__label", text: "In my list:" }),
      statusSelect(id, stored.status, title, "mark:" + id + ":status"),
      removeButton(id, title, "mark:" + id + ":remove"));
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
    if (changed) localStorage.setItem(KEY, JSON.stringify({ version: 1, papers: papers }));
  }

  /* Focus stays on the control the reader used, across a redraw. */
  function drawAll() {
    var focused = document.activeElement && document.activeElement.dataset ?
      document.activeElement.dataset.rlControl : null;
    var papers = load(), marks = Array.from(document.querySelectorAll(".rl-mine[data-rl-paper]"));
    refreshStored(marks, papers);
    marks.forEach(function (mark) { drawMark(mark, papers); });
    var page = document.querySelector(".rl-mylist[data-rl-ids]");
    if (page && window.readinglistMyListPage) window.readinglistMyListPage.draw(page, papers);
    if (focused) refocus(focused);
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
  };

  window.addEventListener("storage", function (event) { if (event.key === KEY) drawAll(); });
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(drawAll);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", drawAll);
  else drawAll();
})();
