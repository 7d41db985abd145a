import React from 'react';
import { Img, interpolate, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../../scene-props';
import { kitColors } from '../color';
import { useLayout } from '../layout';
import { useNarrationBuild } from '../narration-build';
import { idleSeconds } from '../motion';
import { laterPageTheme, Paged, pageRanges, usePageCount } from '../paging';
import { bodyDelay, DataScene, depthShadow, Enter, mixColors, panelTheme, staggerFor, uniformSize, useReveal, widestText } from './common';
import { FALLBACK_ICON, iconComponent, iconFor } from './icons';
import { FittedText, fitText } from '../fitted-text';
import { IconPanel } from '../icon-panel';
import { panelIcons } from '../panel-icons';

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
    <DataScene theme={theme} seed={`timeline-${title}`} title={title} kicker={kicker} part="timeline" panel>
      {(box) =>
        shown.length === 0 ? null : layout.orientation === 'landscape' ? (
          <Across theme={panelTheme(theme)} width={box.width} height={box.height} events={shown} u={box.u} />
        ) : (
          <Down theme={panelTheme(theme)} title={title} width={box.width} height={box.height} events={shown} u={box.u} />
        )
      }
    </DataScene>
  );
};

/**
 * The line's reveal, and each event's delay so its node pops as the line reaches it. With the
 * events' `labels` and narration timing (and `narrate`: not on a page of a paged timeline, whose
 * frames are its own), the line draws on to each event's node (at `reach[i]` of its length, evenly
 * spaced by default) as the narration names it, and `emphasis` tells which event is spoken about.
 */
function useLine(theme: Theme, n: number, labels: string[] = [], narrate = true, reach?: number[]): { draw: number; delayOf: (i: number) => number; drawFrames: number; emphasis: (i: number) => number } {
  const { start, drawFrames, delayOf } = lineTiming(theme, n);
  const revealed = useReveal(start, drawFrames);
  const frame = useCurrentFrame();
  const named = narrate && labels.length === n && n > 1;
  const build = useNarrationBuild(named ? labels : [], labels.map((_, i) => delayOf(i)), { first: start });
  if (!named || !build.narrated) return { draw: revealed, drawFrames, delayOf, emphasis: () => 1 };
  const at = reach ?? labels.map((_, i) => i / (n - 1));
  const draw = interpolate(frame, build.enter.map((f, i) => f + (i === 0 ? 0 : 4)), at.map((r, i) => (i === 0 ? 0 : r + 0.02)), { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
  return { draw, drawFrames, delayOf: (i) => build.enter[i] ?? delayOf(i), emphasis: build.emphasis };
}

/** The words that tie a timeline event to its narration: its date and its text. */
function eventCue(event: TimelineEvent): string {
  return `${event.when} ${event.text}`;
}

/** When the line starts, how long it draws, and when each of `n` events enters. */
function lineTiming(theme: Theme, n: number) {
  // The line draws over 36..54 frames; events enter 6 frames apart at most, within 36 frames:
  // everything has settled by frame ~90.
  const start = bodyDelay(theme);
  const drawFrames = Math.min(54, Math.max(36, theme.motion.durationFrames * 2));
  const step = Math.min(Math.max(staggerFor(theme, n, 36), 4), 36 / Math.max(1, n));
  return { start, drawFrames, delayOf: (i: number) => start + 6 + i * step };
}

/** The frames `n` events take to settle: the line drawn and the last event in. */
function lineSettle(theme: Theme, n: number): number {
  const { start, drawFrames, delayOf } = lineTiming(theme, n);
  return Math.ceil(Math.max(start + drawFrames, delayOf(n - 1) + theme.motion.durationFrames) + 2);
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

/**
 * Events along a line across the body. Text alternates above and below the line, and the nodes
 * step the other way (a node whose text is above sits a little below the line's middle, and the
 * reverse), so the line zigzags through them and the row of nodes stands tall enough to read as
 * the scene's picture: together the nodes cover a fifth of the canvas.
 */
const Across: React.FC<{ theme: Theme; width: number; height: number; events: TimelineEvent[]; u: number }> = ({ theme, width: W, height: H, events, u }) => {
  const colors = kitColors(theme);
  const layout = useLayout();
  const n = events.length;
  const slot = W / n;
  const wave = n >= 2;
  const node = Math.round(Math.max(12, Math.min(slot * (wave ? 0.5 : 0.62), H * (wave ? 0.22 : 0.36))));
  const stem = 18 * u;
  const body = theme.fonts.body;
  const whenMax = (n <= 3 ? 64 : 56) * u;
  const textMax = (n <= 3 ? 50 : 46) * u;
  // The zigzag's half height: enough for the nodes' box to cover a fifth of the canvas, within a
  // fifth of the body's height.
  const rowWidth = slot * (n - 1) + node;
  const needH = (0.212 * layout.width * layout.height) / Math.max(1, rowWidth);
  const swing = wave ? Math.max(0, Math.min(H * 0.2, (needH - node) / 2)) : 0;
  const axisY = H / 2;
  const nodeY = (i: number) => (wave ? axisY + (i % 2 === 0 ? swing : -swing) : axisY);
  // Each event's text block: centred on its node, clear of its neighbours' nodes.
  const blocks = events.map((_, i) => {
    const cx = slot * (i + 0.5);
    const half = wave ? slot * 0.76 : slot * 0.44;
    const clear = wave ? slot - node / 2 - 4 * u : half;
    const left = Math.max(0, cx - Math.min(half, clear));
    const right = Math.min(W, cx + Math.min(half, clear));
    const above = wave && i % 2 === 0;
    const top = above ? 0 : nodeY(i) + node / 2 + stem;
    const bottom = above ? nodeY(i) - node / 2 - stem : H;
    return { cx, left, width: right - left, top, height: Math.max(10, bottom - top), above };
  });
  const whenH = Math.min(Math.min(...blocks.map((b) => b.height)) * 0.26, whenMax * 1.2);
  const textH = (b: { height: number }) => b.height - whenH - 8 * u;
  const whenFont = Math.min(...blocks.map((b, i) => uniformSize([events[i]!.when], { width: b.width, height: whenH, maxLines: 1, maxFontSize: whenMax, family: theme.fonts.heading, weight: 800, lineHeight: 1.15 })));
  const textFont = Math.min(...blocks.map((b, i) => uniformSize([events[i]!.text], { width: b.width, height: textH(b), maxLines: 5, maxFontSize: textMax, family: body, weight: 500, lineHeight: 1.25 })));
  const { draw, delayOf, emphasis } = useLine(theme, n, events.map(eventCue));
  const lineW = Math.max(2, Math.round(5 * u));
  // The line's own box: from the first node to the last, as tall as the zigzag.
  const lineTop = Math.min(...events.map((_, i) => nodeY(i))) - lineW;
  const lineBottom = Math.max(...events.map((_, i) => nodeY(i))) + lineW;
  const points = events.map((_, i) => `${slot * i},${nodeY(i) - lineTop}`).join(' ');
  // The zigzag's length, for drawing it with a dash.
  const length = events.reduce((sum, _, i) => (i === 0 ? 0 : sum + Math.hypot(slot, nodeY(i) - nodeY(i - 1))), 0);
  return (
    <div style={{ position: 'absolute', left: 0, top: 0, width: W, height: H }}>
      {n > 1 ? (
        <svg data-kit-part="timeline-line" width={slot * (n - 1)} height={lineBottom - lineTop} style={{ position: 'absolute', left: slot / 2, top: lineTop, overflow: 'visible' }}>
          <polyline points={points} fill="none" stroke={colors.primary} strokeWidth={lineW} strokeLinejoin="round" strokeLinecap="round" strokeDasharray={`${length} ${length}`} strokeDashoffset={length * (1 - draw)} />
        </svg>
      ) : null}
      {events.map((event, i) => {
        const b = blocks[i]!;
        const at = n > 1 ? i / (n - 1) : 0;
        const shown = n > 1 ? interpolate(draw, [Math.max(0, at - 0.08), Math.min(1, at + 0.02)], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' }) : draw;
        const align = b.left <= 0.5 && b.cx - b.left < b.width / 2 - 1 ? 'left' : b.left + b.width >= W - 0.5 && b.left + b.width - b.cx < b.width / 2 - 1 ? 'right' : 'center';
        // The text sits at the outer edge of its block; a stem joins it to its node.
        const contentH = Math.min(b.height, whenFont * 1.15 + 8 * u + fitText({ text: event.text, width: b.width, height: textH(b), maxLines: 5, maxFontSize: textFont, family: body, weight: 500, lineHeight: 1.25 }).height + 2);
        const contentTop = b.above ? 0 : H - contentH;
        const stemTop = b.above ? contentH + 6 * u : nodeY(i) + node / 2;
        const stemH = Math.max(0, b.above ? nodeY(i) - node / 2 - stemTop : contentTop - 6 * u - stemTop);
        return (
          <React.Fragment key={i}>
            <div style={{ position: 'absolute', left: b.cx - Math.max(1, u), top: stemTop + (b.above ? stemH * (1 - shown) : 0), width: Math.max(2, 2 * u), height: stemH * shown, background: colors.muted, opacity: 0.5 }} />
            <Node theme={theme} x={b.cx} y={nodeY(i)} size={node} shown={shown} u={u} event={event} index={i} />
            <div style={{ opacity: 0.35 + 0.65 * emphasis(i) }}>
              <Enter theme={theme} delay={delayOf(i)} distance={(b.above ? -14 : 14) * u} part="timeline-event" style={{ position: 'absolute', left: b.left, top: contentTop, width: b.width, height: contentH, display: 'flex', flexDirection: 'column', gap: 8 * u }}>
                <FittedText part="timeline-when" text={event.when} width={b.width} height={whenH} maxLines={1} maxFontSize={whenFont} family={theme.fonts.heading} weight={800} color={colors.primaryText} align={align} lineHeight={1.15} />
                <FittedText part="timeline-text" text={event.text} width={b.width} height={textH(b)} maxLines={5} maxFontSize={textFont} family={body} weight={500} color={colors.text} align={align} lineHeight={1.25} />
              </Enter>
            </div>
          </React.Fragment>
        );
      })}
    </div>
  );
};

/**
 * Events down the body. When the rows leave room at readable type (few events on a tall canvas), an
 * icon panel (the title's icon with badges for the events, each popping in with its event) takes a
 * band across the top, so the timeline has a picture and fills the canvas.
 */
const Down: React.FC<{ theme: Theme; title: string; width: number; height: number; events: TimelineEvent[]; u: number }> = ({ theme, title, width: W, height: H, events, u }) => {
  const layout = useLayout();
  const n = events.length;
  const readable = Math.min(layout.width, layout.height) * 0.0425;
  const side = W / H > 0.9;
  const rowCap = 260 * u;
  const node = Math.min(Math.min(H / n, rowCap) * (side ? 0.5 : 0.62), W * (side ? 0.12 : 0.16));
  // The text's column as Rows lays it out: right of the dates' column and the line when side by side.
  const whenW = side ? dateColumn(events, theme.fonts.heading, W, u) : 0;
  const textW = side ? W - whenW - node - 40 * u : W - node - 30 * u;
  const textNeed = Math.max(...events.map((e) => fitText({ text: e.text, width: textW, height: 100000, maxLines: 3, maxFontSize: readable, family: theme.fonts.body, weight: 500, lineHeight: 1.25 }).lines.length)) * readable * 1.25;
  const rowNeed = Math.min(rowCap, side ? textNeed / 0.88 + 8 * u : readable * 1.35 + 8 * u + textNeed + 28 * u);
  const gap = 36 * u;
  const spare = H - n * rowNeed - gap;
  const band = spare >= H * 0.16 ? Math.min(spare, H * 0.34) : 0;
  const { delayOf } = useLine(theme, n, events.map(eventCue));
  // Rows too many for their text to keep the floor show in pages, each its own stretch of line.
  const later = laterPageTheme(theme);
  const reaches = (rows: number) => band > 0 || rowsLayout(theme, W, H, events, rows, u).textFont >= readable * 0.95;
  const { pages, windows } = usePageCount(n, reaches, { first: lineSettle(theme, Math.ceil(n / 2)), later: lineSettle(later, Math.ceil(n / 2)) });
  if (band === 0 && windows) {
    const ranges = pageRanges(n, pages);
    const sizing = { events, rows: ranges[0]![1] };
    return (
      <Paged windows={windows} rise={24 * u}>
        {(page) => <Rows theme={page === 0 ? theme : later} width={W} height={H} top={0} events={events.slice(...ranges[page]!)} u={u} wind={sizing.rows > 2} sizing={sizing} narrate={false} />}
      </Paged>
    );
  }
  if (band === 0) return <Rows theme={theme} width={W} height={H} top={0} events={events} u={u} wind={n > 2} />;
  return (
    <>
      <div style={{ position: 'absolute', left: 0, top: 0 }}>
        <IconPanel theme={theme} icons={panelIcons(title, events.map((e) => e.text), 'clock')} width={W} height={band} unit={u} delay={bodyDelay(theme)} delays={events.map((_, i) => delayOf(i) + 4)} />
      </div>
      <Rows theme={theme} width={W} height={H - band - gap} top={band + gap} events={events} u={u} />
    </>
  );
};

/** Side by side, the date column is as wide as the longest date needs at a generous size. */
function dateColumn(events: TimelineEvent[], family: string, W: number, u: number): number {
  return Math.min(Math.max(widestText(events.map((e) => e.when), family, 800, 46 * u), W * 0.1), W * 0.34);
}

/**
 * The points a winding line passes through: down from each node to the gap under its row, across
 * to the next node's side, and down to it. Returns the points and, for each node, the share of the
 * path's length at which the line reaches it (so each node pops as the drawing line arrives).
 */
export function windingPath(nodes: { x: number; y: number }[], gapYs: number[]): { points: { x: number; y: number }[]; at: number[] } {
  const points: { x: number; y: number }[] = [];
  const marks: number[] = [];
  let length = 0;
  const push = (p: { x: number; y: number }) => {
    const last = points[points.length - 1];
    if (last) length += Math.hypot(p.x - last.x, p.y - last.y);
    points.push(p);
  };
  nodes.forEach((node, i) => {
    if (i > 0) {
      const prev = nodes[i - 1]!;
      const y = gapYs[i - 1]!;
      if (prev.x !== node.x) {
        push({ x: prev.x, y });
        push({ x: node.x, y });
      }
    }
    push(node);
    marks.push(length);
  });
  return { points, at: marks.map((m) => (length > 0 ? m / length : 0)) };
}

/**
 * How rows of events down a body lay out: `rows` rows in a box of `W` × `H`, the type sized over
 * every event in `events` (so a paged timeline's pages share one size).
 */
function rowsLayout(theme: Theme, W: number, H: number, events: TimelineEvent[], rows: number, u: number) {
  const rowH = Math.min(H / rows, 260 * u);
  // Square canvases put the date in a column beside the line; narrow ones stack it over the text.
  const side = W / H > 0.9;
  // Beside the dates, the nodes and gaps are a little narrower, leaving the text its width.
  const node = Math.round(Math.max(12, Math.min(rowH * (side ? 0.5 : 0.62), W * (side ? 0.12 : 0.16))));
  const space = (side ? 20 : 30) * u;
  const lineW = Math.max(2, Math.round(5 * u));
  const whenW = side ? dateColumn(events, theme.fonts.heading, W, u) : W - node - space;
  const whenH = side ? Math.min(rowH * 0.8, 140 * u) : Math.min(rowH * 0.34, 68 * u);
  // Beside the line a long date may take two lines ("September / 2025") rather than shrinking.
  const whenLines = side ? 2 : 1;
  const whenFont = uniformSize(events.map((e) => e.when), { width: whenW, height: whenH, maxLines: whenLines, maxFontSize: 56 * u, family: theme.fonts.heading, weight: 800, lineHeight: 1.15 });
  const axisX = side ? whenW + space + node / 2 : node / 2;
  const textLeft = axisX + node / 2 + space;
  const textW = W - textLeft;
  // Beside the dates a row holds only its text: on a square with many events the rows are short,
  // so the text takes nearly all of one, its lines set a little tighter (mirrored rows alternate
  // sides, so neighbouring texts do not stack flush).
  const textH = side ? rowH * 0.92 : rowH - whenH - 8 * u - Math.min(rowH * 0.14, 28 * u);
  const textLine = side ? 1.2 : 1.25;
  const textFont = uniformSize(events.map((e) => e.text), { width: textW, height: textH, maxLines: 3, maxFontSize: 48 * u, family: theme.fonts.body, weight: 500, lineHeight: textLine });
  return { rowH, side, node, lineW, whenW, whenH, whenLines, whenFont, axisX, textLeft, textW, textH, textLine, textFont };
}

/**
 * Events in rows down the body. With `wind`, every other row is mirrored (its node on the right,
 * its text right-aligned left of it) and the line winds between them, crossing in the gap between
 * rows: the timeline then spans the body's width as its picture, where a straight line down one
 * side would leave the rows without one.
 */
const Rows: React.FC<{ theme: Theme; width: number; height: number; top: number; events: TimelineEvent[]; u: number; wind?: boolean; sizing?: { events: TimelineEvent[]; rows: number }; narrate?: boolean }> = ({ theme, width: W, height: H, top, events, u, wind = false, sizing, narrate = true }) => {
  const colors = kitColors(theme);
  const n = events.length;
  const body = theme.fonts.body;
  const heading = theme.fonts.heading;
  const { rowH, side, node, lineW, whenW, whenH, whenLines, whenFont, axisX, textLeft, textW, textH, textLine, textFont } = rowsLayout(theme, W, H, sizing?.events ?? events, sizing?.rows ?? n, u);
  const top0 = top + (H - rowH * n) / 2;
  const whenLine = whenFont * 1.15;
  const mirrored = (i: number) => wind && i % 2 === 1;
  // A mirrored row is the same row reflected: its parts' left edges measured from the right.
  const at = (i: number, left: number, width: number) => (mirrored(i) ? W - left - width : left);
  const nodeX = (i: number) => at(i, axisX - node / 2, node) + node / 2;
  // The node sits level with the date: the row's middle when side by side, else the date's line.
  const nodeY = (i: number) => top0 + rowH * i + (side ? rowH / 2 : whenLine / 2);
  const path = windingPath(
    events.map((_, i) => ({ x: nodeX(i), y: nodeY(i) })),
    events.slice(1).map((_, i) => top0 + rowH * (i + 1) - (side ? 0 : Math.min(rowH * 0.14, 28 * u) / 2)),
  );
  const length = path.points.reduce((sum, p, i) => (i === 0 ? 0 : sum + Math.hypot(p.x - path.points[i - 1]!.x, p.y - path.points[i - 1]!.y)), 0);
  const { draw, delayOf, emphasis } = useLine(theme, n, events.map(eventCue), narrate, path.at);
  const textAlign = (i: number) => (mirrored(i) ? 'right' : 'left');
  return (
    <>
      {n > 1 && wind ? (
        <svg data-kit-part="timeline-line" width={W} height={top0 + rowH * n} style={{ position: 'absolute', left: 0, top: 0, overflow: 'visible' }}>
          <polyline points={path.points.map((p) => `${p.x},${p.y}`).join(' ')} fill="none" stroke={colors.primary} strokeWidth={lineW} strokeLinejoin="round" strokeLinecap="round" strokeDasharray={`${length} ${length}`} strokeDashoffset={length * (1 - draw)} />
        </svg>
      ) : n > 1 ? (
        <div data-kit-part="timeline-line" style={{ position: 'absolute', left: axisX - lineW / 2, top: nodeY(0), width: lineW, height: nodeY(n - 1) - nodeY(0), background: colors.primary, transformOrigin: 'center top', transform: `scaleY(${draw})` }} />
      ) : null}
      {events.map((event, i) => {
        const rowTop = top0 + rowH * i;
        const reach = path.at[i]!;
        const shown = interpolate(draw, [Math.max(0, reach - 0.08), reach + 0.02], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
        const flip = mirrored(i);
        return (
          <div key={i} style={{ opacity: 0.35 + 0.65 * emphasis(i) }}>
            <Node theme={theme} x={nodeX(i)} y={nodeY(i)} size={node} shown={shown} u={u} event={event} index={i} />
            {side ? (
              <>
                <Enter theme={theme} delay={delayOf(i)} distance={(flip ? 14 : -14) * u} style={{ position: 'absolute', left: at(i, 0, whenW), top: rowTop, width: whenW, height: rowH, display: 'flex', alignItems: 'center' }}>
                  <FittedText part="timeline-when" text={event.when} width={whenW} height={whenH} maxLines={whenLines} maxFontSize={whenFont} family={heading} weight={800} color={colors.primaryText} align={flip ? 'left' : 'right'} lineHeight={1.15} />
                </Enter>
                <Enter theme={theme} delay={delayOf(i) + 3} distance={(flip ? -18 : 18) * u} part="timeline-event" style={{ position: 'absolute', left: at(i, textLeft, textW), top: rowTop, width: textW, height: rowH, display: 'flex', alignItems: 'center' }}>
                  <FittedText part="timeline-text" text={event.text} width={textW} height={textH} maxLines={3} maxFontSize={textFont} family={body} weight={500} color={colors.text} align={textAlign(i)} lineHeight={textLine} />
                </Enter>
              </>
            ) : (
              <Enter theme={theme} delay={delayOf(i)} distance={(flip ? -18 : 18) * u} part="timeline-event" style={{ position: 'absolute', left: at(i, textLeft, textW), top: rowTop, width: textW, height: rowH, display: 'flex', flexDirection: 'column', gap: 8 * u }}>
                <FittedText part="timeline-when" text={event.when} width={textW} height={whenH} maxLines={1} maxFontSize={whenFont} family={heading} weight={800} color={colors.primaryText} align={textAlign(i)} lineHeight={1.15} />
                <FittedText part="timeline-text" text={event.text} width={textW} height={textH} maxLines={3} maxFontSize={textFont} family={body} weight={500} color={colors.text} align={textAlign(i)} lineHeight={1.25} />
              </Enter>
            )}
          </div>
        );
      })}
    </>
  );
};
