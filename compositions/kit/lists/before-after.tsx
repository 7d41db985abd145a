/**
 * Two states of one thing, before and after: two solid colour panels side by side on wide and
 * square canvases, stacked on tall ones, each with a large picture on a light disc (or an icon
 * chosen from its label), a label and up to three points. "Before" is a muted shade of the pack's
 * secondary colour and enters first; then a wipe reveals "after", the emphasis, larger and in the
 * pack's primary colour, from the divider outward, a bright edge riding it, and a slider handle
 * between the panels points the way. While the scene holds, the pictures float and the handle
 * nudges toward "after".
 */
import React from 'react';
import { useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../../scene-props';
import { kitColors, readableOn } from '../color';
import { bodyDelay, cornerRadius, depthShadow, Enter, linesAt, mixColors, uniformSize, useReveal } from '../data/common';
import { FittedText } from '../fitted-text';
import { useLayout, type Layout } from '../layout';
import { idleSeconds, useEntrance } from '../motion';
import { useNarrationBuild } from '../narration-build';
import { statTileColors, type StatTile } from '../data/stat-grid';
import { sideCues } from './before-after-cues';
import { beforeAfterLayout, type BeforeAfterBoxes } from './before-after-layout';
import { bodyFloor, listOf, pictureOf, PictureOrIcon, textOf, TitledScene } from './scene-parts';

/** One state: its label, up to three points and an optional picture. */
export interface BeforeAfterSide {
  label: string;
  points?: string[];
  picture?: string;
}

/** Space between one point and the next, in units. */
const POINT_GAP = 10;

/** Points a side shows at most. */
export const BEFORE_AFTER_MAX_POINTS = 3;

function sideOf(side: unknown): BeforeAfterSide {
  const value = (side && typeof side === 'object' ? side : {}) as Record<string, unknown>;
  return { label: textOf(value.label), points: listOf(value.points).map(textOf).filter(Boolean).slice(0, BEFORE_AFTER_MAX_POINTS), picture: pictureOf(value.picture) };
}

export const BeforeAfter: React.FC<{ theme: Theme; title?: string; kicker?: string; before: BeforeAfterSide; after: BeforeAfterSide }> = ({ theme, title, kicker, before, after }) => {
  const heading = textOf(title);
  const sides = [sideOf(before), sideOf(after)];
  sides[0]!.label ||= 'Before';
  sides[1]!.label ||= 'After';
  const layout = useLayout();
  // A body whose points do not fit at the floor under a large title gets the title at its floor.
  const bodyFits = (box: { width: number; height: number; u: number }) => sidesFit(theme, layout, sides, box.width, box.height, box.u).fits;
  return (
    <TitledScene theme={theme} seed={`before-after-${heading}`} title={heading} kicker={textOf(kicker)} part="before-after" bodyFits={bodyFits}>
      {(box) => <Body theme={theme} sides={sides} width={box.width} height={box.height} u={box.u} />}
    </TitledScene>
  );
};

/**
 * How a body of `width` × `height` holds the sides: the panels, the label's and the points' type
 * (the largest, from the label's down to the floor, at which every panel's points fit their room
 * on up to three lines each, in rows as tall as their lines; at the floor, a picture above the text
 * gives up height, to 40% of its size, before the points shrink under it), and whether it all fits.
 */
function sidesFit(theme: Theme, layout: Layout, sides: BeforeAfterSide[], width: number, height: number, u: number) {
  const floor = bodyFloor(layout);
  const boxes = beforeAfterLayout(layout, sides.some((side) => side.points!.length > 0), width, height, u, floor);
  const labelFont = uniformSize(sides.map((side) => side.label), { width: boxes.textW - 36 * u, height: boxes.labelH, maxLines: 2, maxFontSize: 60 * u, family: theme.fonts.heading, weight: 800, lineHeight: 1.1 });
  const pointW = boxes.textW - Math.max(6, 14 * u) - 20 * u;
  const need = (size: number) => Math.max(0, ...sides.map((side) => side.points!.reduce((sum, point) => sum + linesAt(point, { width: pointW, height: 100000, maxLines: 3, maxFontSize: size, family: theme.fonts.body, weight: 500, lineHeight: 1.15 }) * size * 1.15 + POINT_GAP * u, 0)));
  let pointFont = floor;
  for (let size = Math.max(floor, Math.min(46 * u, labelFont * 0.85)); size >= floor; size *= 0.97) {
    if (need(size) <= boxes.pointsH) {
      pointFont = size;
      break;
    }
  }
  const short = Math.max(0, need(pointFont) - boxes.pointsH);
  const deficit = boxes.pictureBeside ? 0 : Math.min(boxes.picture * 0.6, short);
  const fitted = { ...boxes, picture: Math.round(boxes.picture - deficit), pointsH: boxes.pointsH + deficit };
  // It fits when the points keep their room without the picture giving any up.
  return { floor, boxes, fitted, labelFont, pointFont, fits: short <= 1 };
}

const Body: React.FC<{ theme: Theme; sides: BeforeAfterSide[]; width: number; height: number; u: number }> = ({ theme, sides, width, height, u }) => {
  const layout = useLayout();
  const { floor, fitted, labelFont, pointFont } = sidesFit(theme, layout, sides, width, height, u);
  const start = bodyDelay(theme);
  // Each side comes in as the narration reaches it (its label or points named); without narration "after" is wiped in 22 frames after "before".
  const build = useNarrationBuild(sideCues(sides), [start, start + 22], { first: start, gap: 22 });
  const wipeAt = build.enter[1]!;
  return (
    <>
      {sides.map((side, i) => (
        <Panel key={i} theme={theme} side={side} after={i === 1} box={fitted.panels[i]!} boxes={fitted} labelFont={Math.max(labelFont, floor)} pointFont={pointFont} delay={build.enter[i]!} emphasis={build.emphasis(i)} u={u} />
      ))}
      <Handle theme={theme} boxes={fitted} delay={wipeAt} />
    </>
  );
};

/** A card; "after" is revealed by a wipe from the divider outward, a bright edge riding it. */
const Panel: React.FC<{ theme: Theme; side: BeforeAfterSide; after: boolean; box: BeforeAfterBoxes['panels'][number]; boxes: BeforeAfterBoxes; labelFont: number; pointFont: number; delay: number; emphasis: number; u: number }> = ({ theme, side, after, box, boxes, labelFont, pointFont, delay, emphasis, u }) => {
  const colors = kitColors(theme);
  const entered = useEntrance(theme, delay);
  const wipe = useReveal(delay, 26);
  const { pad, pictureBeside, labelH, pointsH } = boxes;
  // The larger "after" panel gives its extra room to the picture, along the side the picture shares with the text.
  const smaller = boxes.panels[0]!;
  const extra = after && pictureBeside === boxes.across ? (boxes.across ? box.width - smaller.width : box.height - smaller.height) : 0;
  const picture = Math.round(Math.min(boxes.picture + extra * 0.8, pictureBeside ? (box.height - pad * 2) * 0.92 : (box.width - pad * 2) * 0.9));
  // Where the picture sits above the text, the wider panel's extra width goes to the text instead.
  const wider = after && boxes.across && !pictureBeside ? box.width - smaller.width : 0;
  const textW = boxes.textW + wider;
  // The panels are solid fields of the pack's colours: "after" its primary, "before" a muted shade of its secondary.
  const { fill: cardFill, ink: onCard } = sideTile(theme, after);
  const pill = onCard;
  const onPill = readableOn(pill, cardFill);
  // The picture stands on a light disc of the panel's colour, as the stat tiles' do.
  const disc = mixColors(cardFill, '#FFFFFF', 0.8);
  const dot = Math.max(6, 14 * u);
  // Rounded as a one-line pill is, so a label of two lines keeps its corners' text on the pill.
  const pillLine = labelFont * 1.1 + 8 * u;
  const pillRadius = cornerRadius(theme, pillLine, pillLine / 2);
  const radius = cornerRadius(theme, Math.min(box.width, box.height), 40 * u);
  const points = side.points!;
  // Each point's row is as tall as its lines; the rows share what is left of the room.
  const pointW = textW - dot - 20 * u;
  const rowNeeds = points.map((point) => linesAt(point, { width: pointW, height: 100000, maxLines: 3, maxFontSize: pointFont, family: theme.fonts.body, weight: 500, lineHeight: 1.15 }) * pointFont * 1.15 + POINT_GAP * u);
  const share = Math.max(0, pointsH - rowNeeds.reduce((sum, h) => sum + h, 0)) / Math.max(1, points.length);
  const rowHs = rowNeeds.map((h) => h + share);
  const clip = !after || wipe >= 1 ? undefined : boxes.across ? `inset(0 ${(1 - wipe) * 100}% 0 0)` : `inset(0 0 ${(1 - wipe) * 100}% 0)`;
  // Before its wipe starts the "after" card is not drawn at all: clipped whole, its light text would
  // still stand in the page (and the layout audit would read it against the bare background).
  const hidden = after && wipe <= 0;
  // The "after" points come in once the wipe has passed them: light ink over a part of the card the
  // wipe has not revealed yet would stand on the bare background.
  const pointsIn = useEntrance(theme, delay + 26);
  const card = (
    <div
      data-kit-part={after ? 'after-card' : 'before-card'}
      style={{ position: 'absolute', left: 0, top: 0, width: box.width, height: box.height, boxSizing: 'border-box', padding: pad, borderRadius: radius, background: cardFill, boxShadow: depthShadow(theme, u), display: 'flex', flexDirection: pictureBeside ? 'row' : 'column', alignItems: 'center', justifyContent: 'center', gap: pictureBeside ? pad : pad * 0.7, clipPath: clip, ...(hidden ? { visibility: 'hidden' as const } : {}) }}
    >
      {/* The panel's field, drawn: the audit counts it as the scene's visual (the card's own background is what its text is read against). */}
      <svg data-kit-part="before-after-panel" width={box.width} height={box.height} style={{ position: 'absolute', left: 0, top: 0 }}>
        <rect width={box.width} height={box.height} rx={radius} fill={cardFill} />
      </svg>
      <div data-kit-part="before-after-disc" style={{ position: 'relative', flex: 'none', width: picture, height: picture, borderRadius: '50%', background: disc, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <PictureOrIcon theme={{ ...theme, palette: { ...theme.palette, primary: mixColors(cardFill, '#000000', 0.2), surface: disc } }} src={side.picture} label={side.label} fallbackIcon={after ? 'sparkles' : 'hourglass'} size={Math.round(picture * 0.76)} entered={entered} phase={after ? 2 : 0} style={after ? undefined : { filter: 'saturate(0.6)' }} />
      </div>
      <div style={{ position: 'relative', width: textW, display: 'flex', flexDirection: 'column', gap: 16 * u }}>
        <div style={{ alignSelf: pictureBeside || points.length > 0 ? 'flex-start' : 'center', maxWidth: textW, background: pill, borderRadius: pillRadius, padding: `${4 * u}px ${18 * u}px` }}>
          <FittedText part="before-after-label" text={side.label} width={textW - 36 * u} height={labelH} maxLines={2} maxFontSize={labelFont} family={theme.fonts.heading} weight={800} color={onPill} lineHeight={1.1} style={{ width: 'auto', maxWidth: textW - 36 * u }} />
        </div>
        {points.map((point, p) => (
          <div key={p} style={{ display: 'flex', alignItems: 'center', gap: 20 * u, height: rowHs[p], ...(after && pointsIn < 1 ? { opacity: wipe >= 1 ? pointsIn : 0 } : {}) }}>
            <div style={{ flex: 'none', width: dot, height: dot, borderRadius: '50%', background: onCard }} />
            <FittedText part="before-after-point" text={point} width={pointW} height={rowHs[p]! - POINT_GAP * u + 2} maxLines={3} maxFontSize={pointFont} family={theme.fonts.body} weight={500} color={onCard} lineHeight={1.15} />
          </div>
        ))}
      </div>
    </div>
  );
  // A side steps back while the other is spoken about.
  // Desaturated and a little smaller, not faded: a faded panel would show the background's shapes through it.
  const place: React.CSSProperties = { position: 'absolute', left: box.left, top: box.top, width: box.width, height: box.height, ...(emphasis < 1 ? { filter: `saturate(${0.35 + 0.65 * emphasis})`, transform: `scale(${0.96 + 0.04 * emphasis})` } : {}) };
  if (!after) {
    return (
      <div style={place}>
        <Enter theme={theme} delay={delay} distance={30 * u} style={{ position: 'absolute', left: 0, top: 0, width: box.width, height: box.height }}>
          {card}
        </Enter>
      </div>
    );
  }
  const edge = Math.max(3, 6 * u);
  return (
    <div style={place}>
      {card}
      {wipe > 0 && wipe < 1 ? (
        <div style={{ position: 'absolute', background: colors.accent, borderRadius: edge, ...(boxes.across ? { left: box.width * wipe - edge / 2, top: 0, width: edge, height: box.height } : { left: 0, top: box.height * wipe - edge / 2, width: box.width, height: edge }) }} />
      ) : null}
    </div>
  );
};

/**
 * A side's panel colour and the ink on it: "after" the pack's primary, "before" its secondary
 * turned toward its text colour (a muted shade), each a solid tile as the stat grid's are.
 */
function sideTile(theme: Theme, after: boolean): StatTile {
  const colors = kitColors(theme);
  const color = after ? colors.primary : mixColors(colors.secondary, colors.text, 0.45);
  return statTileColors({ primary: color, secondary: color, accent: color }, 1)[0]!;
}

/** The slider between the cards: a rule the length of the cards, and on it a disc with an arrow toward "after" that nudges that way. */
const Handle: React.FC<{ theme: Theme; boxes: BeforeAfterBoxes; delay: number }> = ({ theme, boxes, delay }) => {
  const colors = kitColors(theme);
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const entered = useEntrance(theme, delay - 6);
  const { x, y, size } = boxes.handle;
  const nudge = Math.max(0, Math.sin(idleSeconds(frame, fps, entered) * 2.4)) * size * 0.12;
  const shift = boxes.across ? `translateX(${nudge}px)` : `translateY(${nudge}px)`;
  const line = Math.max(2, size * 0.08);
  const rule: React.CSSProperties = boxes.across ? { left: x - line / 2, top: 0, width: line, height: y * 2 } : { left: 0, top: y - line / 2, width: x * 2, height: line };
  return (
    <>
    <svg data-kit-part="slider" style={{ position: 'absolute', ...rule, opacity: Math.min(1, entered * 1.4) }}>
      <rect width="100%" height="100%" rx={line / 2} fill={mixColors(colors.primary, colors.background, 0.55)} />
    </svg>
    <svg data-kit-part="slider-handle" viewBox="0 0 40 40" width={size} height={size} style={{ position: 'absolute', left: x - size / 2, top: y - size / 2, opacity: Math.min(1, entered * 1.4), transform: `${shift} scale(${0.6 + 0.4 * entered}) rotate(${boxes.across ? 0 : 90}deg)` }}>
      <circle cx={20} cy={20} r={19} fill={colors.primary} />
      <path d="M 12 20 H 27 M 21 13 L 28 20 L 21 27" fill="none" stroke={colors.onPrimary} strokeWidth={3.4} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
    </>
  );
};
