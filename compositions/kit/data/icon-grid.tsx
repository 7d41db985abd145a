import React from 'react';
import { Img, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../../scene-props';
import { kitColors } from '../color';
import { useLayout } from '../layout';
import { idleSeconds, useEntrance } from '../motion';
import { bodyDelay, cornerRadius, DataScene, depthShadow, Enter, isBanner, mixColors, staggerFor, uniformSize } from './common';
import { FittedText } from '../fitted-text';
import { FALLBACK_ICON, iconComponent, iconFor } from './icons';

/** One cell of an icon grid: an icon name (see ICON_NAMES) and a short label. */
export interface IconItem {
  icon: string;
  label: string;
  /** A colour illustration to show instead of the icon (an image URL: the node sends the visual library's pictures as data URLs). */
  picture?: string;
}

/** Columns for `n` cells in a box: cells near 1.25:1, few empty slots in the last row. */
function gridColumns(n: number, width: number, height: number, gap: number): number {
  let best = 1;
  let bestScore = -1;
  for (let columns = 1; columns <= n; columns += 1) {
    const rows = Math.ceil(n / columns);
    const cellW = (width - gap * (columns - 1)) / columns;
    const cellH = (height - gap * (rows - 1)) / rows;
    const fill = n / (rows * columns);
    const score = Math.min(cellW / 1.25, cellH, 420) * fill ** 1.5;
    if (score > bestScore) {
      best = columns;
      bestScore = score;
    }
  }
  return best;
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
  const n = items.length;
  const gap = (banner ? 20 : 28) * u;
  const columns = gridColumns(n, W, H, gap);
  const rows = Math.ceil(n / columns);
  const cellW = Math.min((W - gap * (columns - 1)) / columns, columns > 1 ? 560 * u : Infinity);
  const cellH = Math.min((H - gap * (rows - 1)) / rows, 420 * u, columns > 1 ? cellW * 1.3 : Infinity);
  // Wide, short cells put the label beside the icon; others stack it under the icon.
  const beside = cellW / cellH > 2.1;
  const pad = Math.min(cellW, cellH) * 0.1;
  const disc = Math.round(Math.min(beside ? cellH - pad * 2 : cellH * 0.42, beside ? cellW * 0.3 : cellW * 0.46, 170 * u));
  const labelW = beside ? cellW - pad * 2 - disc - pad : cellW - pad * 2;
  const labelH = beside ? cellH - pad * 2 : cellH - pad * 2 - disc - pad * 0.8;
  const labelFont = uniformSize(
    items.map((item) => item.label),
    { width: labelW, height: labelH, maxLines: 3, maxFontSize: (n <= 4 ? 52 : 44) * u, family: theme.fonts.body, weight: 700, lineHeight: 1.2 },
  );
  const gridW = cellW * columns + gap * (columns - 1);
  const gridH = cellH * rows + gap * (rows - 1);
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
            top={row * (cellH + gap)}
            width={cellW}
            height={cellH}
            disc={disc}
            pad={pad}
            beside={beside}
            labelW={labelW}
            labelH={labelH}
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
