// The facet core (docs/javascripts/facets.js): the address read and written, AND across
// facets and OR within one, the counts a value would leave, the sorts.
import assert from "node:assert/strict";
import { test } from "node:test";

import { collection, counts, load, parseState, queryOf, select, sorted, withSummaries } from "../../docs/javascripts/facets.js";

const SORTS = { curator: "Curator's order", title: "Title", newest: "Newest first" };
const TABLES = [
  { name: "topic", label: "Topic", pairs: [["vision", "Vision"], ["nlp", "Language"], ["rl", "RL"]] },
  { name: "kind", label: "Kind", pairs: [["method", "Method"], ["theory", "Theory"]] },
];
const paper = (order, title, topic, kind, firstSeen) =>
  ({ order, id: "p" + order, title, url: "papers/p" + order + "/", rating: 0, firstSeen, topic, kind });
const PAPERS = [
  paper(0, "beta", [0], [0], "2026-01-02"),
  paper(1, "Alpha", [0, 1], [1], "2026-01-03"),
  paper(2, "gamma 10", [1], [0], "2026-01-01"),
  paper(3, "gamma 9", [2], [], "2026-01-01"),
];
const data = collection(TABLES, PAPERS, SORTS);
const ids = (papers) => papers.map((p) => p.id);

test("an address is read into a state and written back as one canonical query", () => {
  const state = parseState("?kind=method&topic=nlp&topic=vision&topic=nlp&sort=title&words=%20x%20", data);
  assert.deepEqual({ ...state.filters }, { kind: ["method"], topic: ["nlp", "vision"] });
  assert.equal(state.sort, "title");
  assert.equal(state.words, "x");
  assert.equal(queryOf(state, data), "?topic=nlp&topic=vision&kind=method&words=x&sort=title");
  assert.equal(queryOf(parseState("", data), data), "");
});

test("values, keys and sorts the site does not hold are named, never an error", () => {
  const state = parseState("?topic=nope&constructor=1&__proto__=x&sort=rating&q=search&h=hl", data);
  assert.deepEqual(state.unknown, ["topic “nope”", "constructor “1”", "__proto__ “x”", "sort “rating”"]);
  assert.deepEqual({ ...state.filters }, {});
  assert.equal(state.sort, "curator");
});

test("facets combine with AND, values of one facet with OR, words as allowed addresses", () => {
  assert.deepEqual(ids(select(data, parseState("?topic=vision&topic=nlp", data))), ["p0", "p1", "p2"]);
  assert.deepEqual(ids(select(data, parseState("?topic=vision&kind=method", data))), ["p0"]);
  const allowed = { "papers/p1/": true, "papers/p2/": true };
  assert.deepEqual(ids(select(data, parseState("?topic=nlp", data), allowed)), ["p1", "p2"]);
  assert.deepEqual(ids(select(data, parseState("?kind=theory", data), { "papers/p2/": true })), []);
});

test("each value counts the papers it would leave, its own facet's choice replaced", () => {
  const tally = counts(data, parseState("?topic=vision", data));
  assert.deepEqual(tally.topic, [2, 2, 1]); /* OR within topic: as if each were added */
  assert.deepEqual(tally.kind, [1, 1]); /* the two vision papers, by kind */
  assert.deepEqual(counts(data, parseState("", data), { "papers/p3/": true }).topic, [0, 0, 1]);
});

test("sorts: the curator's order, titles as a reader reads them, newest first", () => {
  assert.deepEqual(ids(sorted(PAPERS, "curator")), ["p0", "p1", "p2", "p3"]);
  assert.deepEqual(ids(sorted(PAPERS, "title")), ["p1", "p0", "p3", "p2"]); /* 9 before 10 */
  assert.deepEqual(ids(sorted(PAPERS, "newest")), ["p1", "p0", "p2", "p3"]);
  assert.deepEqual(ids(sorted(PAPERS, "no such sort")), ["p0", "p1", "p2", "p3"]);
});

test("the browse index by column becomes papers; dates are told only when they differ", () => {
  const doc = {
    words: "pagefind", dates: ["2026-01-01", "2026-02-01"],
    facets: { kind: [["method", "Method"]], status: [["read", "Read"]] },
    papers: { id: ["a", "b"], title: ["A", "B"], url: ["papers/a/", "papers/b/"],
      summary: ["What A does.", "What B does."], kind: [0, -1], topic: [[], []], status: [-1, 0],
      rating: [0, 3], first_seen: [0, 1] },
  };
  const index = load(doc);
  assert.equal(index.words, true);
  assert.equal(index.datesDiffer, true);
  assert.deepEqual(index.papers.map((p) => [p.summary, p.kind, p.status, p.rating]),
    [["What A does.", [0], [], 0], ["What B does.", [], [0], 3]]);
  assert.equal(index.facets.status.label, "Curator's status");
  assert.equal(load({ ...doc, papers: { ...doc.papers, first_seen: [0, 0] } }).datesDiffer, false);
});

test("authors are a facet, and a year range narrows every facet alike", () => {
  const doc = {
    words: null, dates: ["2026-01-01"],
    facets: { author: [["Ada Lovelace", "Ada Lovelace"], ["Alan Turing", "Alan Turing"]],
      year: [["1843", "1843"], ["1936", "1936"], ["1950", "1950"]] },
    papers: { id: ["a", "b", "c", "d"], title: ["A", "B", "C", "D"],
      url: ["papers/a/", "papers/b/", "papers/c/", "papers/d/"], summary: ["", "", "", ""],
      author: [[0], [1], [1, 0], []], year: [0, 1, 2, -1], rating: [0, 0, 0, 0],
      first_seen: [0, 0, 0, 0] },
  };
  const index = load(doc);
  assert.equal(index.facets.author.label, "Author");
  assert.deepEqual(ids(select(index, parseState("?author=Alan%20Turing", index))), ["b", "c"]);
  const ranged = parseState("?to=1940&from=1900&author=Ada+Lovelace", index);
  assert.equal(queryOf(ranged, index), "?author=Ada+Lovelace&from=1900&to=1940");
  assert.deepEqual(ids(select(index, ranged)), []);
  const since = parseState("?from=1900", index);
  assert.deepEqual(ids(select(index, since)), ["b", "c"]); /* a paper of no year is out */
  assert.deepEqual(counts(index, since).author, [1, 2]);
  assert.deepEqual(parseState("?from=soon", index).unknown, ["from “soon”"]);
});

test("citation counts: most cited first, papers without a count last, offered only with counts", () => {
  const doc = {
    words: null, dates: ["2026-01-01"], cited_dates: ["2026-03-01", "2026-03-02"], facets: {},
    papers: { id: ["a", "b", "c", "d"], title: ["A", "B", "C", "D"], url: ["a/", "b/", "c/", "d/"],
      rating: [0, 0, 0, 0], first_seen: [0, 0, 0, 0],
      cited_by: [-1, 3, 0, 40], cited_on: [-1, 0, 1, 1] },
  };
  const index = load(doc);
  assert.deepEqual(index.papers.map((p) => [p.citedBy, p.citedOn]),
    [[-1, ""], [3, "2026-03-01"], [0, "2026-03-02"], [40, "2026-03-02"]]);
  assert.ok(index.sorts.includes("cited"));
  assert.deepEqual(ids(sorted(index.papers, "cited")), ["d", "b", "c", "a"]); /* 0 is a count */
  const none = { ...doc, papers: { ...doc.papers, cited_by: [-1, -1, -1, -1] } };
  assert.ok(!load(none).sorts.includes("cited"));
  const older = { ...doc, papers: { ...doc.papers, cited_by: undefined, cited_on: undefined } };
  assert.deepEqual(load(older).papers.map((p) => p.citedBy), [-1, -1, -1, -1]);
});

test("summaries join the index in its order; another build's, or no list, are refused", () => {
  const doc = {
    words: null, dates: ["2026-01-01"], facets: {},
    papers: { id: ["a", "b", "c"], title: ["A", "B", "C"], url: ["a/", "b/", "c/"],
      rating: [0, 0, 0], first_seen: [0, 0, 0] },
  };
  const joined = withSummaries(load(doc), { count: 3, summary: ["What A does.", 5, { b: 1 }] });
  assert.deepEqual(joined.papers.map((p) => p.summary), ["What A does.", "", ""]);
  for (const summaries of [null, {}, { count: 3 }, { count: 2, summary: ["", ""] },
    { count: 3, summary: ["", ""] }, { count: 3, summary: "abc" }]) {
    assert.throws(() => withSummaries(load(doc), summaries), /not the index's/, JSON.stringify(summaries));
  }
});
