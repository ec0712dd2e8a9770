/* readinglist: Back and Forward, seen before the theme sees them. A classic script, placed
   before Material's bundle (overrides/main.html), because a listener Material registers first
   runs first, and modules run only after the bundle. It asks the page (an event the entry
   module, readinglist.js, answers) whether its own controller redraws the state the address
   holds; if so, Material's instant navigation never sees the event and does not fetch the
   page again. No state of its own, nothing shared through window. */
window.addEventListener("popstate", function (event) {
  "use strict";
  var asked = new CustomEvent("readinglist:history", { cancelable: true });
  if (!document.dispatchEvent(asked)) event.stopImmediatePropagation();
}, true);
