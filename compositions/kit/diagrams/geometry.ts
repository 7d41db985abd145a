// Plane geometry the diagram layouts share: node places (a disc and the text box beside it),
// whether they collide, and connectors cut back so they run from one node's edge to the next's.

export interface Point {
  x: number;
  y: number;
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where one node goes: its disc (centre and diameter) and the box its label and detail fill. */
export interface NodePlace {
  x: number;
  y: number;
  size: number;
  text: Rect;
  /** How the text lines up in its box: toward the disc. */
  align: 'left' | 'center' | 'right';
  valign: 'top' | 'middle' | 'bottom';
}

/** A connector from node `from` to node `to`, as SVG path data in the body's pixels. */
export interface Link {
  d: string;
  from: number;
  to: number;
}

/** The body box a diagram is laid out in, and the unit its sizes scale with. */
export interface DiagramBox {
  width: number;
  height: number;
  u: number;
}

/** Spacing every arrangement keeps, in the box's pixels. */
export function spacing(u: number): { gap: number; pad: number; minLink: number; maxDisc: number; minDisc: number } {
  return { gap: 16 * u, pad: 12 * u, minLink: 52 * u, maxDisc: 380 * u, minDisc: 64 * u };
}

/**
 * The height node `index`'s label and detail need in a box `width` wide at the smallest readable
 * type: measured by the diagram with the pack's font, for layouts that size their text slots by it.
 */
export type TextNeed = (index: number, width: number) => number;

/**
 * Heights for texts stacked in `room`: each gets what it `needs` and an even share of what is
 * left, or, when they need more than there is, a share of the room in proportion to its need.
 */
export function slotHeights(room: number, needs: number[]): number[] {
  const total = needs.reduce((sum, need) => sum + need, 0);
  if (total <= 0) return needs.map(() => room / Math.max(1, needs.length));
  if (total >= room) return needs.map((need) => (room * need) / total);
  return needs.map((need) => need + (room - total) / needs.length);
}

/** Nodes and the connectors between them, in a body box's pixels. */
export interface Arrangement {
  kind: string;
  nodes: NodePlace[];
  links: Link[];
}

/** The box a node takes: its disc and its text. */
export function nodeBounds(node: NodePlace): Rect {
  const left = Math.min(node.x - node.size / 2, node.text.left);
  const top = Math.min(node.y - node.size / 2, node.text.top);
  const right = Math.max(node.x + node.size / 2, node.text.left + node.text.width);
  const bottom = Math.max(node.y + node.size / 2, node.text.top + node.text.height);
  return { left, top, width: right - left, height: bottom - top };
}

function inRect(p: Point, rect: Rect, pad: number): boolean {
  return p.x >= rect.left - pad && p.x <= rect.left + rect.width + pad && p.y >= rect.top - pad && p.y <= rect.top + rect.height + pad;
}

/** Whether a point lies on a node's disc or text box, grown by `pad`. */
export function onNode(p: Point, node: NodePlace, pad: number): boolean {
  return Math.hypot(p.x - node.x, p.y - node.y) <= node.size / 2 + pad || inRect(p, node.text, pad);
}

function rectsOverlap(a: Rect, b: Rect, gap: number): boolean {
  return a.left < b.left + b.width + gap && b.left < a.left + a.width + gap && a.top < b.top + b.height + gap && b.top < a.top + a.height + gap;
}

/** Whether any two nodes (disc or text) come closer than `gap`. */
export function nodesCollide(nodes: NodePlace[], gap: number): boolean {
  const parts = (node: NodePlace): Rect[] => [{ left: node.x - node.size / 2, top: node.y - node.size / 2, width: node.size, height: node.size }, node.text];
  for (let i = 0; i < nodes.length; i += 1) {
    for (let j = i + 1; j < nodes.length; j += 1) {
      for (const a of parts(nodes[i]!)) for (const b of parts(nodes[j]!)) if (rectsOverlap(a, b, gap)) return true;
    }
  }
  return false;
}

/** Whether every node lies inside a box of `width` × `height`. */
export function nodesFit(nodes: NodePlace[], width: number, height: number): boolean {
  return nodes.every((node) => {
    const b = nodeBounds(node);
    return b.left >= -0.5 && b.top >= -0.5 && b.left + b.width <= width + 0.5 && b.top + b.height <= height + 0.5;
  });
}

const SAMPLES = 240;

/** A connector's course: a point at t in 0..1 from the first node's centre to the second's, and the path data of the part from t0 to t1. */
export interface Course {
  at(t: number): Point;
  path(t0: number, t1: number): string;
}

const fmt = (n: number) => Number(n.toFixed(2));

/** A straight course from `p` to `q`. */
export function lineCourse(p: Point, q: Point): Course {
  const at = (t: number) => ({ x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t });
  return { at, path: (t0, t1) => `M ${fmt(at(t0).x)} ${fmt(at(t0).y)} L ${fmt(at(t1).x)} ${fmt(at(t1).y)}` };
}

/** A cubic Bézier course. */
export function cubicCourse(p0: Point, c1: Point, c2: Point, p3: Point): Course {
  const at = (t: number) => {
    const s = 1 - t;
    return {
      x: s * s * s * p0.x + 3 * s * s * t * c1.x + 3 * s * t * t * c2.x + t * t * t * p3.x,
      y: s * s * s * p0.y + 3 * s * s * t * c1.y + 3 * s * t * t * c2.y + t * t * t * p3.y,
    };
  };
  // The part from t0 to t1 of a cubic is a cubic whose control points follow from its derivative.
  const tangent = (t: number) => {
    const s = 1 - t;
    return {
      x: 3 * s * s * (c1.x - p0.x) + 6 * s * t * (c2.x - c1.x) + 3 * t * t * (p3.x - c2.x),
      y: 3 * s * s * (c1.y - p0.y) + 6 * s * t * (c2.y - c1.y) + 3 * t * t * (p3.y - c2.y),
    };
  };
  const path = (t0: number, t1: number) => {
    const a = at(t0);
    const b = at(t1);
    const k = (t1 - t0) / 3;
    const ta = tangent(t0);
    const tb = tangent(t1);
    return `M ${fmt(a.x)} ${fmt(a.y)} C ${fmt(a.x + ta.x * k)} ${fmt(a.y + ta.y * k)} ${fmt(b.x - tb.x * k)} ${fmt(b.y - tb.y * k)} ${fmt(b.x)} ${fmt(b.y)}`;
  };
  return { at, path };
}

/** An ellipse: centre and radii. Angle 0 points right, growing clockwise on screen. */
export interface Ellipse {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

export function onEllipse(e: Ellipse, angle: number): Point {
  return { x: e.cx + e.rx * Math.cos(angle), y: e.cy + e.ry * Math.sin(angle) };
}

/** A course clockwise along an ellipse from angle `a0` to `a1`. */
export function arcCourse(e: Ellipse, a0: number, a1: number): Course {
  const sweep = (((a1 - a0) % (Math.PI * 2)) + Math.PI * 2) % (Math.PI * 2) || Math.PI * 2;
  const at = (t: number) => onEllipse(e, a0 + sweep * t);
  const path = (t0: number, t1: number) => {
    const a = at(t0);
    const b = at(t1);
    return `M ${fmt(a.x)} ${fmt(a.y)} A ${fmt(e.rx)} ${fmt(e.ry)} 0 ${sweep * (t1 - t0) > Math.PI ? 1 : 0} 1 ${fmt(b.x)} ${fmt(b.y)}`;
  };
  return { at, path };
}

/**
 * A connector along `course` from node `from` to node `to`: the part between leaving the one and
 * reaching the other (each grown by `pad`). Undefined when that part is shorter than `minLength`
 * or runs over any node on its way.
 */
export function link(course: Course, nodes: NodePlace[], from: number, to: number, pad: number, minLength: number): Link | undefined {
  const a = nodes[from]!;
  const b = nodes[to]!;
  let start = 0;
  while (start <= SAMPLES && onNode(course.at(start / SAMPLES), a, pad)) start += 1;
  let end = SAMPLES;
  while (end >= 0 && onNode(course.at(end / SAMPLES), b, pad)) end -= 1;
  if (start >= end) return undefined;
  let length = 0;
  for (let i = start; i <= end; i += 1) {
    const p = course.at(i / SAMPLES);
    if (nodes.some((node) => onNode(p, node, pad * 0.5))) return undefined;
    if (i > start) {
      const q = course.at((i - 1) / SAMPLES);
      length += Math.hypot(p.x - q.x, p.y - q.y);
    }
  }
  return length < minLength ? undefined : { d: course.path(start / SAMPLES, end / SAMPLES), from, to };
}

/** Angles of `count` places clockwise around a loop split between its right and left sides (top to bottom on the right, back up on the left): for wide, short boxes. */
export function sideAngles(count: number): number[] {
  const right = Math.ceil(count / 2);
  const spread = (n: number) => Array.from({ length: n }, (_, i) => (n === 1 ? 0 : -0.95 + (1.9 * i) / (n - 1)));
  return [...spread(right), ...spread(count - right).map((a) => Math.PI + a)];
}

/** Angles of `count` places clockwise around a loop, the first at the top (or half a step before it with `offset`). */
export function loopAngles(count: number, offset: boolean): number[] {
  const step = (Math.PI * 2) / Math.max(1, count);
  return Array.from({ length: count }, (_, i) => -Math.PI / 2 + step * (i - (offset ? 0.5 : 0)));
}

/** The rect of a text box of `width` × `height` under a disc, centred on it. */
export function textUnder(x: number, discBottom: number, gap: number, width: number, height: number): Rect {
  return { left: x - width / 2, top: discBottom + gap, width, height };
}

/** `rect` moved inside 0..`width` horizontally, and the alignment that keeps its text toward `x`. */
export function clampText(rect: Rect, x: number, width: number): { text: Rect; align: NodePlace['align'] } {
  const w = Math.min(rect.width, width);
  const left = Math.max(0, Math.min(width - w, rect.left));
  const centred = Math.abs(left + w / 2 - x) < 1;
  return { text: { ...rect, left, width: w }, align: centred ? 'center' : left + w / 2 > x ? 'left' : 'right' };
}

/** The arrangement of `nodes` with a connector along `course` for each pair, or undefined when a node leaves the box, two collide or a connector does not fit. */
export function joined(kind: string, nodes: NodePlace[], pairs: [number, number][], course: (from: number, to: number) => Course, box: DiagramBox): Arrangement | undefined {
  const { gap, pad, minLink } = spacing(box.u);
  if (!nodesFit(nodes, box.width, box.height) || nodesCollide(nodes, gap * 0.5)) return undefined;
  const links: Link[] = [];
  for (const [from, to] of pairs) {
    const made = link(course(from, to), nodes, from, to, pad, minLink);
    if (!made) return undefined;
    links.push(made);
  }
  return { kind, nodes, links };
}

/** Where texts go round a loop: beside the nodes on its sides, beside only the two at its ends, or above and under every node. */
export type TextSide = 'side' | 'ends' | 'vertical';

/** How far round toward a loop's side (the cosine of its angle) a node must be to have its text beside it. */
const BESIDE: Record<TextSide, number> = { side: 0.38, ends: 0.92, vertical: 2 };

/**
 * A text box on the outer side of a disc at `angle` on a loop: beside it (lined up toward the
 * disc) when the node is far enough round to a side for `side`, else above it on the loop's upper
 * half and under it on the lower.
 */
export function outwardText(x: number, y: number, size: number, angle: number, width: number, height: number, gap: number, side: TextSide = 'side'): Pick<NodePlace, 'text' | 'align' | 'valign'> {
  const c = Math.cos(angle);
  if (Math.abs(c) > BESIDE[side]) {
    return c > 0
      ? { text: { left: x + size / 2 + gap, top: y - height / 2, width, height }, align: 'left', valign: 'middle' }
      : { text: { left: x - size / 2 - gap - width, top: y - height / 2, width, height }, align: 'right', valign: 'middle' };
  }
  return Math.sin(angle) < -0.01
    ? { text: { left: x - width / 2, top: y - size / 2 - gap - height, width, height }, align: 'center', valign: 'bottom' }
    : { text: textUnder(x, y + size / 2, gap, width, height), align: 'center', valign: 'top' };
}

export function union(rects: Rect[]): Rect {
  const left = Math.min(...rects.map((r) => r.left));
  const top = Math.min(...rects.map((r) => r.top));
  return { left, top, width: Math.max(...rects.map((r) => r.left + r.width)) - left, height: Math.max(...rects.map((r) => r.top + r.height)) - top };
}

/**
 * Nodes of `size` at `angles` around the largest ellipse on which they, their outward texts, the
 * centre node (placed at the ellipse's centre by `centreAt`) and the ellipse itself when it is
 * `drawn` fit the box, all centred in it; undefined when the ellipse would shrink to nothing.
 */
export function ringNodes(
  box: DiagramBox,
  angles: number[],
  size: number,
  textWidth: number,
  textHeight: number,
  options: { centreAt?: (x: number, y: number) => NodePlace; drawn?: boolean; side?: TextSide } = {},
): { ellipse: Ellipse; nodes: NodePlace[] } | undefined {
  const { centreAt, drawn = false, side = 'side' } = options;
  const { gap } = spacing(box.u);
  const e: Ellipse = { cx: box.width / 2, cy: box.height / 2, rx: box.width / 2, ry: box.height / 2 };
  const place = (): NodePlace[] => [
    ...(centreAt ? [centreAt(e.cx, e.cy)] : []),
    ...angles.map((angle): NodePlace => {
      const p = onEllipse(e, angle);
      return { ...p, size, ...outwardText(p.x, p.y, size, angle, textWidth, textHeight, gap, side) };
    }),
  ];
  for (let i = 0; i < 40; i += 1) {
    const nodes = place();
    // A drawn loop runs round the whole ellipse, past the nodes.
    const bounds = union([...nodes.map(nodeBounds), ...(drawn ? [{ left: e.cx - e.rx, top: e.cy - e.ry, width: e.rx * 2, height: e.ry * 2 }] : [])]);
    const overX = bounds.width - box.width;
    const overY = bounds.height - box.height;
    if (overX <= 0.5 && overY <= 0.5) {
      e.cx += box.width / 2 - (bounds.left + bounds.width / 2);
      e.cy += box.height / 2 - (bounds.top + bounds.height / 2);
      return { ellipse: { ...e }, nodes: place() };
    }
    e.rx -= Math.max(0, overX) * 0.55 + 0.5;
    e.ry -= Math.max(0, overY) * 0.55 + 0.5;
    if (e.rx < size * 0.4 || e.ry < size * 0.25) return undefined;
  }
  return undefined;
}
