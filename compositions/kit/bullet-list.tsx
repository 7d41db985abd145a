import React from 'react';
import type { Theme } from '../scene-props';
import { kitColors } from './color';
import { FittedText } from './fitted-text';
import { Heading, packLayout } from './heading';
import { useLayout } from './layout';
import { entranceStyle, useEntrance } from './motion';
import { SceneFrame } from './scene-frame';

const ListItem: React.FC<{ theme: Theme; text: string; index: number; width: number; height: number; unit: number; numbered: boolean }> = ({ theme, text, index, width, height, unit, numbered }) => {
  const colors = kitColors(theme);
  const radius = packLayout(theme).radius;
  const enter = useEntrance(theme, theme.motion.durationFrames / 2 + index * theme.motion.staggerFrames * 2);
  const marker = Math.round(Math.min(height * 0.62, 56 * unit) * (numbered ? 1 : 0.42));
  const gap = 26 * unit;
  return (
    <div data-kit-part="list-item" style={{ display: 'flex', alignItems: 'center', gap, height, ...entranceStyle(theme, enter, 40 * unit) }}>
      <div style={{ flex: 'none', width: marker, height: marker, borderRadius: numbered ? Math.max(4 * unit, marker * 0.5 * radius) : '50%', background: colors.primary, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {numbered ? <FittedText part="marker" text={String(index + 1)} width={marker * 0.8} height={marker * 0.62} maxLines={1} maxFontSize={marker * 0.55} family={theme.fonts.heading} weight={800} color={colors.onPrimary} align="center" lineHeight={1.1} /> : null}
      </div>
      <FittedText part="item" text={text} width={width - marker - gap} height={height * 0.92} maxLines={2} maxFontSize={54 * unit} family={theme.fonts.body} weight={600} color={colors.text} lineHeight={1.2} />
    </div>
  );
};

/**
 * A heading and up to six points that enter one after another. `numbered` makes it a step list
 * (1, 2, 3 in the markers); otherwise the markers are dots.
 */
export const BulletList: React.FC<{ theme: Theme; heading: string; items: string[]; numbered?: boolean; kicker?: string }> = ({ theme, heading, items, numbered = false, kicker }) => {
  const layout = useLayout();
  const shown = items.slice(0, 6);
  const headingHeight = layout.contentHeight * (layout.orientation === 'portrait' ? 0.3 : 0.28);
  const listHeight = layout.contentHeight - headingHeight - 30 * layout.unit;
  const itemHeight = Math.min(listHeight / Math.max(shown.length, 1), 150 * layout.unit);
  return (
    <SceneFrame theme={theme} seed={`list-${heading}`}>
      <div data-kit-part="bullet-list" style={{ position: 'absolute', left: layout.margin, top: layout.margin, width: layout.contentWidth, height: layout.contentHeight, display: 'flex', flexDirection: 'column', justifyContent: 'center', gap: 30 * layout.unit }}>
        <Heading theme={theme} text={heading} kicker={kicker} width={layout.contentWidth} height={headingHeight} unit={layout.unit} align="left" />
        <div>
          {shown.map((item, index) => (
            <ListItem key={index} theme={theme} text={item} index={index} width={layout.contentWidth} height={itemHeight} unit={layout.unit} numbered={numbered} />
          ))}
        </div>
      </div>
    </SceneFrame>
  );
};

/** Numbered steps of a process: a bullet list whose markers count. */
export const StepList: React.FC<{ theme: Theme; heading: string; steps: string[]; kicker?: string }> = ({ theme, heading, steps, kicker }) => <BulletList theme={theme} heading={heading} items={steps} numbered kicker={kicker} />;
