// The map's view (docs/javascripts/mapview.js): zooming keeps the spot under the pointer,
// panning moves by a share of what is shown, the view stays on the map, keys map to steps, and
// a view read back from its address is the view that was written.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  around, clamp, colour, keyed, panBy, pointAt, settled, viewBox, viewHash, viewOfHash, whole, zoomAt,
} from "../../docs/javascripts/mapview.js";

const SIZE = 10000;

test("the whole map is shown with a margin", () => {
  assert.deepEqual(whole(SIZE), { x: 5000, y: 5000, span: 11000 });
  assert.equal(viewBox(whole(SIZE)), "-500 -500 11000 11000");
});

test("zooming keeps the map point under the pointer where it is", () => {
  const view = whole(SIZE), spot = { x: 2000, y: 7000 };
  const closer = zoomAt(view, 2, spot.x, spot.y, SIZE);
  assert.equal(closer.span, 5500);
  const share = (v) => [(spot.x - v.x) / v.span, (spot.y - v.y) / v.span];
  assert.deepEqual(share(closer).map((n) => n.toFixed(6)), share(view).map((n) => n.toFixed(6)));
});

test("the view stays on the map: not closer than 1/64, not farther than the whole", () => {
  let view = whole(SIZE);
  for (let n = 0; n < 40; n += 1) view = zoomAt(view, 2, 9999, 9999, SIZE);
  assert.equal(view.span, SIZE / 64);
  assert.deepEqual(zoomAt(whole(SIZE), 0.1, 0, 0, SIZE).span, 11000);
  assert.deepEqual(clamp({ x: -50, y: 20000, span: 100 }, SIZE), { x: 0, y: SIZE, span: SIZE / 64 });
});

test("panning moves by a share of what is shown", () => {
  const view = around(5000, 5000, 10, SIZE);
  assert.deepEqual(panBy(view, 0.2, -0.5, SIZE), { x: 5220, y: 4450, span: 1100 });
});

test("keys: + = - _ zoom, 0 shows the whole map, arrows move, others are not the map's", () => {
  const view = around(5000, 5000, 4, SIZE);
  assert.ok(keyed(view, "+", SIZE).span < view.span);
  assert.deepEqual(keyed(view, "=", SIZE), keyed(view, "+", SIZE));
  assert.ok(keyed(view, "-", SIZE).span > view.span);
  assert.deepEqual(keyed(view, "0", SIZE), whole(SIZE));
  assert.ok(keyed(view, "ArrowLeft", SIZE).x < view.x);
  assert.ok(keyed(view, "ArrowDown", SIZE).y > view.y);
  assert.equal(keyed(view, "a", SIZE), null);
  assert.equal(keyed(view, "constructor", SIZE), null);
});

test("a pointer's spot on a square view fitted in a wide box", () => {
  const rect = { left: 100, top: 0, width: 400, height: 200 };
  const view = { x: 5000, y: 5000, span: 1000 };
  assert.deepEqual(pointAt(view, rect, 300, 100), { x: 5000, y: 5000 });
  assert.deepEqual(pointAt(view, rect, 400, 200), { x: 5500, y: 5500 });
});

test("topics get colours, a paper of no topic grey", () => {
  assert.equal(colour(0), colour(20));
  assert.notEqual(colour(0), colour(1));
  assert.equal(colour(-1), "#9e9e9e");
});

test("a view read back from its address is the same view", () => {
  let view = whole(SIZE);
  for (const factor of [1.5, 1.5, 1.37]) view = settled(zoomAt(view, factor, 2345.678, 7012.34, SIZE), SIZE);
  view = settled(panBy(view, 0.123, -0.0456, SIZE), SIZE);
  const hash = viewHash(view, SIZE);
  assert.match(hash, /^#view=[\d.]+\/[\d.]+\/[\d.]+$/);
  assert.deepEqual(viewOfHash(hash, SIZE), view);
  assert.equal(viewBox(viewOfHash(hash, SIZE)), viewBox(view));
  const closest = settled({ x: 1, y: 1, span: 1 }, SIZE);
  assert.deepEqual(viewOfHash(viewHash(closest, SIZE), SIZE), closest);
});

test("the whole map needs no fragment; a fragment naming no view is none", () => {
  assert.equal(viewHash(whole(SIZE), SIZE), "");
  for (const hash of ["", "#3fa2c1d9e0ab", "#view=1/2", "#view=a/b/c", "#view=1/2/0", "#view=1/2/3/4"]) {
    assert.equal(viewOfHash(hash, SIZE), null, hash);
  }
  assert.deepEqual(viewOfHash("#view=-5/20000/3", SIZE), { x: 0, y: SIZE, span: 156.3 });
});
