/* readinglist: the facet core, pure (no DOM), for every page that filters and sorts papers
   (window.readinglistFacets): browse/ over the facet index the generator writes
   (browse/index.json: facet tables of [value, label], papers by column, facets as indexes),
   my-list/ over the reader's own papers. It parses and writes the page's URL query, selects
   papers (AND across facets, OR within one), counts what each facet value would leave, and
   sorts. */
(function () {
  "use strict";

  var FACETS = ["topic", "kind", "list", "tag", "status", "year", "venue"];
  var FACET_LABELS = {
    topic: "Topic", kind: "Kind", list: "List", tag: "Tag", status: "Status", year: "Year",
    venue: "Venue"
  };
  var SORT_LABELS = {
    curator: "Curator's order", title: "Title", newest: "Newest first", rating: "Rating"
  };
  var FOREIGN = ["q", "h"];  /* Material's search (q) and highlight (h) parameters */
  /* Keys come from the address: "constructor" or "__proto__" must not find Object's own. */
  function owns(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }

  /* A page's papers as the functions below take them. `tables`: [{name, label, pairs:
     [[value, label]...]}], the facets in the order the page shows them; `papers`: objects
     with order, id, title, url, rating, firstSeen and, per facet, an array of value indexes;
     `sortLabels`: the sorts offered, the first the page's own order (left out of the URL). */
  function collection(tables, papers, sortLabels) {
    var facets = Object.create(null);
    tables.forEach(function (table) {
      var lookup = Object.create(null);
      table.pairs.forEach(function (pair, n) { lookup[pair[0]] = n; });
      facets[table.name] = {
        name: table.name, label: table.label, lookup: lookup,
        values: table.pairs.map(function (pair) { return pair[0]; }),
        labels: table.pairs.map(function (pair) { return pair[1]; })
      };
    });
    var sorts = Object.keys(sortLabels);
    return {
      names: tables.map(function (table) { return table.name; }), facets: facets, papers: papers,
      sorts: sorts, sortLabels: sortLabels, defaultSort: sorts[0]
    };
  }

  /* The facet index as browse/ uses it (a facet with no values says nothing of any paper). */
  function load(doc) {
    var column = doc.papers;
    var tables = FACETS.map(function (name) {
      return { name: name, label: FACET_LABELS[name], pairs: doc.facets[name] || [] };
    });
    var papers = column.id.map(function (id, order) {
      var paper = {
        order: order, id: id, title: column.title[order], url: column.url[order],
        rating: column.rating[order] || 0, firstSeen: doc.dates[column.first_seen[order]] || ""
      };
      FACETS.forEach(function (name) {
        var cell = (column[name] || [])[order];
        paper[name] = Array.isArray(cell) ? cell : (cell >= 0 ? [cell] : []);
      });
      return paper;
    });
    var index = collection(tables, papers, SORT_LABELS);
    index.words = doc.words === "pagefind";  /* only Pagefind narrows browse/ by words */
    return index;
  }

  /* URL query -> state: {filters: {facet: [value...]}, sort, words, unknown: [text...]}.
     A value the index does not hold is left out and named in `unknown`, never an error. */
  function parseState(search, data) {
    var params = new URLSearchParams(search);
    var state = { filters: Object.create(null), sort: data.defaultSort, words: "", unknown: [] };
    params.forEach(function (value, key) {
      var facet = owns(data.facets, key) ? data.facets[key] : null;
      if (facet) {
        var list = state.filters[key] = state.filters[key] || [];
        if (!owns(facet.lookup, value)) state.unknown.push(key + " “" + value + "”");
        else if (list.indexOf(value) < 0) list.push(value);
      } else if (key === "sort") {
        if (data.sorts.indexOf(value) >= 0) state.sort = value;
        else state.unknown.push("sort “" + value + "”");
      } else if (key === "words") {
        state.words = value.trim();
      } else if (FOREIGN.indexOf(key) < 0) {
        state.unknown.push(key + " “" + value + "”");
      }
    });
    data.names.forEach(function (name) {
      if (state.filters[name] && !state.filters[name].length) delete state.filters[name];
    });
    return state;
  }

  /* State -> URL query ("" for everything in the page's own order); facets in a fixed order,
     each value repeated for OR, so a view has one address. */
  function queryOf(state, data) {
    var params = new URLSearchParams();
    data.names.forEach(function (name) {
      (state.filters[name] || []).forEach(function (value) { params.append(name, value); });
    });
    if (state.words) params.append("words", state.words);
    if (state.sort && state.sort !== data.defaultSort) params.append("sort", state.sort);
    var text = params.toString();
    return text ? "?" + text : "";
  }

  /* Per facet, the chosen value indexes as a lookup (null: the facet is not filtered). */
  function chosen(data, state) {
    var sets = {};
    data.names.forEach(function (name) {
      var values = state.filters[name];
      if (!values || !values.length) return;
      var set = Object.create(null);
      values.forEach(function (value) { set[data.facets[name].lookup[value]] = true; });
      sets[name] = set;
    });
    return sets;
  }

  function holdsAny(indexes, set) {
    for (var i = 0; i < indexes.length; i++) if (set[indexes[i]]) return true;
    return false;
  }

  /* The facets a paper fails (at most 2 are needed: counting asks "none" or "only this one"). */
  function failing(paper, sets, allowed) {
    var failed = [];
    if (allowed && !allowed[paper.url]) failed.push("words");
    for (var name in sets) {
      if (!holdsAny(paper[name], sets[name])) {
        failed.push(name);
        if (failed.length > 1) break;
      }
    }
    return failed;
  }

  /* The papers matching every facet (and the words, `allowed`: url -> true, or null). */
  function select(data, state, allowed) {
    var sets = chosen(data, state);
    return data.papers.filter(function (paper) {
      return failing(paper, sets, allowed || null).length === 0;
    });
  }

  /* facet -> [count per value]: how many papers each value would leave, with the other
     facets (and the words) as chosen and this facet's own choice replaced by the value
     added to it (OR within a facet). */
  function counts(data, state, allowed) {
    var sets = chosen(data, state), tally = {};
    data.names.forEach(function (name) {
      tally[name] = data.facets[name].values.map(function () { return 0; });
    });
    data.papers.forEach(function (paper) {
      var failed = failing(paper, sets, allowed || null);
      if (failed.length > 1 || failed[0] === "words") return;
      data.names.forEach(function (name) {
        if (failed.length && failed[0] !== name) return;
        var own = tally[name], values = paper[name];
        for (var i = 0; i < values.length; i++) own[values[i]] += 1;
      });
    });
    return tally;
  }

  var collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });
  function byOrder(a, b) { return a.order - b.order; }
  function firstStatus(paper) { return paper.status.length ? paper.status[0] : Infinity; }
  var sorts = {
    curator: byOrder,
    title: function (a, b) { return collator.compare(a.title, b.title) || byOrder(a, b); },
    newest: function (a, b) {
      return (a.firstSeen < b.firstSeen ? 1 : a.firstSeen > b.firstSeen ? -1 : 0) || byOrder(a, b);
    },
    rating: function (a, b) { return b.rating - a.rating || byOrder(a, b); },
    status: function (a, b) {
      return (firstStatus(a) - firstStatus(b)) || sorts.newest(a, b);
    }
  };

  function sorted(papers, sort) {
    return papers.slice().sort(sorts[sort] || byOrder);
  }

  window.readinglistFacets = {
    collection: collection, load: load, parseState: parseState, queryOf: queryOf,
    select: select, counts: counts, sorts: sorts, sorted: sorted
  };
})();
