/* readinglist: Material's search worker, answered by Pagefind (the default engine; plugin
   setting `search_engine`). Material's search box talks to its worker in four messages
   (SETUP -> READY, QUERY -> RESULT); this worker speaks the same protocol, so the box, the
   result list, keyboard use and highlighting stay Material's own. Instead of downloading one
   index of every page and building it in the browser (seconds at thousands of papers),
   Pagefind fetches only the index chunks for the words typed and the few result pages shown.
   The plugin writes this file to assets/javascripts/workers/; the site root is three levels up. */
"use strict";

var SETUP = 0, READY = 1, QUERY = 2, RESULT = 3;
var SHOWN = 20;  /* results fetched and listed per query, best first */
var root = new URL("../../../", self.location.href);

/* Start loading Pagefind at once, before Material's SETUP message arrives. */
var engine = import(new URL("pagefind/pagefind.js", root).href).then(function (pagefind) {
  return pagefind.options({ basePath: new URL("pagefind/", root).pathname, baseUrl: "/" })
    .then(function () { return pagefind.init(); })
    .then(function () { return pagefind; });
});

function escapeHTML(text) {
  return String(text).replace(/[&<>"']/g, function (c) {
    return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
  });
}

/* Pagefind's excerpt is page text with <mark> around matches: keep only the marks. */
function excerpt(html) {
  var text = String(html).replace(/<\/?mark>/g, "\u0001");
  var div = text.replace(/<[^>]*>/g, "");
  return escapeHTML(div.replace(/&(amp|lt|gt|quot|#39);/g, function (_, e) {
    return { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" }[e];
  })).replace(/\u0001([^\u0001]*)\u0001/g, "<mark>$1</mark>");
}

/* Lunr's operators (word~1, word*, +word, -word) mean nothing to Pagefind: plain words. */
function words(query) {
  return query.split(/\s+/).map(function (word) {
    return word.replace(/~\d*$/, "").replace(/^[+-]/, "").replace(/\*/g, "");
  }).filter(Boolean);
}

/* Resolves to Material's result message data, or to null when a newer query came in
   meanwhile (the reader typed on): its pages are then not fetched at all. */
function search(query, current) {
  var terms = words(query);
  if (!terms.length) return Promise.resolve({ items: [] });
  return engine.then(function (pagefind) {
    return pagefind.search(terms.join(" "));
  }).then(function (found) {
    if (!current()) return null;
    return Promise.all(found.results.slice(0, SHOWN).map(function (result) {
      return result.data().then(function (page) {
        var matched = {};
        terms.forEach(function (term) { matched[term.toLowerCase()] = true; });
        return [{
          location: page.url.replace(/^\//, ""),
          title: escapeHTML(page.meta.title || page.url),
          text: "<p>" + excerpt(page.excerpt) + "</p>",
          score: result.score,
          terms: matched
        }];
      });
    }));
  }).then(function (items) { return items && { items: items }; });
}

var latest = 0;
addEventListener("message", function (event) {
  var message = event.data;
  if (message.type === SETUP) {
    engine.then(function () { postMessage({ type: READY }); });
  } else if (message.type === QUERY) {
    var ticket = ++latest;
    var current = function () { return ticket === latest; };
    search(message.data, current).then(function (data) {
      if (data && current()) postMessage({ type: RESULT, data: data });
    }, function (error) {
      console.warn("search failed:", error);
      if (ticket === latest) postMessage({ type: RESULT, data: { items: [] } });
    });
  }
});
