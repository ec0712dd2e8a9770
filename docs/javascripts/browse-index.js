/* readinglist: the facet index (browse/index.json) and its papers' one-line summaries
   (browse/summaries.json, in the index's order), each fetched once per visit. browse/ asks
   for both (its rows show the summaries); my-list/'s topic, kind and list facets and map/'s
   links and filters the index alone, map/ the summaries when a reader first looks at a point. The
   entry module asks for browse/'s as soon as a reader heads for it, while instant navigation
   fetches the page. */
import { load, withSummaries } from "./facets.js";
import { ROOT, fetchJson } from "./site.js";

const INDEX = new URL("browse/index.json", ROOT).href;
const SUMMARIES = new URL("browse/summaries.json", ROOT).href;
const loaded = new Map(); /* address -> the promise of what was made of its document */

function fetched(address, made) {
  if (!loaded.has(address)) {
    const promise = fetchJson(address).then(made);
    promise.catch(() => loaded.delete(address)); /* a later visit asks again */
    loaded.set(address, promise);
  }
  return loaded.get(address);
}

/* The facet index, without the summaries. */
export function loadIndex() {
  return fetched(INDEX, load);
}

/* The summaries' document, in the index's order (for facets.js's withSummaries). */
export function loadSummaries() {
  return fetched(SUMMARIES, (doc) => doc);
}

/* The facet index with each paper's summary, as browse/ shows it. */
export async function loadIndexWithSummaries() {
  const [index, summaries] = await Promise.all([loadIndex(), loadSummaries()]);
  return withSummaries(index, summaries);
}
