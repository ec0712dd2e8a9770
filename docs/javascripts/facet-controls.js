/* readinglist: the controls of a page that filters and sorts papers with facets.js, drawn the
   same on browse/ and my-list/ (window.readinglistFacetControls): the words box, the sort
   select and "Clear all"; a fieldset of checkboxes per facet, each value with how many papers
   it would leave; the reader's changes as history entries, so Back undoes them. Built with
   createElement and textContent: names and titles never become markup. */
(function () {
  "use strict";
  var VALUES_SHOWN = 12; /* values of a facet listed before "Show all" */
  var TYPING_PAUSE = 300; /* a change per pause in typing, not per key */

  function element(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      node.setAttribute(name, attributes[name]);
    });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /* Words, sort and "Clear all"; `on` holds words(text), sort(value), clear(). */
  function controls(data, on) {
    var node = element("div", { class: "rl-browse__controls", role: "search",
      "aria-label": "Filter and sort" });  /* told apart from the site's search */
    var wordsLabel = element("label", { class: "rl-browse__words" });
    wordsLabel.hidden = data.words === false;  /* browse/ on a site without Pagefind */
    var words = element("input", { type: "search", name: "words", autocomplete: "off" });
    wordsLabel.append(element("span", {}, "Words"), words);
    var sortLabel = element("label", { class: "rl-browse__sort" });
    var sort = element("select", { name: "sort" });
    data.sorts.forEach(function (name) {
      sort.append(element("option", { value: name }, data.sortLabels[name]));
    });
    sortLabel.append(element("span", {}, "Sort"), sort);
    var clear = element("button", { type: "button", class: "md-button rl-browse__clear" },
      "Clear all");
    node.append(wordsLabel, sortLabel, clear);
    var typing = 0;
    words.addEventListener("input", function () {
      clearTimeout(typing);
      typing = setTimeout(function () { on.words(words.value.trim()); }, TYPING_PAUSE);
    });
    sort.addEventListener("change", function () { on.sort(sort.value); });
    clear.addEventListener("click", function () {
      clearTimeout(typing);
      words.value = "";
      on.clear();
    });
    return { node: node, words: words, sort: sort, clear: clear };
  }

  /* The controls showing a state; the words box is left alone while it says the same words,
     so a reader's trailing space or cursor survives a redraw. */
  function show(parts, state) {
    if (parts.words.value.trim() !== state.words) parts.words.value = state.words;
    parts.sort.value = state.sort;
  }

  /* The facets' box, folded away on a phone, where it would push the results below the fold. */
  function folder(facets) {
    var node = element("details", { class: "rl-browse__filters" });
    node.open = !window.matchMedia("(max-width: 59.9375em)").matches;
    node.append(element("summary", {}, "Filters"), facets);
    return node;
  }

  /* A ticked or unticked box -> change(filters, focus): the state's filters with the value
     added to or taken from its facet. */
  function onTick(facets, currentState, change) {
    facets.addEventListener("change", function (event) {
      var box = event.target;
      if (box.type !== "checkbox") return;
      var name = box.getAttribute("data-facet"), value = box.value;
      var filters = JSON.parse(JSON.stringify(currentState().filters));
      var values = (filters[name] || []).filter(function (v) { return v !== value; });
      if (box.checked) values.push(value);
      if (values.length) filters[name] = values; else delete filters[name];
      change(filters, name + "\u0000" + value);
    });
  }

  /* Every facet that has a value to show, as a fieldset; `view` holds expanded (facet ->
     every value listed), focus (the box to focus again) and expand(name) for "Show all". */
  function drawFacets(facets, data, state, tally, view) {
    facets.textContent = "";
    data.names.forEach(function (name) {
      var group = facetGroup(data.facets[name], state.filters[name] || [], tally[name], view);
      if (group) facets.append(group);
    });
    if (!view.focus) return;
    var boxes = facets.querySelectorAll("input[type=checkbox]");
    for (var i = 0; i < boxes.length; i++) {
      if (boxes[i].getAttribute("data-facet") + "\u0000" + boxes[i].value === view.focus) boxes[i].focus();
    }
  }

  function facetGroup(facet, picked, counts, view) {
    var shown = facet.values.map(function (value, n) { return n; }).filter(function (n) {
      return counts[n] > 0 || picked.indexOf(facet.values[n]) >= 0;
    });
    if (!shown.length) return null;
    var group = element("fieldset", { class: "rl-facet" });
    group.append(element("legend", {}, facet.label));
    var byCount = shown.slice().sort(function (a, b) { return counts[b] - counts[a] || a - b; });
    var many = shown.length > VALUES_SHOWN && !view.expanded[facet.name];
    var listed = many ? byCount.filter(function (n, rank) {
      return rank < VALUES_SHOWN || picked.indexOf(facet.values[n]) >= 0;
    }).sort(function (a, b) { return a - b; }) : shown;
    var list = element("ul", { class: "rl-facet__values" });
    listed.forEach(function (n) {
      list.append(valueItem(facet, n, counts[n], picked.indexOf(facet.values[n]) >= 0));
    });
    group.append(list);
    if (shown.length > VALUES_SHOWN) group.append(expander(facet.name, shown.length, view));
    return group;
  }

  function valueItem(facet, n, count, checked) {
    var item = element("li"), label = element("label");
    var box = element("input", { type: "checkbox", "data-facet": facet.name });
    box.value = facet.values[n];
    box.checked = checked;
    label.append(box, element("span", { class: "rl-facet__name" }, facet.labels[n]),
      element("span", { class: "rl-facet__count" }, String(count)));
    item.append(label);
    return item;
  }

  function expander(name, total, view) {
    var open = !!view.expanded[name];
    var button = element("button", { type: "button", class: "rl-facet__all",
      "aria-expanded": String(open), "data-expander": name }, open ? "Show fewer" : "Show all " + total);
    button.addEventListener("click", function () { view.expand(name, !open); });
    return button;
  }

  /* The note on what the address held that the page ignored, and why words may not work. */
  function note(node, unknown, extra) {
    var parts = [];
    if (unknown.length) parts.push("Ignored in the address (not on this site): " + unknown.join(", ") + ".");
    if (extra) parts.push(extra);
    node.textContent = parts.join(" ");
    node.hidden = !parts.length;
  }

  /* A reader's change as a new history entry, so Back undoes it; at `path` if given (browse/
     from any of its later pages). */
  function remember(query, path) {
    history.pushState(history.state, "", (path || location.pathname) + query + location.hash);
  }

  window.readinglistFacetControls = {
    element: element, controls: controls, show: show, folder: folder, onTick: onTick,
    drawFacets: drawFacets, note: note, remember: remember
  };
})();
