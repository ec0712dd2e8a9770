/* readinglist: two additions to the theme's search, which needs JavaScript anyway.
   1. The search dialog gets an accessible name (Material leaves role="dialog" unnamed).
   2. When a search finds nothing, offer the same words with one typo allowed (Material's own
      engine only, `search_engine: material`: Pagefind, the default, has no such operator). The search (lunr)
      matches whole words and prefixes exactly, so "FlipAtack" finds nothing while
      "FlipAtack~1" (one edit allowed) finds FlipAttack. The hint is a button that runs
      that search; nothing else of the theme's search is touched. */
(function () {
  "use strict";
  var dialog = document.querySelector(".md-search[role=dialog]");
  if (dialog && !dialog.hasAttribute("aria-label")) dialog.setAttribute("aria-label", "Search");

  /* With Pagefind (the default) the worker is ours and has no "~1" operator: no hint. */
  var config = document.getElementById("__config");
  if (config && /readinglist-pagefind\.js/.test(config.textContent)) return;

  var meta = document.querySelector(".md-search-result__meta");
  var input = document.querySelector("input[data-md-component=search-query]");
  if (!meta || !input) return;

  /* Words of 4+ letters get "~1"; shorter words would match too much. */
  function tolerant(query) {
    return query.trim().split(/\s+/).map(function (word) {
      return /^[^~*^:+-]{4,}$/.test(word) ? word + "~1" : word;
    }).join(" ");
  }

  function nothingFound() {
    return meta.querySelectorAll(".rl-search-hint").length === 0 &&
      /^no matching/i.test(meta.textContent.trim());
  }

  function showHint() {
    var query = input.value, fuzzy = tolerant(query);
    if (!nothingFound() || !query.trim() || fuzzy === query.trim()) return;
    var hint = document.createElement("span");
    hint.className = "rl-search-hint";
    hint.append(" · allow one typo: ");
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = fuzzy;
    button.addEventListener("click", function () {
      input.value = fuzzy;
      input.focus();
      input.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
    });
    hint.append(button);
    meta.append(hint);
  }

  new MutationObserver(showHint).observe(meta, { childList: true, characterData: true, subtree: true });
})();
