import React from 'react';
import { Img, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../../scene-props';
import { kitColors } from '../color';
import { useLayout } from '../layout';
import { idleSeconds, useEntrance } from '../motion';
import { bodyDelay, cornerRadius, DataScene, depthShadow, Enter, isBanner, mixColors, staggerFor, uniformSize } from './common';
import { FittedText, fitText } from '../fitted-text';
import { bodyFloor } from '../lists/scene-parts';
import { FALLBACK_ICON, iconComponent, iconFor } from './icons';

/** One cell of an icon grid: an icon name (see ICON_NAMES) and a short label. */
export interface IconItem {
  icon: string;
  label: string;
  /** A colour illustration to show instead of the icon (an image URL: the node sends the visual library's pictures as data URLs). */
  picture?: string;
}

/** How an icon grid is laid out in its box: one plan per column count and arrangement. */
interface IconGridPlan {
  columns: number;
  rows: number;
  gap: number;
  cellW: number;
  cellH: number;
  /** Each row's height: `cellH` each, or beside their icons as many lines as the row's longest label needs. */
  rowHs: number[];
  /** The label beside the icon (wide, short cells) rather than under it. */
  beside: boolean;
  pad: number;
  disc: number;
  labelW: number;
  labelH: number;
  labelFont: number;
  score: number;
}

/**
 * One plan for `columns` columns. The label gets the height it needs at `floor` (the smallest body
 * type), wrapping to up to three lines; the icon takes the rest of the cell, up to a large badge, so
 * a few items fill the canvas with pictures. Labels that cannot keep the floor count heavily against
 * the plan, so a dense grid takes more rows or puts labels beside their icons rather than shrinking them.
 */
function planIconGrid(labels: string[], family: string, W: number, H: number, u: number, floor: number, canvasArea: number, banner: boolean, columns: number, beside: boolean, share = 0.3): IconGridPlan {
  const n = labels.length;
  const rows = Math.ceil(n / columns);
  // Dense grids close up, so the labels keep their size.
  const gap = (banner ? 20 : rows >= 4 ? 14 : rows >= 3 ? 18 : 28) * u;
  const cellW = Math.min((W - gap * (columns - 1)) / columns, columns > 1 ? 720 * u : Infinity);
  let cellH = Math.min((H - gap * (rows - 1)) / rows, 620 * u, columns > 1 && !beside ? cellW * 1.3 : Infinity);
  // Four rows or more of labels beside their icons sit closer to their cards' edges, leaving the labels more width.
  const pad = Math.max(10 * u, Math.min(cellW, cellH) * (beside && rows < 4 ? 0.12 : rows >= 2 && !beside ? 0.08 : beside ? 0.06 : 0.1));
  const box = (width: number, height: number, maxFontSize: number) => ({ width: Math.max(8, width), height: Math.max(8, height), maxLines: 3, maxFontSize, family, weight: 700, lineHeight: 1.2 });
  const maxFont = Math.max(floor, (n <= 4 ? 56 : 48) * u);
  let disc: number;
  let labelW: number;
  let labelH: number;
  let rowHs = Array.from({ length: rows }, () => cellH);
  let labelFont: number;
  if (beside) {
    // The icon takes up to `share` of the cell's width: a smaller one leaves long labels room at the floor.
    disc = Math.round(Math.max(0, Math.min(cellH - pad * 2, cellW * share, 220 * u)));
    labelW = cellW - pad * 3 - disc;
    labelH = cellH - pad * 2;
    // Rows as tall as their labels need at the floor: a row of two-line labels gives a row of three
    // the height it lacks (eight items on a square); where the rows together do not fit the box at
    // the floor, they share it in proportion to those needs, so every label shrinks alike.
    const lines = Array.from({ length: rows }, (_, r) => Math.max(1, ...labels.slice(r * columns, (r + 1) * columns).map((label) => (label ? fitText({ ...box(labelW, 100000, floor), text: label }).lines.length : 1))));
    const need = lines.map((count) => Math.max(disc, Math.ceil(floor * 1.2 * count) + 2) + pad * 2);
    const total = cellH * rows;
    const sum = need.reduce((a, b) => a + b, 0);
    if (need.some((h) => h > cellH)) {
      rowHs = sum <= total ? need.map((h) => h + (total - sum) / rows) : need.map((h) => (h * total) / sum);
      labelH = Math.min(...rowHs) - pad * 2;
    }
  } else {
    labelW = cellW - pad * 2;
    const lines = Math.max(1, ...labels.map((label) => (label ? fitText({ ...box(labelW, 100000, floor), text: label }).lines.length : 0)));
    const need = Math.ceil(floor * 1.2 * lines) + 2;
    disc = Math.round(Math.max(0, Math.min(cellH - pad * 2.8 - need, cellW * 0.62, 340 * u)));
    labelH = cellH - pad * 2.8 - disc;
  }
  labelFont = beside ? Math.min(maxFont, ...labels.map((label, i) => (label ? uniformSize([label], box(labelW, rowHs[Math.floor(i / columns)]! - pad * 2, maxFont)) : maxFont))) : uniformSize(labels, box(labelW, labelH, maxFont));
  const fill = n / (rows * columns);
  const coverage = Math.min(1, ((cellW * columns + gap * (columns - 1)) * (cellH * rows + gap * (rows - 1))) / (W * H));
  // Labels under the floor count heavily against a plan, and the further under the more (where no
  // plan keeps the floor, the one with the largest labels wins over one with larger icons); so does
  // an icon too small to read as a picture.
  const penalty = (labelFont >= floor - 0.01 ? 1 : 0.05 * (labelFont / floor) ** 10) * (disc >= floor * 1.5 ? 1 : 0.05);
  // The icons are the scene's picture: spread over the frame they should cover a fifth of the canvas (the
  // box from the first icon to the last; stacked icons sit centred in their cells, beside ones at the left).
  const across = columns > 1 ? (columns - 1) * (cellW + gap) + (beside ? pad : 0) + disc : disc;
  const down = rowHs.slice(0, -1).reduce((a, b) => a + b, 0) + (rows - 1) * gap + disc;
  const pictured = Math.min(1, (across * down) / canvasArea / 0.22);
  // Labels past a little over the floor read no better: past it, the icons' size decides.
  const score = (disc * 2 + Math.min(labelFont, floor * 1.15) * 2) * fill ** 1.5 * Math.sqrt(coverage) * penalty * pictured ** 8;
  return { columns, rows, gap, cellW, cellH, rowHs, beside, pad, disc, labelW, labelH, labelFont, score };
}

/** The plan with the largest icons and labels: wide, short cells put labels beside their icons. */
function bestIconGridPlan(labels: string[], family: string, W: number, H: number, u: number, floor: number, canvasArea: number, banner: boolean): IconGridPlan {
  let best: IconGridPlan | undefined;
  for (const beside of [false, true]) {
    for (let columns = 1; columns <= labels.length; columns += 1) {
      // Four rows or more (eight labels on a square) may take a smaller icon still, for the labels' width.
      for (const share of beside ? (Math.ceil(labels.length / columns) >= 4 ? [0.3, 0.24, 0.18, 0.16] : [0.3, 0.24, 0.18]) : [0.3]) {
        const plan = planIconGrid(labels, family, W, H, u, floor, canvasArea, banner, columns, beside, share);
        // Beside only where the cell is wide: a label beside an icon in a squarish card reads cramped.
        if (beside && plan.cellW / plan.cellH < 1.3) continue;
        if (!best || plan.score > best.score) best = plan;
      }
    }
  }
  return best!;
}

/**
 * Up to eight features or facts as icon cards: a lucide icon drawn in the pack's primary color
 * over a soft disc, and a label under it (beside it in wide, short cells). The grid picks its
 * columns from the canvas. An unknown icon name falls back to an icon chosen from the label's words.
 */
export const IconGrid: React.FC<{ theme: Theme; title: string; items: IconItem[]; kicker?: string }> = ({ theme, title, items, kicker }) => {
  const layout = useLayout();
  const given = (Array.isArray(items) ? items : []).slice(0, 8);
  // Pictures only when every card has one: one set of illustrations or line icons throughout, never a mix.
  const pictured = given.length > 0 && given.every((item) => typeof item?.picture === 'string' && item.picture !== '');
  const shown = given.map((item) => ({
    icon: String(item?.icon ?? ''),
    label: String(item?.label ?? ''),
    ...(pictured ? { picture: String(item.picture) } : {}),
  }));
  return (
    <DataScene theme={theme} seed={`icons-${title}`} title={title} kicker={kicker} part="icon-grid">
      {(box) => (shown.length > 0 ? <IconGridBody theme={theme} width={box.width} height={box.height} items={shown} banner={isBanner(layout)} u={box.u} /> : null)}
    </DataScene>
  );
};

/**
 * How an icon sits on its disc: `soft`, the icon in primary over a pale tint of it; `solid`, a disc
 * of exactly the primary color with the icon in the color readable on it.
 */
export type IconBadge = 'soft' | 'solid';

/**
 * The body of an icon grid, drawn into a box of `width` × `height`: one card per item, the columns
 * picked from the box. `u` scales its sizes.
 */
export const IconGridBody: React.FC<{
  theme: Theme;
  width: number;
  height: number;
  items: IconItem[];
  banner: boolean;
  u: number;
  /** @default 'soft' */
  badge?: IconBadge;
}> = ({ theme, width: W, height: H, items, banner, u, badge = 'soft' }) => {
  const layout = useLayout();
  const n = items.length;
  const plan = bestIconGridPlan(
    items.map((item) => item.label),
    theme.fonts.body,
    W,
    H,
    u,
    bodyFloor(layout),
    layout.width * layout.height,
    banner,
  );
  const { columns, rows, gap, cellW, rowHs, beside, pad, disc, labelW, labelH, labelFont } = plan;
  const gridW = cellW * columns + gap * (columns - 1);
  const gridH = rowHs.reduce((a, b) => a + b, 0) + gap * (rows - 1);
  const delay = bodyDelay(theme);
  const stagger = staggerFor(theme, n, 36);
  return (
    <div style={{ position: 'absolute', left: (W - gridW) / 2, top: (H - gridH) / 2, width: gridW, height: gridH }}>
      {items.map((item, i) => {
        const row = Math.floor(i / columns);
        const inRow = row === rows - 1 ? n - row * columns : columns;
        // The last row, when short, is centred under the others.
        const offset = ((columns - inRow) * (cellW + gap)) / 2;
        return (
          <Cell
            key={i}
            theme={theme}
            item={item}
            delay={delay + i * stagger}
            left={offset + (i % columns) * (cellW + gap)}
            top={rowHs.slice(0, row).reduce((a, b) => a + b, 0) + row * gap}
            width={cellW}
            height={rowHs[row]!}
            disc={disc}
            pad={pad}
            beside={beside}
            labelW={labelW}
            labelH={beside ? rowHs[row]! - pad * 2 : labelH}
            labelFont={labelFont}
            badge={badge}
            u={u}
          />
        );
      })}
    </div>
  );
};

const Cell: React.FC<{ theme: Theme; item: IconItem; delay: number; left: number; top: number; width: number; height: number; disc: number; pad: number; beside: boolean; labelW: number; labelH: number; labelFont: number; badge: IconBadge; u: number }> = ({
  theme,
  item,
  delay,
  left,
  top,
  width,
  height,
  disc,
  pad,
  beside,
  labelW,
  labelH,
  labelFont,
  badge,
  u,
}) => {
  const colors = kitColors(theme);
  const pop = useEntrance(theme, delay + 4);
  const Icon = iconComponent(item.icon) ?? iconComponent(iconFor(item.label)) ?? iconComponent(FALLBACK_ICON)!;
  // A picture floats gently while the grid holds (each card in its own phase), so the scene never stands still;
  // in steps of a sixth of a second once it has entered, so most frames are held rather than captured.
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const float = Math.sin(idleSeconds(frame, fps, pop) * 1.6 + delay * 0.7) * disc * 0.035;
  const radius = cornerRadius(theme, Math.min(width, height), 36 * u);
  return (
    <Enter
      theme={theme}
      delay={delay}
      distance={24 * u}
      part="icon-card"
      style={{ position: 'absolute', left, top, width, height, boxSizing: 'border-box', padding: pad, borderRadius: radius, background: colors.surface, boxShadow: depthShadow(theme, u), display: 'flex', flexDirection: beside ? 'row' : 'column', alignItems: 'center', justifyContent: beside ? 'flex-start' : 'center', gap: beside ? pad : pad * 0.8 }}
    >
      <div data-kit-part="icon" style={{ flex: 'none', width: disc, height: disc, borderRadius: cornerRadius(theme, disc, disc / 2), background: badge === 'solid' ? colors.primary : mixColors(colors.primary, colors.surface, 0.86), display: 'flex', alignItems: 'center', justifyContent: 'center', transform: `scale(${0.6 + 0.4 * Math.min(1, pop)})` }}>
        {item.picture ? (
          <Img data-kit-part="picture" src={item.picture} style={{ width: Math.round(disc * 0.66), height: Math.round(disc * 0.66), display: 'block', transform: `translateY(${float}px)` }} />
        ) : (
          <Icon size={Math.round(disc * 0.54)} color={badge === 'solid' ? colors.onPrimary : colors.primary} strokeWidth={2} absoluteStrokeWidth={false} />
        )}
      </div>
      <div style={{ width: labelW, height: beside ? labelH : undefined, display: 'flex', alignItems: 'center', justifyContent: beside ? 'flex-start' : 'center' }}>
        <FittedText part="icon-label" text={item.label} width={labelW} height={labelH} maxLines={3} maxFontSize={labelFont} family={theme.fonts.body} weight={700} color={colors.onSurface} align={beside ? 'left' : 'center'} lineHeight={1.2} />
      </div>
    </Enter>
  );
};
