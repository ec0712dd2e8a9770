/* readinglist: the one facet controller, shared by browse/ and my-list/: the words, sort and
   facet controls (controls.js) over a collection (facets.js), the state in the URL query (each
   change a history entry, so Back undoes it), and the results a page draws its own way.

   A page hands it a `source`:
     data()                   the collection now (browse/: the facet index; my-list/: the
                              reader's papers, read from storage at each draw)
     matching(words, data)    url -> true for the papers holding the words (null: no words),
                              or a Promise of it; a rejection says why the words are ignored
     cacheWords               (optional) true: the same words allow the same papers
     pending()                (optional) true while the collection may still learn facets the
                              address names (they are not yet called unknown)
     draw(matching, data, state, options)  the results, in the page's own `main` node
     main                     the node beside the facets that holds the results
     extra                    (optional) a node under the facets
   The entry module (readinglist.js) asks `back()` on Back and Forward. */
import { controls, drawFacets, folder, note, onTick, show } from "./controls.js";
import { counts, parseState, queryOf, select, sorted } from "./facets.js";
import { element } from "./site.js";

export class FacetController {
  /* `pushPath`: where a change is remembered (browse/ from any of its later pages). */
  constructor(container, source, { pushPath = location.pathname } = {}) {
    this.container = container;
    this.source = source;
    this.path = location.pathname; /* the page's address, without its query */
    this.pushPath = pushPath;
    this.expanded = {}; /* facets whose every value is listed */
    this.finding = {}; /* facet -> the text of its find box */
    this.words = null; /* the words last looked up, and the papers they allow */
    this.allowed = null;
    this.build();
    this.state = parseState(location.search, source.data());
  }

  build() {
    const data = this.source.data();
    this.note = element("p", { class: "rl-browse__note", role: "status" });
    this.note.hidden = true;
    this.controls = controls(data, {
      words: (words) => this.change({ words }),
      sort: (sort) => this.change({ sort }),
      clear: () => this.change({ filters: {}, words: "", from: "", to: "" }),
    });
    this.facets = element("div", { class: "rl-browse__facets" });
    onTick(this.facets, () => this.state, (filters, focus) => this.change({ filters }, { focus }));
    const filters = element("div", {}, [this.facets, this.source.extra]);
    this.container.replaceChildren(this.note, this.controls.node, element("div",
      { class: "rl-browse__layout" }, [folder(filters), this.source.main]));
  }

  /* One change by the reader: a new history entry, then the page redrawn from it. */
  change(changes, options = {}) {
    const data = this.source.data();
    const next = { ...this.state, ...changes, unknown: [] };
    const query = queryOf(next, data);
    if (query === queryOf(this.state, data)) return;
    history.pushState(history.state, "", this.pushPath + query + location.hash);
    this.path = this.pushPath;
    this.render(next, options);
  }

  /* The state the address holds, read again (the collection may now know more facets). */
  reread(extra) {
    return this.render(parseState(location.search, this.source.data()), {}, extra);
  }

  /* Back and Forward within the page: true when the event is handled here (only the query
     changed); Material's instant navigation would otherwise fetch the page again. */
  back() {
    if (!this.container.isConnected || location.pathname !== this.path) return false;
    this.reread();
    return true;
  }

  /* The page drawn for `state`; at once when the words need no lookup (or the source answers
     at once), so focus kept across a redraw finds its control. */
  render(state, options = {}, extra = "") {
    this.state = state;
    show(this.controls, state);
    const pending = this.source.pending && this.source.pending();
    note(this.note, pending ? [] : state.unknown, extra);
    const data = this.source.data();
    let found;
    if (this.source.cacheWords && state.words === this.words) found = this.allowed;
    else {
      try {
        found = this.source.matching(state.words, data);
      } catch (error) {
        found = Promise.reject(error);
      }
    }
    if (!found || typeof found.then !== "function") return this.drawn(state, found, options);
    return found.then((allowed) => {
      if (state === this.state) this.drawn(state, allowed, options);
    }, (error) => {
      if (state !== this.state) return;
      note(this.note, pending ? [] : state.unknown, [extra, error.message].filter(Boolean).join(" "));
      this.draw(state, null, options);
    });
  }

  drawn(state, allowed, options) {
    this.words = state.words;
    this.allowed = allowed;
    this.draw(state, allowed, options);
    return Promise.resolve();
  }

  /* Redrawn as it is (the reader's list changed, a facet was opened). */
  redraw(options = {}) {
    return this.render(this.state, options);
  }

  draw(state, allowed, options) {
    const data = this.source.data();
    const matching = sorted(select(data, state, allowed), state.sort);
    drawFacets(this.facets, data, state, counts(data, state, allowed),
      { expanded: this.expanded, finding: this.finding, focus: options.focus,
        expand: (name, open) => this.expand(name, open), find: (name, text) => this.find(name, text),
        range: (end, year) => this.change({ [end]: year }, { focus: "range\u0000" + end }) });
    this.source.draw(matching, data, state, options);
  }

  /* A long facet narrowed to the values holding `text`; its box keeps the focus and caret. */
  find(name, text) {
    this.finding[name] = text;
    this.redraw({ focus: "find\u0000" + name });
  }

  /* "Show all" or "Show fewer" values of a facet; the button keeps the focus. */
  expand(name, open) {
    this.expanded[name] = open;
    this.redraw();
    const again = this.facets.querySelector("[data-expander='" + CSS.escape(name) + "']");
    if (again) again.focus();
  }
}
