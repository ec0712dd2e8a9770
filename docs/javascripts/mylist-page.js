/* readinglist: the my-list/ page, drawn from the reader's storage (store.js) alone.

   Lists the reader's papers with their status, filtered and sorted by the facet controller
   browse/ uses (controller.js): the reader's own status as a facet with counts, words matched
   in the titles, a sort, the state in the URL query (?status=read&sort=title) so Back undoes
   a change. A paper the site no longer has (not in my-list/ids.txt, a few tens of KB) is shown
   as gone, never dropped; a stored address is linked only inside the site's papers
   (addresses.js). Export and import: mylist-files.js. */
import { paperAddress } from "./addresses.js";
import { loadIndex } from "./browse-index.js";
import { FacetController } from "./controller.js";
import { collection } from "./facets.js";
import { removeButton, statusSelect } from "./marks.js";
import { FORMATS, exportAs, fetchText, importInput } from "./mylist-files.js";
import { ROOT, button, element, plural } from "./site.js";
import { LABELS, STATUSES, entries, load, onChange, readNotes, trouble } from "./store.js";

/* The statuses here are the reader's own: said so, apart from the curator's on browse/. */
const SORTS = { newest: "Newest added", title: "Title", status: "My status" };
const GONE = ["gone", "Gone from the site"];
/* Facets of the browse page's index (browse/index.json, several times the page's own
   download), fetched only when the reader asks for them or the address holds one. */
const INDEXED = ["topic", "kind", "list"];
const NAMES = { "to-read": "to read", reading: "reading", read: "read" };
let shownPage = null; /* the page drawn last, redrawn when the list changes */

class MyListPage {
  constructor(page) {
    this.page = page;
    this.ids = null; /* id -> citation key, once my-list/ids.txt is read */
    this.idsFailed = false;
    this.index = null;
    this.papers = load();
    this.counts = element("p", { class: "rl-mylist__counts", role: "status" });
    this.list = element("ul", { class: "rl-mylist__items" });
    this.more = button("Filter by topic, kind and list too", () => this.withIndex(),
      { class: "rl-facet__all rl-mylist__more" });
    this.message = element("p", { class: "rl-mylist__message", role: "status" });
    const box = element("div", { class: "rl-browse rl-mylist__browse" });
    page.replaceChildren(
      element("h2", { class: "rl-mylist__heading", tabindex: "-1" }, "Your papers"), box,
      element("h2", {}, "Export and import"),
      element("div", { class: "rl-mylist__exports", role: "group", "aria-label": "Export my list" },
        FORMATS.map((format) => button(format.label, () => exportAs(this, format)))),
      element("label", { class: "rl-mylist__field" },
        [element("span", {}, "Import a file My list exported (BibTeX, RIS, CSV or JSON)"), importInput(this)]),
      this.message);
    this.controller = new FacetController(box, this.source());
    const asked = new URLSearchParams(location.search);
    if (INDEXED.some((name) => asked.has(name))) this.withIndex();
  }

  source() {
    return {
      data: () => this.data || (this.data = this.collection()),
      matching: (words, data) => titlesWith(data, words),
      pending: () => !!this.indexing && !this.index,
      main: element("div", { class: "rl-browse__main" }, [this.counts, this.list]),
      extra: this.more,
      draw: (matching) => this.draw(matching),
    };
  }

  /* The list changed (here, on another page's mark, in another tab): drawn again. */
  refresh(papers = load()) {
    this.papers = papers;
    this.data = null;
    return this.controller.redraw();
  }

  draw(shown) {
    const all = entries(this.papers);
    let text = this.countsText(all);
    if (all.length && shown.length !== all.length) text += " Showing " + shown.length + ".";
    this.counts.textContent = text;
    this.list.replaceChildren(...shown.map((paper) => this.item(paper.entry)));
    this.drawNotice();
  }

  /* The reader's papers as facets.js takes them: the status, where a paper the site no
     longer has also holds "gone", and once asked for, the index's topic, kind and list; the
     order is the order they were added. */
  collection() {
    const pairs = STATUSES.map((status) => [status, LABELS[status]]).concat([GONE]);
    const papers = entries(this.papers).map((entry, order) => {
      const status = STATUSES.indexOf(entry.status), marks = status >= 0 ? [status] : [];
      if (this.isGone(entry.id)) marks.push(STATUSES.length);
      const paper = { order, id: entry.id, title: String(entry.title), url: String(entry.url),
        rating: 0, firstSeen: Number(entry.added) || 0, status: marks, entry };
      const indexed = this.index && this.index.byId.get(entry.id);
      for (const name of INDEXED) paper[name] = indexed ? indexed[name] : [];
      return paper;
    });
    const tables = [{ name: "status", label: "My status", pairs }].concat(this.indexedTables());
    return collection(tables, papers, SORTS);
  }

  indexedTables() {
    if (!this.index) return [];
    return INDEXED.map((name) => {
      const facet = this.index.data.facets[name];
      return { name, label: facet.label, pairs: facet.values.map((value, n) => [value, facet.labels[n]]) };
    });
  }

  /* The browse page's index, then the state read again: the address may name its topics,
     kinds or lists. */
  withIndex() {
    if (this.indexing) return;
    this.more.disabled = true;
    this.indexing = loadIndex().then((index) => {
      this.index = { data: index, byId: new Map(index.papers.map((p) => [p.id, p])) };
      this.more.hidden = true;
      this.data = null;
      this.controller.reread();
    }, (error) => {
      this.indexing = null;
      this.more.disabled = false;
      this.controller.reread("Topics, kinds and lists could not be loaded (" + error.message + ").");
    });
  }

  /* The site's papers (id -> citation key), read once per page; until then nothing is gone. */
  siteIds() {
    if (!this.idsPromise) {
      this.idsPromise = fetchText(new URL(this.page.dataset.rlIds, location.href)).then((text) => {
        const ids = new Map();
        for (const line of text.split("\n")) {
          const cut = line.indexOf(" ");
          if (cut > 0) ids.set(line.slice(0, cut), line.slice(cut + 1));
        }
        this.ids = ids;
        return ids;
      }).catch((error) => {
        this.idsFailed = true;
        throw error;
      }).finally(() => this.refresh());
    }
    return this.idsPromise;
  }

  isGone(id) {
    return this.ids !== null && !this.ids.has(id);
  }

  countsText(all) {
    if (!all.length && trouble()) return trouble();
    if (!all.length) return "Your list is empty: add papers with Add to my list, on their pages or in any listing.";
    const counts = STATUSES.map((status) => all.filter((e) => e.status === status).length + " " + NAMES[status]);
    const gone = all.filter((e) => this.isGone(e.id)).length;
    if (gone) counts.push(gone + " gone");
    let text = plural(all.length, "paper") + ": " + counts.join(", ") + ".";
    if (this.idsFailed) text += " (This site's list of papers could not be read: none is marked gone.)";
    return text;
  }

  item(entry) {
    const gone = this.isGone(entry.id), title = String(entry.title);
    return element("li", { class: "rl-mylist__item" + (gone ? " rl-mylist__item--gone" : ""),
      "data-rl-paper": entry.id }, [
      gone ? element("span", { class: "rl-mylist__title" }, title)
        : element("span", { class: "rl-mylist__title" }, [paperLink(entry)]),
      gone ? element("span", { class: "rl-mylist__gone" }, "gone") : null,
      gone ? element("span", { class: "rl-mylist__why" }, "no longer on this site") : null,
      element("span", { class: "rl-mylist__actions" }, [
        statusSelect(entry.id, entry.status, title, "page:" + entry.id + ":status"),
        removeButton(entry.id, title, "page:" + entry.id + ":remove")]),
    ]);
  }

  /* Above the page: why the list is not kept, and what was set aside. */
  drawNotice() {
    let notice = this.page.previousElementSibling;
    if (!notice || !notice.classList.contains("rl-mylist__notice")) {
      notice = element("p", { class: "rl-mylist__notice", role: "alert" });
      this.page.before(notice);
    }
    notice.textContent = [trouble()].concat(readNotes()).filter(Boolean).join(" ");
    notice.hidden = !notice.textContent;
  }

  say(text) {
    this.message.textContent = text;
  }
}


/* url -> true for the papers whose title holds every word (null: no words). The titles are
   what the reader stored, so a gone paper is found too. */
function titlesWith(data, words) {
  if (!words) return null;
  const wanted = words.toLowerCase().split(/\s+/), allowed = Object.create(null);
  for (const paper of data.papers) {
    const title = paper.title.toLowerCase();
    if (wanted.every((word) => title.includes(word))) allowed[paper.url] = true;
  }
  return allowed;
}

/* A stored address is linked only as the browser would follow it, inside the site's papers. */
function paperLink(entry) {
  try {
    return element("a", { href: new URL(paperAddress(entry.url, ROOT), ROOT).href }, entry.title);
  } catch {
    return element("span", {}, entry.title);
  }
}


/* The page's controller (its back() answers Back and Forward), drawn at once. */
export function start(page) {
  shownPage = new MyListPage(page);
  shownPage.controller.render(shownPage.controller.state);
  shownPage.siteIds().catch(() => {});
  return shownPage.controller;
}

onChange((papers) => {
  if (shownPage && shownPage.page.isConnected) shownPage.refresh(papers);
});
