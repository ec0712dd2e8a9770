/* readinglist: which papers hold some words, for the pages that filter papers by words
   (browse/ and map/): the site's search engine (Pagefind, loaded only when words are asked
   for) answers, through its filter "paper" (each paper page's address), without loading
   each result: a search answers with each value's count of results. */
import { ROOT } from "./site.js";

let engine = null;

function pagefind() {
  if (!engine) {
    engine = import(new URL("pagefind/pagefind.js", ROOT).href).then(async (pf) => {
      await pf.options({ basePath: new URL("pagefind/", ROOT).pathname, baseUrl: "/" });
      await pf.init();
      await pf.filters(); /* counts come only once loaded */
      return pf;
    });
    engine.catch(() => { engine = null; });
  }
  return engine;
}

/* url -> true for each paper page holding the words. */
export async function matchingWords(words) {
  const found = await (await pagefind()).search(words);
  const allowed = Object.create(null);
  for (const [url, count] of Object.entries((found.filters || {}).paper || {})) {
    if (count > 0) allowed[url.replace(/^\//, "")] = true;
  }
  return allowed;
}

/* The facet controller's `matching` for a browse index: every paper when no words are given,
   else those Pagefind finds them in; an index built without words refuses them. */
export function wordsMatching(index) {
  return (words) => {
    if (!words) return null;
    if (!index.words) throw new Error("Word search is not available here: the words are ignored.");
    return matchingWords(words);
  };
}
