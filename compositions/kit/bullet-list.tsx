import React from 'react';
import type { Theme } from '../scene-props';
import { kitColors } from './color';
import { uniformSize } from './data/common';
import { bodyFloor } from './lists/scene-parts';
import { FittedText, fitText } from './fitted-text';
import { Heading, packLayout } from './heading';
import { IconPanel } from './icon-panel';
import { useLayout, type Layout } from './layout';
import { panelIcons } from './panel-icons';
import { entranceStyle, useEntrance } from './motion';
import { useNarrationBuild } from './narration-build';
import { SceneFrame } from './scene-frame';
import { ColourField } from './lists/colour-field';
import { colourFieldBox } from './lists/colour-field-layout';

/** The frame a list point starts to enter. */
function itemDelay(theme: Theme, index: number): number {
  return theme.motion.durationFrames / 2 + index * theme.motion.staggerFrames * 2;
}

/** Space between a point's marker and its text, in units, and in points set close. */
const ITEM_GAP = 26;
const TIGHT_ITEM_GAP = 18;

/** A point's marker: a numbered badge for steps, a dot for bullets. */
function markerSize(height: number, unit: number, numbered: boolean): number {
  return Math.round(numbered ? Math.min(height * 0.72, 84 * unit) : Math.min(height * 0.62, 56 * unit) * 0.42);
}

/** Line height of the points, and of points set close (see BulletList). */
const ITEM_LINE = 1.2;
const TIGHT_ITEM_LINE = 1.1;

/**
 * A point: it enters at `delay` (the frame the narration names it, see useNarrationBuild) and is
 * dimmed while another point is spoken about (`emphasis` 0).
 */
const ListItem: React.FC<{ theme: Theme; text: string; index: number; delay: number; emphasis: number; width: number; height: number; textHeight: number; lineHeight: number; markerRow: number; markerGap: number; firstLine: boolean; unit: number; numbered: boolean; maxFontSize: number }> = ({ theme, text, index, delay, emphasis, width, height, textHeight, lineHeight, markerRow, markerGap, firstLine, unit, numbered, maxFontSize }) => {
  const colors = kitColors(theme);
  const radius = packLayout(theme).radius;
  const enter = useEntrance(theme, delay);
  const entrance = entranceStyle(theme, enter, 40 * unit);
  // Every marker is sized from the same row (the shortest), so the points' text starts in one column.
  const marker = markerSize(markerRow, unit, numbered);
  const gap = markerGap * unit;
  // In rows set close (`firstLine`), a dot stands by its point's first line and the room between
  // points lies under each; otherwise the marker is centred in its row.
  const top = firstLine && !numbered;
  return (
    <div data-kit-part="list-item" style={{ display: 'flex', alignItems: top ? 'flex-start' : 'center', gap, height, ...entrance, opacity: (typeof entrance.opacity === 'number' ? entrance.opacity : 1) * (0.4 + 0.6 * emphasis) }}>
      <div style={{ flex: 'none', width: marker, height: marker, marginTop: top ? Math.max(0, (maxFontSize * 0.98 * lineHeight - marker) / 2) : 0, borderRadius: numbered ? Math.max(4 * unit, marker * 0.5 * radius) : '50%', background: colors.primary, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {numbered ? <FittedText part="marker" text={String(index + 1)} width={marker * 0.8} height={marker * 0.76} maxLines={1} maxFontSize={marker * 0.66} family={theme.fonts.heading} weight={800} color={colors.onPrimary} align="center" lineHeight={1.1} /> : null}
      </div>
      <FittedText part="item" text={text} width={width - marker - gap} height={textHeight} maxLines={2} maxFontSize={maxFontSize} family={theme.fonts.body} weight={600} color={colors.text} lineHeight={lineHeight} />
    </div>
  );
};

/** Points a list shows at most. */
const MAX_POINTS = 6;

/**
 * The list's arrangement: on a wide canvas the list takes the left column and the icon panel the
 * right one; on a stacked canvas the panel is a strip above the heading, taller the fewer points
 * there are, so its visual covers a fifth of the canvas while the points keep readable rows.
 */
export function listLayout(layout: Layout, points: number): { beside: boolean; textWidth: number; panelWidth: number; panelHeight: number; headingHeight: number; columnGap: number } {
  const columnGap = layout.contentWidth * 0.04;
  if (layout.columns === 2) {
    const textWidth = layout.contentWidth * 0.56;
    return { beside: true, textWidth, panelWidth: layout.contentWidth - textWidth - columnGap, panelHeight: layout.contentHeight, headingHeight: layout.contentHeight * 0.34, columnGap };
  }
  const share = points <= 2 ? 0.4 : points === 3 ? 0.31 : 0.29;
  return { beside: false, textWidth: layout.contentWidth, panelWidth: layout.contentWidth, panelHeight: layout.contentHeight * share, headingHeight: layout.contentHeight * (points <= 4 ? 0.3 : 0.22), columnGap };
}

/**
 * A heading and up to six points that enter one after another, each as the narration names it
 * (the point spoken about bright, the others dimmed until the narration ends). `numbered` makes it a step list
 * (1, 2, 3 in the markers); otherwise the markers are dots. An icon panel always goes with the list
 * (see {@link listLayout}): the heading's icon with badges for the points, each popping in with its
 * point (a `picture`, an image URL such as a visual library illustration, takes the heading icon's
 * place). The panel floats while the list holds.
 */
export const BulletList: React.FC<{ theme: Theme; heading: string; items: string[]; numbered?: boolean; kicker?: string; picture?: string }> = ({ theme, heading, items, numbered = false, kicker, picture }) => {
  const layout = useLayout();
  const u = layout.unit;
  const shown = (Array.isArray(items) ? items : []).slice(0, MAX_POINTS).map(String);
  const { beside, textWidth, panelWidth, panelHeight, headingHeight, columnGap } = listLayout(layout, shown.length);
  const looseGap = 30 * u;
  const rowCap = (layout.orientation === 'landscape' ? 150 : 210) * u;
  const columnHeight = beside ? layout.contentHeight : layout.contentHeight - panelHeight - looseGap;
  const listHeight = columnHeight - headingHeight - looseGap;
  const evenHeight = Math.min(listHeight / Math.max(shown.length, 1), rowCap);
  // One size for every point, the largest at which each fits its row. Rows are as tall as their
  // lines: a point that wraps takes a taller row than one on a single line, so a long point does
  // not shrink every point's type.
  const evenFont = uniformSize(shown, { width: textWidth - markerSize(evenHeight, u, numbered) - ITEM_GAP * u, height: evenHeight * 0.92, maxLines: 2, maxFontSize: 62 * u, family: theme.fonts.body, weight: 600, lineHeight: 1.2 });
  const rowsAt = (size: number) => {
    // A numbered marker keeps its full size (its digit is text too).
    const rowMin = Math.min(evenHeight, Math.max(size * 1.2 * 1.6, numbered ? (84 * u) / 0.72 : 0));
    return shown.map((item) => {
      const lines = fitText({ text: item, width: textWidth - markerSize(rowMin, u, numbered) - ITEM_GAP * u, height: 100000, maxLines: 2, maxFontSize: size, family: theme.fonts.body, weight: 600, lineHeight: 1.2 }).lines.length;
      return Math.min(rowCap, Math.max(rowMin, (lines * size * 1.2) / 0.92 + 2));
    });
  };
  let itemFont = evenFont;
  let itemHeights = shown.map(() => evenHeight);
  let textHeights: number[] | undefined;
  let lineHeight = ITEM_LINE;
  let gap = looseGap;
  let markerRow: number | undefined;
  let markerGap = ITEM_GAP;
  for (let size = 62 * u; size > evenFont * 1.02; size *= 0.97) {
    const rows = rowsAt(size);
    if (rows.reduce((sum, h) => sum + h, 0) <= listHeight && rows.every((h, i) => fitText({ text: shown[i]!, width: textWidth - markerSize(h, u, numbered) - ITEM_GAP * u, height: h * 0.92, maxLines: 2, maxFontSize: size, family: theme.fonts.body, weight: 600, lineHeight: 1.2 }).fontSize >= size * 0.97)) {
      // The rows share what is left, so the list still fills its column.
      const sum = rows.reduce((total, h) => total + h, 0);
      const grow = (listHeight - sum) / rows.length;
      itemFont = size;
      itemHeights = rows.map((h) => Math.min(rowCap, h + grow));
      break;
    }
  }
  // Long points on a square or tall canvas (five of them, two wrapping) would drop under readable
  // type in those airy rows: the points are then set closer, each row as tall as its lines and a
  // quarter of an em between points, and the heading and list close up, before the type shrinks.
  const floor = bodyFloor(layout);
  if (!beside && itemFont < floor) {
    const tightGap = 16 * u;
    const room = layout.contentHeight - panelHeight - tightGap - headingHeight - tightGap;
    for (let size = 62 * u; size >= floor; size = size > floor ? Math.max(floor, size * 0.97) : 0) {
      // Every marker is sized from a one-line row, as the points are measured.
      const single = Math.max(size * TIGHT_ITEM_LINE + 2 + size * 0.24, numbered ? (84 * u) / 0.72 : 0);
      const lines = shown.map((item) => fitText({ text: item, width: textWidth - markerSize(single, u, numbered) - TIGHT_ITEM_GAP * u, height: 100000, maxLines: 2, maxFontSize: size, family: theme.fonts.body, weight: 600, lineHeight: TIGHT_ITEM_LINE }));
      if (lines.some((fit) => fit.fontSize < size * 0.97)) continue;
      const texts = lines.map((fit) => fit.lines.length * size * TIGHT_ITEM_LINE + 2);
      // A numbered marker keeps its full size (its digit is text too).
      const rows = texts.map((h) => Math.max(h + size * 0.24, numbered ? (84 * u) / 0.72 : 0));
      const sum = rows.reduce((total, h) => total + h, 0);
      if (sum > room) continue;
      const grow = Math.min(size * 0.4, (room - sum) / rows.length);
      itemFont = size;
      itemHeights = rows.map((h) => h + grow);
      textHeights = texts;
      lineHeight = TIGHT_ITEM_LINE;
      gap = tightGap;
      markerRow = single;
      markerGap = TIGHT_ITEM_GAP;
      break;
    }
  }
  // The points enter as the narration names them (without narration, one after another).
  const build = useNarrationBuild(shown, shown.map((_, index) => itemDelay(theme, index)), { first: itemDelay(theme, 0) });
  const icons = panelIcons(heading, shown, numbered ? 'flag' : 'sparkles');
  const iconPanel = (
    <IconPanel
      theme={theme}
      icons={icons}
      picture={picture}
      width={panelWidth}
      height={panelHeight}
      unit={u}
      delay={theme.motion.staggerFrames * 2}
      delays={build.enter.map((frame) => frame + 4)}
    />
  );
  // Stacked, the panel stands on a colour field from the canvas's top to halfway to the heading
  // (the panel's place depends on the list's height, so the field is drawn from the panel's box out).
  const fieldGap = gap / 2;
  const panel = beside ? (
    iconPanel
  ) : (
    <div style={{ position: 'relative', width: panelWidth, height: panelHeight, flex: 'none' }}>
      <ColourField theme={theme} box={{ left: -layout.margin, top: -layout.height, width: layout.width, height: layout.height + panelHeight + fieldGap }} beside={false} />
      <div style={{ position: 'absolute', left: 0, top: 0 }}>{iconPanel}</div>
    </div>
  );
  return (
    <SceneFrame theme={theme} seed={`list-${heading}`}>
      {beside ? <ColourField theme={theme} box={colourFieldBox(layout.width, layout.height, { left: layout.margin + layout.contentWidth - panelWidth, top: layout.margin, width: panelWidth, height: layout.contentHeight }, columnGap, true)} beside /> : null}
      <div style={{ position: 'absolute', left: layout.margin, top: layout.margin, width: layout.contentWidth, height: layout.contentHeight, display: 'flex', flexDirection: beside ? 'row' : 'column', alignItems: 'center', justifyContent: 'center', gap: beside ? columnGap : gap }}>
        {beside ? null : panel}
        <div data-kit-part="bullet-list" style={{ width: textWidth, ...(beside ? { height: columnHeight } : { flex: 'none' }), display: 'flex', flexDirection: 'column', justifyContent: 'center', gap }}>
          <Heading theme={theme} text={heading} kicker={kicker} width={textWidth} height={headingHeight} unit={u} align="left" />
          <div>
            {shown.map((item, index) => (
              <ListItem key={index} theme={theme} text={item} index={index} delay={build.enter[index]!} emphasis={build.emphasis(index)} width={textWidth} height={itemHeights[index]!} textHeight={textHeights?.[index] ?? itemHeights[index]! * 0.92} lineHeight={lineHeight} markerRow={markerRow ?? Math.min(...itemHeights)} markerGap={markerGap} firstLine={textHeights !== undefined} unit={u} numbered={numbered} maxFontSize={itemFont} />
            ))}
          </div>
        </div>
        {beside ? panel : null}
      </div>
    </SceneFrame>
  );
};

/** Numbered steps of a process: a bullet list whose markers count. */
export const StepList: React.FC<{ theme: Theme; heading: string; steps: string[]; kicker?: string; picture?: string }> = ({ theme, heading, steps, kicker, picture }) => (
  <BulletList theme={theme} heading={heading} items={steps} numbered kicker={kicker} picture={picture} />
);
