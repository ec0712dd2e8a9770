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
var LOOKED = 100;  /* pages looked at, at most, for SHOWN real hits */
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

/* How well a page matches the query, judged on its own words, since Pagefind searches a word
   it does not know by its longest beginning that it does ("Farnik" finds "far"): 0 when every
   query word is in the page as a word (or the same word with another ending: network,
   networks), 1 when some only begin a longer word (flipatt: FlipAttack), 2 when some only
   share most of their beginning (a slip near the end: FlipAttacx), -1 for a page that holds
   some query word only as a short beginning: not a hit, and not listed. */
var ENDINGS = /(?:ations?|ings?|ies|ied|ers?|ed|es|s|y|e)$/;
function wordsOf(text) { return String(text).toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean); }
function stem(word) { var s = word.replace(ENDINGS, ""); return s.length >= 3 ? s : word; }
function commonPrefix(a, b) { var n = 0; while (n < a.length && a[n] === b[n]) n++; return n; }
function termMatch(term, pageWords) {
  var best = -1, root = stem(term), enough = Math.max(4, Math.ceil(term.length * 0.75));
  for (var i = 0; i < pageWords.length && best !== 0; i++) {
    var word = pageWords[i];
    if (word === term || stem(word) === root) best = 0;
    else if (word.startsWith(term)) best = best === -1 ? 1 : Math.min(best, 1);
    else if (best === -1 && commonPrefix(word, term) >= enough) best = 2;
  }
  return best;
}
function relevance(terms, page) {
  var pageWords = wordsOf((page.meta.title || "") + " " + page.content);
  var levels = terms.map(function (term) { return termMatch(term, pageWords); });
  return levels.indexOf(-1) >= 0 ? -1 : Math.max.apply(null, levels.concat(0));
}

/* Resolves to Material's result message data, or to null when a newer query came in
   meanwhile (the reader typed on): its pages are then not fetched at all. Pages are looked
   at SHOWN at a time, best first, until SHOWN real hits are found; the exact hits are listed
   first, each group in Pagefind's order. */
function search(query, current) {
  var terms = words(query);
  var wanted = wordsOf(terms.join(" "));
  if (!wanted.length) return Promise.resolve({ items: [] });
  return engine.then(function (pagefind) {
    return pagefind.search(terms.join(" "));
  }).then(function (found) {
    return hits(found.results, wanted, current, 0, []);
  }).then(function (kept) {
    if (!kept) return null;
    kept.sort(function (a, b) { return a.level - b.level || b.result.score - a.result.score; });
    return { items: kept.slice(0, SHOWN).map(function (hit) { return item(hit, wanted); }) };
  });
}

function hits(results, wanted, current, start, kept) {
  if (!current()) return Promise.resolve(null);
  var batch = results.slice(start, start + SHOWN);
  if (!batch.length || kept.length >= SHOWN || start >= LOOKED) return Promise.resolve(kept);
  return Promise.all(batch.map(function (result) {
    return result.data().then(function (page) {
      return { result: result, page: page, level: relevance(wanted, page) };
    });
  })).then(function (looked) {
    kept = kept.concat(looked.filter(function (hit) { return hit.level >= 0; }));
    return hits(results, wanted, current, start + SHOWN, kept);
  });
}

function item(hit, wanted) {
  var page = hit.page, matched = {};
  wanted.forEach(function (term) { matched[term] = true; });
  return [{
    location: page.url.replace(/^\//, ""),
    title: escapeHTML(page.meta.title || page.url),
    text: "<p>" + excerpt(page.excerpt) + "</p>",
    score: hit.result.score,
    terms: matched
  }];
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
