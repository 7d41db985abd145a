import React from 'react';
import type { Theme } from '../scene-props';
import { kitColors } from './color';
import { FittedText } from './fitted-text';
import { Heading, packLayout } from './heading';
import { IconPanel } from './icon-panel';
import { useLayout } from './layout';
import { panelIcons } from './panel-icons';
import { entranceStyle, useEntrance } from './motion';
import { SceneFrame } from './scene-frame';

/** The frame a list point starts to enter. */
function itemDelay(theme: Theme, index: number): number {
  return theme.motion.durationFrames / 2 + index * theme.motion.staggerFrames * 2;
}

const ListItem: React.FC<{ theme: Theme; text: string; index: number; width: number; height: number; unit: number; numbered: boolean; maxFontSize: number }> = ({ theme, text, index, width, height, unit, numbered, maxFontSize }) => {
  const colors = kitColors(theme);
  const radius = packLayout(theme).radius;
  const enter = useEntrance(theme, itemDelay(theme, index));
  const marker = Math.round(Math.min(height * 0.62, 56 * unit) * (numbered ? 1 : 0.42));
  const gap = 26 * unit;
  return (
    <div data-kit-part="list-item" style={{ display: 'flex', alignItems: 'center', gap, height, ...entranceStyle(theme, enter, 40 * unit) }}>
      <div style={{ flex: 'none', width: marker, height: marker, borderRadius: numbered ? Math.max(4 * unit, marker * 0.5 * radius) : '50%', background: colors.primary, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {numbered ? <FittedText part="marker" text={String(index + 1)} width={marker * 0.8} height={marker * 0.62} maxLines={1} maxFontSize={marker * 0.55} family={theme.fonts.heading} weight={800} color={colors.onPrimary} align="center" lineHeight={1.1} /> : null}
      </div>
      <FittedText part="item" text={text} width={width - marker - gap} height={height * 0.92} maxLines={2} maxFontSize={maxFontSize} family={theme.fonts.body} weight={600} color={colors.text} lineHeight={1.2} />
    </div>
  );
};

/** Points at most for which a two-column canvas shows an icon panel beside the list. */
const PANEL_MAX_POINTS = 4;

/**
 * A heading and up to six points that enter one after another. `numbered` makes it a step list
 * (1, 2, 3 in the markers); otherwise the markers are dots. On a wide canvas with at most four
 * points the list takes the left column and an icon panel the right one: the heading's icon with
 * one badge per point for bullets, the heading's icon alone for steps (a `picture`, an image URL
 * such as a visual library illustration, takes the heading icon's place). Stacked canvases give the
 * points taller rows, and when a few points still leave height to spare, the icon panel sits above
 * the heading, so the list never floats in an empty frame.
 */
export const BulletList: React.FC<{ theme: Theme; heading: string; items: string[]; numbered?: boolean; kicker?: string; picture?: string }> = ({ theme, heading, items, numbered = false, kicker, picture }) => {
  const layout = useLayout();
  const u = layout.unit;
  const shown = items.slice(0, 6);
  const panel = layout.columns === 2 && shown.length > 0 && shown.length <= PANEL_MAX_POINTS;
  const gap = 30 * u;
  const columnGap = layout.contentWidth * 0.05;
  const textWidth = panel ? layout.contentWidth * 0.55 : layout.contentWidth;
  const headingHeight = layout.contentHeight * (layout.orientation === 'portrait' ? 0.3 : 0.28);
  const rowCap = (layout.orientation === 'landscape' ? 150 : 210) * u;
  // A stacked canvas with few points has height to spare: the icon panel takes it, above the heading.
  const spare = layout.contentHeight - headingHeight - gap - shown.length * rowCap;
  const stacked = !panel && layout.columns === 1 && shown.length > 0 && shown.length <= PANEL_MAX_POINTS && spare >= layout.contentHeight * 0.22;
  const panelHeight = stacked ? Math.min(spare - gap, layout.contentHeight * 0.34) : 0;
  const columnHeight = layout.contentHeight - (stacked ? panelHeight + gap : 0);
  const listHeight = columnHeight - headingHeight - gap;
  const itemHeight = Math.min(listHeight / Math.max(shown.length, 1), rowCap);
  const itemFont = (layout.orientation === 'landscape' && !panel ? 54 : 62) * u;
  const icons = panelIcons(heading, shown, numbered ? 'flag' : 'sparkles', !numbered);
  const iconPanel = (width: number, height: number) => (
    <IconPanel
      theme={theme}
      icons={icons}
      picture={picture}
      width={width}
      height={height}
      unit={u}
      delay={theme.motion.staggerFrames * 2}
      delays={shown.map((_, index) => itemDelay(theme, index) + 4)}
    />
  );
  return (
    <SceneFrame theme={theme} seed={`list-${heading}`}>
      <div style={{ position: 'absolute', left: layout.margin, top: layout.margin, width: layout.contentWidth, height: layout.contentHeight, display: 'flex', flexDirection: stacked ? 'column' : 'row', alignItems: 'center', justifyContent: 'center', gap: stacked ? gap : columnGap }}>
        {stacked ? iconPanel(layout.contentWidth, panelHeight) : null}
        <div data-kit-part="bullet-list" style={{ width: textWidth, ...(stacked ? { flex: 'none' } : { height: columnHeight }), display: 'flex', flexDirection: 'column', justifyContent: 'center', gap }}>
          <Heading theme={theme} text={heading} kicker={kicker} width={textWidth} height={headingHeight} unit={u} align="left" />
          <div>
            {shown.map((item, index) => (
              <ListItem key={index} theme={theme} text={item} index={index} width={textWidth} height={itemHeight} unit={u} numbered={numbered} maxFontSize={itemFont} />
            ))}
          </div>
        </div>
        {panel ? iconPanel(layout.contentWidth - textWidth - columnGap, layout.contentHeight) : null}
      </div>
    </SceneFrame>
  );
};

/** Numbered steps of a process: a bullet list whose markers count. */
export const StepList: React.FC<{ theme: Theme; heading: string; steps: string[]; kicker?: string; picture?: string }> = ({ theme, heading, steps, kicker, picture }) => (
  <BulletList theme={theme} heading={heading} items={steps} numbered kicker={kicker} picture={picture} />
);
