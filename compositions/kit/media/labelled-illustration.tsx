/**
 * A thing and its parts: one big picture in the middle (the hero, on a colour field), with two to
 * six callouts around it, each a label (and an optional detail) joined to a point on the picture
 * by a leader line. Each callout draws on as the narration names it: the point pops, the line
 * draws out to the label, the label comes in; the part being spoken about stays bright while the
 * others dim. Layout: {@link labelledIllustrationLayout}.
 */
import React from 'react';
import { Easing, Img, interpolate, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../../scene-props';
import { kitColors } from '../color';
import { bodyDelay, mixColors } from '../data/common';
import { FALLBACK_ICON, iconComponent, iconFor } from '../data/icons';
import { FittedText, fitText } from '../fitted-text';
import { useLayout } from '../layout';
import { bodyFloor, listOf, pictureOf, textOf, TitledScene } from '../lists/scene-parts';
import { idleSeconds, useEntrance } from '../motion';
import { useNarrationBuild } from '../narration-build';
import { anchorOf, defaultAnchors, LABELLED_MAX, labelledIllustrationLayout, type LabelledBoxes, type PicturePoint } from './labelled-illustration-layout';

/** One part of the thing: its label, an optional detail and where it is on the picture (0..1; spread around it by default). */
export interface IllustrationPart {
  label: string;
  detail?: string;
  at?: PicturePoint;
}

/** Line heights of a label and of its detail. */
const LABEL_LINE = 1.08;
const DETAIL_LINE = 1.2;
/** Frames a leader takes to draw. */
const DRAW_FRAMES = 12;

function partOf(part: unknown): IllustrationPart {
  const value = (part && typeof part === 'object' ? part : { label: part }) as Record<string, unknown>;
  return { label: textOf(value.label), detail: textOf(value.detail) || undefined, at: anchorOf(value.at) };
}

export const LabelledIllustration: React.FC<{ theme: Theme; title?: string; kicker?: string; picture?: string; parts: IllustrationPart[] }> = ({ theme, title, kicker, picture, parts }) => {
  const heading = textOf(title);
  const shown = listOf(parts).map(partOf).filter((part) => part.label !== '').slice(0, LABELLED_MAX);
  return (
    <TitledScene theme={theme} seed={`labelled-${heading}`} title={heading} kicker={textOf(kicker)} part="labelled-illustration">
      {(box) => (shown.length > 0 ? <Body theme={theme} heading={heading} picture={pictureOf(picture)} parts={shown} width={box.width} height={box.height} u={box.u} /> : null)}
    </TitledScene>
  );
};

/** Type sizes of the labels and details, and the height a label's box needs at a width. */
interface CalloutType {
  label: number;
  detail: number;
  height: (i: number, width: number) => number;
}

const Body: React.FC<{ theme: Theme; heading: string; picture?: string; parts: IllustrationPart[]; width: number; height: number; u: number }> = ({ theme, heading, picture, parts, width, height, u }) => {
  const layout = useLayout();
  const floor = bodyFloor(layout);
  const fallback = defaultAnchors(parts.length);
  const anchors = parts.map((part, i) => part.at ?? fallback[i]!);
  const typeAt = (label: number, strict = true): CalloutType => {
    const detail = Math.max(floor, Math.min(label * 0.72, 40 * u));
    // A word too long for the label's width at this size would shrink it: such a label does not fit.
    const lines = (text: string, size: number, w: number, line: number) => {
      const fit = fitText({ text, width: w, height: 100000, maxLines: 3, maxFontSize: size, family: line === LABEL_LINE ? theme.fonts.heading : theme.fonts.body, weight: line === LABEL_LINE ? 800 : 500, lineHeight: line });
      return strict && fit.fontSize < size * 0.97 ? 1000 : fit.lines.length;
    };
    return {
      label,
      detail,
      height: (i, w) => {
        const part = parts[i]!;
        const labelH = lines(part.label, label, w, LABEL_LINE) * label * LABEL_LINE + 4;
        return Math.ceil(labelH + (part.detail ? 8 * u + lines(part.detail, detail, w, DETAIL_LINE) * detail * DETAIL_LINE + 4 : 0));
      },
    };
  };
  // The largest label type, from 60 units down to the floor, at which every callout fits beside the picture.
  // Where nothing fits at the floor, the labels are set at it anyway (a word too long for its column shrinks).
  let type = typeAt(floor, false);
  let boxes = labelledIllustrationLayout(width, height, anchors, type.height, u);
  for (let size = Math.max(floor, 60 * u); size >= floor; size = size > floor ? Math.max(floor, size * 0.94) : 0) {
    const trial = typeAt(size);
    const placed = labelledIllustrationLayout(width, height, anchors, trial.height, u);
    if (placed.fits) {
      type = trial;
      boxes = placed;
      break;
    }
  }
  const start = bodyDelay(theme);
  const build = useNarrationBuild(
    parts.map((part) => part.label),
    parts.map((_, i) => start + 14 + i * Math.min(14, 60 / parts.length)),
    { first: start + 10, gap: 8 },
  );
  return (
    <>
      <Band theme={theme} boxes={boxes} u={u} delay={start} />
      <Hero theme={theme} heading={heading} picture={picture} boxes={boxes} delay={start} />
      <Leaders theme={theme} boxes={boxes} width={width} height={height} enter={build.enter} emphasis={build.emphasis} u={u} />
      {parts.map((part, i) => (
        <Callout key={i} theme={theme} part={part} boxes={boxes} index={i} type={type} enter={build.enter[i]!} emphasis={build.emphasis(i)} u={u} />
      ))}
    </>
  );
};

/**
 * The colour field the picture stands on: beside columns of labels, a band as wide as the picture
 * (and its gaps) from the top of the body down off the canvas's bottom edge; between rows of
 * labels, a band across the canvas, off both side edges. The labels stay on the background.
 */
const Band: React.FC<{ theme: Theme; boxes: LabelledBoxes; u: number; delay: number }> = ({ theme, boxes, u, delay }) => {
  const layout = useLayout();
  const colors = kitColors(theme);
  const entered = useEntrance(theme, delay);
  const { picture } = boxes;
  const gap = 36 * u;
  const box = boxes.columns
    ? { left: picture.left - gap * 0.6, top: 0, width: picture.width + gap * 1.2, height: layout.height * 2 }
    : { left: -layout.width, top: picture.top - gap * 0.5, width: layout.width * 3, height: picture.height + gap };
  const grow = boxes.columns ? `scaleY(${entered})` : `scaleX(${entered})`;
  return <div data-kit-bleed="" data-kit-part="illustration-band" style={{ position: 'absolute', ...box, background: mixColors(colors.primary, colors.background, 0.8), transform: grow, transformOrigin: boxes.columns ? '50% 0' : '50% 50%' }} />;
};

/** The picture on its colour field; without a picture, an icon chosen from the title stands in (never a letter). */
const Hero: React.FC<{ theme: Theme; heading: string; picture?: string; boxes: LabelledBoxes; delay: number }> = ({ theme, heading, picture, boxes, delay }) => {
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const colors = kitColors(theme);
  const entered = useEntrance(theme, delay);
  const { left, top, width } = boxes.picture;
  const float = Math.sin(idleSeconds(frame, fps, entered) * 1.2) * width * 0.012;
  const named = iconFor(heading);
  const Icon = iconComponent(named === FALLBACK_ICON ? 'sparkles' : named) ?? iconComponent(FALLBACK_ICON)!;
  return (
    <div style={{ position: 'absolute', left, top, width, height: width, opacity: Math.min(1, entered * 1.5), transform: `scale(${0.85 + 0.15 * entered})` }}>
      <svg data-kit-part="illustration-field" width={width} height={width} style={{ position: 'absolute', inset: 0 }}>
        <circle cx={width / 2} cy={width / 2} r={width / 2} fill={mixColors(colors.primary, colors.background, 0.66)} />
        <circle cx={width / 2} cy={width / 2} r={width * 0.38} fill={mixColors(colors.primary, colors.background, 0.54)} />
      </svg>
      {picture ? (
        <Img data-kit-part="illustration-picture" src={picture} style={{ position: 'absolute', left: width * 0.06, top: width * 0.06 + float, width: width * 0.88, height: width * 0.88, objectFit: 'contain' }} />
      ) : (
        <div data-kit-part="icon-disc" style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', transform: `translateY(${float}px)` }}>
          <Icon size={Math.round(width * 0.56)} color={colors.primary} strokeWidth={1.6} />
        </div>
      )}
    </div>
  );
};

/** Progress 0..1 from `at` over `frames`, eased out. */
function progressAt(frame: number, at: number, frames: number): number {
  return interpolate(frame, [at, at + frames], [0, 1], { easing: Easing.out(Easing.cubic), extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
}

/** Every leader line and its point, in one drawing over the body: each point pops and its line draws out to the label as the part is named. */
const Leaders: React.FC<{ theme: Theme; boxes: LabelledBoxes; width: number; height: number; enter: number[]; emphasis: (i: number) => number; u: number }> = ({ theme, boxes, width, height, enter, emphasis, u }) => {
  const frame = useCurrentFrame();
  const colors = kitColors(theme);
  const line = Math.max(2, 4 * u);
  const dot = Math.max(5, 11 * u);
  return (
    <svg data-kit-part="leader-lines" width={width} height={height} style={{ position: 'absolute', left: 0, top: 0, overflow: 'visible' }}>
      {boxes.callouts.map((callout, i) => {
        const pop = progressAt(frame, enter[i]!, 8);
        const draw = progressAt(frame, enter[i]! + 3, DRAW_FRAMES);
        if (pop <= 0) return null;
        const e = emphasis(i);
        const stroke = mixColors(colors.text, colors.background, 0.35 + 0.25 * (1 - e));
        const points = callout.leader.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
        return (
          <g key={i}>
            <polyline points={points} fill="none" stroke={stroke} strokeWidth={line} strokeLinecap="round" strokeLinejoin="round" pathLength={1} strokeDasharray={1} strokeDashoffset={1 - draw} />
            <circle cx={callout.anchor.x} cy={callout.anchor.y} r={(dot + line * 1.5) * pop * (1 + 0.25 * e)} fill={colors.background} />
            <circle cx={callout.anchor.x} cy={callout.anchor.y} r={dot * pop * (1 + 0.25 * e)} fill={e > 0.5 ? colors.primary : mixColors(colors.primary, colors.background, 0.45)} />
          </g>
        );
      })}
    </svg>
  );
};

/** A part's label and detail, coming in once its leader has drawn, dimmed while another part is spoken about. */
const Callout: React.FC<{ theme: Theme; part: IllustrationPart; boxes: LabelledBoxes; index: number; type: CalloutType; enter: number; emphasis: number; u: number }> = ({ theme, part, boxes, index, type, enter, emphasis, u }) => {
  const frame = useCurrentFrame();
  const colors = kitColors(theme);
  const callout = boxes.callouts[index]!;
  const shown = progressAt(frame, enter + 8, 12);
  if (shown <= 0) return null;
  const { label } = callout;
  const align = callout.side === 'left' ? 'right' : callout.side === 'right' ? 'left' : 'center';
  const push = callout.side === 'left' ? 1 : callout.side === 'right' ? -1 : 0;
  const labelH = fitText({ text: part.label, width: label.width, height: 100000, maxLines: 3, maxFontSize: type.label, family: theme.fonts.heading, weight: 800, lineHeight: LABEL_LINE }).lines.length * type.label * LABEL_LINE + 4;
  return (
    <div data-kit-part="callout" style={{ position: 'absolute', left: label.left, top: label.top, width: label.width, height: label.height, opacity: shown * (0.38 + 0.62 * emphasis), transform: `translateX(${(1 - shown) * push * 24 * u}px)` }}>
      <FittedText part="callout-label" text={part.label} width={label.width} height={labelH} maxLines={3} maxFontSize={type.label} family={theme.fonts.heading} weight={800} color={colors.text} align={align} lineHeight={LABEL_LINE} />
      {part.detail ? (
        <div style={{ marginTop: 8 * u }}>
          <FittedText part="callout-detail" text={part.detail} width={label.width} height={label.height - labelH - 8 * u} maxLines={3} maxFontSize={type.detail} family={theme.fonts.body} weight={500} color={colors.muted} align={align} lineHeight={DETAIL_LINE} />
        </div>
      ) : null}
    </div>
  );
};
