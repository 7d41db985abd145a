import React from 'react';
import { getBoundingBox, getLength, getPointAtLength, evolvePath } from '@remotion/paths';
import { Img, interpolate, useCurrentFrame, useVideoConfig } from 'remotion';
import type { CameraShot } from '../camera';
import type { Theme } from '../../scene-props';
import { kitColors, parseColor } from '../color';
import { bestFit, cornerRadius, depthShadow, Enter, isBanner, mixColors, widestText } from '../data/common';
import { FitLines, fitText, type TextFit } from '../fitted-text';
import { Heading, packLayout } from '../heading';
import { type Layout, useLayout } from '../layout';
import { idleSeconds, useEntrance } from '../motion';
import { SceneFrame } from '../scene-frame';
import { StepMark } from '../initial-mark';
import { type Arrangement, type DiagramBox, type Link, type NodePlace, nodeBounds, type Point, type Rect, type TextNeed, union } from './geometry';
import type { LinkTiming, Timing } from './diagram-build-layout';

export type { LinkTiming, Timing } from './diagram-build-layout';

/** One node of a diagram: a label, and optionally a picture (an image URL) and a short line of detail. */
export interface DiagramNode {
  label: string;
  picture?: string;
  detail?: string;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

/** A node from whatever the scene passed: a label string or an object; undefined for nothing usable. */
export function diagramNode(value: unknown): DiagramNode | undefined {
  if (typeof value === 'string' || typeof value === 'number') return text(value) ? { label: text(value) } : undefined;
  if (!value || typeof value !== 'object') return undefined;
  const entry = value as Record<string, unknown>;
  const label = text(entry.label ?? entry.title ?? entry.text);
  const picture = typeof entry.picture === 'string' ? entry.picture.trim() : '';
  const detail = text(entry.detail);
  if (!label && !picture) return undefined;
  return { label, ...(picture ? { picture } : {}), ...(detail ? { detail } : {}) };
}

/**
 * Up to `max` usable nodes, each with the picture it was given: the node picks one set of pictures
 * for a diagram where it can (all illustrations or all line icons), and a node it found none for
 * shows its own mark rather than losing the others' pictures.
 */
export function diagramNodes(value: unknown, max: number): DiagramNode[] {
  return (Array.isArray(value) ? value : []).map(diagramNode).filter((node): node is DiagramNode => node !== undefined).slice(0, max);
}

/** Whether a diagram shows a heading: it has a title or at least a kicker. */
export function hasHeading(title: unknown, kicker: unknown): boolean {
  return Boolean(text(title) || text(kicker));
}

/**
 * A diagram's frame: the pack background with a heading (kicker, title, ornament) above the body, or
 * beside it on a banner, when there is a title; else the body alone over the safe area. The heading
 * takes the height its title needs at full size, the body the rest; `bodyHeight` tells how much of
 * it the body really uses, so heading and body are centred together. `camera`, given the body box
 * and where it stands on the canvas, may return shots for a camera over the whole frame (heading,
 * body and background): the scene frame's own camera follows them in place of its push (kept
 * inside the stage, and composited by the renderer from held pictures like the push).
 */
export const DiagramScene: React.FC<{
  theme: Theme;
  seed: string;
  title?: unknown;
  kicker?: unknown;
  part: string;
  bodyHeight: (box: DiagramBox) => number;
  camera?: (box: DiagramBox, origin: Point) => CameraShot[];
  children: (box: DiagramBox) => React.ReactNode;
}> = ({ theme, seed, title, kicker, part, bodyHeight, camera, children }) => {
  const layout = useLayout();
  const u = layout.unit;
  const heading = text(title) || text(kicker);
  const over = text(title) ? text(kicker) : '';
  const frameOf = (content: React.ReactNode, box: DiagramBox, origin: Point) => {
    const shots = camera?.(box, { x: layout.margin + origin.x, y: layout.margin + origin.y }) ?? [];
    // The scene frame's camera draws the whole frame, so the renderer moves a held picture for
    // each of its frames (src/render/worker/hold-plan.ts); a camera inside it would be markup
    // that changes on every frame it moves, each one captured.
    return (
      <SceneFrame theme={theme} seed={seed} shots={shots}>
        <div data-kit-part={part} style={{ position: 'absolute', left: layout.margin, top: layout.margin, width: layout.contentWidth, height: layout.contentHeight }}>
          {content}
        </div>
      </SceneFrame>
    );
  };
  if (!heading) {
    const box = { width: layout.contentWidth, height: layout.contentHeight, u };
    return frameOf(children(box), box, { x: 0, y: 0 });
  }
  if (isBanner(layout)) {
    const headW = Math.round(layout.contentWidth * 0.3);
    const gap = 56 * u;
    // A banner's short side makes its unit small; the body's marks are sized a little larger, as in DataScene.
    const box = { width: Math.floor(layout.contentWidth - headW - gap), height: layout.contentHeight, u: u * 1.2 };
    return frameOf(
      <>
        <div style={{ position: 'absolute', left: 0, top: 0, width: headW, height: layout.contentHeight, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}>
          <Heading theme={theme} text={heading} kicker={over || undefined} width={headW} height={layout.contentHeight * 0.92} unit={u} maxLines={4} maxFontSize={88 * u} align="left" />
        </div>
        <div style={{ position: 'absolute', left: headW + gap, top: 0, width: box.width, height: box.height }}>{children(box)}</div>
      </>,
      box,
      { x: headW + gap, y: 0 },
    );
  }
  const headH = headingHeight(theme, heading, over, layout);
  const gap = 36 * u;
  const box = { width: layout.contentWidth, height: Math.floor(layout.contentHeight - headH - gap), u };
  const spare = Math.max(0, box.height - bodyHeight(box));
  return frameOf(
    <>
      <div style={{ position: 'absolute', left: 0, top: spare / 2, width: layout.contentWidth, height: headH }}>
        <Heading theme={theme} text={heading} kicker={over || undefined} width={layout.contentWidth} height={headH} unit={u} maxLines={headingLines(layout)} maxFontSize={88 * u} />
      </div>
      <div style={{ position: 'absolute', left: 0, top: headH + gap, width: box.width, height: box.height }}>{children(box)}</div>
    </>,
    box,
    { x: 0, y: headH + gap },
  );
};

/** Lines a title may take over a diagram: two on wide canvases, three on square and tall ones. */
const headingLines = (layout: Layout) => (layout.orientation === 'landscape' ? 2 : 3);

/** The height a heading block takes with its title fitted at up to full size: kicker, headline lines and ornament. */
function headingHeight(theme: Theme, title: string, kicker: string, layout: Layout): number {
  const u = layout.unit;
  const { ornament, uppercaseHeadings } = packLayout(theme);
  const headline = fitText({ text: uppercaseHeadings ? title.toUpperCase() : title, width: layout.contentWidth, height: layout.contentHeight * 0.3, maxLines: headingLines(layout), maxFontSize: 88 * u, family: theme.fonts.heading, weight: 800, lineHeight: 1.12 });
  const kickerH = kicker ? 58 * u : 0;
  const ornamentH = ornament === 'none' ? 0 : 30 * u;
  return Math.ceil(Math.min(layout.contentHeight * 0.4, kickerH + headline.height + ornamentH + 4 * u));
}

/** The type sizes of a diagram's labels and details, shared by every node. */
export interface TextSizes {
  label: number;
  detail: number;
}

const LABEL_LINE = 1.15;
const DETAIL_LINE = 1.25;

/** How a node's text box splits between its label and its detail. */
interface TextSplit {
  label: number;
  detail: number;
  gap: number;
}

/** The label's and the detail's largest sizes in a split of a node's text box. */
function splitSizes(theme: Theme, node: DiagramNode, rect: { width: number }, split: TextSplit, hasDetail: boolean, max: TextSizes): TextSizes {
  return {
    label: node.label ? bestFit(node.label, { width: rect.width, height: split.label, maxLines: labelLines(hasDetail), maxFontSize: max.label, family: theme.fonts.body, weight: 700, lineHeight: LABEL_LINE }).fontSize : max.label,
    detail: node.detail ? bestFit(node.detail, { width: rect.width, height: split.detail, maxLines: 3, maxFontSize: max.detail, family: theme.fonts.body, weight: 500, lineHeight: DETAIL_LINE }).fontSize : max.detail,
  };
}

/**
 * How a node's text box splits between its label and its detail: the detail gets two lines at
 * `size`, or three when its words need them (a long detail in a narrow box) and the label still
 * fits, or in a box too short for both the share that keeps both nearest their sizes.
 */
function textSplit(theme: Theme, node: DiagramNode, rect: { width: number; height: number }, hasDetail: boolean, size: TextSizes): TextSplit {
  if (!hasDetail) return { label: rect.height, detail: 0, gap: 0 };
  const gap = size.label * 0.25;
  const at = (lines: number, floor: number): TextSplit => {
    const label = Math.max(rect.height * floor, rect.height - size.detail * DETAIL_LINE * lines - gap);
    return { label, detail: rect.height - label - gap, gap };
  };
  const two = at(2, 0.5);
  if (!node.detail) return two;
  const three = at(3, 0.35);
  const worst = (split: TextSplit) => {
    const fitted = splitSizes(theme, node, rect, split, hasDetail, size);
    return Math.min(fitted.label / size.label, fitted.detail / size.detail);
  };
  const twoFits = worst(two);
  if (twoFits >= 0.999) return two;
  // In a short box neither may keep its size: a one-line label over a two-line detail then needs
  // far less than half of it, so splits that give the label a quarter to two fifths are tried too,
  // and the splits at which a label of one or two lines and a detail of two or three get the same
  // type size. Of these the one whose smaller type is largest wins: the smaller text is the one
  // that falls under readable size first.
  const share = (share: number): TextSplit => ({ label: (rect.height - gap) * share, detail: (rect.height - gap) * (1 - share), gap });
  const even = [1, 2].flatMap((labelRows) => [2, 3].map((detailRows) => share((labelRows * LABEL_LINE) / (labelRows * LABEL_LINE + detailRows * DETAIL_LINE))));
  const smaller = (split: TextSplit) => {
    const fitted = splitSizes(theme, node, rect, split, hasDetail, size);
    return Math.min(fitted.label, fitted.detail);
  };
  let best = { split: two, fits: smaller(two) };
  for (const split of [three, ...[0.25, 0.32, 0.4].map(share), ...even]) {
    const fits = smaller(split);
    if (fits > best.fits + 0.01) best = { split, fits };
  }
  return best.split;
}

/** Lines a label may take: four alone, three over a detail. */
const labelLines = (hasDetail: boolean) => (hasDetail ? 3 : 4);

/** A node's label and detail as drawn: fitted at the diagram's sizes, in the box they take. */
export interface NodeTexts {
  rect: Rect;
  label?: TextFit;
  detail?: TextFit;
  gap: number;
}

/** A node's label and detail fitted in its text box at the diagram's sizes, and the box they really take there. */
function nodeTexts(theme: Theme, node: DiagramNode, place: NodePlace, sizes: TextSizes, hasDetail: boolean): NodeTexts {
  const box = place.text;
  const split = textSplit(theme, node, box, hasDetail, sizes);
  const label = node.label ? fitText({ text: node.label, width: box.width, height: split.label, maxLines: labelLines(hasDetail), maxFontSize: sizes.label, family: theme.fonts.body, weight: 700, lineHeight: LABEL_LINE }) : undefined;
  const detail = node.detail ? fitText({ text: node.detail, width: box.width, height: split.detail, maxLines: 3, maxFontSize: sizes.detail, family: theme.fonts.body, weight: 500, lineHeight: DETAIL_LINE }) : undefined;
  const gap = label && detail ? split.gap : 0;
  const height = (label?.height ?? 0) + (detail?.height ?? 0) + gap;
  const width = Math.min(box.width, Math.max(label ? widestText(label.lines, theme.fonts.body, 700, label.fontSize) : 0, detail ? widestText(detail.lines, theme.fonts.body, 500, detail.fontSize) : 0));
  const top = place.valign === 'top' ? box.top : place.valign === 'bottom' ? box.top + box.height - height : box.top + (box.height - height) / 2;
  const left = place.align === 'left' ? box.left : place.align === 'right' ? box.left + box.width - width : box.left + (box.width - width) / 2;
  return { rect: { left, top, width, height }, ...(label ? { label } : {}), ...(detail ? { detail } : {}), gap };
}

/** The sizes at which every node's label and detail fit its text box, capped at `max`. */
function textSizes(theme: Theme, nodes: DiagramNode[], places: NodePlace[], max: TextSizes): TextSizes {
  const hasDetail = nodes.some((node) => node.detail);
  let label = max.label;
  let detail = max.detail;
  nodes.forEach((node, i) => {
    const rect = places[i]!.text;
    const fitted = splitSizes(theme, node, rect, textSplit(theme, node, rect, hasDetail, max), hasDetail, max);
    label = Math.min(label, fitted.label);
    detail = Math.min(detail, fitted.detail);
  });
  return { label, detail: Math.min(detail, label) };
}

/**
 * The height each node's label and detail take in a box of a given width at the `type` sizes
 * (the fewest lines at which each reaches its size), with `gap` between them; measured once per width.
 */
function textNeed(theme: Theme, nodes: DiagramNode[], hasDetail: boolean, type: TextSizes, gap: number): TextNeed {
  const measured = new Map<string, number>();
  const height = (text: string, width: number, size: number, weight: number, lineHeight: number, maxLines: number) =>
    fitText({ text, width, height: 100000, maxLines, maxFontSize: size, family: theme.fonts.body, weight, lineHeight }).lines.length * size * lineHeight;
  return (index, width) => {
    const key = `${index}:${Math.round(width)}`;
    if (!measured.has(key)) {
      const node = nodes[index];
      const label = node?.label ? height(node.label, width, type.label, 700, LABEL_LINE, labelLines(hasDetail)) : 0;
      const detail = node?.detail ? height(node.detail, width, type.detail, 500, DETAIL_LINE, 3) + gap : 0;
      measured.set(key, label + detail);
    }
    return measured.get(key)!;
  };
}

/** Arrangements that read less plainly than a row or a column are taken only when clearly better. */
const PLAINNESS: Record<string, number> = { zigzag: 0.92, ladder: 0.85, 'snake-2': 0.8, 'snake-3': 0.75, 'loop-frame': 0.9, frame: 0.8 };

/** The box the discs and connectors of an arrangement cover. */
function markBounds(arrangement: Arrangement): Rect {
  return union([
    ...arrangement.nodes.map((node) => ({ left: node.x - node.size / 2, top: node.y - node.size / 2, width: node.size, height: node.size })),
    ...arrangement.links.map((link) => {
      const b = getBoundingBox(link.d);
      return { left: b.x1, top: b.y1, width: b.x2 - b.x1, height: b.y2 - b.y1 };
    }),
  ]);
}

/** The tier of an arrangement that keeps its type, covers a fifth of the canvas and has large pictures. */
const TOP_TIER = 7;

/** How far a connector's drawing reaches past its course: the arrowhead and the travelling dot's halo. */
const connectorReach = (u: number) => Math.max(9, 20 * u) + Math.max(4, 10 * u) * 2;

/** The area of the box an arrangement's drawn marks take on the canvas: its discs, and its connectors with their reach. */
function drawnArea(arrangement: Arrangement, u: number): number {
  const reach = connectorReach(u);
  const grown = arrangement.links.map((link) => {
    const b = getBoundingBox(link.d);
    return { left: b.x1 - reach, top: b.y1 - reach, width: b.x2 - b.x1 + reach * 2, height: b.y2 - b.y1 + reach * 2 };
  });
  const drawn = union([...arrangement.nodes.map((node) => ({ left: node.x - node.size / 2, top: node.y - node.size / 2, width: node.size, height: node.size })), ...grown]);
  return drawn.width * drawn.height;
}

/** A diagram laid out: its arrangement, each node's texts as drawn, and the shift that centres what it really covers in the box. */
export interface DiagramPlan {
  arrangement: Arrangement;
  texts: NodeTexts[];
  shift: Point;
  /** Height of the box around the discs, connectors and text as drawn. */
  height: number;
  /** The box around the discs, connectors and text as drawn, in the body box's pixels (the shift applied). */
  bounds: Rect;
}

/** Every input of a plan, and the arrangements to choose from for given text heights. */
export interface PlanInput {
  theme: Theme;
  box: DiagramBox;
  canvas: { width: number; height: number };
  nodes: DiagramNode[];
  /** Whether a heading is shown: without one the labels are the largest text and are drawn larger. */
  heading: boolean;
  /** Names the diagram kind and shape, for the plan cache. */
  kind: string;
  /** The arrangements for these text heights; `need` measures the room a node's texts need at readable size. */
  arrangements: (textHeights: number[], need: TextNeed) => Arrangement[];
}

const plans = new Map<string, DiagramPlan | undefined>();

/**
 * The arrangement whose pictures are largest while its labels (4% of the canvas's shorter side, 5%
 * without a heading) and details (4%) keep their sizes, its pictures stay a tenth of the shorter
 * side, and its marks cover a good share of the canvas and of the box; measured once per canvas
 * and content.
 */
export function planDiagram(input: PlanInput): DiagramPlan | undefined {
  const key = JSON.stringify([input.kind, input.box, input.canvas, input.heading, input.theme.fonts.body, input.nodes.map((node) => [node.label, node.detail])]);
  if (!plans.has(key)) {
    if (plans.size > 64) plans.clear();
    plans.set(key, computePlan(input));
  }
  return plans.get(key);
}

/** The mean disc size of an arrangement. */
const mean = (arrangement: Arrangement) => arrangement.nodes.reduce((sum, node) => sum + node.size, 0) / arrangement.nodes.length;

function computePlan({ theme, box, canvas, nodes, heading, arrangements }: PlanInput): DiagramPlan | undefined {
  const short = Math.min(canvas.width, canvas.height);
  const minDetail = short * 0.04;
  const minLabel = heading ? minDetail : short * 0.05;
  const max = { label: Math.max(minLabel * 1.2, minDetail * 1.4), detail: minDetail * 1.1 };
  const hasDetail = nodes.some((node) => node.detail);
  const line = minLabel * 1.3;
  const candidates = arrangements(
    Array.from({ length: hasDetail ? 5 : 3 }, (_, i) => line * (i + 1)),
    // At the sizes `keeps` asks for below, before fitText's safety margin.
    textNeed(theme, nodes, hasDetail, { label: (minLabel * 1.035) / 0.98, detail: (minDetail * 1.035) / 0.98 }, max.label * 0.25),
  );
  // Geometry first: how large the discs are and how well the marks and nodes fill the canvas and box.
  const weigh = (arrangement: Arrangement) => {
    const marks = markBounds(arrangement);
    const cover = Math.min(1, (marks.width * marks.height) / (canvas.width * canvas.height) / 0.24);
    const spread = union(arrangement.nodes.map(nodeBounds));
    const span = Math.min(1, spread.width / box.width / 0.8) * Math.min(1, spread.height / box.height / 0.6);
    return mean(arrangement) * (PLAINNESS[arrangement.kind] ?? 1) * cover ** 2 * span ** 2;
  };
  const ordered = candidates.map((arrangement) => ({ arrangement, weight: weigh(arrangement) })).sort((a, b) => b.weight - a.weight);
  // Then type: an arrangement whose texts keep their sizes beats any whose texts shrink.
  let best: { arrangement: Arrangement; sizes: TextSizes; score: number } | undefined;
  for (const { arrangement, weight } of ordered) {
    const share = weight / (ordered[0]?.weight || 1);
    if (best && best.score >= TOP_TIER && share <= best.score - TOP_TIER) break;
    const sizes = textSizes(theme, nodes, arrangement.nodes, max);
    // Drawn text comes out a little under the size it is fitted at (fitText keeps a safety margin).
    const keeps = sizes.label >= minLabel * 1.03 && (!hasDetail || sizes.detail >= minDetail * 1.03);
    const roomy = 0.85 + 0.15 * Math.min(1, sizes.label / max.label);
    const shrink = Math.min(1, sizes.label / minLabel, hasDetail ? sizes.detail / minDetail : 1);
    // Kept type comes first (a label under readable size fails the frame), then marks that cover
    // a fifth of the canvas (the diagram is the scene's picture), then pictures of a tenth of the
    // shorter side.
    const tier = (keeps ? 4 : 0) + (drawnArea(arrangement, box.u) >= 0.205 * canvas.width * canvas.height ? 2 : 0) + (mean(arrangement) >= short * 0.1 ? 1 : 0);
    const score = tier + share * roomy * shrink ** 4;
    if (!best || score > best.score) best = { arrangement, sizes, score };
  }
  if (!best) return undefined;
  const { arrangement, sizes } = best;
  const texts = arrangement.nodes.map((place, i) => nodeTexts(theme, nodes[i]!, place, sizes, hasDetail));
  const drawn = union([markBounds(arrangement), ...texts.map((t) => t.rect)]);
  const shift = { x: box.width / 2 - (drawn.left + drawn.width / 2), y: box.height / 2 - (drawn.top + drawn.height / 2) };
  return {
    arrangement,
    texts,
    shift,
    height: drawn.height,
    bounds: { left: drawn.left + shift.x, top: drawn.top + shift.y, width: drawn.width, height: drawn.height },
  };
}

/** A node's label and detail as planned, lined up toward its disc. */
export const NodeText: React.FC<{ theme: Theme; texts: NodeTexts; align: NodePlace['align']; delay: number; u: number }> = ({ theme, texts, align, delay, u }) => {
  const colors = kitColors(theme);
  const { rect, label, detail, gap } = texts;
  return (
    <Enter theme={theme} delay={delay} distance={16 * u} part="diagram-text" style={{ position: 'absolute', left: rect.left, top: rect.top, width: rect.width, height: rect.height, display: 'flex', flexDirection: 'column', gap }}>
      {label ? <FitLines part="diagram-label" fit={label} width={rect.width} family={theme.fonts.body} weight={700} color={colors.text} lineHeight={LABEL_LINE} align={align} /> : null}
      {/* The muted colour a third of the way to the text's: details may stand over the pack's background shapes, and stay readable there. */}
      {detail ? <FitLines part="diagram-detail" fit={detail} width={rect.width} family={theme.fonts.body} weight={500} color={mixColors(colors.muted, colors.text, 0.35)} lineHeight={DETAIL_LINE} align={align} /> : null}
    </Enter>
  );
};

/** The idle clock of a diagram: seconds, in sixths once everything has entered at frame `settled`, and whether it has. */
export function useIdle(settled: number): { seconds: number; holding: boolean } {
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const holding = frame >= settled;
  return { seconds: idleSeconds(frame, fps, holding ? 1 : 0), holding };
}

/**
 * A node's tile: its picture (else its step number) large on a rounded tile filled with a tint of
 * the pack's primary and edged in it, popping in at `delay` and floating a little while the
 * diagram holds; a stage number on its shoulder when `number` is given. `step`: the number a node
 * without a picture shows (default `number`, else `phase + 1`); null shows none (a hub). `emphasis` (0..1) is how much it is the node being spoken about: the others step back,
 * smaller and paler, and the spoken one stands out, ringed in the accent.
 */
export const NodeDisc: React.FC<{ theme: Theme; node: DiagramNode; place: NodePlace; delay: number; seconds: number; phase: number; number?: number; step?: number | null; u: number; emphasis?: number; focusing?: boolean }> = ({
  theme,
  node,
  place,
  delay,
  seconds,
  phase,
  number,
  step,
  u,
  emphasis = 1,
  focusing = false,
}) => {
  const colors = kitColors(theme);
  const pop = useEntrance(theme, delay);
  const size = place.size;
  const float = Math.sin(seconds * 1.5 + phase * 1.3) * size * 0.03;
  const tilt = Math.sin(seconds * 0.9 + phase) * 2;
  // A node without a picture (the node chose pictures by meaning) shows its step number, with no
  // shoulder badge then: never a letter, nor an icon guessed from a word of its label.
  const marked = !node.picture;
  const ring = Math.max(2, 5 * u);
  const badge = Math.max(size * 0.3, 40 * u);
  // A squircle: its corners stay close to the circle connectors are cut back to.
  const radius = size * 0.34;
  const dim = 1 - emphasis;
  const lift = focusing ? emphasis : 0;
  const edge = lift > 0.01 ? mixColors(colors.primary, colors.accent, lift) : colors.primary;
  return (
    <div style={{ position: 'absolute', left: place.x - size / 2, top: place.y - size / 2, width: size, height: size, opacity: Math.min(1, pop * 1.6) * (1 - 0.45 * dim), transform: `scale(${(0.55 + 0.45 * pop) * (1 - 0.1 * dim + 0.06 * lift)})` }}>
      <div
        data-kit-part="diagram"
        style={{
          width: size,
          height: size,
          boxSizing: 'border-box',
          borderRadius: radius,
          border: `${ring * (1 + 0.6 * lift)}px solid ${edge}`,
          background: `linear-gradient(160deg, ${mixColors(colors.primary, colors.surface, 0.72)}, ${mixColors(colors.primary, colors.surface, 0.88)})`,
          boxShadow: lift > 0.01 ? `0 0 0 ${ring * 2 * lift}px ${mixColors(colors.accent, colors.background, 0.6)}${depthShadow(theme, u) ? `, ${depthShadow(theme, u)}` : ''}` : depthShadow(theme, u),
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <div style={{ display: 'flex', transform: `translateY(${float}px) rotate(${tilt}deg)` }}>
          {node.picture ? (
            <Img src={node.picture} style={{ width: Math.round(size * 0.76), height: Math.round(size * 0.76), display: 'block', objectFit: 'contain' }} />
          ) : (
            step === null ? null : <StepMark part="diagram-step" number={step ?? number ?? phase + 1} size={size} fontShare={0.48} family={theme.fonts.heading} color={colors.onSurface} />
          )}
        </div>
      </div>
      {number !== undefined && !marked ? (
        <div
          data-kit-role="fineprint"
          style={{ position: 'absolute', left: size * 0.5 - size * 0.4 - badge / 2, top: size * 0.5 - size * 0.4 - badge / 2, width: badge, height: badge, borderRadius: '50%', background: colors.primary, boxShadow: `0 0 0 ${ring}px ${colors.background}`, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        >
          <FitLines part="diagram-number" fit={fitText({ text: String(number), width: badge * 0.7, height: badge * 0.7, maxLines: 1, maxFontSize: badge * 0.6, family: theme.fonts.body, weight: 800, lineHeight: 1 })} width={badge * 0.7} family={theme.fonts.body} weight={800} color={colors.onPrimary} lineHeight={1} align="center" />
        </div>
      ) : null}
    </div>
  );
};

/**
 * A tint of `color` over `background` that stands clearly apart from it (at least 60 levels summed
 * over R, G and B): a fifth of the colour, more where the pack's colour is near its background (a
 * pastel on cream).
 */
export function fieldTint(color: string, background: string): string {
  const base = parseColor(background);
  for (const share of [0.2, 0.3, 0.42]) {
    const tint = mixColors(color, background, 1 - share);
    const c = parseColor(tint);
    if (!base || !c || Math.abs(c.r - base.r) + Math.abs(c.g - base.g) + Math.abs(c.b - base.b) >= 60) return tint;
  }
  return mixColors(color, background, 0.58);
}

/**
 * The colour field behind a diagram: a rounded panel round what it draws (`bounds`, grown by a
 * margin), tinted with the pack's primary, so the diagram reads as one designed block rather
 * than marks scattered on the background.
 */
export const StagePanel: React.FC<{ theme: Theme; bounds: Rect; box: DiagramBox; delay: number }> = ({ theme, bounds, box, delay }) => {
  const colors = kitColors(theme);
  const layout = useLayout();
  const enter = useEntrance(theme, delay);
  const grow = 40 * box.u;
  // It may reach past the body box into the safe margin, but no further than keeps it on the
  // canvas under the frame's push (4%, taken at 4.5%).
  const reachX = Math.max(0, layout.margin - (layout.width / 2) * 0.045);
  const reachY = Math.max(0, layout.margin - (layout.height / 2) * 0.045);
  const left = Math.max(-reachX, bounds.left - grow);
  const top = Math.max(-grow * 0.6, bounds.top - grow);
  const right = Math.min(box.width + reachX, bounds.left + bounds.width + grow);
  const bottom = Math.min(box.height + reachY, bounds.top + bounds.height + grow);
  const width = right - left;
  const height = bottom - top;
  return (
    <div
      style={{
        position: 'absolute',
        left,
        top,
        width,
        height,
        borderRadius: cornerRadius(theme, Math.min(width, height), 56 * box.u),
        background: `linear-gradient(135deg, ${fieldTint(colors.primary, colors.background)}, ${fieldTint(colors.secondary, colors.background)})`,
        opacity: enter,
        transform: `scale(${0.96 + 0.04 * enter})`,
      }}
    />
  );
};

/** Nodes entering one after another from frame `start`, each connector drawing toward the next: all in within about two seconds. */
export function chainTiming(theme: Theme, linkCount: number, nodeCount: number, start: number): Timing {
  const step = Math.min(16, 60 / Math.max(1, linkCount));
  const nodeDelay = Array.from({ length: nodeCount }, (_, i) => start + i * step);
  const links = Array.from({ length: linkCount }, (_, i) => ({ start: start + i * step + step * 0.3, frames: step * 0.78 }));
  const lastLink = links.length > 0 ? links[links.length - 1]!.start + links[links.length - 1]!.frames : 0;
  return { nodeDelay, links, settled: Math.max(lastLink, nodeDelay[nodeDelay.length - 1]! + theme.motion.durationFrames) };
}

/** The first node entering at frame `start`, then connectors drawing out from it in turn, each node entering as its connector arrives. */
export function fanTiming(theme: Theme, linkCount: number, start: number): Timing {
  const step = Math.min(16, 60 / (linkCount + 1));
  const links = Array.from({ length: linkCount }, (_, j) => ({ start: start + step * 0.6 + j * step * 0.55, frames: step * 1.1 }));
  const nodeDelay = [start, ...links.map((t) => t.start + t.frames - 3)];
  return { nodeDelay, links, settled: Math.max(...nodeDelay) + theme.motion.durationFrames };
}

interface Measured {
  link: Link;
  length: number;
}

/** Where the travelling dot is on each connector (0..1) at `seconds`, or undefined where it is not. */
export type DotPlacer = (seconds: number, index: number, count: number) => number | undefined;

/** One dot walking the connectors in order, a second and a bit on each (`loop`: straight on from the last to the first). */
export const walkDots =
  (loop: boolean): DotPlacer =>
  (seconds, index, count) => {
    const lap = count + (loop ? 0 : 0.8);
    const at = (seconds / 1.2) % lap;
    return at >= index && at < index + 1 ? at - index : undefined;
  };

/** A dot on every connector at once, moving out from the first node. */
export const fanDots: DotPlacer = (seconds) => {
  const at = (seconds / 1.4) % 1.35;
  return at < 1 ? at : undefined;
};

/**
 * The connectors of an arrangement in one SVG the size of the box they span: each draws itself
 * along its length when its timing says, ends in an arrowhead, and carries a travelling dot once
 * the diagram holds.
 */
export const Connectors: React.FC<{ theme: Theme; links: Link[]; timing: LinkTiming[]; seconds: number; holding: boolean; dots: DotPlacer; u: number }> = ({ theme, links, timing, seconds, holding, dots, u }) => {
  const frame = useCurrentFrame();
  const colors = kitColors(theme);
  const measured = React.useMemo<Measured[]>(() => links.map((link) => ({ link, length: getLength(link.d) })), [links]);
  const stroke = Math.max(2.5, 6 * u);
  const head = Math.max(9, 20 * u);
  const dot = Math.max(4, 10 * u);
  const box = React.useMemo(() => {
    const boxes = links.map((link) => getBoundingBox(link.d));
    const reach = connectorReach(u);
    const left = Math.min(...boxes.map((b) => b.x1)) - reach;
    const top = Math.min(...boxes.map((b) => b.y1)) - reach;
    return { left, top, width: Math.max(...boxes.map((b) => b.x2)) + reach - left, height: Math.max(...boxes.map((b) => b.y2)) + reach - top };
  }, [links, u]);
  if (links.length === 0) return null;
  return (
    <svg data-kit-part="diagram-links" style={{ position: 'absolute', left: box.left, top: box.top, width: box.width, height: box.height, overflow: 'visible' }} viewBox={`${box.left} ${box.top} ${box.width} ${box.height}`}>
      {measured.map(({ link, length }, i) => {
        const time = timing[i] ?? { start: 0, frames: 1 };
        const progress = interpolate(frame, [time.start, time.start + time.frames], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
        if (progress <= 0) return null;
        const drawn = evolvePath(progress, link.d);
        const end = getPointAtLength(link.d, length)!;
        const before = getPointAtLength(link.d, Math.max(0, length - 2))!;
        const angle = (Math.atan2(end.y - before.y, end.x - before.x) * 180) / Math.PI;
        const arrow = interpolate(progress, [0.85, 1], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
        const at = holding ? dots(seconds, i, links.length) : undefined;
        const spot = at !== undefined ? getPointAtLength(link.d, Math.min(length - head, at * length)) : null;
        return (
          <g key={i}>
            <path d={link.d} fill="none" stroke={colors.primary} strokeWidth={stroke} strokeLinecap="round" strokeDasharray={drawn.strokeDasharray} strokeDashoffset={drawn.strokeDashoffset} />
            {arrow > 0 ? (
              <path d={`M 0 0 L ${-head} ${-head * 0.62} L ${-head * 0.78} 0 L ${-head} ${head * 0.62} Z`} fill={colors.primary} transform={`translate(${end.x} ${end.y}) rotate(${angle}) scale(${arrow})`} />
            ) : null}
            {spot && at !== undefined ? (
              <g opacity={Math.sin(Math.PI * Math.min(1, at * 1.15))}>
                <circle cx={spot.x} cy={spot.y} r={dot * 1.9} fill={colors.accent} opacity={0.25} />
                <circle cx={spot.x} cy={spot.y} r={dot} fill={colors.accent} stroke={colors.background} strokeWidth={Math.max(1, 2 * u)} />
              </g>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
};
