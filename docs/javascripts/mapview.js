/* readinglist: the map page's view, pure (no DOM): which square of the map (map/points.json,
   coordinates 0..size-1) is shown, how zooming and panning change it, and how it is written
   in the address (map/#view=X/Y/SPAN, beside the filters in the query). A view is {x, y,
   span}: the centre and the width of the square shown. Unit-tested under node --test
   (tests/js/mapview.test.js). */

export const ZOOM_STEP = 1.5; /* one +/- key or button */
export const PAN_STEP = 0.2; /* one arrow key, as a share of what is shown */
const CLOSEST = 64; /* the closest view shows 1/64 of the map's width */
const FAR = 1.1; /* the farthest shows the whole map and a margin */

export function whole(size) {
  return { x: size / 2, y: size / 2, span: size * FAR };
}

/* `view` kept inside the map: not closer than CLOSEST allows, not farther than the whole map,
   its centre on the map. */
export function clamp(view, size) {
  const span = Math.min(Math.max(view.span, size / CLOSEST), size * FAR);
  const inside = (value) => Math.min(Math.max(value, 0), size);
  return { x: inside(view.x), y: inside(view.y), span };
}

/* `view` kept inside the map and to a tenth of a map unit, as its address keeps it (at the
   closest view a tenth is 0.4 pixels of a 600-pixel map): a view read back from its address
   is the very view that was shown. */
export function settled(view, size) {
  const tenth = (value) => Math.round(value * 10) / 10;
  const kept = clamp(view, size);
  return clamp({ x: tenth(kept.x), y: tenth(kept.y), span: tenth(kept.span) }, size);
}

const VIEW_HASH = /^#view=(-?[\d.]+)\/(-?[\d.]+)\/([\d.]+)$/;

/* The address's fragment for `view` ("" for the whole map: map/ alone shows it). */
export function viewHash(view, size) {
  const all = whole(size);
  if (view.x === all.x && view.y === all.y && view.span === all.span) return "";
  return "#view=" + [view.x, view.y, view.span].join("/");
}

/* The view a fragment names (kept on the map), or null when it names none. */
export function viewOfHash(hash, size) {
  const found = VIEW_HASH.exec(hash);
  if (!found) return null;
  const [x, y, span] = found.slice(1).map(Number);
  if (![x, y, span].every(Number.isFinite) || span <= 0) return null;
  return settled({ x, y, span }, size);
}

/* Zoomed by `factor` (> 1: closer) keeping the map point (px, py) where it is on screen. */
export function zoomAt(view, factor, px, py, size) {
  const next = clamp({ ...view, span: view.span / factor }, size);
  const kept = next.span / view.span;
  return clamp({ x: px + (view.x - px) * kept, y: py + (view.y - py) * kept, span: next.span }, size);
}

/* Moved by (dx, dy) shares of the span shown (an arrow key, a drag). */
export function panBy(view, dx, dy, size) {
  return clamp({ ...view, x: view.x + dx * view.span, y: view.y + dy * view.span }, size);
}

/* A view centred on (px, py), `closer` times closer than the whole map. */
export function around(px, py, closer, size) {
  return clamp({ x: px, y: py, span: (size * FAR) / closer }, size);
}

/* The SVG viewBox of a view. */
export function viewBox(view) {
  const half = view.span / 2;
  return [view.x - half, view.y - half, view.span, view.span].map((n) => Math.round(n * 100) / 100).join(" ");
}

/* The map point under (clientX, clientY) in an element at `rect` showing `view` as a square
   (preserveAspectRatio xMidYMid meet: the square fits the smaller side, centred). */
export function pointAt(view, rect, clientX, clientY) {
  const side = Math.min(rect.width, rect.height) || 1;
  const scale = view.span / side;
  return {
    x: view.x + (clientX - rect.left - rect.width / 2) * scale,
    y: view.y + (clientY - rect.top - rect.height / 2) * scale,
  };
}

/* The view's change for a key, or null when the key is not the map's. */
export function keyed(view, key, size) {
  const steps = {
    "+": () => zoomAt(view, ZOOM_STEP, view.x, view.y, size),
    "=": () => zoomAt(view, ZOOM_STEP, view.x, view.y, size),
    "-": () => zoomAt(view, 1 / ZOOM_STEP, view.x, view.y, size),
    "_": () => zoomAt(view, 1 / ZOOM_STEP, view.x, view.y, size),
    "0": () => whole(size),
    ArrowLeft: () => panBy(view, -PAN_STEP, 0, size),
    ArrowRight: () => panBy(view, PAN_STEP, 0, size),
    ArrowUp: () => panBy(view, 0, -PAN_STEP, size),
    ArrowDown: () => panBy(view, 0, PAN_STEP, size),
  };
  return Object.prototype.hasOwnProperty.call(steps, key) ? steps[key]() : null;
}

/* Twenty colours told apart on a light and a dark page; topic n gets colour n mod 20. */
const COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
  "#7f7f7f", "#bcbd22", "#17becf", "#393b79", "#e7969c", "#637939", "#8ca252", "#b5cf6b",
  "#843c39", "#d6616b", "#7b4173", "#ce6dbd", "#de9ed6"];
export function colour(topic) {
  return topic >= 0 ? COLOURS[topic % COLOURS.length] : "#9e9e9e";
}
