/* readinglist: the browse page (browse/). Facets, sorts and a words box over every paper, from
   the facet index (browse/index.json), the core in facets.js and the controls in
   facet-controls.js (my-list/ uses both too). The state lives in the URL query
   (?topic=KEY&kind=theory&sort=newest&words=...); each change is a history entry, so Back
   undoes it. Each result has its "Add to my list" (mylist.js). Words are matched by the
   site's search engine (Pagefind, loaded only when the box is used). Everything is built with
   createElement and textContent: names and titles from the lists never become markup. Runs
   on every page Material's instant navigation shows (document$), and does something only
   where the page holds #rl-browse. */
(function () {
  "use strict";
  var F = window.readinglistFacets, C = window.readinglistFacetControls;
  if (!F || !C) return;

  var SHOWN = 100;      /* results listed at once; "Show more" adds as many */
  var element = C.element;
  var config = document.getElementById("__config");
  var root = new URL(config ? JSON.parse(config.textContent).base + "/" : "./", location.href);
  var indexUrl = new URL("browse/index.json", root).href;
  var loaded = null, engine = null, app = null;

  function data() {
    if (!loaded) {
      loaded = fetch(indexUrl, { credentials: "same-origin" }).then(function (response) {
        if (!response.ok) throw new Error(response.status + " " + indexUrl);
        return response.json();
      }).then(F.load);
      loaded.catch(function () { loaded = null; });
    }
    return loaded;
  }

  /* Pagefind's filter "paper" (each paper page's address) says which papers hold the words,
     without loading each result: a search answers with each value's count of results. */
  function pagefind() {
    if (!engine) {
      engine = import(new URL("pagefind/pagefind.js", root).href).then(function (pf) {
        return pf.options({ basePath: new URL("pagefind/", root).pathname, baseUrl: "/" })
          .then(function () { return pf.init(); })
          .then(function () { return pf.filters(); })  /* counts come only once loaded */
          .then(function () { return pf; });
      });
      engine.catch(function () { engine = null; });
    }
    return engine;
  }

  function matchingWords(words) {
    if (!words) return Promise.resolve(null);
    return pagefind().then(function (pf) { return pf.search(words); }).then(function (found) {
      var allowed = Object.create(null), byPage = (found.filters || {}).paper || {};
      Object.keys(byPage).forEach(function (url) {
        if (byPage[url] > 0) allowed[url.replace(/^\//, "")] = true;
      });
      return allowed;
    });
  }

  function counted(count, noun) { return count + " " + noun + (count === 1 ? "" : "s"); }

  /* The page's controls, made once per visit: words, sort, the count, facets, results. */
  function Browse(container, index) {
    this.container = container;
    this.path = location.pathname;  /* the page's address, without its query */
    this.data = index;
    this.words = null;      /* the words last looked up, and the papers they allow */
    this.allowed = null;
    this.expanded = {};     /* facets whose every value is listed */
    this.limit = SHOWN;
    this.build();
  }

  Browse.prototype.build = function () {
    var self = this, box = this.container;
    box.textContent = "";
    this.note = element("p", { class: "rl-browse__note", role: "status" });
    this.note.hidden = true;
    this.controls = C.controls(this.data, {
      words: function (words) { self.change({ words: words }); },
      sort: function (sort) { self.change({ sort: sort }); },
      clear: function () { self.change({ filters: {}, words: "", sort: self.data.defaultSort }); }
    });
    this.count = element("p", { class: "rl-browse__count", "aria-live": "polite" });
    this.facets = element("div", { class: "rl-browse__facets" });
    C.onTick(this.facets, function () { return self.state; }, function (filters, focus) {
      self.change({ filters: filters }, { focus: focus });
    });
    this.results = element("ol", { class: "rl-browse__results" });
    this.more = element("button", { type: "button", class: "md-button rl-browse__more" });
    this.more.addEventListener("click", function () {
      self.limit += SHOWN;
      self.render(self.state, { keepLimit: true });
    });
    var main = element("div", { class: "rl-browse__main" });
    main.append(this.count, this.results, this.more);
    var layout = element("div", { class: "rl-browse__layout" });
    layout.append(C.folder(this.facets), main);
    box.append(this.note, this.controls.node, layout);
  };

  /* One change by the reader: a new history entry, then the page redrawn from it. */
  Browse.prototype.change = function (changes, options) {
    var next = Object.assign({}, this.state, changes, { unknown: [] });
    var query = F.queryOf(next, this.data);
    if (query === F.queryOf(this.state, this.data)) return;
    C.remember(query, browsePath);
    this.path = browsePath;
    this.render(next, options || {});
  };

  Browse.prototype.render = function (state, options) {
    var self = this;
    this.state = state;
    if (!options.keepLimit) this.limit = SHOWN;
    C.show(this.controls, state);
    C.note(this.note, state.unknown);
    var lookup = state.words === this.words ? Promise.resolve(this.allowed)
      : this.data.words ? matchingWords(state.words) : Promise.reject(new Error("no Pagefind"));
    return lookup.then(function (allowed) {
      if (state !== self.state) return;
      self.words = state.words;
      self.allowed = allowed;
      self.draw(state, allowed, options);
    }, function () {
      C.note(self.note, state.unknown, "Word search is not available here: the words are ignored.");
      self.draw(state, null, options);
    });
  };

  Browse.prototype.draw = function (state, allowed, options) {
    var matching = F.sorted(F.select(this.data, state, allowed), state.sort);
    this.count.textContent = counted(matching.length, "paper");
    C.drawFacets(this.facets, this.data, state, F.counts(this.data, state, allowed),
      { expanded: this.expanded, focus: options.focus, expand: this.expand.bind(this) });
    this.drawResults(matching);
  };

  /* "Show all" or "Show fewer" values of a facet; the button keeps the focus. */
  Browse.prototype.expand = function (name, open) {
    this.expanded[name] = open;
    this.draw(this.state, this.allowed, {});
    var again = this.facets.querySelector("[data-expander='" + name + "']");
    if (again) again.focus();
  };

  Browse.prototype.drawResults = function (matching) {
    var self = this, kinds = this.data.facets.kind;
    this.results.textContent = "";
    matching.slice(0, this.limit).forEach(function (paper) {
      var item = element("li", { class: "rl-browse__paper" });
      item.append(element("a", { href: new URL(paper.url, root).href }, paper.title));
      if (paper.kind.length) {
        item.append(" ", element("span", { class: "rl-kind" }, kinds.labels[paper.kind[0]]));
      }
      item.append(element("span", { class: "rl-mine", "data-rl-paper": paper.id,
        "data-rl-title": paper.title, "data-rl-url": paper.url }));
      var facts = self.facts(paper);
      if (facts) item.append(element("span", { class: "rl-browse__facts" }, facts));
      self.results.append(item);
    });
    /* Each result's "Add to my list", as on every listing (mylist.js fills the marks). */
    if (window.readinglistMyList) window.readinglistMyList.drawAll();
    var left = matching.length - this.limit;
    this.more.hidden = left <= 0;
    this.more.textContent = "Show " + Math.min(left, SHOWN) + " more";
  };

  Browse.prototype.facts = function (paper) {
    var facets = this.data.facets, parts = [];
    if (paper.year.length) parts.push(facets.year.labels[paper.year[0]]);
    if (paper.venue.length) parts.push(facets.venue.labels[paper.venue[0]]);
    if (paper.status.length) parts.push(facets.status.labels[paper.status[0]]);
    if (paper.rating) parts.push("★".repeat(paper.rating));
    if (paper.firstSeen) parts.push("added " + paper.firstSeen);
    return parts.join(" · ");
  };

  function start() {
    var container = document.getElementById("rl-browse");
    if (!container) { app = null; return; }
    var all = document.querySelector(".rl-browse-all");
    /* The listing without JavaScript stays until the filtered view is drawn: whatever fails
       on the way, the reader still has every paper. */
    data().then(function (index) {
      if (!container.isConnected) return;
      app = new Browse(container, index);
      return app.render(F.parseState(location.search, index), {}).then(function () {
        if (all) all.hidden = true;
      });
    }).catch(function (error) {
      app = null;
      container.textContent = "The filters could not be loaded (" + error.message + "); every paper is listed below.";
    });
  }

  /* A reader who heads for browse/ from another page (a topic's "Browse and filter these
     papers"): the index is asked for at once, while instant navigation fetches the page. */
  var browsePath = new URL("browse/", root).pathname;
  function headingForBrowse(event) {
    var link = event.target.closest && event.target.closest("a[href]");
    if (link && new URL(link.href, location.href).pathname === browsePath) data();
  }
  document.addEventListener("pointerdown", headingForBrowse, true);
  document.addEventListener("click", headingForBrowse, true);

  /* Back and Forward within the page: the state the address holds, drawn here when only the
     query changed (true: the event is handled). Material's instant navigation would fetch the
     page again and replace it: browse-history.js, in the page's <head>, listens before it
     and keeps the event from it; arriving by instant navigation, this listener stands in. */
  function back() {
    if (!app || !app.container.isConnected || document.getElementById("rl-browse") !== app.container
        || location.pathname !== app.path) return false;
    app.render(F.parseState(location.search, app.data), {});
    return true;
  }
  window.readinglistBrowseBack = back;
  window.addEventListener("popstate", function (event) {
    if (back()) event.stopImmediatePropagation();
  }, true);

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(start);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }

  window.readinglistBrowse = {
    parseState: F.parseState, queryOf: F.queryOf, select: F.select, counts: F.counts,
    sorts: F.sorts, data: data
  };
})();
