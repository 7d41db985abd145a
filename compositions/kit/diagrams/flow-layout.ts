// Where a flow diagram's nodes and connectors go in its body box: for each shape, the
// arrangements that fit the box, from which the diagram keeps the one its labels fit best.
import { arcCourse, type Arrangement, clampText, cubicCourse, type DiagramBox, joined, lineCourse, loopAngles, type NodePlace, ringNodes, sideAngles, slotHeights, spacing, type TextNeed, type TextSide, textUnder } from './geometry';

export type FlowShape = 'line' | 'cycle' | 'branch';

const chain = (count: number): [number, number][] => Array.from({ length: Math.max(0, count - 1) }, (_, i) => [i, i + 1]);
const straight = (nodes: NodePlace[]) => (from: number, to: number) => lineCourse(nodes[from]!, nodes[to]!);

/** One node in the middle of the box, its text under it. */
function single(box: DiagramBox, textHeight: number): Arrangement | undefined {
  const { gap, maxDisc, minDisc } = spacing(box.u);
  const size = Math.min(box.height - textHeight - gap, box.width * 0.6, maxDisc * 1.2);
  if (size < minDisc) return undefined;
  const y = (box.height - textHeight - gap) / 2;
  return { kind: 'single', nodes: [{ x: box.width / 2, y, size, text: textUnder(box.width / 2, y + size / 2, gap, box.width, textHeight), align: 'center', valign: 'top' }], links: [] };
}

/** Left to right in one row, each text under its disc. */
function row(box: DiagramBox, count: number, textHeight: number): Arrangement | undefined {
  const { gap, pad, minLink, maxDisc, minDisc } = spacing(box.u);
  const slot = box.width / count;
  const size = Math.min(slot * 0.78, slot - minLink - pad * 2 - 4, box.height - textHeight - gap, maxDisc);
  if (size < minDisc) return undefined;
  const y = (box.height - textHeight - gap) / 2;
  const nodes = Array.from({ length: count }, (_, i): NodePlace => {
    const x = slot * (i + 0.5);
    return { x, y, size, text: textUnder(x, y + size / 2, gap, slot - gap, textHeight), align: 'center', valign: 'top' };
  });
  return joined('row', nodes, chain(count), straight(nodes), box);
}

/** Left to right, alternately high and low: each text has two slots' width, above a high disc or under a low one. */
function zigzagRow(box: DiagramBox, count: number, textHeight: number): Arrangement | undefined {
  const { gap, maxDisc, minDisc } = spacing(box.u);
  const slot = box.width / count;
  // Each text may reach half a slot past its neighbours' discs, clear of the next text on its row.
  const textWidth = Math.min(slot * 1.6, box.width);
  for (let size = Math.min(maxDisc, slot * 1.2, (box.height - textHeight * 2 - gap * 2) / 1.7); size >= minDisc; size *= 0.95) {
    const drop = Math.max(size * 0.7, (box.height - textHeight * 2 - gap * 2 - size) * 0.9);
    const top = (box.height - (textHeight * 2 + gap * 2 + size + drop)) / 2;
    const nodes = Array.from({ length: count }, (_, i): NodePlace => {
      const x = slot * (i + 0.5);
      const high = i % 2 === 0;
      const y = top + textHeight + gap + size / 2 + (high ? 0 : drop);
      const rect = high ? { left: x - textWidth / 2, top: y - size / 2 - gap - textHeight, width: textWidth, height: textHeight } : textUnder(x, y + size / 2, gap, textWidth, textHeight);
      return { x, y, size, ...clampText(rect, x, box.width), valign: high ? 'bottom' : 'top' };
    });
    const made = joined('zigzag', nodes, chain(count), straight(nodes), box);
    if (made) return made;
  }
  return undefined;
}

/** Rows read alternately left to right and right to left, texts under the discs, a connector turning down at each row's end. */
function snake(box: DiagramBox, count: number, rows: number, textHeight: number): Arrangement | undefined {
  const { gap, pad, minLink, maxDisc, minDisc } = spacing(box.u);
  const columns = Math.ceil(count / rows);
  if (rows < 2 || columns < 2 || (rows - 1) * columns >= count) return undefined;
  const slot = box.width / columns;
  const block = (box.height - (minLink + pad * 2 + 8 * box.u) * (rows - 1)) / rows;
  const size = Math.min(slot * 0.78, slot - minLink - pad * 2 - 4, block - textHeight - gap, maxDisc);
  if (size < minDisc) return undefined;
  const blockHeight = size + gap + textHeight;
  const rowStep = rows > 1 ? (box.height - blockHeight) / (rows - 1) : 0;
  const nodes = Array.from({ length: count }, (_, i): NodePlace => {
    const r = Math.floor(i / columns);
    const c = r % 2 === 0 ? i % columns : columns - 1 - (i % columns);
    const x = slot * (c + 0.5);
    const y = rowStep * r + size / 2;
    return { x, y, size, text: textUnder(x, y + size / 2, gap, slot - gap, textHeight), align: 'center', valign: 'top' };
  });
  return joined(`snake-${rows}`, nodes, chain(count), straight(nodes), box);
}

/**
 * Two columns of discs in the middle, read as a snake (left to right, down, right to left, down…),
 * each text on the outer side of its disc: for many long labels on squarish and tall boxes.
 * `share` is the part of the room beside the connectors the discs take.
 */
function ladder(box: DiagramBox, count: number, share: number): Arrangement | undefined {
  const { gap, pad, minLink, maxDisc, minDisc } = spacing(box.u);
  const rows = Math.ceil(count / 2);
  if (count < 3) return undefined;
  const between = minLink + pad * 2 + 4;
  const rowHeight = box.height / rows;
  const size = Math.min(rowHeight - between, ((box.width - between) / 2 - gap) * share, maxDisc);
  if (size < minDisc) return undefined;
  const textWidth = (box.width - between) / 2 - size - gap;
  const textHeight = rowHeight - gap;
  const nodes = Array.from({ length: count }, (_, i): NodePlace => {
    const r = Math.floor(i / 2);
    const left = (r % 2 === 0) === (i % 2 === 0);
    const x = box.width / 2 + (left ? -1 : 1) * (between / 2 + size / 2);
    const y = rowHeight * (r + 0.5);
    const text = { left: left ? x - size / 2 - gap - textWidth : x + size / 2 + gap, top: y - textHeight / 2, width: textWidth, height: textHeight };
    return { x, y, size, text, align: left ? 'right' : 'left', valign: 'middle' };
  });
  return joined('ladder', nodes, chain(count), straight(nodes), box);
}

/** Top to bottom, each disc on the left with its text beside it. */
function column(box: DiagramBox, count: number): Arrangement | undefined {
  const { gap, pad, minLink, maxDisc, minDisc } = spacing(box.u);
  const rowHeight = box.height / count;
  const size = Math.min(count > 1 ? rowHeight - minLink - pad * 2 - 4 : rowHeight, box.width * 0.42, maxDisc);
  if (size < minDisc) return undefined;
  const textLeft = size + gap * 1.5;
  const textHeight = Math.min(rowHeight - gap, Math.max(size, rowHeight * 0.8));
  const nodes = Array.from({ length: count }, (_, i): NodePlace => {
    const y = rowHeight * (i + 0.5);
    return { x: size / 2, y, size, text: { left: textLeft, top: y - textHeight / 2, width: box.width - textLeft, height: textHeight }, align: 'left', valign: 'middle' };
  });
  return joined('column', nodes, chain(count), straight(nodes), box);
}

/**
 * Around a loop fitted to the box, the nodes at `angles`, each text on the outer side of its disc,
 * clockwise arcs from each node to the next and from the last back to the first.
 */
function loop(box: DiagramBox, count: number, textHeight: number, textWidth: number, angles: number[], side: TextSide): Arrangement | undefined {
  const { maxDisc, minDisc } = spacing(box.u);
  for (let size = Math.min(maxDisc, box.height * 0.5, box.width * 0.4); size >= minDisc; size *= 0.95) {
    const ring = ringNodes(box, angles, size, textWidth, textHeight, { drawn: true, side });
    if (!ring) continue;
    const pairs = ring.nodes.map((_, i): [number, number] => [i, (i + 1) % count]);
    const made = joined('loop', ring.nodes, pairs, (from, to) => arcCourse(ring.ellipse, angles[from]!, angles[to]!), box);
    if (made) return made;
  }
  return undefined;
}

/**
 * Round the edges of the box: the first disc at the top left, then clockwise along the top, down a
 * column at the right edge, back along the bottom and up a column at the left edge, each text
 * inward of its disc between the two columns (the top ones hanging under the connector along the
 * top, the bottom ones standing on the one along the bottom). The connectors run round the texts,
 * so the marks span the whole box: for a cycle on a square or 4:5 canvas, where a ring with its
 * texts outside it is drawn small in the middle, and (not `closed`, without the last connector
 * back to the first) for a long line there, whose rows or snake leave it a thin band.
 */
function frame(box: DiagramBox, count: number, size: number, closed: boolean, under: boolean, need?: TextNeed): Arrangement | undefined {
  const { gap, pad, minDisc } = spacing(box.u);
  if (count < 4 || size < minDisc) return undefined;
  // Nodes 1..right go down the right column; node 0 and the rest up the left one.
  const right = Math.ceil(count / 2);
  const leftColumn = [0, ...Array.from({ length: count - right - 1 }, (_, i) => count - 1 - i)];
  const rightColumn = Array.from({ length: right }, (_, i) => i + 1);
  // The texts keep clear of the connectors along the edges (a label's leading adds to the pad).
  const clear = pad * 1.25;
  // `under`: the corner texts hang under (or stand on) their discs, reaching out toward the side
  // connectors (clear of the dot travelling them), so they are wider (a long word keeps its size)
  // though the tiers are lower.
  const edge = under ? size / 2 + pad + gap : size + gap;
  const textWidth = (box.width - edge * 2 - gap) / 2;
  if (textWidth < size) return undefined;
  const top = size / 2;
  const bottom = box.height - size / 2;
  const first = under ? size + gap : top + clear;
  const last = under ? box.height - size - gap : bottom - clear;
  const nodes: NodePlace[] = new Array(count);
  // Slots sized by need only where even ones would not hold a text: else the even frame says it.
  let uneven = false;
  const place = (column: number[], onLeft: boolean) => {
    const k = column.length;
    const room = last - first - gap * (k - 1);
    const x = onLeft ? size / 2 : box.width - size / 2;
    // A text beside a disc in the middle of a column starts past the disc.
    const insetOf = (j: number) => (j === 0 || j === k - 1 ? edge : size + gap);
    // With the texts' needs given, each text's slot is as tall as its lines need (a long label
    // takes three lines, a short one two) and a middle disc stands level with its text; else the
    // slots are even and the discs evenly spaced.
    const needs = need ? column.map((index, j) => need(index, textWidth - (insetOf(j) - edge))) : [];
    const slots = need ? slotHeights(room, needs) : column.map(() => room / k);
    if (needs.some((height) => height > room / k)) uneven = true;
    let slotTop = first;
    column.forEach((index, j) => {
      const slot = slots[j]!;
      const y = k === 1 ? box.height / 2 : j === 0 ? top : j === k - 1 ? bottom : need ? slotTop + slot / 2 : top + ((bottom - top) * j) / (k - 1);
      const inset = insetOf(j);
      const width = textWidth - (inset - edge);
      const text = { left: onLeft ? inset : box.width - inset - width, top: slotTop, width, height: slot };
      nodes[index] = { x, y, size, text, align: onLeft ? 'left' : 'right', valign: j === 0 ? 'top' : j === k - 1 ? 'bottom' : 'middle' };
      slotTop += slot + gap;
    });
    return Math.min(...slots);
  };
  if (Math.min(place(leftColumn, true), place(rightColumn, false)) < size * 0.5 || (need && !uneven)) return undefined;
  return closed ? joined('loop-frame', nodes, [...chain(count), [count - 1, 0]], straight(nodes), box) : joined('frame', nodes, chain(count), straight(nodes), box);
}

/** A row (texts under the discs) or a column (texts beside them) whose last node arrows back over the discs, or past their side, to the first. */
function loopBack(box: DiagramBox, count: number, textHeight: number, across: boolean): Arrangement | undefined {
  const { gap, pad } = spacing(box.u);
  // Beside a tall column the arc back swings a little wider: the column of discs gains width as a picture.
  const room = Math.min((across ? 110 : 125) * box.u, (across ? box.height : box.width) * 0.2);
  const inner = across ? { ...box, height: box.height - room } : { ...box, width: box.width - room };
  const base = across ? row(inner, count, textHeight) : column(inner, count);
  if (!base) return undefined;
  const nodes = base.nodes.map((node) => (across ? { ...node, y: node.y + room, text: { ...node.text, top: node.text.top + room } } : { ...node, x: node.x + room, text: { ...node.text, left: node.text.left + room } }));
  const back = (from: number, to: number) => {
    if (to !== 0 || from !== count - 1) return lineCourse(nodes[from]!, nodes[to]!);
    const a = nodes[from]!;
    const b = nodes[to]!;
    if (across) {
      const lift = a.y - a.size / 2 - (room - pad - gap) * 1.33;
      return cubicCourse({ x: a.x, y: a.y }, { x: a.x, y: lift }, { x: b.x, y: lift }, { x: b.x, y: b.y });
    }
    const reach = a.x - a.size / 2 - (room - pad - gap) * 1.33;
    return cubicCourse({ x: a.x, y: a.y }, { x: reach, y: a.y }, { x: reach, y: b.y }, { x: b.x, y: b.y });
  };
  return joined(across ? 'loop-row' : 'loop-column', nodes, [...chain(count), [count - 1, 0]], back, box);
}

/** The cause on the left (text under it), the effects in a column on the right (texts beside them), curves fanning out. */
export function fanRight(box: DiagramBox, count: number, textHeight: number): Arrangement | undefined {
  const { gap, pad, maxDisc, minDisc } = spacing(box.u);
  const effects = count - 1;
  const rowHeight = box.height / effects;
  const size = Math.min(rowHeight - gap, maxDisc * 0.8, box.width * 0.2);
  const source = Math.min(box.height - textHeight - gap, box.width * 0.26, maxDisc);
  if (size < minDisc || source < minDisc) return undefined;
  const sourceWidth = Math.max(source, box.width * 0.26);
  const effectX = sourceWidth + Math.max(box.width * 0.14, 140 * box.u) + size / 2;
  const textLeft = effectX + size / 2 + gap;
  const sy = (box.height - textHeight - gap) / 2;
  const nodes: NodePlace[] = [
    { x: sourceWidth / 2, y: sy, size: source, text: textUnder(sourceWidth / 2, sy + source / 2, gap, sourceWidth, textHeight), align: 'center', valign: 'top' },
    ...Array.from({ length: effects }, (_, i): NodePlace => {
      const y = rowHeight * (i + 0.5);
      return { x: effectX, y, size, text: { left: textLeft, top: y - (rowHeight - gap) / 2, width: box.width - textLeft, height: rowHeight - gap }, align: 'left', valign: 'middle' };
    }),
  ];
  const course = (from: number, to: number) => {
    const a = nodes[from]!;
    const b = nodes[to]!;
    const angle = Math.max(-0.8, Math.min(0.8, Math.atan2(b.y - a.y, b.x - a.x)));
    const p = { x: a.x + Math.cos(angle) * (a.size / 2 + pad), y: a.y + Math.sin(angle) * (a.size / 2 + pad) };
    const q = { x: b.x - b.size / 2 - pad, y: b.y };
    const mid = (p.x + q.x) / 2;
    return cubicCourse(p, { x: mid, y: p.y }, { x: mid, y: q.y }, q);
  };
  return joined('fan-right', nodes, Array.from({ length: effects }, (_, i): [number, number] => [0, i + 1]), course, box);
}

/** The cause at the top (text under it), the effects in a row below (texts under them), curves fanning down. */
function fanDown(box: DiagramBox, count: number, textHeight: number): Arrangement | undefined {
  const { gap, pad, minLink, maxDisc, minDisc } = spacing(box.u);
  const effects = count - 1;
  const slot = box.width / effects;
  const room = box.height - (textHeight + gap) * 2 - minLink * 1.6 - pad * 2;
  const size = Math.min(slot * 0.78, slot - gap * 2, room / 2.2, maxDisc);
  const source = Math.min(size * 1.2, room - size, maxDisc);
  if (size < minDisc) return undefined;
  const sy = source / 2;
  const ey = box.height - textHeight - gap - size / 2;
  const sourceText = textUnder(box.width / 2, sy + source / 2, gap, Math.min(box.width, Math.max(slot * 1.6, source * 1.6)), textHeight);
  const nodes: NodePlace[] = [
    { x: box.width / 2, y: sy, size: source, text: sourceText, align: 'center', valign: 'top' },
    ...Array.from({ length: effects }, (_, i): NodePlace => {
      const x = slot * (i + 0.5);
      return { x, y: ey, size, text: textUnder(x, ey + size / 2, gap, slot - gap, textHeight), align: 'center', valign: 'top' };
    }),
  ];
  const course = (from: number, to: number) => {
    const a = nodes[from]!;
    const b = nodes[to]!;
    const p = { x: a.x + Math.max(-a.size * 0.3, Math.min(a.size * 0.3, (b.x - a.x) * 0.25)), y: sourceText.top + sourceText.height + pad };
    const q = { x: b.x, y: b.y - b.size / 2 - pad };
    const mid = (p.y + q.y) / 2;
    return cubicCourse(p, { x: p.x, y: mid }, { x: q.x, y: mid }, q);
  };
  return joined('fan-down', nodes, Array.from({ length: effects }, (_, i): [number, number] => [0, i + 1]), course, box);
}

/** The cause at the top left (text beside it), the effects in an indented column under it, curves branching off a trunk. */
function tree(box: DiagramBox, count: number): Arrangement | undefined {
  const { gap, pad, minLink, maxDisc, minDisc } = spacing(box.u);
  const effects = count - 1;
  const share = box.height / (effects + 1.35);
  const source = Math.min(share * 1.35 - gap, box.width * 0.36, maxDisc);
  const size = Math.min(share - gap, box.width * 0.3, maxDisc * 0.8);
  if (size < minDisc) return undefined;
  const trunk = source / 2;
  const effectX = trunk + minLink + size / 2 + gap * 2;
  const textLeft = effectX + size / 2 + gap;
  const sy = source / 2;
  const nodes: NodePlace[] = [
    { x: trunk, y: sy, size: source, text: { left: source + gap * 1.5, top: 0, width: box.width - source - gap * 1.5, height: source }, align: 'left', valign: 'middle' },
    ...Array.from({ length: effects }, (_, i): NodePlace => {
      const y = share * 1.35 + share * (i + 0.5);
      return { x: effectX, y, size, text: { left: textLeft, top: y - (share - gap) / 2, width: box.width - textLeft, height: share - gap }, align: 'left', valign: 'middle' };
    }),
  ];
  const course = (from: number, to: number) => {
    const a = nodes[from]!;
    const b = nodes[to]!;
    const p = { x: a.x, y: a.y + a.size / 2 + pad };
    const q = { x: b.x - b.size / 2 - pad, y: b.y };
    return cubicCourse(p, { x: p.x, y: q.y }, { x: p.x, y: q.y }, q);
  };
  return joined('tree', nodes, Array.from({ length: effects }, (_, i): [number, number] => [0, i + 1]), course, box);
}

/**
 * Frames round the edges of a squarish box, at a few disc sizes: the plan keeps the largest whose
 * texts keep their size. A box much taller than wide is left to columns: round its edges the discs
 * would stand far apart with empty height between the texts.
 */
function frames(box: DiagramBox, count: number, closed: boolean, need?: TextNeed): (Arrangement | undefined)[] {
  if (box.height < box.width * 0.45 || box.height > box.width * 1.3) return [];
  const { maxDisc, minLink, minDisc } = spacing(box.u);
  const largest = Math.min(maxDisc, box.width * 0.22, box.height / Math.ceil(count / 2) - minLink);
  // Shares of the largest, down to the smallest disc (whose texts are widest).
  const sizes = [...[1, 0.85, 0.72, 0.6, 0.5, 0.4].map((share) => largest * share).filter((size) => size > minDisc), minDisc];
  // Each size with even slots, and with slots sized by the texts' needs when they are known.
  const variants = need ? [undefined, need] : [undefined];
  return sizes.flatMap((size) => variants.flatMap((sized) => [frame(box, count, size, closed, false, sized), frame(box, count, size, closed, true, sized)]));
}

/**
 * Every arrangement of `count` nodes (1..6) of a flow of `shape` that fits the box, for each text
 * height offered (the room a text under a disc takes); with the texts' `need`, also frames whose
 * text slots are sized by it. The diagram measures its labels in each and keeps the best.
 */
export function flowArrangements(box: DiagramBox, count: number, shape: FlowShape, textHeights: number[], need?: TextNeed): Arrangement[] {
  const out: (Arrangement | undefined)[] = [];
  if (count <= 1) {
    for (const h of textHeights) out.push(single(box, h));
    return out.filter((a): a is Arrangement => a !== undefined);
  }
  if (shape === 'cycle') {
    out.push(loopBack(box, count, 0, false));
    out.push(...frames(box, count, true, need));
    for (const h of textHeights) {
      out.push(loopBack(box, count, h, true));
      for (const share of [0.18, 0.24, 0.32, 0.4]) {
        for (const side of ['side', 'ends', 'vertical'] as const) {
          for (const angles of [loopAngles(count, false), loopAngles(count, true), sideAngles(count)]) out.push(loop(box, count, h, box.width * share, angles, side));
        }
      }
    }
  } else if (shape === 'branch' && count >= 3) {
    out.push(tree(box, count));
    for (const h of textHeights) out.push(fanRight(box, count, h), fanDown(box, count, h));
  } else {
    out.push(column(box, count), ladder(box, count, 1), ladder(box, count, 0.7), ladder(box, count, 0.5));
    // A long line may go round the edges too; a short one reads better in a row or a snake.
    if (count >= 5) out.push(...frames(box, count, false, need));
    for (const h of textHeights) {
      out.push(row(box, count, h));
      if (count >= 3) out.push(zigzagRow(box, count, h));
      for (const rows of [2, 3]) out.push(snake(box, count, rows, h));
    }
  }
  return out.filter((a): a is Arrangement => a !== undefined);
}
