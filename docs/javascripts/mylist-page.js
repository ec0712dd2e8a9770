/* readinglist: the my-list/ page, drawn from the reader's storage (mylist.js) alone.

   Lists the reader's papers with their status, filtered and sorted by the browse page's core
   and controls (facets.js, facet-controls.js): a status facet with counts, words matched in
   the titles, a sort, the state in the URL query (?status=read&sort=title) so Back undoes a
   change. A paper the site no longer has (not in my-list/ids.txt, a few tens of KB) is shown
   as gone, never dropped. Exports take each paper's record from the site's own papers.bib,
   .ris, .csv or .json, fetched only when the reader exports; an import merges a JSON export
   back, and a file that is not one changes nothing. The controls are made once per page, so
   typing in the words box never loses focus. window.readinglistMyListPage. */
(function () {
  "use strict";
  var F = window.readinglistFacets, C = window.readinglistFacetControls;
  var FORMATS = [
    { name: "bibtex", label: "BibTeX (.bib)", file: "papers.bib", type: "application/x-bibtex", by: "key" },
    { name: "ris", label: "RIS (.ris)", file: "papers.ris", type: "application/x-research-info-systems", by: "key" },
    { name: "csv", label: "CSV (.csv)", file: "papers.csv", type: "text/csv", by: "id" },
    { name: "json", label: "JSON (.json)", file: "papers.json", type: "application/json", by: "id" },
  ];
  var SORTS = { newest: "Newest added", title: "Title", status: "Status" };
  var GONE = ["gone", "Gone from the site"];
  /* Facets of the browse page's index (browse/index.json, several times the page's own
     download), fetched only when the reader asks for them or the address holds one. */
  var INDEXED = ["topic", "kind", "list"];
  var ID = /^[A-Za-z0-9_-]{1,64}$/;
  /* A paper's address under the site's root: no "." or ".." segment, written or %2e-encoded. */
  var URL_PATH = /^papers\/(?!(?:.*\/)?(?:\.|%2e){1,2}(?:\/|$))[^:?#\\]*$/i;
  var NAMES = { "to-read": "to read", reading: "reading", read: "read" };

  function my() { return window.readinglistMyList; }

  function labelled(text, control) {
    return my().element("label", { class: "rl-mylist__field" },
      [my().element("span", { text: text }), control]);
  }

  function build(page) {
    var el = my().element, parts = { page: page, path: location.pathname, ids: null, idsFailed: false,
      expanded: {} };
    parts.data = collectionOf(parts, []);
    parts.state = F.parseState(location.search, parts.data);
    parts.note = el("p", { class: "rl-browse__note", role: "status" });
    parts.note.hidden = true;
    parts.controls = C.controls(parts.data, {
      words: function (words) { change(parts, { words: words }); },
      sort: function (sort) { change(parts, { sort: sort }); },
      clear: function () { change(parts, { filters: {}, words: "", sort: parts.data.defaultSort }); }
    });
    parts.facets = el("div", { class: "rl-browse__facets" });
    parts.more = my().button("Filter by topic, kind and list too", function () { withIndex(parts); },
      { class: "rl-facet__all rl-mylist__more" });
    C.onTick(parts.facets, function () { return parts.state; }, function (filters, focus) {
      change(parts, { filters: filters }, focus);
    });
    parts.counts = el("p", { class: "rl-mylist__counts", role: "status" });
    parts.list = el("ul", { class: "rl-mylist__items" });
    parts.message = el("p", { class: "rl-mylist__message", role: "status" });
    page.replaceChildren(
      el("h2", { class: "rl-mylist__heading", tabindex: "-1", text: "Your papers" }),
      el("div", { class: "rl-browse rl-mylist__browse" }, [parts.note, parts.controls.node,
        el("div", { class: "rl-browse__layout" }, [C.folder(el("div", {}, [parts.facets, parts.more])),
          el("div", { class: "rl-browse__main" }, [parts.counts, parts.list])])]),
      el("h2", { text: "Export and import" }),
      el("div", { class: "rl-mylist__exports", role: "group", "aria-label": "Export my list" },
        FORMATS.map(function (format) {
          return my().button(format.label, function () { exportAs(parts, format); });
        })),
      labelled("Import a JSON export", importInput(parts)),
      parts.message);
    var asked = new URLSearchParams(location.search);
    if (INDEXED.some(function (name) { return asked.has(name); })) withIndex(parts);
    return parts;
  }

  /* The browse page's index (browse.js loads it once per visit), then the state read again:
     the address may name its topics, kinds or lists. */
  function withIndex(parts) {
    if (parts.indexing) return;
    parts.more.disabled = true;
    parts.indexing = window.readinglistBrowse.data().then(function (index) {
      parts.index = { data: index, byId: new Map(index.papers.map(function (p) { return [p.id, p]; })) };
      parts.more.hidden = true;
      parts.state = F.parseState(location.search, collectionOf(parts, []));
      render(parts, my().load());
    }, function (error) {
      parts.indexing = null;
      parts.more.disabled = false;
      C.note(parts.note, parts.state.unknown,
        "Topics, kinds and lists could not be loaded (" + error.message + ").");
    });
  }

  function indexedTables(parts) {
    if (!parts.index) return [];
    return INDEXED.map(function (name) {
      var facet = parts.index.data.facets[name];
      return { name: name, label: facet.label, pairs: facet.values.map(function (value, n) {
        return [value, facet.labels[n]];
      }) };
    });
  }

  /* The site's papers (id -> citation key), read once per page; until then nothing is gone. */
  function siteIds(parts) {
    if (!parts.idsPromise) {
      var url = new URL(parts.page.dataset.rlIds, location.href);
      parts.idsPromise = fetch(url).then(function (response) {
        if (!response.ok) throw new Error(response.status);
        return response.text();
      }).then(function (text) {
        var ids = new Map();
        text.split("\n").forEach(function (line) {
          var cut = line.indexOf(" ");
          if (cut > 0) ids.set(line.slice(0, cut), line.slice(cut + 1));
        });
        parts.ids = ids;
        return ids;
      }).catch(function (error) {
        parts.idsFailed = true;
        throw error;
      }).finally(function () { render(parts, my().load()); });
    }
    return parts.idsPromise;
  }

  function isGone(parts, id) { return parts.ids !== null && !parts.ids.has(id); }

  /* The reader's papers as facets.js takes them: the status, where a paper the site no
     longer has also holds "gone", and once asked for, the index's topic, kind and list; the
     order is the order they were added. */
  function collectionOf(parts, all) {
    var statuses = my().STATUSES, labels = my().LABELS;
    var pairs = statuses.map(function (status) { return [status, labels[status]]; }).concat([GONE]);
    var papers = all.map(function (entry, order) {
      var status = statuses.indexOf(entry.status), marks = status >= 0 ? [status] : [];
      if (isGone(parts, entry.id)) marks.push(statuses.length);
      var paper = { order: order, id: entry.id, title: String(entry.title), url: String(entry.url),
        rating: 0, firstSeen: Number(entry.added) || 0, status: marks, entry: entry };
      var indexed = parts.index && parts.index.byId.get(entry.id);
      INDEXED.forEach(function (name) { paper[name] = indexed ? indexed[name] : []; });
      return paper;
    });
    var tables = [{ name: "status", label: "Status", pairs: pairs }].concat(indexedTables(parts));
    return F.collection(tables, papers, SORTS);
  }

  /* url -> true for the papers whose title holds every word (null: no words). The titles are
     what the reader stored, so a gone paper is found too. */
  function titlesWith(data, words) {
    if (!words) return null;
    var wanted = words.toLowerCase().split(/\s+/), allowed = Object.create(null);
    data.papers.forEach(function (paper) {
      var title = paper.title.toLowerCase();
      if (wanted.every(function (word) { return title.indexOf(word) >= 0; })) allowed[paper.url] = true;
    });
    return allowed;
  }

  /* One change by the reader: a new history entry, then the list redrawn from it. */
  function change(parts, changes, focus) {
    var next = Object.assign({}, parts.state, changes, { unknown: [] });
    var query = F.queryOf(next, parts.data);
    if (query === F.queryOf(parts.state, parts.data)) return;
    C.remember(query);
    parts.state = next;
    render(parts, my().load(), focus);
  }

  function countsText(parts, all) {
    if (!all.length && my().trouble()) return my().trouble();
    if (!all.length) return "Your list is empty: add papers with Add to my list, on their pages or in any listing.";
    var counts = my().STATUSES.map(function (status) {
      return all.filter(function (e) { return e.status === status; }).length + " " + NAMES[status];
    });
    var gone = all.filter(function (e) { return isGone(parts, e.id); }).length;
    if (gone) counts.push(gone + " gone");
    var text = all.length + (all.length === 1 ? " paper: " : " papers: ") + counts.join(", ") + ".";
    if (parts.idsFailed) text += " (This site's list of papers could not be read: none is marked gone.)";
    return text;
  }

  function render(parts, papers, focus) {
    var all = my().entries(papers), data = parts.data = collectionOf(parts, all), state = parts.state;
    C.show(parts.controls, state);
    if (!parts.indexing || parts.index) C.note(parts.note, state.unknown);
    var allowed = titlesWith(data, state.words);
    var shown = F.sorted(F.select(data, state, allowed), state.sort);
    C.drawFacets(parts.facets, data, state, F.counts(data, state, allowed),
      { expanded: parts.expanded, focus: focus, expand: expand.bind(null, parts) });
    var text = countsText(parts, all);
    if (all.length && shown.length !== all.length) text += " Showing " + shown.length + ".";
    parts.counts.textContent = text;
    parts.list.replaceChildren.apply(parts.list, shown.map(function (paper) {
      return item(parts, paper.entry);
    }));
  }

  /* "Show all" or "Show fewer" values of a facet (a long list's topics); the button keeps
     the focus. */
  function expand(parts, name, open) {
    parts.expanded[name] = open;
    render(parts, my().load());
    var again = parts.facets.querySelector("[data-expander='" + name + "']");
    if (again) again.focus();
  }

  function paperLink(entry) {
    var url = typeof entry.url === "string" && URL_PATH.test(entry.url) ? new URL(entry.url, my().ROOT) : null;
    if (!url || url.origin !== my().ROOT.origin) return my().element("span", { text: entry.title });
    return my().element("a", { href: url.href, text: entry.title });
  }

  function item(parts, entry) {
    var el = my().element, gone = isGone(parts, entry.id), title = String(entry.title);
    var name = gone ? el("span", { class: "rl-mylist__title", text: title })
      : el("span", { class: "rl-mylist__title" }, [paperLink(entry)]);
    var goneNote = gone ? el("span", { class: "rl-mylist__gone", text: "gone" }) : null;
    var why = gone ? el("span", { class: "rl-mylist__why", text: "no longer on this site" }) : null;
    return el("li", { class: "rl-mylist__item" + (gone ? " rl-mylist__item--gone" : ""),
      "data-rl-paper": entry.id }, [name, goneNote, why,
      el("span", { class: "rl-mylist__actions" }, [
        my().statusSelect(entry.id, entry.status, title, "page:" + entry.id + ":status"),
        my().removeButton(entry.id, title, "page:" + entry.id + ":remove")])]);
  }

  /* Export ------------------------------------------------------------------------------ */

  function exportAs(parts, format) {
    var list = my().entries(my().load());
    if (!list.length) return say(parts, "Your list is empty: nothing to export.");
    say(parts, "Preparing the " + format.label + " file…");
    Promise.all([siteIds(parts), fetchText(new URL(format.file, my().ROOT))]).then(function (got) {
      var keys = got[0], ids = list.map(function (e) { return e.id; });
      var present = ids.filter(function (id) { return keys.has(id); });
      var wanted = format.by === "key" ? present.map(function (id) { return keys.get(id); }) : ids;
      var text = window.readinglistFormats[format.name](got[1], wanted, list);
      download(text, "my-list." + format.file.split(".")[1], format.type);
      var missing = ids.length - present.length, note = "Exported " + present.length + " of "
        + ids.length + (ids.length === 1 ? " paper" : " papers") + " as " + format.label + ".";
      if (missing) note += " " + missing + " gone from the site " + (missing === 1 ? "has" : "have")
        + " no record there" + (format.name === "json" ? " and " + (missing === 1 ? "is" : "are") + " kept in my_list only." : ": the JSON export keeps " + (missing === 1 ? "it" : "them") + ".");
      say(parts, note);
    }).catch(function (error) {
      say(parts, "Export failed: the site's " + format.file + " or its list of papers could not be read ("
        + error.message + "). Nothing was downloaded.");
    });
  }

  function fetchText(url) {
    return fetch(url).then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.text();
    });
  }

  function download(text, name, type) {
    var url = URL.createObjectURL(new Blob([text], { type: type + ";charset=utf-8" }));
    var link = my().element("a", { href: url, download: name });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
  }

  function say(parts, text) { parts.message.textContent = text; }

  /* Import ------------------------------------------------------------------------------ */

  function importInput(parts) {
    var input = my().element("input", { type: "file", accept: ".json,application/json" });
    input.addEventListener("change", function () {
      var file = input.files && input.files[0];
      if (!file) return;
      file.text().then(function (text) {
        say(parts, importText(text));
      }).catch(function (error) {
        say(parts, "Nothing was imported: the file could not be read (" + error.message + "). Your list is unchanged.");
      }).finally(function () { input.value = ""; });
    });
    return input;
  }

  /* The message to show; the list changes only when the whole file is a valid export. */
  function importText(text) {
    var items;
    try {
      items = validItems(text);
    } catch (problem) {
      return "Nothing was imported: " + problem.message + " Your list is unchanged.";
    }
    var papers = my().load(), added = 0;
    items.forEach(function (entry, index) {
      if (Object.prototype.hasOwnProperty.call(papers, entry.id)) return;
      papers[entry.id] = { title: entry.title, url: entry.url, status: entry.status,
        added: typeof entry.added === "number" ? entry.added : Date.now() + index };
      added++;
    });
    var problem = my().save(papers);
    if (problem) return "Nothing was imported: " + problem + " Your list is unchanged.";
    return "Imported " + items.length + (items.length === 1 ? " paper" : " papers") + ": " + added
      + " new, " + (items.length - added) + " already in your list (kept as they were).";
  }

  function validItems(text) {
    var document;
    try {
      document = JSON.parse(text);
    } catch (error) {
      throw new Error("the file is not JSON (" + error.message + ").");
    }
    if (!document || typeof document !== "object" || !Array.isArray(document.my_list)) {
      throw new Error("the file is not an export of a reading list (it has no my_list).");
    }
    document.my_list.forEach(function (entry, index) {
      var problem = itemProblem(entry);
      if (problem) throw new Error("paper " + (index + 1) + " of my_list " + problem + ".");
    });
    return document.my_list;
  }

  function itemProblem(entry) {
    if (!entry || typeof entry !== "object") return "is not an object";
    if (typeof entry.id !== "string" || !ID.test(entry.id)) return "has no valid id";
    if (my().STATUSES.indexOf(entry.status) < 0) return "has an unknown status";
    if (typeof entry.title !== "string") return "has no title";
    if (typeof entry.url !== "string" || !URL_PATH.test(entry.url)) return "has no valid address";
    if (entry.added !== undefined && !Number.isFinite(entry.added)) return "has a wrong date added";
    return "";
  }

  function draw(page, papers) {
    if (!page.rlParts) {
      page.rlParts = build(page);
      siteIds(page.rlParts).catch(function () {});
    }
    render(page.rlParts, papers);
  }

  /* Back and Forward within the page: the state the address holds. */
  window.addEventListener("popstate", function () {
    var page = document.querySelector(".rl-mylist[data-rl-ids]"), parts = page && page.rlParts;
    if (!parts || parts.path !== location.pathname) return;
    parts.state = F.parseState(location.search, parts.data);
    render(parts, my().load());
  });

  window.readinglistMyListPage = { draw: draw, importText: importText };
})();
