import React from 'react';
import type { Theme } from '../../scene-props';
import { kitColors, readableOn } from '../color';
import { useLayout } from '../layout';
import { bodyDelay, cornerRadius, DataScene, depthShadow, Enter, isBanner, staggerFor, uniformSize } from './common';
import { FittedText } from '../fitted-text';

/** One side of a comparison: a heading and up to five points. */
export interface ComparisonSide {
  title: string;
  points: string[];
}

function sideOf(side: ComparisonSide | undefined): ComparisonSide {
  return { title: String(side?.title ?? ''), points: (Array.isArray(side?.points) ? side.points : []).slice(0, 5).map(String) };
}

/**
 * Two things compared: two panels, each a colored header and up to five points, side by side in
 * landscape and stacked in portrait. Rows line up across the panels when side by side.
 */
export const Comparison: React.FC<{ theme: Theme; title: string; left: ComparisonSide; right: ComparisonSide; kicker?: string }> = ({ theme, title, left, right, kicker }) => {
  const layout = useLayout();
  const sides = [sideOf(left), sideOf(right)];
  return (
    <DataScene theme={theme} seed={`compare-${title}`} title={title} kicker={kicker} part="comparison">
      {(box) => <Panels theme={theme} width={box.width} height={box.height} sides={sides} beside={layout.orientation !== 'portrait'} banner={isBanner(layout)} u={box.u} />}
    </DataScene>
  );
};

const Panels: React.FC<{ theme: Theme; width: number; height: number; sides: ComparisonSide[]; beside: boolean; banner: boolean; u: number }> = ({ theme, width: W, height: H, sides, beside, banner, u }) => {
  const colors = kitColors(theme);
  const gap = (beside ? 44 : 32) * u;
  const pad = (banner ? 22 : 34) * u;
  const headerH = Math.round(Math.min((banner ? 64 : 104) * u, (beside ? H : H / 2) * 0.24));
  const counts = sides.map((s) => Math.max(1, s.points.length));
  const fills = [colors.primary, colors.secondary === colors.primary ? colors.accent : colors.secondary];
  // Side by side the panels share a height and their rows line up; stacked, each panel is as tall
  // as its own rows, with one row height for both.
  const panelW = beside ? (W - gap) / 2 : W;
  const maxRows = Math.max(...counts);
  const rowH = beside ? Math.min((H - headerH - pad * 2) / maxRows, 150 * u) : Math.min((H - gap - 2 * (headerH + pad * 2)) / (counts[0]! + counts[1]!), 130 * u);
  const panelH = (i: number) => (beside ? Math.min(H, headerH + pad * 2 + rowH * maxRows) : headerH + pad * 2 + rowH * counts[i]!);
  const totalH = beside ? panelH(0) : panelH(0) + gap + panelH(1);
  const marker = Math.round(Math.max(6, Math.min(rowH * 0.2, 18 * u)));
  const textW = panelW - pad * 2 - marker - 22 * u;
  const allPoints = sides.flatMap((s) => s.points);
  const pointFont = uniformSize(allPoints, { width: textW, height: rowH * 0.86, maxLines: 3, maxFontSize: 44 * u, family: theme.fonts.body, weight: 500, lineHeight: 1.22 });
  const headerFont = uniformSize(
    sides.map((s) => s.title),
    { width: panelW - pad * 2, height: headerH * 0.62, maxLines: 1, maxFontSize: 52 * u, family: theme.fonts.heading, weight: 800, lineHeight: 1.15 },
  );
  const radius = cornerRadius(theme, Math.min(panelW, 200 * u), 40 * u);
  const delay = bodyDelay(theme);
  const stagger = staggerFor(theme, allPoints.length + 2, 44);
  return (
    <div style={{ position: 'absolute', left: 0, top: (H - totalH) / 2, width: W, height: totalH }}>
      {sides.map((side, s) => {
        const left = beside ? s * (panelW + gap) : 0;
        const top = beside ? 0 : s === 0 ? 0 : panelH(0) + gap;
        const fill = fills[s]!;
        const onFill = readableOn(fill, colors.background);
        const panelDelay = delay + s * stagger * 2;
        return (
          <Enter key={s} theme={theme} delay={panelDelay} distance={30 * u} part="comparison-panel" style={{ position: 'absolute', left, top, width: panelW, height: panelH(s), borderRadius: radius, background: colors.surface, boxShadow: depthShadow(theme, u), overflow: 'hidden' }}>
            <div style={{ height: headerH, background: fill, display: 'flex', alignItems: 'center', padding: `0 ${pad}px` }}>
              <FittedText part="comparison-title" text={side.title} width={panelW - pad * 2} height={headerH * 0.62} maxLines={1} maxFontSize={headerFont} family={theme.fonts.heading} weight={800} color={onFill} lineHeight={1.15} />
            </div>
            <div style={{ position: 'relative', padding: pad }}>
              {side.points.map((point, i) => (
                  <Enter key={i} theme={theme} delay={panelDelay + 6 + i * stagger} distance={16 * u} part="comparison-point" style={{ height: rowH, display: 'flex', alignItems: 'center', gap: 22 * u }}>
                    <div style={{ flex: 'none', width: marker, height: marker, borderRadius: cornerRadius(theme, marker, marker / 2) || 0, background: fill }} />
                    <FittedText part="comparison-text" text={point} width={textW} height={rowH * 0.86} maxLines={3} maxFontSize={pointFont} family={theme.fonts.body} weight={500} color={colors.onSurface} lineHeight={1.22} />
                  </Enter>
              ))}
            </div>
          </Enter>
        );
      })}
    </div>
  );
};
