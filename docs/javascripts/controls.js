/* readinglist: the controls of a page that filters and sorts papers (the controller,
   controller.js, draws them the same on browse/ and my-list/): the words box, the sort select
   and "Clear filters"; a fieldset of checkboxes per facet, each value with how many papers it
   would leave (a facet of many values, such as authors, with a box to find one); the year
   range; the note on what the address held that the page ignored. */
import { element } from "./site.js";

const VALUES_SHOWN = 12; /* values of a facet listed before "Show all" */
const TYPING_PAUSE = 300; /* a change per pause in typing, not per key */

/* Words, sort and "Clear filters"; `on` holds words(text), sort(value), clear(). */
export function controls(data, on) {
  const node = element("div", { class: "rl-browse__controls", role: "search",
    "aria-label": "Filter and sort" }); /* told apart from the site's search */
  const words = element("input", { type: "search", name: "words", autocomplete: "off" });
  const wordsLabel = element("label", { class: "rl-browse__words" },
    [element("span", {}, "Words"), words]);
  wordsLabel.hidden = data.words === false; /* browse/ on a site without Pagefind */
  const sort = element("select", { name: "sort" },
    data.sorts.map((name) => element("option", { value: name }, data.sortLabels[name])));
  const sortLabel = element("label", { class: "rl-browse__sort" }, [element("span", {}, "Sort"), sort]);
  const clear = element("button", { type: "button", class: "md-button rl-browse__clear",
    title: "Untick every filter and empty the words box (the sort stays)" }, "Clear filters");
  node.append(wordsLabel, sortLabel, clear);
  let typing = 0;
  words.addEventListener("input", () => {
    clearTimeout(typing);
    typing = setTimeout(() => on.words(words.value.trim()), TYPING_PAUSE);
  });
  sort.addEventListener("change", () => on.sort(sort.value));
  clear.addEventListener("click", () => {
    clearTimeout(typing);
    words.value = "";
    on.clear();
  });
  return { node, words, sort, clear };
}

/* The controls showing a state; the words box is left alone while it says the same words,
   so a reader's trailing space or cursor survives a redraw. */
export function show(parts, state) {
  if (parts.words.value.trim() !== state.words) parts.words.value = state.words;
  parts.sort.value = state.sort;
}

/* The facets' box, folded away on a phone, where it would push the results below the fold. */
export function folder(content) {
  const node = element("details", { class: "rl-browse__filters" },
    [element("summary", {}, "Filters"), content]);
  node.open = !window.matchMedia("(max-width: 59.9375em)").matches;
  return node;
}

/* A ticked or unticked box -> change(filters, focus): the state's filters with the value
   added to or taken from its facet. */
export function onTick(facets, currentState, change) {
  facets.addEventListener("change", (event) => {
    const box = event.target;
    if (box.type !== "checkbox") return;
    const name = box.getAttribute("data-facet"), value = box.value;
    const filters = JSON.parse(JSON.stringify(currentState().filters));
    const values = (filters[name] || []).filter((v) => v !== value);
    if (box.checked) values.push(value);
    if (values.length) filters[name] = values;
    else delete filters[name];
    change(filters, name + "\u0000" + value);
  });
}

/* Every facet that has a value to show, as a fieldset, the year range before the years;
   `view` holds expanded (facet -> every value listed), finding (facet -> the text its find
   box holds), focus (the control to focus again), expand(name, open) for "Show all",
   find(name, text) for a find box and range(from, to) for the year range. */
export function drawFacets(facets, data, state, tally, view) {
  facets.replaceChildren(...data.names.flatMap((name) => [
    name === "year" ? yearRange(data.facets.year, state, view) : null,
    facetGroup(data.facets[name], state.filters[name] || [], tally[name], view),
  ]).filter(Boolean));
  if (!view.focus) return;
  for (const control of facets.querySelectorAll("input, select")) {
    if (control.getAttribute("data-facet") + "\u0000" + control.value === view.focus
        || control.getAttribute("data-focus") === view.focus) control.focus();
  }
}

function facetGroup(facet, picked, counts, view) {
  const isPicked = (n) => picked.includes(facet.values[n]);
  const shown = facet.values.map((value, n) => n).filter((n) => counts[n] > 0 || isPicked(n));
  if (!shown.length) return null;
  const finding = (view.finding && view.finding[facet.name]) || "";
  const byCount = shown.slice().sort((a, b) => counts[b] - counts[a] || a - b);
  const many = shown.length > VALUES_SHOWN && !view.expanded[facet.name] && !finding;
  const found = finding ? shown.filter((n) => matches(facet.labels[n], finding) || isPicked(n)) : shown;
  const listed = many
    ? byCount.filter((n, rank) => rank < VALUES_SHOWN || isPicked(n)).sort((a, b) => a - b)
    : found;
  const list = element("ul", { class: "rl-facet__values" },
    listed.map((n) => valueItem(facet, n, counts[n], isPicked(n))));
  const big = shown.length > VALUES_SHOWN;
  return element("fieldset", { class: "rl-facet" }, [element("legend", {}, facet.label),
    big ? finder(facet, finding, view) : null, list,
    big && !finding ? expander(facet.name, shown.length, view) : null]);
}

const folded = (text) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
function matches(label, text) {
  return folded(label).includes(folded(text));
}

/* A box that narrows a long facet's values to those whose name holds its text. */
function finder(facet, text, view) {
  const input = element("input", { type: "search", class: "rl-facet__find", autocomplete: "off",
    "data-focus": "find\u0000" + facet.name, "aria-label": "Find a value of " + facet.label,
    placeholder: "Find " + facet.label.toLowerCase() });
  input.value = text;
  input.addEventListener("input", () => view.find(facet.name, input.value));
  return input;
}

/* From and To, each a select of the years the papers have ("any" for no bound). */
function yearRange(facet, state, view) {
  if (!facet || facet.labels.length < 2) return null;
  const years = facet.labels.filter((label) => /^\d{1,4}$/.test(label));
  const bound = (end, label) => {
    const select = element("select", { name: end, "data-focus": "range\u0000" + end },
      [element("option", { value: "" }, "any"),
        ...years.map((year) => element("option", { value: year }, year))]);
    select.value = state[end] || "";
    select.addEventListener("change", () => view.range(end, select.value));
    return element("label", { class: "rl-range__bound" }, [element("span", {}, label), select]);
  };
  return element("fieldset", { class: "rl-facet rl-range" }, [element("legend", {}, "Years"),
    bound("from", "From"), bound("to", "To")]);
}

function valueItem(facet, n, count, checked) {
  const box = element("input", { type: "checkbox", "data-facet": facet.name });
  box.value = facet.values[n];
  box.checked = checked;
  return element("li", {}, [element("label", {}, [box,
    element("span", { class: "rl-facet__name" }, facet.labels[n]),
    element("span", { class: "rl-facet__count" }, String(count))])]);
}

function expander(name, total, view) {
  const open = !!view.expanded[name];
  const button = element("button", { type: "button", class: "rl-facet__all",
    "aria-expanded": String(open), "data-expander": name }, open ? "Show fewer" : "Show all " + total);
  button.addEventListener("click", () => view.expand(name, !open));
  return button;
}

/* The note on what the address held that the page ignored, and why words may not work. */
export function note(node, unknown, extra) {
  const parts = [];
  if (unknown.length) parts.push("Ignored in the address (not on this site): " + unknown.join(", ") + ".");
  if (extra) parts.push(extra);
  node.textContent = parts.join(" ");
  node.hidden = !parts.length;
}
