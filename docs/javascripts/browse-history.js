/* readinglist: Back and Forward within the browse page, loaded in its <head> so that it
   listens before Material's instant navigation does. Material would fetch the page again on
   the first Back after a full load and replace it, losing the reader's place; when only the
   query changed, browse.js (window.readinglistBrowseBack) redraws the page instead and
   Material never sees the event. */
window.addEventListener("popstate", function (event) {
  "use strict";
  var back = window.readinglistBrowseBack;
  if (back && back()) event.stopImmediatePropagation();
}, true);
