/* readinglist: the browse page (browse/). Facets, sorts and a words box over every paper, from
   the facet index (browse/index.json) and the core in facets.js. The state lives in the URL
   query (?topic=KEY&kind=theory&sort=newest&words=...); each change is a history entry, so
   Back undoes it. Words are matched by the site's search engine (Pagefind, loaded only when
   the box is used). Everything is built with createElement and textContent: names and titles
   from the lists never become markup. Runs on every page Material's instant navigation shows
   (document$), and does something only where the page holds #rl-browse. */
(function () {
  "use strict";
  var F = window.readinglistFacets;
  if (!F) return;

  var SHOWN = 100;      /* results listed at once; "Show more" adds as many */
  var VALUES_SHOWN = 12; /* values of a facet listed before "Show all" */
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

  function element(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      node.setAttribute(name, attributes[name]);
    });
    if (text !== undefined) node.textContent = text;
    return node;
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
    var controls = element("div", { class: "rl-browse__controls", role: "search",
      "aria-label": "Browse the papers" });
    var wordsLabel = element("label", { class: "rl-browse__words" });
    wordsLabel.hidden = !this.data.words;  /* only Pagefind narrows by words */
    wordsLabel.append(element("span", {}, "Words"));
    this.wordsInput = element("input", { type: "search", name: "words", autocomplete: "off" });
    wordsLabel.append(this.wordsInput);
    var sortLabel = element("label", { class: "rl-browse__sort" });
    sortLabel.append(element("span", {}, "Sort"));
    this.sortSelect = element("select", { name: "sort" });
    F.SORTS.forEach(function (sort) {
      self.sortSelect.append(element("option", { value: sort }, F.SORT_LABELS[sort]));
    });
    sortLabel.append(this.sortSelect);
    this.clear = element("button", { type: "button", class: "md-button rl-browse__clear" },
      "Clear all");
    controls.append(wordsLabel, sortLabel, this.clear);
    this.count = element("p", { class: "rl-browse__count", "aria-live": "polite" });
    /* The facets fold away on a phone, where they would push the results below the fold. */
    var folder = element("details", { class: "rl-browse__filters" });
    folder.open = !window.matchMedia("(max-width: 59.9375em)").matches;
    folder.append(element("summary", {}, "Filters"));
    this.facets = element("div", { class: "rl-browse__facets" });
    folder.append(this.facets);
    this.results = element("ol", { class: "rl-browse__results" });
    this.more = element("button", { type: "button", class: "md-button rl-browse__more" });
    var main = element("div", { class: "rl-browse__main" });
    main.append(this.count, this.results, this.more);
    var layout = element("div", { class: "rl-browse__layout" });
    layout.append(folder, main);
    box.append(this.note, controls, layout);
    this.listen();
  };

  Browse.prototype.listen = function () {
    var self = this, typing = 0;
    this.wordsInput.addEventListener("input", function () {
      clearTimeout(typing);
      typing = setTimeout(function () { self.change({ words: self.wordsInput.value.trim() }); }, 300);
    });
    this.sortSelect.addEventListener("change", function () {
      self.change({ sort: self.sortSelect.value });
    });
    this.clear.addEventListener("click", function () {
      self.wordsInput.value = "";
      self.change({ filters: {}, words: "", sort: "curator" });
    });
    this.more.addEventListener("click", function () {
      self.limit += SHOWN;
      self.render(self.state, { keepLimit: true });
    });
    this.facets.addEventListener("change", function (event) {
      var box = event.target;
      if (box.type !== "checkbox") return;
      var name = box.getAttribute("data-facet"), value = box.value;
      var filters = JSON.parse(JSON.stringify(self.state.filters));
      var values = (filters[name] || []).filter(function (v) { return v !== value; });
      if (box.checked) values.push(value);
      if (values.length) filters[name] = values; else delete filters[name];
      self.change({ filters: filters }, { focus: name + "\u0000" + value });
    });
  };

  /* One change by the reader: a new history entry, then the page redrawn from it. */
  Browse.prototype.change = function (changes, options) {
    var next = Object.assign({}, this.state, changes, { unknown: [] });
    var query = F.queryOf(next);
    if (query === F.queryOf(this.state)) return;
    history.pushState(history.state, "", browsePath + query + location.hash);
    this.path = browsePath;
    this.render(next, options || {});
  };

  Browse.prototype.render = function (state, options) {
    var self = this;
    this.state = state;
    if (!options.keepLimit) this.limit = SHOWN;
    this.wordsInput.value = state.words;
    this.sortSelect.value = state.sort;
    this.showNote(state.unknown);
    var lookup = state.words === this.words ? Promise.resolve(this.allowed)
      : this.data.words ? matchingWords(state.words) : Promise.reject(new Error("no Pagefind"));
    return lookup.then(function (allowed) {
      if (state !== self.state) return;
      self.words = state.words;
      self.allowed = allowed;
      self.draw(state, allowed, options);
    }, function () {
      self.showNote(state.unknown, "Word search is not available here: the words are ignored.");
      self.draw(state, null, options);
    });
  };

  Browse.prototype.showNote = function (unknown, extra) {
    var parts = [];
    if (unknown.length) parts.push("Ignored in the address (not on this site): " + unknown.join(", ") + ".");
    if (extra) parts.push(extra);
    this.note.textContent = parts.join(" ");
    this.note.hidden = !parts.length;
  };

  Browse.prototype.draw = function (state, allowed, options) {
    var matching = F.sorted(F.select(this.data, state, allowed), state.sort);
    this.count.textContent = counted(matching.length, "paper");
    this.drawFacets(state, F.counts(this.data, state, allowed), options.focus);
    this.drawResults(matching);
  };

  Browse.prototype.drawFacets = function (state, tally, focus) {
    var self = this;
    this.facets.textContent = "";
    F.FACETS.forEach(function (name) {
      var facet = self.data.facets[name];
      if (!facet.values.length) return;
      var picked = state.filters[name] || [];
      var shown = facet.values.map(function (value, n) { return n; }).filter(function (n) {
        return tally[name][n] > 0 || picked.indexOf(facet.values[n]) >= 0;
      });
      if (!shown.length) return;
      var group = element("fieldset", { class: "rl-facet" });
      group.append(element("legend", {}, facet.label));
      var byCount = shown.slice().sort(function (a, b) { return tally[name][b] - tally[name][a] || a - b; });
      var many = shown.length > VALUES_SHOWN && !self.expanded[name];
      var listed = many ? byCount.filter(function (n, rank) {
        return rank < VALUES_SHOWN || picked.indexOf(facet.values[n]) >= 0;
      }).sort(function (a, b) { return a - b; }) : shown;
      var list = element("ul", { class: "rl-facet__values" });
      listed.forEach(function (n) {
        list.append(self.valueItem(facet, n, tally[name][n], picked.indexOf(facet.values[n]) >= 0));
      });
      group.append(list);
      if (shown.length > VALUES_SHOWN) group.append(self.expander(name, shown.length));
      self.facets.append(group);
    });
    if (focus) {
      var boxes = this.facets.querySelectorAll("input[type=checkbox]");
      for (var i = 0; i < boxes.length; i++) {
        if (boxes[i].getAttribute("data-facet") + "\u0000" + boxes[i].value === focus) boxes[i].focus();
      }
    }
  };

  Browse.prototype.valueItem = function (facet, n, count, checked) {
    var item = element("li"), label = element("label");
    var box = element("input", { type: "checkbox", "data-facet": facet.name });
    box.value = facet.values[n];
    box.checked = checked;
    label.append(box, element("span", { class: "rl-facet__name" }, facet.labels[n]),
      element("span", { class: "rl-facet__count" }, String(count)));
    item.append(label);
    return item;
  };

  Browse.prototype.expander = function (name, total) {
    var self = this, open = !!this.expanded[name];
    var button = element("button", { type: "button", class: "rl-facet__all", "aria-expanded": String(open) },
      open ? "Show fewer" : "Show all " + total);
    button.addEventListener("click", function () {
      self.expanded[name] = !open;
      self.draw(self.state, self.allowed, {});
      var again = self.facets.querySelector("[data-expander='" + name + "']");
      if (again) again.focus();
    });
    button.setAttribute("data-expander", name);
    return button;
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
      var facts = self.facts(paper);
      if (facts) item.append(element("span", { class: "rl-browse__facts" }, facts));
      item.append(" ", element("span", { class: "rl-mine", "data-rl-paper": paper.id,
        "data-rl-title": paper.title, "data-rl-url": paper.url }));
      self.results.append(item);
    });
    /* mylist.js turns each mark into "Add to my list" or the paper's status. */
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
