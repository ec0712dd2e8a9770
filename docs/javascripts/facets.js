/* readinglist: the facet core, pure (no DOM), for every page that filters and sorts papers:
   browse/ over the facet index the generator writes (browse/index.json: facet tables of
   [value, label], papers by column, facets as indexes), my-list/ over the reader's own papers.
   It parses and writes the page's URL query, selects papers (AND across facets, OR within
   one; a year range, `from` and `to`, across them), counts what each facet value would
   leave, and sorts. Unit-tested under node --test
   (tests/js/facets.test.js). */

const FACETS = ["topic", "kind", "list", "tag", "author", "status", "year", "venue"];
/* browse/'s status and rating are the curator's judgement, never the reader's own list. */
const FACET_LABELS = {
  topic: "Topic", kind: "Kind", list: "List", tag: "Tag", author: "Author", status: "Curator's status",
  year: "Year", venue: "Venue",
};
const SORT_LABELS = {
  curator: "Curator's order", title: "Title", newest: "Newest first", rating: "Curator's rating",
};
/* Offered only when `readinglist resolve` recorded a count for some paper. */
const CITED_LABEL = { cited: "Most cited" };
const FOREIGN = ["q", "h"]; /* Material's search (q) and highlight (h) parameters */

/* Keys come from the address: "constructor" or "__proto__" must not find Object's own. */
function owns(object, key) {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/* A page's papers as the functions below take them. `tables`: [{name, label, pairs:
   [[value, label]...]}], the facets in the order the page shows them; `papers`: objects with
   order, id, title, url, rating, firstSeen and, per facet, an array of value indexes;
   `sortLabels`: the sorts offered, the first the page's own order (left out of the URL). */
export function collection(tables, papers, sortLabels) {
  const facets = Object.create(null);
  for (const table of tables) {
    const lookup = Object.create(null);
    table.pairs.forEach((pair, n) => { lookup[pair[0]] = n; });
    facets[table.name] = {
      name: table.name, label: table.label, lookup,
      values: table.pairs.map((pair) => pair[0]),
      labels: table.pairs.map((pair) => pair[1]),
    };
  }
  const sorts = Object.keys(sortLabels);
  return {
    names: tables.map((table) => table.name), facets, papers, sorts, sortLabels,
    defaultSort: sorts[0],
  };
}

/* A number column's value for a paper; -1 when the column or its value is missing. */
function cell(column, order) {
  const value = (column || [])[order];
  return Number.isInteger(value) ? value : -1;
}

/* The facet index as browse/ uses it (a facet with no values says nothing of any paper).
   `datesDiffer`: whether the papers were added on more than one day (else a date says
   nothing a row should show). A paper's `citedBy` is -1 when no index counted its citations
   (an index from before counts were kept holds none), `citedOn` the date the count was read. */
export function load(doc) {
  const column = doc.papers;
  const tables = FACETS.map((name) => ({
    name, label: FACET_LABELS[name], pairs: doc.facets[name] || [],
  }));
  const papers = column.id.map((id, order) => {
    const paper = {
      order, id, title: column.title[order], url: column.url[order],
      summary: (column.summary || [])[order] || "", /* an index before version 4 held them */
      rating: column.rating[order] || 0, firstSeen: doc.dates[column.first_seen[order]] || "",
      citedBy: cell(column.cited_by, order),
      citedOn: (doc.cited_dates || [])[cell(column.cited_on, order)] || "",
    };
    for (const name of FACETS) {
      const value = (column[name] || [])[order];
      paper[name] = Array.isArray(value) ? value : value >= 0 ? [value] : [];
    }
    return paper;
  });
  const counted = papers.some((paper) => paper.citedBy >= 0);
  const sortLabels = counted ? { ...SORT_LABELS, ...CITED_LABEL } : SORT_LABELS;
  const index = collection(tables, papers, sortLabels);
  index.words = doc.words === "pagefind"; /* only Pagefind narrows browse/ by words */
  index.datesDiffer = new Set(papers.map((paper) => paper.firstSeen)).size > 1;
  return index;
}

/* `index` (from load) with each paper's one-line summary from browse/summaries.json, which
   lists them in the index's order; files of two builds (their counts differ) are refused. */
export function withSummaries(index, doc) {
  const summaries = doc && Array.isArray(doc.summary) ? doc.summary : null;
  if (!summaries || doc.count !== index.papers.length || summaries.length !== index.papers.length) {
    throw new Error("the summaries are not the index's (reload the page)");
  }
  index.papers.forEach((paper, order) => {
    const summary = summaries[order];
    paper.summary = typeof summary === "string" ? summary : ""; /* text only, never a node */
  });
  return index;
}

/* URL query -> state: {filters: {facet: [value...]}, sort, words, unknown: [text...]}.
   A value the index does not hold is left out and named in `unknown`, never an error. */
export function parseState(search, data) {
  const state = { filters: Object.create(null), sort: data.defaultSort, words: "", from: "",
    to: "", unknown: [] };
  for (const [key, value] of new URLSearchParams(search)) {
    const facet = owns(data.facets, key) ? data.facets[key] : null;
    if (facet) {
      const list = (state.filters[key] = state.filters[key] || []);
      if (!owns(facet.lookup, value)) state.unknown.push(key + " “" + value + "”");
      else if (!list.includes(value)) list.push(value);
    } else if (key === "sort") {
      if (data.sorts.includes(value)) state.sort = value;
      else state.unknown.push("sort “" + value + "”");
    } else if (key === "words") {
      state.words = value.trim();
    } else if ((key === "from" || key === "to") && /^\d{1,4}$/.test(value.trim())) {
      state[key] = value.trim();
    } else if (!FOREIGN.includes(key)) {
      state.unknown.push(key + " “" + value + "”");
    }
  }
  for (const name of data.names) {
    if (state.filters[name] && !state.filters[name].length) delete state.filters[name];
  }
  return state;
}

/* State -> URL query ("" for everything in the page's own order); facets in a fixed order,
   each value repeated for OR, so a view has one address. */
export function queryOf(state, data) {
  const params = new URLSearchParams();
  for (const name of data.names) {
    for (const value of state.filters[name] || []) params.append(name, value);
  }
  for (const end of ["from", "to"]) if (state[end]) params.append(end, state[end]);
  if (state.words) params.append("words", state.words);
  if (state.sort && state.sort !== data.defaultSort) params.append("sort", state.sort);
  const text = params.toString();
  return text ? "?" + text : "";
}

/* Per facet, the chosen value indexes as a Set (a facet not filtered has none). */
function chosen(data, state) {
  const sets = {};
  for (const name of data.names) {
    const values = state.filters[name];
    if (values && values.length) {
      sets[name] = new Set(values.map((value) => data.facets[name].lookup[value]));
    }
  }
  return sets;
}

/* The year range of the state, as numbers (null: no range), and whether a paper is in it: a
   paper of no year is not, once a range is set. */
function rangeOf(data, state) {
  if (!state.from && !state.to) return null;
  const years = data.facets.year ? data.facets.year.labels : [];
  return { years, from: state.from ? Number(state.from) : -Infinity,
    to: state.to ? Number(state.to) : Infinity };
}

function inRange(paper, range) {
  if (!paper.year || !paper.year.length) return false;
  const year = Number.parseInt(range.years[paper.year[0]], 10);
  return year >= range.from && year <= range.to;
}

/* The facets a paper fails (at most 2 are needed: counting asks "none" or "only this one");
   the words and the year range fail it for every facet alike. */
function failing(paper, sets, allowed, range = null) {
  const failed = [];
  if ((allowed && !allowed[paper.url]) || (range && !inRange(paper, range))) failed.push("words");
  for (const name in sets) {
    if (!paper[name].some((n) => sets[name].has(n))) {
      failed.push(name);
      if (failed.length > 1) break;
    }
  }
  return failed;
}

/* The papers matching every facet (and the words, `allowed`: url -> true, or null). */
export function select(data, state, allowed = null) {
  const sets = chosen(data, state), range = rangeOf(data, state);
  return data.papers.filter((paper) => failing(paper, sets, allowed, range).length === 0);
}

/* facet -> [count per value]: how many papers each value would leave, with the other facets
   (and the words) as chosen and this facet's own choice replaced by the value added to it
   (OR within a facet). */
export function counts(data, state, allowed = null) {
  const sets = chosen(data, state), tally = {}, range = rangeOf(data, state);
  for (const name of data.names) tally[name] = data.facets[name].values.map(() => 0);
  for (const paper of data.papers) {
    const failed = failing(paper, sets, allowed, range);
    if (failed.length > 1 || failed[0] === "words") continue;
    for (const name of data.names) {
      if (failed.length && failed[0] !== name) continue;
      for (const n of paper[name]) tally[name][n] += 1;
    }
  }
  return tally;
}

const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });
const byOrder = (a, b) => a.order - b.order;
const firstStatus = (paper) => (paper.status.length ? paper.status[0] : Infinity);
const newest = (a, b) =>
  (a.firstSeen < b.firstSeen ? 1 : a.firstSeen > b.firstSeen ? -1 : 0) || byOrder(a, b);
export const sorts = {
  curator: byOrder,
  title: (a, b) => collator.compare(a.title, b.title) || byOrder(a, b),
  newest,
  rating: (a, b) => b.rating - a.rating || byOrder(a, b),
  cited: (a, b) => b.citedBy - a.citedBy || byOrder(a, b), /* -1, no count, sorts last */
  status: (a, b) => firstStatus(a) - firstStatus(b) || newest(a, b),
};

export function sorted(papers, sort) {
  return papers.slice().sort(sorts[sort] || byOrder);
}
