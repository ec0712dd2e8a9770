/* readinglist: the browse page (browse/). Facets, sorts and a words box over every paper, from
   the facet index and its summaries (browse-index.js), drawn by the facet controller (controller.js) my-list/
   shares. Each result: its title, kind and one-line summary, its authors, year and venue when
   a source gave them, the curator's status and rating
   (said to be the curator's), the date added when papers were added on different days, and
   the reader's own "Add to my list" (marks.js). Words are matched by the site's search engine
   (Pagefind, loaded only when the box is used: words.js). */
import { loadIndexWithSummaries } from "./browse-index.js";
import { FacetController } from "./controller.js";
import { drawMarks } from "./marks.js";
import { ROOT, element, plural } from "./site.js";
import { wordsMatching } from "./words.js";

const SHOWN = 100; /* results listed at once; "Show more" adds as many */
export const BROWSE_PATH = new URL("browse/", ROOT).pathname;

/* The results of browse/: the list, its count and "Show more". */
class Results {
  constructor(index) {
    this.index = index;
    this.limit = SHOWN;
    this.count = element("p", { class: "rl-browse__count", "aria-live": "polite" });
    this.list = element("ol", { class: "rl-browse__results" });
    this.more = element("button", { type: "button", class: "md-button rl-browse__more" });
    this.main = element("div", { class: "rl-browse__main" }, [this.count, this.list, this.more]);
  }

  /* "Show more": `redraw` draws the same results again, the longer list kept. */
  onMore(redraw) {
    this.more.addEventListener("click", () => {
      this.limit += SHOWN;
      redraw({ keepLimit: true });
    });
  }

  source() {
    return {
      data: () => this.index, main: this.main, cacheWords: true,
      matching: wordsMatching(this.index),
      draw: (matching, data, state, options) => this.draw(matching, options),
    };
  }

  draw(matching, options) {
    if (!options.keepLimit) this.limit = SHOWN;
    this.count.textContent = plural(matching.length, "paper");
    this.list.replaceChildren(...matching.slice(0, this.limit).map((paper) => this.row(paper)));
    drawMarks(this.list); /* each result's "Add to my list", as on every listing */
    const left = matching.length - this.limit;
    this.more.hidden = left <= 0;
    this.more.textContent = "Show " + Math.min(left, SHOWN) + " more";
  }

  row(paper) {
    const kinds = this.index.facets.kind, facts = this.facts(paper);
    return element("li", { class: "rl-browse__paper" }, [
      element("a", { href: new URL(paper.url, ROOT).href }, paper.title),
      paper.kind.length ? " " : "",
      paper.kind.length ? element("span", { class: "rl-kind" }, kinds.labels[paper.kind[0]]) : null,
      element("span", { class: "rl-mine", "data-rl-paper": paper.id, "data-rl-title": paper.title,
        "data-rl-url": paper.url }),
      paper.summary ? element("p", { class: "rl-browse__summary" }, paper.summary) : null,
      facts ? element("span", { class: "rl-browse__facts" }, facts) : null,
    ]);
  }

  /* Authors (three, then "et al."), year and venue; the citation count with the date it was
     read; the curator's status and rating, said to be the curator's (the reader's own status is
     the mark's); the date added only when it tells papers apart. */
  facts(paper) {
    const facets = this.index.facets, parts = [];
    const authors = (paper.author || []).map((n) => facets.author.labels[n]);
    if (authors.length) parts.push(authors.length > 3 ? authors.slice(0, 3).join(", ") + " et al." : authors.join(", "));
    if (paper.year.length) parts.push(facets.year.labels[paper.year[0]]);
    if (paper.venue.length) parts.push(facets.venue.labels[paper.venue[0]]);
    if (paper.citedBy >= 0) parts.push(plural(paper.citedBy, "citation") + " (counted " + paper.citedOn + ")");
    const curator = [];
    if (paper.status.length) curator.push(facets.status.labels[paper.status[0]].toLowerCase());
    if (paper.rating) curator.push("★".repeat(paper.rating));
    if (curator.length) parts.push("Curator: " + curator.join(", "));
    if (paper.firstSeen && this.index.datesDiffer) parts.push("added " + paper.firstSeen);
    return parts.join(" · ");
  }
}

/* The index asked for ahead of the page (the reader is heading for browse/). */
export function prefetch() {
  return loadIndexWithSummaries();
}

/* browse/'s controller on `container`; the listing made without JavaScript stays until the
   filtered view is drawn: whatever fails on the way, the reader still has every paper. */
export async function start(container) {
  const all = document.querySelector(".rl-browse-all");
  try {
    const index = await loadIndexWithSummaries();
    if (!container.isConnected) return null;
    const results = new Results(index);
    const controller = new FacetController(container, results.source(), { pushPath: BROWSE_PATH });
    results.onMore((options) => controller.redraw(options));
    await controller.render(controller.state);
    if (all) all.hidden = true;
    return controller;
  } catch (error) {
    container.textContent = "The filters could not be loaded (" + error.message + "); every paper is listed below.";
    return null;
  }
}
