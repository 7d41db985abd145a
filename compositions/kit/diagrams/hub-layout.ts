// Where a hub-and-spoke diagram's hub, spokes and lines go in its body box: the spokes on an
// ellipse fitted to the box around a larger hub, each text under its disc.
import { fanRight } from './flow-layout';
import { type Arrangement, type DiagramBox, joined, lineCourse, loopAngles, type NodePlace, ringNodes, sideAngles, spacing, type TextSide, textUnder } from './geometry';

/** The hub in the middle and `count` spokes around it at `angles`, the largest spokes that fit; undefined when none do. */
function around(box: DiagramBox, count: number, angles: number[], textHeight: number, textWidth: number, hubTextHeight: number, side: TextSide, kind: string): Arrangement | undefined {
  const { gap, maxDisc, minDisc } = spacing(box.u);
  for (let size = Math.min(maxDisc * 0.8, box.height * 0.4, box.width * 0.3); size >= minDisc; size *= 0.95) {
    for (const [ratio, narrow] of [[1.6, false], [1.3, false], [1.1, false]] as const) {
      const hubSize = Math.min(size * ratio, maxDisc, box.height - textHeight - gap);
      // The hub's label as wide as the spokes' or, `narrow`, only a little wider than the hub, so
      // lines to the spokes below it leave the hub's disc rather than its label.
      const hubText = narrow ? hubSize * 1.3 : Math.max(textWidth, hubSize * 1.2);
      const hub = (x: number, y: number): NodePlace => ({ x, y, size: hubSize, text: textUnder(x, y + hubSize / 2, gap, hubText, hubTextHeight), align: 'center', valign: 'top' });
      const ring = ringNodes(box, angles, size, textWidth, textHeight, { centreAt: hub, side });
      if (!ring) continue;
      const nodes = ring.nodes;
      const made = joined(kind, nodes, angles.map((_, i): [number, number] => [0, i + 1]), (from, to) => lineCourse(nodes[from]!, nodes[to]!), box);
      if (made) return made;
    }
  }
  return undefined;
}

/**
 * Every arrangement of a hub and `count` spokes (0..6) that fits the box, for each text height
 * offered: the first node is the hub. The diagram measures its labels in each and keeps the best.
 */
export function hubArrangements(box: DiagramBox, count: number, textHeights: number[]): Arrangement[] {
  const out: (Arrangement | undefined)[] = [];
  // Many spokes with long labels on a square or tall box: the hub on the left, the spokes in a
  // column on the right with their labels beside them, where a ring would squeeze the labels.
  if (count >= 3) for (const h of textHeights) out.push(fanRight(box, count + 1, h));
  for (const h of textHeights) {
    for (const share of [0.16, 0.22, 0.3, 0.36]) {
      const width = box.width * share;
      // The hub's label gets room for two lines at least.
      const hubH = Math.max(h, (textHeights[0] ?? h) * 2);
      for (const side of ['side', 'ends', 'vertical'] as const) {
        for (const [angles, kind] of [[loopAngles(count, false), 'ring'], [loopAngles(count, true), 'ring'], [sideAngles(count), 'sides']] as const) out.push(around(box, count, angles, h, width, hubH, side, kind));
      }
    }
  }
  return out.filter((a): a is Arrangement => a !== undefined);
}
