import React from 'react';
import { Img, interpolate, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../../scene-props';
import { kitColors } from '../color';
import { useLayout } from '../layout';
import { idleSeconds } from '../motion';
import { bodyDelay, DataScene, depthShadow, Enter, mixColors, staggerFor, uniformSize, useReveal, widestText } from './common';
import { FALLBACK_ICON, iconComponent, iconFor } from './icons';
import { FittedText, fitText } from '../fitted-text';

/** One moment on a timeline: when it happened and what happened. */
export interface TimelineEvent {
  when: string;
  text: string;
  /** A picture for the event (an image URL such as a visual library illustration); else an icon picked from its text. */
  picture?: string;
}

/**
 * Up to six events in order along a line that draws itself: across the canvas in landscape (the
 * events alternating above and below the line when there are many), down its left side in
 * portrait and square canvases. Each event's node is a disc with its picture or an icon picked from
 * its text, popping in as the line reaches it and floating in sixth-of-a-second steps while the
 * timeline holds.
 */
export const Timeline: React.FC<{ theme: Theme; title: string; events: TimelineEvent[]; kicker?: string }> = ({ theme, title, events, kicker }) => {
  const layout = useLayout();
  const shown = (Array.isArray(events) ? events : []).slice(0, 6).map((e) => ({
    when: String(e?.when ?? ''),
    text: String(e?.text ?? ''),
    ...(typeof e?.picture === 'string' && e.picture ? { picture: e.picture } : {}),
  }));
  return (
    <DataScene theme={theme} seed={`timeline-${title}`} title={title} kicker={kicker} part="timeline">
      {(box) =>
        shown.length === 0 ? null : layout.orientation === 'landscape' ? (
          <Across theme={theme} width={box.width} height={box.height} events={shown} u={box.u} />
        ) : (
          <Down theme={theme} width={box.width} height={box.height} events={shown} u={box.u} />
        )
      }
    </DataScene>
  );
};

/** The line's reveal, and each event's delay so its node pops as the line reaches it. */
function useLine(theme: Theme, n: number): { draw: number; delayOf: (i: number) => number; drawFrames: number } {
  // The line draws over 36..54 frames; events enter 6 frames apart at most, within 36 frames:
  // everything has settled by frame ~90.
  const start = bodyDelay(theme);
  const drawFrames = Math.min(54, Math.max(36, theme.motion.durationFrames * 2));
  const draw = useReveal(start, drawFrames);
  const step = Math.min(Math.max(staggerFor(theme, n, 36), 4), 36 / Math.max(1, n));
  return { draw, drawFrames, delayOf: (i) => start + 6 + i * step };
}

/** An event's node: a disc on the line with the event's picture or icon, floating once it has popped in. */
const Node: React.FC<{ theme: Theme; x: number; y: number; size: number; shown: number; u: number; event: TimelineEvent; index: number }> = ({ theme, x, y, size, shown, u, event, index }) => {
  const colors = kitColors(theme);
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const ring = Math.max(2, 5 * u);
  const float = Math.sin(idleSeconds(frame, fps, shown) * 1.5 + index * 1.1) * size * 0.05;
  const Icon = iconComponent(iconFor(event.text)) ?? iconComponent(FALLBACK_ICON)!;
  return (
    <div
      data-kit-part="timeline-node"
      style={{ position: 'absolute', left: x - size / 2, top: y - size / 2, width: size, height: size, boxSizing: 'border-box', borderRadius: '50%', background: event.picture ? mixColors(colors.primary, colors.background, 0.8) : colors.primary, border: `${ring}px solid ${colors.background}`, boxShadow: depthShadow(theme, u), display: 'flex', alignItems: 'center', justifyContent: 'center', transform: `translateY(${float}px) scale(${shown})` }}
    >
      {event.picture ? (
        <Img src={event.picture} style={{ width: Math.round(size * 0.64), height: Math.round(size * 0.64), display: 'block' }} />
      ) : (
        <Icon size={Math.round(size * 0.5)} color={colors.onPrimary} strokeWidth={2} absoluteStrokeWidth={false} />
      )}
    </div>
  );
};

const Across: React.FC<{ theme: Theme; width: number; height: number; events: TimelineEvent[]; u: number }> = ({ theme, width: W, height: H, events, u }) => {
  const colors = kitColors(theme);
  const n = events.length;
  const slot = W / n;
  // Many events alternate above and below the line, so each text can be wider than its slot.
  const alternate = n >= 4 && slot < 330 * u;
  const node = Math.round(Math.max(12, Math.min(slot * (alternate ? 0.5 : 0.62), H * (alternate ? 0.2 : 0.36))));
  const stem = 22 * u;
  const blockW = alternate ? Math.min(slot * 1.6, W) : slot * 0.88;
  const whenMax = (n <= 3 ? 64 : 56) * u;
  const textMax = (n <= 3 ? 50 : 46) * u;
  const body = theme.fonts.body;
  let axisY: number;
  let whenH: number;
  let textH: number;
  let blockH: number;
  if (alternate) {
    axisY = H / 2;
    blockH = H / 2 - node / 2 - stem;
    whenH = Math.min(blockH * 0.3, 64 * u);
    textH = blockH - whenH - 10 * u;
  } else {
    whenH = Math.min(H * 0.22, whenMax * 1.2);
    axisY = whenH + stem * 0.6 + node / 2;
    blockH = H - axisY - node / 2 - stem;
    textH = blockH;
  }
  const whenFont = uniformSize(events.map((e) => e.when), { width: blockW, height: whenH, maxLines: 1, maxFontSize: whenMax, family: theme.fonts.heading, weight: 800, lineHeight: 1.15 });
  const textFont = uniformSize(events.map((e) => e.text), { width: blockW, height: textH, maxLines: 4, maxFontSize: textMax, family: body, weight: 500, lineHeight: 1.25 });
  // In a single row the group is centred vertically on what it really takes.
  const textLines = Math.max(1, ...events.map((e) => fitText({ text: e.text, width: blockW, height: 100000, maxLines: 4, maxFontSize: textFont, family: body, weight: 500, lineHeight: 1.25 }).lines.length));
  const used = alternate ? H : axisY + node / 2 + stem + Math.min(textH, textLines * textFont * 1.25 + 4);
  const oy = (H - used) / 2;
  const { draw, delayOf } = useLine(theme, n);
  const lineH = Math.max(2, Math.round(5 * u));
  return (
    <div style={{ position: 'absolute', left: 0, top: oy, width: W, height: used }}>
      <div data-kit-part="timeline-line" style={{ position: 'absolute', left: 0, top: axisY - lineH / 2, width: W, height: lineH, background: colors.primary, transformOrigin: 'left center', transform: `scaleX(${draw})` }} />
      {events.map((event, i) => {
        const cx = slot * (i + 0.5);
        const above = alternate && i % 2 === 0;
        const left = Math.max(0, Math.min(W - blockW, cx - blockW / 2));
        const align = alternate ? (left <= 0.5 ? 'left' : left >= W - blockW - 0.5 ? 'right' : 'center') : 'center';
        const at = cx / W;
        const shown = interpolate(draw, [Math.max(0, at - 0.06), at + 0.04], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
        const stemTop = above ? axisY - node / 2 - stem : axisY + node / 2;
        return (
          <React.Fragment key={i}>
            {alternate ? <div style={{ position: 'absolute', left: cx - Math.max(1, u), top: stemTop, width: Math.max(2, 2 * u), height: stem * shown, background: colors.muted, opacity: 0.5 }} /> : null}
            <Node theme={theme} x={cx} y={axisY} size={node} shown={shown} u={u} event={event} index={i} />
            {alternate ? (
              <Enter theme={theme} delay={delayOf(i)} distance={(above ? -14 : 14) * u} part="timeline-event" style={{ position: 'absolute', left, top: above ? 0 : axisY + node / 2 + stem, width: blockW, height: blockH, display: 'flex', flexDirection: 'column', justifyContent: above ? 'flex-end' : 'flex-start', gap: 10 * u }}>
                <FittedText part="timeline-when" text={event.when} width={blockW} height={whenH} maxLines={1} maxFontSize={whenFont} family={theme.fonts.heading} weight={800} color={colors.primaryText} align={align} lineHeight={1.15} />
                <FittedText part="timeline-text" text={event.text} width={blockW} height={textH} maxLines={4} maxFontSize={textFont} family={body} weight={500} color={colors.text} align={align} lineHeight={1.25} />
              </Enter>
            ) : (
              <>
                <Enter theme={theme} delay={delayOf(i)} distance={-12 * u} style={{ position: 'absolute', left, top: 0, width: blockW, height: whenH, display: 'flex', alignItems: 'flex-end' }}>
                  <FittedText part="timeline-when" text={event.when} width={blockW} height={whenH} maxLines={1} maxFontSize={whenFont} family={theme.fonts.heading} weight={800} color={colors.primaryText} align="center" lineHeight={1.15} />
                </Enter>
                <Enter theme={theme} delay={delayOf(i) + 3} distance={14 * u} part="timeline-event" style={{ position: 'absolute', left, top: axisY + node / 2 + stem, width: blockW, height: used - (axisY + node / 2 + stem) }}>
                  <FittedText part="timeline-text" text={event.text} width={blockW} height={textH} maxLines={4} maxFontSize={textFont} family={body} weight={500} color={colors.text} align="center" lineHeight={1.25} />
                </Enter>
              </>
            )}
          </React.Fragment>
        );
      })}
    </div>
  );
};

const Down: React.FC<{ theme: Theme; width: number; height: number; events: TimelineEvent[]; u: number }> = ({ theme, width: W, height: H, events, u }) => {
  const colors = kitColors(theme);
  const n = events.length;
  const body = theme.fonts.body;
  const heading = theme.fonts.heading;
  const rowH = Math.min(H / n, 260 * u);
  const top0 = (H - rowH * n) / 2;
  const node = Math.round(Math.max(12, Math.min(rowH * 0.62, W * 0.16)));
  const lineW = Math.max(2, Math.round(5 * u));
  // Square canvases put the date in a column left of the line; narrow ones stack it over the text.
  const side = W / H > 0.9;
  // Side by side, the date column is as wide as the longest date needs at a generous size.
  const whenW = side ? Math.min(Math.max(widestText(events.map((e) => e.when), heading, 800, 48 * u), W * 0.14), W * 0.34) : W - node - 30 * u;
  const whenH = side ? Math.min(rowH * 0.6, 72 * u) : Math.min(rowH * 0.34, 68 * u);
  const whenFont = uniformSize(events.map((e) => e.when), { width: whenW, height: whenH, maxLines: 1, maxFontSize: 56 * u, family: heading, weight: 800, lineHeight: 1.15 });
  const axisX = side ? whenW + 30 * u + node / 2 : node / 2;
  const textLeft = axisX + node / 2 + 30 * u;
  const textW = W - textLeft;
  const textH = side ? rowH * 0.88 : rowH - whenH - 8 * u - Math.min(rowH * 0.14, 28 * u);
  const textFont = uniformSize(events.map((e) => e.text), { width: textW, height: textH, maxLines: 3, maxFontSize: 48 * u, family: body, weight: 500, lineHeight: 1.25 });
  const { draw, delayOf } = useLine(theme, n);
  const whenLine = whenFont * 1.15;
  // The node sits level with the date: the row's middle when side by side, else the date's line.
  const nodeY = (i: number) => top0 + rowH * i + (side ? rowH / 2 : whenLine / 2);
  return (
    <>
      {n > 1 ? <div data-kit-part="timeline-line" style={{ position: 'absolute', left: axisX - lineW / 2, top: nodeY(0), width: lineW, height: nodeY(n - 1) - nodeY(0), background: colors.primary, transformOrigin: 'center top', transform: `scaleY(${draw})` }} /> : null}
      {events.map((event, i) => {
        const rowTop = top0 + rowH * i;
        const at = n > 1 ? i / (n - 1) : 0;
        const shown = interpolate(draw, [Math.max(0, at - 0.08), at + 0.02], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
        return (
          <React.Fragment key={i}>
            <Node theme={theme} x={axisX} y={nodeY(i)} size={node} shown={shown} u={u} event={event} index={i} />
            {side ? (
              <>
                <Enter theme={theme} delay={delayOf(i)} distance={-14 * u} style={{ position: 'absolute', left: 0, top: rowTop, width: whenW, height: rowH, display: 'flex', alignItems: 'center' }}>
                  <FittedText part="timeline-when" text={event.when} width={whenW} height={whenH} maxLines={1} maxFontSize={whenFont} family={heading} weight={800} color={colors.primaryText} align="right" lineHeight={1.15} />
                </Enter>
                <Enter theme={theme} delay={delayOf(i) + 3} distance={18 * u} part="timeline-event" style={{ position: 'absolute', left: textLeft, top: rowTop, width: textW, height: rowH, display: 'flex', alignItems: 'center' }}>
                  <FittedText part="timeline-text" text={event.text} width={textW} height={textH} maxLines={3} maxFontSize={textFont} family={body} weight={500} color={colors.text} lineHeight={1.25} />
                </Enter>
              </>
            ) : (
              <Enter theme={theme} delay={delayOf(i)} distance={18 * u} part="timeline-event" style={{ position: 'absolute', left: textLeft, top: rowTop, width: textW, height: rowH, display: 'flex', flexDirection: 'column', gap: 8 * u }}>
                <FittedText part="timeline-when" text={event.when} width={textW} height={whenH} maxLines={1} maxFontSize={whenFont} family={heading} weight={800} color={colors.primaryText} lineHeight={1.15} />
                <FittedText part="timeline-text" text={event.text} width={textW} height={textH} maxLines={3} maxFontSize={textFont} family={body} weight={500} color={colors.text} lineHeight={1.25} />
              </Enter>
            )}
          </React.Fragment>
        );
      })}
    </>
  );
};
