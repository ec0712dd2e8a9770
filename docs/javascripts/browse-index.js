/* readinglist: the facet index (browse/index.json), fetched once per visit and shared by
   browse/ and my-list/'s topic, kind and list facets; the entry module asks for it as soon as
   a reader heads for browse/, while instant navigation fetches the page. */
import { load } from "./facets.js";
import { ROOT } from "./site.js";

const INDEX = new URL("browse/index.json", ROOT).href;
let loaded = null;

export function loadIndex() {
  if (!loaded) {
    loaded = fetch(INDEX, { credentials: "same-origin" }).then((response) => {
      if (!response.ok) throw new Error(response.status + " " + INDEX);
      return response.json();
    }).then(load);
    loaded.catch(() => { loaded = null; }); /* a later visit asks again */
  }
  return loaded;
}
