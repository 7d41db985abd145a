// The pure geometry of a place map: which projection shows the highlighted places, how it is fitted
// to the map's box, and where labels go so that none covers another.
import { geoBounds, geoConicConformal, geoNaturalEarth1, type GeoProjection } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { World } from './world';

/** The most regions and markers one map shows. */
export const MAP_MAX_REGIONS = 12;
export const MAP_MAX_MARKERS = 8;
/** How far the idle push-in zooms at most. */
export const MAP_MAX_PUSH = 1.08;

/** A point on the map: longitude and latitude in degrees. */
export interface LonLat {
  lon: number;
  lat: number;
}

/**
 * How a map is projected: `world` (Natural Earth, the whole globe or most of it), `wide` (Natural
 * Earth turned to the places: a continent, a long route) or `close` (conformal conic: a country or
 * a few neighbours, shapes true).
 */
export type MapScale = 'world' | 'wide' | 'close';

/** A fitted view: rebuilt at any push-in with {@link projectionAt}. */
export interface MapView {
  scale: MapScale;
  rotate: [number, number];
  parallels: [number, number];
  /** The projection's scale and translation at no push-in. */
  k: number;
  translate: [number, number];
  /** The point the push-in closes in on: the places' centre, in px. */
  focus: [number, number];
  width: number;
  height: number;
}

/** The smallest stretch of the globe a view shows, in degrees of latitude, so a small country keeps its neighbours. */
const MIN_SPAN = 6;

/** The features a view is fitted to: the regions' mainlands and the markers. */
export function focusOf(world: World, regions: string[], markers: LonLat[]): Feature[] {
  const out: Feature[] = regions.flatMap((code) => {
    const country = world.byCode.get(code);
    return country ? [country.main] : [];
  });
  if (markers.length > 0) out.push({ type: 'Feature', properties: {}, geometry: { type: 'MultiPoint', coordinates: markers.map((m) => [m.lon, m.lat]) } });
  return out;
}

interface Extent {
  west: number;
  east: number;
  south: number;
  north: number;
  /** Longitude span, across the antimeridian when the places straddle it. */
  lonSpan: number;
  centerLon: number;
  centerLat: number;
}

function extentOf(focus: Feature[]): Extent | undefined {
  if (focus.length === 0) return undefined;
  const [[west, south], [east, north]] = geoBounds({ type: 'FeatureCollection', features: focus } as FeatureCollection);
  if (![west, south, east, north].every(Number.isFinite)) return undefined;
  const lonSpan = east >= west ? east - west : east + 360 - west;
  const centerLon = ((west + lonSpan / 2 + 540) % 360) - 180;
  return { west, east, south, north, lonSpan, centerLon, centerLat: (south + north) / 2 };
}

/** The scale of view the places need. */
function scaleOf(extent: Extent | undefined): MapScale {
  if (!extent || extent.lonSpan > 160) return 'world';
  const span = Math.max(extent.lonSpan * Math.cos((extent.centerLat * Math.PI) / 180), extent.north - extent.south);
  return span < 40 ? 'close' : 'wide';
}

/** Whether a map of these places wants the 1:50m detail: a close-up, or a country the 1:110m map lacks. */
export function needsDetail(coarse: World, regions: string[], markers: LonLat[]): boolean {
  if (regions.some((code) => !coarse.byCode.has(code))) return true;
  return scaleOf(extentOf(focusOf(coarse, regions, markers))) === 'close';
}

function baseProjection(scale: MapScale, rotate: [number, number], parallels: [number, number]): GeoProjection {
  return scale === 'close' ? geoConicConformal().parallels(parallels).rotate(rotate) : geoNaturalEarth1().rotate(rotate);
}

/** Points around the places' centre that widen a view to {@link MIN_SPAN}. */
function minimumSpan(extent: Extent): Feature {
  const halfLat = MIN_SPAN / 2;
  const halfLon = halfLat / Math.max(0.2, Math.cos((extent.centerLat * Math.PI) / 180));
  const lat = Math.max(-80 + halfLat, Math.min(80 - halfLat, extent.centerLat));
  const coordinates = [
    [extent.centerLon - halfLon, lat - halfLat],
    [extent.centerLon + halfLon, lat + halfLat],
  ];
  return { type: 'Feature', properties: {}, geometry: { type: 'MultiPoint', coordinates } };
}

/**
 * The view that shows the places (the world when there are none) inside a box of `width` ×
 * `height`, kept `padX` and `padY` px from its edges (room for labels).
 */
export function mapView(world: World, regions: string[], markers: LonLat[], width: number, height: number, padX: number, padY: number): MapView {
  const focus = focusOf(world, regions, markers);
  const extent = extentOf(focus);
  const scale = scaleOf(extent);
  // A world view keeps Greenwich in the middle unless the places straddle the antimeridian.
  const straddles = extent !== undefined && extent.east < extent.west;
  const rotate: [number, number] = scale === 'world' && !straddles ? [0, 0] : [-(extent?.centerLon ?? 0), 0];
  const south = Math.max(-80, (extent?.south ?? 0) - 2);
  const north = Math.min(80, (extent?.north ?? 0) + 2);
  const parallels: [number, number] = [south + (north - south) / 4, north - (north - south) / 4];
  const fitted = baseProjection(scale, rotate, parallels);
  const box: [[number, number], [number, number]] = [
    [padX, padY],
    [Math.max(padX + 1, width - padX), Math.max(padY + 1, height - padY)],
  ];
  const target: Geometry | FeatureCollection = extent ? { type: 'FeatureCollection', features: [...focus, minimumSpan(extent)] } : { type: 'Sphere' } as unknown as Geometry;
  fitted.fitExtent(box, target as FeatureCollection);
  const center = extent ? fitted([extent.centerLon, extent.centerLat]) : undefined;
  const focusPoint: [number, number] = center && Number.isFinite(center[0]) ? [clamp(center[0], padX, width - padX), clamp(center[1], padY, height - padY)] : [width / 2, height / 2];
  return { scale, rotate, parallels, k: fitted.scale(), translate: fitted.translate(), focus: focusPoint, width, height };
}

function clamp(value: number, low: number, high: number): number {
  return Math.max(low, Math.min(high, value));
}

/** The view's projection pushed in by `push` (1 = as fitted) toward its focus, clipped to its box. */
export function projectionAt(view: MapView, push: number): GeoProjection {
  const [fx, fy] = view.focus;
  return baseProjection(view.scale, view.rotate, view.parallels)
    .scale(view.k * push)
    .translate([fx + (view.translate[0] - fx) * push, fy + (view.translate[1] - fy) * push])
    .clipExtent([
      [0, 0],
      [view.width, view.height],
    ]);
}

/** A point pushed in by `push` toward the view's focus (labels follow the map). */
export function pushPoint(view: MapView, x: number, y: number, push: number): [number, number] {
  return [view.focus[0] + (x - view.focus[0]) * push, view.focus[1] + (y - view.focus[1]) * push];
}

/** The box labels must stay in so that the full push-in keeps them inside `width` × `height`. */
export function labelBounds(view: MapView, inset: number): Rect {
  const shrink = (edge: number, focus: number) => focus + (edge - focus) / MAP_MAX_PUSH;
  return { left: shrink(inset, view.focus[0]), top: shrink(inset, view.focus[1]), right: shrink(view.width - inset, view.focus[0]), bottom: shrink(view.height - inset, view.focus[1]) };
}

/** An axis-aligned box in px. */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A label to place: its anchor, its size, how far its thing reaches from the anchor, and whether it sits on the anchor (a large region) or beside it (a pin, a small region). */
export interface LabelRequest {
  x: number;
  y: number;
  width: number;
  height: number;
  beside: boolean;
  /** Half the width and height of what the label names (a pin's dot, a small country). */
  reachX: number;
  reachY: number;
}

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

/** Offsets of a label's top-left corner from its anchor, most natural first. */
function candidates(label: LabelRequest, gap: number): [number, number][] {
  const { width: w, height: h } = label;
  const out: [number, number][] = [];
  if (!label.beside) {
    for (const step of [0, -1, 1, -2, 2]) out.push([-w / 2, -h / 2 + step * (h + gap) * 0.75]);
  }
  const right = label.reachX + gap;
  const left = -w - label.reachX - gap;
  out.push([right, -h / 2], [left, -h / 2], [-w / 2, -h - label.reachY - gap], [-w / 2, label.reachY + gap], [right, -h - gap / 2], [left, -h - gap / 2], [right, gap / 2], [left, gap / 2]);
  const above = -h - label.reachY - gap;
  const below = label.reachY + gap;
  for (const step of [1.2, 2, 3]) {
    const dy = step * (h + gap) * 0.6;
    out.push([right, -h / 2 - dy], [right, -h / 2 + dy], [left, -h / 2 - dy], [left, -h / 2 + dy]);
    out.push([-w / 2, above - dy + h / 2], [-w / 2, below + dy - h / 2], [-w / 2 + w * 0.5 * step, above], [-w / 2 - w * 0.5 * step, above], [-w / 2 + w * 0.5 * step, below], [-w / 2 - w * 0.5 * step, below]);
  }
  return out;
}

/**
 * Top-left corners for labels, in order, inside `bounds`: each takes the spot nearest its natural
 * one (on a large region, right of a pin) that covers no label placed before it, no pin or small
 * region another label names, and nothing in `avoid` (kept `gap` apart), else the spot that
 * covers least.
 */
export function placeLabels(labels: LabelRequest[], bounds: Rect, gap: number, avoid: Rect[] = []): { left: number; top: number }[] {
  const placed: Rect[] = [];
  const things = labels.map((label) => ({ left: label.x - label.reachX, top: label.y - label.reachY, right: label.x + label.reachX, bottom: label.y + label.reachY }));
  return labels.map((label) => {
    const spots = candidates(label, gap);
    const [idealX, idealY] = spots[0]!;
    let best: Rect | undefined;
    let bestCost = Infinity;
    for (const [dx, dy] of spots) {
      const left = clamp(label.x + dx, bounds.left, Math.max(bounds.left, bounds.right - label.width));
      const top = clamp(label.y + dy, bounds.top, Math.max(bounds.top, bounds.bottom - label.height));
      const rect = { left, top, right: left + label.width, bottom: top + label.height };
      const padded = { left: rect.left - gap / 2, top: rect.top - gap / 2, right: rect.right + gap / 2, bottom: rect.bottom + gap / 2 };
      let cost = 0;
      for (const other of placed) cost += overlap(padded, other) * 10;
      things.forEach((thing, i) => {
        if (labels[i]!.beside) cost += overlap(padded, thing) * 2;
      });
      for (const thing of avoid) cost += overlap(padded, thing) * 2;
      cost += Math.hypot(left - (label.x + idealX), top - (label.y + idealY));
      if (cost < bestCost) {
        best = rect;
        bestCost = cost;
      }
    }
    placed.push(best!);
    return { left: best!.left, top: best!.top };
  });
}

/**
 * The point inside a ring (px) farthest from its edges, where a label sits best (the centroid of
 * a crescent like Norway lies outside it), and its distance to them. A coarse grid, then a finer
 * one around the best cell.
 */
export function innerPoint(ring: [number, number][]): { x: number; y: number; radius: number } | undefined {
  if (ring.length < 3) return undefined;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of ring) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  let best: [number, number] = [(minX + maxX) / 2, (minY + maxY) / 2];
  let bestDistance = -Infinity;
  const search = (x0: number, y0: number, x1: number, y1: number, steps: number) => {
    for (let i = 0; i <= steps; i += 1) {
      for (let j = 0; j <= steps; j += 1) {
        const x = x0 + ((x1 - x0) * i) / steps;
        const y = y0 + ((y1 - y0) * j) / steps;
        if (!inside(ring, x, y)) continue;
        const distance = edgeDistance(ring, x, y);
        if (distance > bestDistance) {
          best = [x, y];
          bestDistance = distance;
        }
      }
    }
  };
  search(minX, minY, maxX, maxY, 24);
  const cellX = (maxX - minX) / 24;
  const cellY = (maxY - minY) / 24;
  search(best[0] - cellX, best[1] - cellY, best[0] + cellX, best[1] + cellY, 8);
  return bestDistance > -Infinity ? { x: best[0], y: best[1], radius: bestDistance } : undefined;
}

function inside(ring: [number, number][], x: number, y: number): boolean {
  let hit = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

function edgeDistance(ring: [number, number][], x: number, y: number): number {
  let best = Infinity;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [ax, ay] = ring[j]!;
    const [bx, by] = ring[i]!;
    const dx = bx - ax;
    const dy = by - ay;
    const t = dx === 0 && dy === 0 ? 0 : clamp(((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy), 0, 1);
    best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy));
  }
  return best;
}

/** The point of a label's box nearest its anchor, where a leader line from the anchor ends; undefined when the box covers the anchor. */
export function leaderEnd(x: number, y: number, box: Rect): [number, number] | undefined {
  const ex = clamp(x, box.left, box.right);
  const ey = clamp(y, box.top, box.bottom);
  return ex === x && ey === y ? undefined : [ex, ey];
}

/** The control point of a route's leg from `a` to `b`: the leg bows upward by a share of its length, like a flight arc, never above `top`. */
function legControl([x0, y0]: [number, number], [x1, y1]: [number, number], top: number, bow: number): [number, number] {
  const length = Math.hypot(x1 - x0, y1 - y0);
  // The normal that points up the canvas, so every leg arcs upward like a great circle seen from above.
  let nx = -(y1 - y0) / (length || 1);
  let ny = (x1 - x0) / (length || 1);
  if (ny > 0) {
    nx = -nx;
    ny = -ny;
  }
  return [(x0 + x1) / 2 + nx * length * bow, Math.max(top, (y0 + y1) / 2 + ny * length * bow)];
}

/** A curved path through points in order (see legControl). */
export function routePath(points: [number, number][], top = 0, bow = 0.2): string {
  if (points.length < 2) return '';
  let d = `M ${points[0]![0].toFixed(1)} ${points[0]![1].toFixed(1)}`;
  for (let i = 1; i < points.length; i += 1) {
    const [cx, cy] = legControl(points[i - 1]!, points[i]!, top, bow);
    d += ` Q ${cx.toFixed(1)} ${cy.toFixed(1)} ${points[i]![0].toFixed(1)} ${points[i]![1].toFixed(1)}`;
  }
  return d;
}

/** Points along a route (see routePath), `perLeg` to a leg: what labels keep clear of. */
export function routeSamples(points: [number, number][], top = 0, bow = 0.2, perLeg = 12): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 1; i < points.length; i += 1) {
    const [x0, y0] = points[i - 1]!;
    const [x1, y1] = points[i]!;
    const [cx, cy] = legControl(points[i - 1]!, points[i]!, top, bow);
    for (let k = 1; k < perLeg; k += 1) {
      const t = k / perLeg;
      out.push([(1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * x1, (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t * t * y1]);
    }
  }
  return out;
}

/** Each leg of a route (see routePath) as its own path, pin `i` to pin `i + 1`: a journey draws them one at a time. */
export function routeLegs(points: [number, number][], top = 0, bow = 0.2): string[] {
  return points.slice(1).map((_, i) => routePath([points[i]!, points[i + 1]!], top, bow));
}

