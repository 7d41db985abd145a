import React from 'react';
import type { Theme } from '../scene-props';
import { kitColors, readableOn } from './color';
import { FittedText } from './fitted-text';
import { entranceStyle, useEntrance } from './motion';

/** The pack's composition rules, with defaults for themes that predate them. */
export function packLayout(theme: Theme): NonNullable<Theme['layout']> {
  return theme.layout ?? { align: 'left', radius: 0.3, ornament: 'bar', uppercaseHeadings: false };
}

/** The pack's ornament under a heading: a bar, a rule, a framing corner or a dot. */
export const Ornament: React.FC<{ theme: Theme; unit: number; width: number; progress: number; align: 'left' | 'center' }> = ({ theme, unit, width, progress, align }) => {
  const colors = kitColors(theme);
  const { ornament } = packLayout(theme);
  const margin = align === 'center' ? '0 auto' : undefined;
  switch (ornament) {
    case 'bar':
      return <div data-kit-part="ornament" style={{ width: 150 * unit * progress, height: 12 * unit, borderRadius: 6 * unit, background: colors.accent, margin }} />;
    case 'underline':
      return <div data-kit-part="ornament" style={{ width: Math.min(width, 420 * unit) * progress, height: 4 * unit, background: colors.primary, margin }} />;
    case 'frame':
      return (
        <div data-kit-part="ornament" style={{ display: 'flex', gap: 10 * unit, justifyContent: align === 'center' ? 'center' : 'flex-start', opacity: progress }}>
          {[0, 1, 2].map((i) => (
            <div key={i} style={{ width: 40 * unit, height: 3 * unit, background: i === 1 ? colors.accent : colors.primary }} />
          ))}
        </div>
      );
    case 'dot':
      return (
        <div data-kit-part="ornament" style={{ display: 'flex', gap: 12 * unit, justifyContent: align === 'center' ? 'center' : 'flex-start' }}>
          {[colors.primary, colors.secondary, colors.accent].map((color, i) => (
            <div key={i} style={{ width: 18 * unit, height: 18 * unit, borderRadius: '50%', background: color, transform: `scale(${Math.min(1, Math.max(0, progress * 3 - i))})` }} />
          ))}
        </div>
      );
    default:
      return null;
  }
};

/** The height of a heading's kicker row in a heading `height` tall (a tag is set larger than small type). */
export function kickerRowHeight(height: number, unit: number, tag: boolean): number {
  return tag ? Math.min(52 * unit, height * 0.2) : Math.min(44 * unit, height * 0.2);
}

/**
 * A heading block: optional kicker, the fitted headline and the pack's ornament. With `kickerTag`
 * the kicker is set on a solid tag of the pack's accent colour (a label the headline hangs from)
 * rather than as coloured small type; it takes the same height either way.
 */
export const Heading: React.FC<{
  theme: Theme;
  text: string;
  kicker?: string;
  width: number;
  height: number;
  unit: number;
  maxLines?: number;
  maxFontSize?: number;
  align?: 'left' | 'center';
  delay?: number;
  /** The kicker on a solid tag. @default false */
  kickerTag?: boolean;
}> = ({ theme, text, kicker, width, height, unit, maxLines = 2, maxFontSize = 96 * unit, align, delay = 0, kickerTag = false }) => {
  const colors = kitColors(theme);
  const layout = packLayout(theme);
  const side = align ?? layout.align;
  const enter = useEntrance(theme, delay);
  const kickerHeight = kicker ? kickerRowHeight(height, unit, kickerTag) : 0;
  const ornamentHeight = layout.ornament === 'none' ? 0 : 30 * unit;
  const headlineHeight = Math.max(10, height - kickerHeight - ornamentHeight - (kicker ? 14 * unit : 0));
  return (
    <div data-kit-part="heading" style={{ width, display: 'flex', flexDirection: 'column', gap: 0, alignItems: side === 'center' ? 'center' : 'flex-start' }}>
      {kicker && kickerTag ? (
        <KickerTag theme={theme} text={kicker} width={width} height={kickerHeight} unit={unit} style={{ ...entranceStyle(theme, enter, 20 * unit), marginBottom: 14 * unit }} />
      ) : kicker ? (
        <div style={{ ...entranceStyle(theme, enter, 20 * unit), marginBottom: 14 * unit }}>
          <FittedText part="kicker" text={kicker} uppercase letterSpacing={0.12} width={width} height={kickerHeight} maxLines={1} maxFontSize={32 * unit} family={theme.fonts.body} weight={700} color={colors.accentText} align={side} />
        </div>
      ) : null}
      <div style={entranceStyle(theme, enter, 40 * unit)}>
        <FittedText part="headline" text={text} uppercase={layout.uppercaseHeadings} width={width} height={headlineHeight} maxLines={maxLines} maxFontSize={maxFontSize} family={theme.fonts.heading} color={colors.text} align={side} />
      </div>
      {ornamentHeight > 0 ? (
        <div style={{ width, height: ornamentHeight, display: 'flex', alignItems: 'flex-end', justifyContent: side === 'center' ? 'center' : 'flex-start' }}>
          <Ornament theme={theme} unit={unit} width={width} progress={enter} align={side} />
        </div>
      ) : null}
    </div>
  );
};

/** A kicker on a solid tag of the accent colour, as tall as the kicker's row, as wide as its text. */
const KickerTag: React.FC<{ theme: Theme; text: string; width: number; height: number; unit: number; style: React.CSSProperties }> = ({ theme, text, width, height, unit, style }) => {
  const colors = kitColors(theme);
  const { radius } = packLayout(theme);
  const padX = height * 0.42;
  const ink = readableOn(colors.accent, '#FFFFFF');
  return (
    <div style={style}>
      <div data-kit-part="kicker-tag" style={{ display: 'inline-flex', alignItems: 'center', height, maxWidth: width, boxSizing: 'border-box', padding: `0 ${padX}px`, borderRadius: height * 0.5 * radius, background: colors.accent }}>
        <FittedText part="kicker" text={text} uppercase letterSpacing={0.12} width={width - padX * 2} height={height * 0.7} maxLines={1} maxFontSize={36 * unit} family={theme.fonts.body} weight={800} color={ink} style={{ width: 'auto', maxWidth: width - padX * 2 }} />
      </div>
    </div>
  );
};
