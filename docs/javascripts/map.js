/* readinglist: the map page (map/). Every paper a point, placed at build time by the
   similarity of its text and coloured by its first topic (map/points.json: coordinates and
   topics in the facet index's order), drawn as soon as that small file arrives; the facet index
   browse/ loads (browse-index.js, eight times heavier) then makes each point a link, with its
   paper's title and address, and the legend its topics' names. The summaries (browse/summaries.json, over a third of what the
   index weighs) are fetched only when a reader first points at or into the map. Each point is an SVG link to its paper, in the curator's order for
   the Tab key; hovering or focusing one shows its title and summary below the map. The browse
   filters (words and facets, drawn by the one facet controller, controller.js, the view in
   the address as on browse/) light up their papers and dim the rest. Zoom and pan with the
   wheel, a drag, two fingers, the buttons or the keys + - 0 and the arrows (mapview.js holds
   the arithmetic). map/#ID opens the map close on paper ID, focused. Elements are made with
   site.js's `element`: titles never become markup. */
import { loadIndex, loadIndexWithSummaries } from "./browse-index.js";
import { FacetController } from "./controller.js";
import {
  ZOOM_STEP, around, colour, keyed, panBy, pointAt, settled, viewBox, viewHash, viewOfHash, whole, zoomAt,
} from "./mapview.js";
import { ROOT, button, element, fetchJson, plural } from "./site.js";
import { wordsMatching } from "./words.js";

const SVG = "http://www.w3.org/2000/svg";
const POINTS = new URL("map/points.json", ROOT).href;
export const MAP_PATH = new URL("map/", ROOT).pathname;
const RADIUS = 5; /* a point's radius on screen, in CSS pixels, at any zoom */
const DRAGGED = 4; /* pixels a pointer moves before a press is a drag, not a click */
const CLOSE = 8; /* map/#ID shows the paper 8 times closer than the whole map */
const CHUNK = 200; /* points put on the map in one task */
const FIRST = "readinglist:map-first-points"; /* marks for bench/lighthouse.py */
const PAINTED = "readinglist:map-painted";
const SETTLE = 250; /* ms without a change before the view is written in the address */

function svg(tag, attributes = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/* [start, end) of each CHUNK of `count` points, with a painted frame and a new task between
   two (why: drawPoints). */
async function* chunks(count) {
  for (let start = 0; start < count; start += CHUNK) {
    if (start) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    yield [start, Math.min(start + CHUNK, count)];
  }
}

const STALE = "the points are not the index's: reload the page";

/* The map itself: the points, the view, the legend and the box that tells of one paper. It is
   drawn from the points alone; `join` the index makes the points links. */
class PaperMap {
  constructor(points) {
    const { count, size, x, y, topic } = points;
    if (!(size > 0) || ![x, y, topic].every((column) => Array.isArray(column) && column.length === count)) {
      throw new Error(STALE);
    }
    this.points = points;
    this.size = points.size;
    this.view = whole(this.size);
    this.index = null; /* the facet index, once joined */
    this.summaries = null; /* the promise of the summaries, once asked for */
    this.build();
  }

  /* The facet index: the legend names the topics, the points still to come are made links and
     those made so far become links (the promise: once they all are). */
  join(index) {
    if (index.papers.length !== this.points.count) throw new Error(STALE);
    this.index = index;
    this.legendBox.replaceChildren(...this.legend());
    return this.linkMade();
  }

  /* The points made so far made links, CHUNK a task as they were drawn. */
  async linkMade() {
    for await (const [start, end] of chunks(this.links.length)) {
      if (!this.svg.isConnected) return;
      for (let n = start; n < end; n++) this.link(this.links[n], n);
    }
  }

  build() {
    this.count = element("p", { class: "rl-map__count", "aria-live": "polite" });
    this.svg = svg("svg", { class: "rl-map__svg", viewBox: viewBox(this.view), tabindex: "0",
      role: "group", preserveAspectRatio: "xMidYMid meet",
      "aria-label": "Map of " + plural(this.points.count, "paper") + ": + and - zoom, the arrows move" });
    this.links = []; /* the points made so far (drawPoints), in the curator's order */
    this.count.textContent = plural(this.points.count, "paper") + " on the map";
    this.lit = null; /* the filters' papers (ids), when filters are set */
    this.info = element("div", { class: "rl-map__info", "aria-live": "polite" },
      [element("p", {}, "Hover over or focus a point to read its paper's title; open it to read the paper.")]);
    const tools = element("div", { class: "rl-map__tools" }, [
      button("+", () => this.show(zoomAt(this.view, ZOOM_STEP, this.view.x, this.view.y, this.size)),
        { class: "md-button", "aria-label": "Zoom in" }),
      button("−", () => this.show(zoomAt(this.view, 1 / ZOOM_STEP, this.view.x, this.view.y, this.size)),
        { class: "md-button", "aria-label": "Zoom out" }),
      button("Whole map", () => this.show(whole(this.size)), { class: "md-button" }),
    ]);
    this.legendBox = element("div", { class: "rl-map__legend" });
    this.main = element("div", { class: "rl-map__main" },
      [this.count, tools, element("div", { class: "rl-map__frame" }, [this.svg]), this.info, this.legendBox]);
    this.listen();
  }

  /* The points made and put on the map CHUNK at a time, a task each: thousands of links made,
     styled and laid out in one task would hold the page (a phone's tap, its scrolling) for a
     second; each chunk is painted before the next is made. Once the index is here, each comes
     a link, lit or dimmed as the filters stand. */
  async drawPoints() {
    const { count, x, y, topic } = this.points;
    for await (const [start, end] of chunks(count)) {
      if (start === CHUNK) performance.mark(FIRST);
      if (!this.svg.isConnected) return;
      const made = [];
      for (let n = start; n < end; n++) {
        /* an <a> without href until the index names its paper: not a link, not in the Tab order */
        const point = svg("a", { class: "rl-map__point" });
        point.append(svg("circle", { cx: x[n], cy: y[n], fill: colour(topic[n]) }));
        if (this.index) this.link(point, n);
        made.push(point);
      }
      this.links.push(...made);
      this.svg.append(...made);
    }
  }

  /* The n-th point made the link to the index's n-th paper. */
  link(point, n) {
    const paper = this.index.papers[n];
    point.setAttribute("href", new URL(paper.url, ROOT).href);
    point.setAttribute("data-id", paper.id);
    point.setAttribute("aria-label", paper.title);
    point.rlPaper = paper;
    this.light(point);
  }

  /* Each topic on the map with its colour and how many papers it colours. */
  legend() {
    const counts = new Map();
    for (const topic of this.points.topic) counts.set(topic, (counts.get(topic) || 0) + 1);
    const labels = this.index.facets.topic.labels;
    const items = [...counts.keys()].sort((a, b) => a - b).map((topic) => {
      const swatch = svg("svg", { width: "12", height: "12", viewBox: "0 0 12 12", "aria-hidden": "true" });
      swatch.append(svg("circle", { cx: "6", cy: "6", r: "6", fill: colour(topic) }));
      return element("li", {}, [swatch, " " + (topic >= 0 ? labels[topic] : "No topic") + " (" + counts.get(topic) + ")"]);
    });
    return [element("h2", {}, "Colours: each paper's first topic"), element("ul", {}, items)];
  }

  /* The view drawn (points keep their size on screen), and written in the address once it
     settles; `remember: false` when the view comes from the address. */
  show(view, { remember = true } = {}) {
    this.view = settled(view, this.size);
    this.svg.setAttribute("viewBox", viewBox(this.view));
    const side = Math.min(this.svg.clientWidth, this.svg.clientHeight) || 600;
    this.svg.style.setProperty("--rl-map-r", (RADIUS * this.view.span) / side + "px");
    clearTimeout(this.settling);
    if (remember) this.settling = setTimeout(() => this.remember(), SETTLE);
  }

  /* The view in the address's fragment, replacing the entry's (the query, the filters', is
     kept); at once before a point is opened, so Back returns to this view. */
  remember() {
    clearTimeout(this.settling);
    if (!this.svg.isConnected || location.pathname !== MAP_PATH) return;
    const hash = viewHash(this.view, this.size);
    if (hash === location.hash) return; /* location.hash is "" without one, as viewHash's whole map */
    history.replaceState(history.state, "", location.pathname + location.search + hash);
  }

  /* The view the address names: map/#view=... as it says, map/#ID close on paper ID (focused),
     else the whole map. */
  fromAddress() {
    const view = viewOfHash(location.hash, this.size);
    if (view) this.show(view, { remember: false });
    else if (!this.focusHash()) this.show(whole(this.size), { remember: false });
  }

  /* The filters' papers lit, the others dimmed and left out of the Tab order. */
  highlight(matching, state) {
    const filtered = !!(state.words || state.from || state.to || Object.keys(state.filters).length);
    const ids = new Set(matching.map((paper) => paper.id));
    this.lit = filtered ? ids : null;
    for (const link of this.links) this.light(link);
    const total = plural(this.points.count, "paper");
    this.count.textContent = filtered ? ids.size + " of " + total + " match the filters" : total + " on the map";
  }

  /* One point lit or dimmed (and out of the Tab order) as the filters stand; a point not yet
     a link waits for `link`. */
  light(link) {
    if (!link.rlPaper) return;
    const out = !!this.lit && !this.lit.has(link.rlPaper.id);
    link.classList.toggle("rl-map__point--out", out);
    link.classList.toggle("rl-map__point--in", !!this.lit && !out);
    if (out) link.setAttribute("tabindex", "-1");
    else link.removeAttribute("tabindex");
  }

  /* The summaries, asked for once: when a reader first points at or into the map. */
  summarise() {
    if (!this.summaries) {
      this.summaries = loadIndexWithSummaries();
      this.summaries.catch(() => { this.summaries = null; }); /* the next look asks again */
    }
    return this.summaries;
  }

  /* The box under the map tells of `link`'s paper: its title at once, its summary as soon as
     the summaries are here (if the box still tells of it then). */
  tell(link) {
    if (!this.summaries) this.summarise().then(() => {
      if (link.classList.contains("rl-map__point--shown")) this.tell(link);
    }, () => {});
    const paper = link.rlPaper;
    for (const other of this.svg.querySelectorAll(".rl-map__point--shown")) other.classList.remove("rl-map__point--shown");
    link.classList.add("rl-map__point--shown");
    const topic = paper.topic.length ? paper.topic[0] : -1;
    this.info.replaceChildren(
      element("p", { class: "rl-map__title" }, [element("a", { href: link.getAttribute("href") }, paper.title)]),
      paper.summary ? element("p", { class: "rl-map__summary" }, paper.summary) : null,
      topic >= 0 ? element("p", { class: "rl-map__topic" }, this.index.facets.topic.labels[topic]) : null,
    );
  }

  /* map/#ID: close on the paper, focused. */
  focusHash() {
    const id = decodeURIComponent(location.hash.slice(1));
    const link = id && this.links.find((candidate) => candidate.rlPaper && candidate.rlPaper.id === id);
    if (!link) return false;
    const circle = link.firstChild;
    this.show(around(Number(circle.getAttribute("cx")), Number(circle.getAttribute("cy")), CLOSE, this.size),
      { remember: false });
    link.focus({ preventScroll: true });
    this.tell(link);
    this.main.scrollIntoView({ block: "nearest" });
    return true;
  }

  listen() {
    const shown = (event) => {
      const link = event.target.closest && event.target.closest(".rl-map__point");
      if (link && link.rlPaper) this.tell(link);
    };
    this.svg.addEventListener("focusin", shown);
    this.svg.addEventListener("pointerover", shown);
    this.svg.addEventListener("pointerenter", () => this.summarise().catch(() => {}), { once: true });
    this.svg.addEventListener("keydown", (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const next = keyed(this.view, event.key, this.size);
      if (!next) return;
      event.preventDefault();
      this.show(next);
    });
    this.svg.addEventListener("wheel", (event) => {
      event.preventDefault();
      const at = pointAt(this.view, this.svg.getBoundingClientRect(), event.clientX, event.clientY);
      this.show(zoomAt(this.view, Math.exp(-event.deltaY * 0.002), at.x, at.y, this.size));
    }, { passive: false });
    this.dragging();
    const hashChanged = () => {
      if (this.svg.isConnected) this.fromAddress();
      else window.removeEventListener("hashchange", hashChanged);
    };
    window.addEventListener("hashchange", hashChanged);
  }

  /* Drag to pan (a mouse or one finger), pinch to zoom (two fingers); a press that moved is
     not a click, so a drag that starts on a point does not open its paper. */
  dragging() {
    const pointers = new Map();
    let moved = false, last = null;
    const spread = () => {
      const [a, b] = [...pointers.values()];
      return { d: Math.hypot(a.x - b.x, a.y - b.y) || 1, x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    };
    this.svg.addEventListener("pointerdown", (event) => {
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY, x0: event.clientX, y0: event.clientY });
      if (pointers.size === 1) moved = false;
      last = pointers.size === 2 ? spread() : null;
    });
    this.svg.addEventListener("pointermove", (event) => {
      const pointer = pointers.get(event.pointerId);
      if (!pointer) return;
      const dx = event.clientX - pointer.x, dy = event.clientY - pointer.y;
      pointer.x = event.clientX;
      pointer.y = event.clientY;
      if (!moved && Math.hypot(pointer.x - pointer.x0, pointer.y - pointer.y0) < DRAGGED) return;
      if (!moved) this.svg.setPointerCapture(event.pointerId);
      moved = true;
      const rect = this.svg.getBoundingClientRect(), side = Math.min(rect.width, rect.height) || 1;
      if (pointers.size === 2) {
        const now = spread(), at = pointAt(this.view, rect, now.x, now.y);
        this.show(zoomAt(this.view, now.d / last.d, at.x, at.y, this.size));
        last = now;
      } else if (pointers.size === 1) {
        this.show(panBy(this.view, -dx / side, -dy / side, this.size));
      }
    });
    const up = (event) => {
      pointers.delete(event.pointerId);
      last = pointers.size === 2 ? spread() : null;
    };
    this.svg.addEventListener("pointerup", up);
    this.svg.addEventListener("pointercancel", up);
    this.svg.addEventListener("click", (event) => {
      if (moved) {
        event.preventDefault();
        event.stopPropagation();
        moved = false;
      } else {
        this.remember();
      }
    }, true);
  }

  /* The facet controller's source: the map highlights what browse/ would list. */
  source() {
    return {
      data: () => this.index, main: this.main, cacheWords: true,
      matching: wordsMatching(this.index),
      draw: (matching, data, state) => this.highlight(matching, state),
    };
  }
}

/* map/'s controller on `container`; the note for readers without JavaScript, inside it, stays
   until the points are drawn in its place, and says what failed if the map cannot be. The
   points come first (map/points.json), the filters and the links with the facet index. */
export async function start(container) {
  try {
    const indexed = loadIndex();
    indexed.catch(() => {}); /* awaited below, once the points are drawn */
    const map = new PaperMap(await fetchJson(POINTS));
    if (!container.isConnected) return null;
    container.replaceChildren(map.main);
    map.fromAddress(); /* the view first: the points are styled once, for it */
    const drawn = map.drawPoints();
    const index = await indexed;
    if (!container.isConnected) return null;
    const joined = map.join(index);
    const focused = map.main.contains(document.activeElement) ? document.activeElement : null;
    const controller = new FacetController(container, map.source(), { pushPath: MAP_PATH });
    if (focused && document.activeElement !== focused) focused.focus({ preventScroll: true }); /* moved beside the filters */
    await controller.render(controller.state);
    Promise.all([drawn, joined]).then(() => {
      if (!map.svg.contains(document.activeElement)) map.focusHash(); /* map/#ID: now it can take focus */
      requestAnimationFrame(() => performance.mark(PAINTED)); /* every point a link (bench/lighthouse.py) */
    });
    return {
      /* Back and Forward within map/: the filters the query holds, the view the fragment does. */
      back() {
        if (!controller.back()) return false;
        map.fromAddress();
        return true;
      },
    };
  } catch (error) {
    container.textContent = "The map could not be drawn (" + error.message + ").";
    return null;
  }
}
