/**
 * A how-to told one beat at a time (a recipe, a safe lift): one big card per step, each with a big
 * picture (or, without one, its step number set large on a colour field), its number and its
 * text. The current step is the hero: as the narration reaches step N its card slides in large,
 * while the card before it shrinks into its place in a row of small cards, ticked as done; the
 * steps still to come wait in the row, dimmed. Layout: {@link stepCardsLayout}.
 */
import React from 'react';
import { Easing, Img, interpolate, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../../scene-props';
import { contrastRatio, kitColors, parseColor, readableOn } from '../color';
import { bodyDelay, cornerRadius, depthShadow, mixColors, uniformSize } from '../data/common';
import { FittedText } from '../fitted-text';
import { Heading, packLayout } from '../heading';
import { useLayout } from '../layout';
import { idleSeconds } from '../motion';
import { useNarrationBuild } from '../narration-build';
import { SceneFrame } from '../scene-frame';
import { bodyFloor, listOf, pictureOf, textOf } from './scene-parts';
import { flyToSlot, STEP_CARDS_MAX, stepCardsLayout, stepFallbackFrames, type StepBox, type StepCardsBoxes } from './step-cards-layout';

/** One beat of the how-to: its text and an optional picture (an image URL). */
export interface StepCard {
  text: string;
  picture?: string;
}

/** Frames a card takes to slide in, and to fly into its small card. */
const ENTER_FRAMES = 18;
const FLY_FRAMES = 16;

/** Line height of a step's text. */
const TEXT_LINE = 1.15;

function stepOf(step: unknown): StepCard {
  const value = (step && typeof step === 'object' ? step : { text: step }) as Record<string, unknown>;
  return { text: textOf(value.text), picture: pictureOf(value.picture) };
}

export const StepCards: React.FC<{ theme: Theme; heading?: string; kicker?: string; steps: StepCard[] }> = ({ theme, heading, kicker, steps }) => {
  const layout = useLayout();
  const { durationInFrames, fps } = useVideoConfig();
  const title = textOf(heading);
  const shown = listOf(steps).map(stepOf).filter((step) => step.text !== '').slice(0, STEP_CARDS_MAX);
  const boxes = stepCardsLayout(layout, shown.length, title !== '');
  const first = title ? bodyDelay(theme) : 4;
  const build = useNarrationBuild(
    shown.map((step) => step.text),
    stepFallbackFrames(shown.length, durationInFrames, fps, first),
    { first, gap: ENTER_FRAMES },
  );
  const u = layout.unit;
  const floor = bodyFloor(layout);
  // One size for every step's text, the largest at which each fits the caption (a pictured step's
  // number badge stands in its picture field's corner, not beside the text).
  const pictured = shown.some((step) => step.picture);
  const badge = pictured ? badgeSize(boxes, u) : 0;
  const textW = boxes.caption.width;
  const textFont = Math.max(floor, uniformSize(shown.map((step) => step.text), { width: textW, height: boxes.caption.height, maxLines: 4, maxFontSize: 84 * u, family: theme.fonts.body, weight: 700, lineHeight: TEXT_LINE }));
  return (
    <SceneFrame theme={theme} seed={`steps-${title || shown[0]?.text || ''}`}>
      {boxes.heading ? (
        <div style={{ position: 'absolute', ...px(boxes.heading), display: 'flex', flexDirection: 'column', justifyContent: boxes.beside ? 'flex-start' : 'center' }}>
          <Heading theme={theme} text={title} kicker={textOf(kicker) || undefined} width={boxes.heading.width} height={boxes.heading.height} unit={u} maxLines={boxes.beside ? 4 : 2} maxFontSize={92 * u} align={boxes.beside ? 'left' : undefined} />
        </div>
      ) : null}
      <>
        {shown.map((step, i) => (
          <Slot key={`slot-${i}`} theme={theme} step={step} index={i} box={boxes.slots[i]!} enter={build.enter} floor={floor} />
        ))}
        {shown.map((step, i) => (
          <HeroCard key={`card-${i}`} theme={theme} step={step} index={i} boxes={boxes} enter={build.enter} badge={badge} textW={textW} textFont={textFont} u={u} color={fieldColor(theme, i)} />
        ))}
      </>
    </SceneFrame>
  );
};

/** A box as CSS. */
function px(box: StepBox): React.CSSProperties {
  return { left: box.left, top: box.top, width: box.width, height: box.height };
}

/** The number badge in the corner of a pictured step's field. */
function badgeSize(boxes: StepCardsBoxes, u: number): number {
  return Math.round(Math.min(Math.min(boxes.field.width, boxes.field.height) * 0.2, 124 * u));
}

/** The colour field of step `i`: the pack's primary, secondary and accent in turn. */
function fieldColor(theme: Theme, i: number): string {
  const colors = kitColors(theme);
  return [colors.primary, colors.secondary, colors.accent][i % 3]!;
}

/**
 * The field a step's large number stands on: the step's colour, darkened just enough for white
 * type to read on it and on the darker disc in its corner (a mid-tone colour reads with neither
 * black nor white type).
 */
function numeralField(color: string): string {
  const white = parseColor('#FFFFFF')!;
  for (let t = 0; t <= 0.7; t += 0.05) {
    const fill = mixColors(color, '#000000', t);
    const parsed = parseColor(fill);
    if (parsed && contrastRatio(white, parsed) >= 4.9) return fill;
  }
  return mixColors(color, '#000000', 0.7);
}

/** Progress 0..1 from `at` over `frames`, eased. */
function progressAt(frame: number, at: number | undefined, frames: number, easing = Easing.out(Easing.cubic)): number {
  if (at === undefined) return 0;
  return interpolate(frame, [at, at + frames], [0, 1], { easing, extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
}

/**
 * Step `index`'s big card: it slides in from the right as its step is reached and, when the next
 * step is reached, flies into its small card in the row while the next card slides in.
 */
const HeroCard: React.FC<{ theme: Theme; step: StepCard; index: number; boxes: StepCardsBoxes; enter: number[]; badge: number; textW: number; textFont: number; u: number; color: string }> = ({ theme, step, index, boxes, enter, badge, textW, textFont, u, color }) => {
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const colors = kitColors(theme);
  const shown = progressAt(frame, enter[index], ENTER_FRAMES);
  const gone = progressAt(frame, enter[index + 1], FLY_FRAMES, Easing.inOut(Easing.cubic));
  if (shown <= 0 || gone >= 1) return null;
  const { hero, field, caption } = boxes;
  const fly = flyToSlot(hero, boxes.slots[index]!, gone);
  const slide = (1 - shown) * hero.width * 0.22;
  const opacity = Math.min(shown * 1.6, 1) * (gone > 0.75 ? 1 - (gone - 0.75) / 0.25 : 1);
  const radius = cornerRadius(theme, Math.min(hero.width, hero.height), 44 * u);
  const picture = step.picture;
  // Two colour fields of the step's colour, one light and one deep: a picture stands on the light
  // one with its caption in white on the deep one; a step number is set in white on the deep one,
  // its caption on the light one. No half of the card is left white on a pale field.
  const light = mixColors(color, colors.surface, 0.72);
  const deep = numeralField(color);
  const fieldFill = picture ? light : deep;
  const captionFill = picture ? deep : light;
  const discFill = picture ? mixColors(color, colors.surface, 0.55) : mixColors(fieldFill, '#000000', 0.14);
  const disc = Math.min(field.width, field.height) * 0.62;
  const ink = readableOn([fieldFill, discFill], '#FFFFFF');
  const captionInk = readableOn(captionFill, picture ? '#FFFFFF' : colors.onSurface);
  const numeral = String(index + 1);
  // The picture floats once its card has come in (in idle steps, see idleSeconds).
  const float = Math.sin(idleSeconds(frame, fps, shown) * 1.4 + index) * field.height * 0.02;
  const art = Math.round(Math.min(field.width, field.height) * 0.84);
  return (
    <div
      data-kit-part="step-card"
      style={{ position: 'absolute', ...px(hero), transformOrigin: '0 0', transform: `translate(${fly.x + slide}px, ${fly.y}px) scale(${fly.scale * (0.94 + 0.06 * shown)})`, opacity, borderRadius: radius, overflow: 'hidden', background: captionFill, boxShadow: depthShadow(theme, u) }}
    >
      {/* The field's colour is the box's own background (what the audit reads text against); the drawn quarter disc in its corner is the visual. */}
      <div style={{ position: 'absolute', ...px(field), background: fieldFill }} />
      <svg data-kit-part="step-field" width={field.width} height={field.height} style={{ position: 'absolute', ...px(field) }}>
        <rect width={field.width} height={field.height} fill={fieldFill} />
        <path d={`M ${field.width} 0 H ${field.width - disc} A ${disc} ${disc} 0 0 0 ${field.width} ${disc} Z`} fill={discFill} />
      </svg>
      <div style={{ position: 'absolute', ...px(field), display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {picture ? (
          <Img data-kit-part="step-picture" src={picture} style={{ width: art, height: art, objectFit: 'contain', transform: `translateY(${float}px)` }} />
        ) : (
          <FittedText part="step-numeral" text={numeral} width={field.width * 0.8} height={field.height * 0.86} maxLines={1} maxFontSize={field.height * 0.74} family={theme.fonts.heading} weight={800} color={ink} align="center" lineHeight={1} />
        )}
      </div>
      {badge > 0 ? (
        <div style={{ position: 'absolute', left: field.left + badge * 0.3, top: field.top + badge * 0.3 }}>
          <NumberBadge theme={theme} text={numeral} size={badge} color={deep} />
        </div>
      ) : null}
      <div style={{ position: 'absolute', ...px(caption), display: 'flex', alignItems: 'center' }}>
        <FittedText part="step-text" text={step.text} width={textW} height={caption.height} maxLines={4} maxFontSize={textFont} family={theme.fonts.body} weight={700} color={captionInk} lineHeight={TEXT_LINE} />
      </div>
    </div>
  );
};

/** A step's number on a disc of its colour. */
const NumberBadge: React.FC<{ theme: Theme; text: string; size: number; color: string }> = ({ theme, text, size, color }) => {
  const colors = kitColors(theme);
  const radius = packLayout(theme).radius;
  return (
    <div data-kit-part="step-badge" style={{ flex: 'none', width: size, height: size, borderRadius: Math.max(size * 0.5 * radius, size * 0.14), background: color, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <FittedText part="step-number" text={text} width={size * 0.8} height={size * 0.8} maxLines={1} maxFontSize={size * 0.6} family={theme.fonts.heading} weight={800} color={readableOn(color, colors.surface)} align="center" lineHeight={1.05} />
    </div>
  );
};

/**
 * Step `index`'s small card in the row: dimmed with its number while the step is to come, ringed
 * while it is the hero, and filled with its picture (or number) and ticked once done, as the hero
 * card lands on it.
 */
const Slot: React.FC<{ theme: Theme; step: StepCard; index: number; box: StepBox; enter: number[]; floor: number }> = ({ theme, step, index, box, enter, floor }) => {
  const frame = useCurrentFrame();
  const colors = kitColors(theme);
  const radius = cornerRadius(theme, box.width, box.width * 0.3);
  const current = progressAt(frame, enter[index], ENTER_FRAMES);
  const done = progressAt(frame, enter[index + 1] === undefined ? undefined : enter[index + 1]! + FLY_FRAMES * 0.7, 8);
  const color = fieldColor(theme, index);
  const ring = Math.max(3, box.width * 0.05);
  const numberFont = Math.max(floor, box.width * 0.4);
  const coming = done <= 0;
  const ink = coming ? colors.text : readableOn(mixColors(color, colors.surface, 0.78), colors.surface);
  return (
    <div data-kit-part="step-slot" style={{ position: 'absolute', ...px(box) }}>
      <svg data-kit-part="step-slot-card" width={box.width} height={box.height} style={{ position: 'absolute', inset: 0, opacity: coming ? 0.35 + 0.65 * current : 1 }}>
        <rect x={ring / 2} y={ring / 2} width={box.width - ring} height={box.height - ring} rx={radius} fill={coming ? 'none' : mixColors(color, colors.surface, 0.78)} stroke={coming ? (current > 0 ? color : colors.muted) : color} strokeWidth={ring} />
      </svg>
      <div style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', opacity: coming ? 0.45 + 0.55 * current : 1 }}>
        {!coming && step.picture ? (
          <Img src={step.picture} style={{ width: box.width * 0.66, height: box.height * 0.66, objectFit: 'contain' }} />
        ) : (
          <FittedText part="step-slot-number" text={String(index + 1)} width={box.width * 0.8} height={box.height * 0.7} maxLines={1} maxFontSize={numberFont} family={theme.fonts.heading} weight={800} color={ink} align="center" lineHeight={1.05} />
        )}
      </div>
      {done > 0 ? <Tick theme={theme} size={box.width * 0.36} progress={done} left={box.width * 0.64} top={0} /> : null}
    </div>
  );
};

/** The done mark on a small card: a disc with a check stroke that draws itself. */
const Tick: React.FC<{ theme: Theme; size: number; progress: number; left: number; top: number }> = ({ theme, size, progress, left, top }) => {
  const colors = kitColors(theme);
  return (
    <svg data-kit-part="step-done" viewBox="0 0 24 24" width={size} height={size} style={{ position: 'absolute', left, top, transform: `scale(${0.6 + 0.4 * progress})` }}>
      <circle cx={12} cy={12} r={11} fill={colors.primary} stroke={colors.surface} strokeWidth={1.5} />
      <path d="M 6.5 12.5 L 10.5 16.5 L 17.5 8" fill="none" stroke={colors.onPrimary} strokeWidth={2.6} strokeLinecap="round" strokeLinejoin="round" pathLength={1} strokeDasharray={1} strokeDashoffset={1 - progress} />
    </svg>
  );
};
