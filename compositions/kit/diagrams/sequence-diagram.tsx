import React from 'react';
import { evolvePath } from '@remotion/paths';
import { AbsoluteFill, Img, interpolate, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../../scene-props';
import { cameraAt, cameraTransform } from '../camera';
import { kitColors, readableOn } from '../color';
import { bodyDelay, cornerRadius, depthShadow, mixColors, widestText } from '../data/common';
import { FitLines, fitText, type TextFit } from '../fitted-text';
import { Heading, packLayout } from '../heading';
import { type Layout, useLayout } from '../layout';
import { useEntrance } from '../motion';
import { emphasisAt, useNarrationBuild } from '../narration-build';
import { SceneFrame } from '../scene-frame';
import { fieldTint } from './common';
import type { DiagramBox } from './geometry';
import { headerStick, SEQUENCE_MAX_ACTORS, SEQUENCE_MAX_MESSAGES, SEQUENCE_MIN_ACTORS, sequenceLayout, type SequencePlan, sequenceShots, sequenceSpacing } from './sequence-layout';

/** An actor of a sequence diagram: a column with its header card and lifeline. */
export interface SequenceActor {
  label: string;
  /** An image URL shown on the actor's card. */
  picture?: string;
}

/** A message from one actor to another (indices into the actors), drawn as an arrow between their lifelines. */
export interface SequenceMessage {
  from: number;
  to: number;
  label: string;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

/** The usable actors (at most four) from whatever the scene passed: label strings or objects. */
export function sequenceActors(value: unknown): SequenceActor[] {
  return (Array.isArray(value) ? value : [])
    .map((entry): SequenceActor | undefined => {
      if (typeof entry === 'string' || typeof entry === 'number') return text(entry) ? { label: text(entry) } : undefined;
      if (!entry || typeof entry !== 'object') return undefined;
      const record = entry as Record<string, unknown>;
      const label = text(record.label ?? record.name ?? record.title);
      const picture = typeof record.picture === 'string' ? record.picture.trim() : '';
      return label ? { label, ...(picture ? { picture } : {}) } : undefined;
    })
    .filter((actor): actor is SequenceActor => actor !== undefined)
    .slice(0, SEQUENCE_MAX_ACTORS);
}

/** The usable messages (at most eight) between `actors` actors: whole indices in range and a label. */
export function sequenceMessages(value: unknown, actors: number): SequenceMessage[] {
  return (Array.isArray(value) ? value : [])
    .map((entry): SequenceMessage | undefined => {
      if (!entry || typeof entry !== 'object') return undefined;
      const record = entry as Record<string, unknown>;
      const from = Number(record.from);
      const to = Number(record.to);
      const label = text(record.label ?? record.text);
      const valid = (i: number) => Number.isInteger(i) && i >= 0 && i < actors;
      return valid(from) && valid(to) && label ? { from, to, label } : undefined;
    })
    .filter((message): message is SequenceMessage => message !== undefined)
    .slice(0, SEQUENCE_MAX_MESSAGES);
}

const LABEL_LINE = 1.18;
/** The width of a message pill's border. */
const pillBorder = (u: number) => Math.max(1.5, 3 * u);
const ACTOR_LINE = 1.12;

/** Where the heading and the body go: the heading over the body, beside it (wide canvases), or over a stage taller than the frame that the camera scrolls. */
type Mode = 'stacked' | 'side' | 'scroll';

/** Everything the diagram draws, measured and laid out for one canvas. */
interface SequenceDesign {
  mode: Mode;
  heading?: { left: number; top: number; width: number; height: number; lines: number; align: 'left' | 'center' };
  body: { left: number; top: number };
  box: DiagramBox;
  plan: SequencePlan;
  picture: number;
  actorFits: TextFit[];
  labelFits: TextFit[];
  labelPad: number;
  /** Height of the stage the camera moves over (the frame's, or more in scroll mode). */
  stageHeight: number;
}

/** The height a heading takes with its title fitted at up to full size: kicker, headline lines and ornament. */
function headingHeight(theme: Theme, title: string, kicker: string, width: number, height: number, lines: number, u: number): number {
  const { ornament, uppercaseHeadings } = packLayout(theme);
  const headline = fitText({ text: uppercaseHeadings ? title.toUpperCase() : title, width, height, maxLines: lines, maxFontSize: 88 * u, family: theme.fonts.heading, weight: 800, lineHeight: 1.12 });
  return Math.ceil((kicker ? 58 * u : 0) + headline.height + (ornament === 'none' ? 0 : 30 * u) + 4 * u);
}

/**
 * The diagram designed for the canvas: the message labels at the largest size up to 4.8% of the
 * shorter side that every label keeps (never under the 4% floor: a label too long for the space
 * between its lifelines gets a wider pill), actor cards as large as the rows leave room for, the
 * heading over the body where the rows fit under it, else beside it on a wide canvas, else over a
 * stage taller than the frame.
 */
function designSequence(theme: Theme, layout: Layout, title: string, kicker: string, actors: SequenceActor[], messages: SequenceMessage[]): SequenceDesign | undefined {
  const u = layout.unit;
  const short = Math.min(layout.width, layout.height);
  const floor = (short * 0.04 * 1.035) / 0.98;
  const headingText = title || kicker;
  const hasPictures = actors.some((actor) => actor.picture);
  const { gap, pad } = sequenceSpacing(u);
  const labelPad = 16 * u;
  const design = (mode: Mode, pictureShare: number): SequenceDesign | undefined => {
    const side = mode === 'side';
    const headW = headingText ? (side ? Math.round(layout.contentWidth * 0.3) : layout.contentWidth) : 0;
    const lines = side ? 4 : layout.orientation === 'landscape' ? 2 : 3;
    const headH = headingText ? (side ? layout.contentHeight : headingHeight(theme, title || kicker, title ? kicker : '', headW, layout.contentHeight * 0.3, lines, u)) : 0;
    const headGap = headingText ? (side ? 56 : 36) * u : 0;
    const width = side ? layout.contentWidth - headW - headGap : layout.contentWidth;
    const height = side ? layout.contentHeight : layout.contentHeight - headH - headGap;
    const column = width / actors.length;
    // Labels: on one line in a pill that may reach over the neighbouring lifelines (it is opaque)
    // where every label keeps its size so; else on up to two lines in the room between their
    // lifelines (at least most of a column), widened where that would put one under the floor.
    const fitAt = (label: string, room: number, max: number, maxLines: number) => fitText({ text: label, width: room, height: 10000, maxLines, maxFontSize: max, family: theme.fonts.body, weight: 700, lineHeight: LABEL_LINE });
    const spanRoom = (m: SequenceMessage) => (m.from === m.to ? column * 0.92 : Math.max(Math.abs(m.to - m.from) * column - pad * 2, column * 0.92)) - labelPad * 2;
    const lineRoom = (m: SequenceMessage) => Math.min(width * 0.9, Math.max(spanRoom(m) + labelPad * 2, column * 1.9)) - labelPad * 2;
    const labelMax = short * 0.048;
    const oneLine = messages.map((m) => fitAt(m.label, lineRoom(m), labelMax, 1));
    const single = oneLine.every((fit) => fit.fontSize >= floor);
    const rooms = messages.map((m) => {
      if (single) return lineRoom(m);
      const room = spanRoom(m);
      return fitAt(m.label, room, labelMax, 2).fontSize >= floor ? room : Math.min(width * 0.9 - labelPad * 2, room * 2);
    });
    const maxLines = single ? 1 : 2;
    const size = Math.max(floor, Math.min(labelMax, ...messages.map((m, k) => fitAt(m.label, rooms[k]!, labelMax, maxLines).fontSize)));
    const labelFits = messages.map((m, k) => fitAt(m.label, rooms[k]!, size, maxLines));
    if (labelFits.some((fit) => fit.fontSize < floor * 0.98)) return undefined;
    const labelLines = Math.max(...labelFits.map((fit) => fit.lines.length));
    const labelH = size * LABEL_LINE * labelLines + labelPad + pillBorder(u) * 2;
    // Actor cards: a picture over the name, the names at one size up to 5.4% of the shorter side;
    // where the columns are too narrow for a name at the floor, alternate cards a row lower, wider.
    const actorMax = short * 0.054;
    const actorFitsAt = (cardWidth: number, max: number) => actors.map((actor) => fitText({ text: actor.label, width: cardWidth - pad * 2, height: 10000, maxLines: 2, maxFontSize: max, family: theme.fonts.body, weight: 800, lineHeight: ACTOR_LINE }));
    const oneTier = Math.min(column - gap, 460 * u);
    const tiers: 1 | 2 = actors.length > 2 && Math.min(...actorFitsAt(oneTier, actorMax).map((fit) => fit.fontSize)) < floor ? 2 : 1;
    const cardWidth = tiers === 2 ? Math.min(column * 1.5, width / Math.ceil(actors.length / 2) - gap) : oneTier;
    const actorSize = Math.max(floor, Math.min(...actorFitsAt(cardWidth, actorMax).map((fit) => fit.fontSize)));
    const actorFits = actorFitsAt(cardWidth, actorSize);
    const actorH = Math.max(...actorFits.map((fit) => fit.height));
    const picture = hasPictures ? Math.min(cardWidth * 0.62, (height * 0.26) / tiers, 220 * u) * pictureShare : 0;
    const header = pad * 2 + actorH + (picture > 0 ? picture + pad * 0.6 : 0);
    const sizes = { header, cardWidth, tiers, label: labelH, labelWidths: labelFits.map((fit) => widestText(fit.lines, theme.fonts.body, 700, fit.fontSize) + labelPad * 2 + pillBorder(u) * 2 + 4) };
    const headerHeight = header * tiers + (tiers === 2 ? gap * 0.6 : 0);
    const box: DiagramBox = { width, height, u };
    let plan = sequenceLayout(box, actors.length, messages, sizes);
    let stageHeight = layout.height;
    if (mode === 'scroll') {
      // The rows at their smallest on a stage as tall as they need: the camera scrolls down it.
      const need = headerHeight + gap + sequenceSpacing(u).tail + messages.length * (labelH + pad + sequenceSpacing(u).arrow) + 1;
      plan = sequenceLayout({ ...box, height: Math.max(height, need) }, actors.length, messages, sizes);
      stageHeight = Math.max(layout.height, layout.height - height + need);
    }
    if (!plan) return undefined;
    if (!side && mode !== 'scroll' && plan.height < height * 0.99) {
      // Heading and body centred together in the content box.
      const spare = height - plan.height;
      return {
        mode,
        ...(headingText ? { heading: { left: 0, top: spare / 2, width: headW, height: headH, lines, align: layout.orientation === 'landscape' ? 'left' : ('center' as const) } } : {}),
        body: { left: 0, top: headH + headGap + spare / 2 },
        box,
        plan,
        picture,
        actorFits,
        labelFits,
        labelPad,
        stageHeight,
      };
    }
    return {
      mode,
      ...(headingText ? { heading: { left: 0, top: 0, width: headW, height: side ? layout.contentHeight : headH, lines, align: side || layout.orientation === 'landscape' ? 'left' : ('center' as const) } } : {}),
      body: { left: side ? headW + headGap : 0, top: side ? (layout.contentHeight - plan.height) / 2 : headH + headGap },
      box,
      plan,
      picture,
      actorFits,
      labelFits,
      labelPad,
      stageHeight,
    };
  };
  const modes: [Mode, number][] = [
    ['stacked', 1],
    ['stacked', 0.7],
    ...(layout.orientation === 'landscape' && headingText ? ([['side', 1], ['side', 0.7]] as [Mode, number][]) : []),
    ['stacked', 0.5],
    ['scroll', 0.7],
  ];
  for (const [mode, share] of modes) {
    const made = design(mode, share);
    if (made) return made;
  }
  return undefined;
}

/**
 * A message exchange in order: two to four actors as columns, each a card (its picture over its
 * name) with a dashed lifeline down from it, and two to eight messages as arrows between the
 * lifelines, top to bottom, each named in a pill above its arrow. For handshakes (SYN, SYN-ACK,
 * ACK between Client and Server), API calls, a customer's path through a service. On a tall
 * canvas the actors sit across the top and the messages stack down; on a wide one the heading
 * moves beside the diagram when the messages need the height.
 *
 * Motion: the cards pop in one after another and their lifelines run down; then each arrow draws
 * from its sender to its receiver as the narration names its label (`useNarrationBuild`; without
 * narration one after another), its pill landing as it arrives. The message being spoken about
 * is filled in the pack's primary and drawn bolder, its two actors ringed, the others dimmed, and
 * the camera leans toward it; after the last message the camera settles back on the whole exchange.
 */
export const SequenceDiagram: React.FC<{ theme: Theme; title?: string; kicker?: string; actors: SequenceActor[]; messages: SequenceMessage[] }> = ({ theme, title, kicker, actors, messages }) => {
  const layout = useLayout();
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const shownActors = sequenceActors(actors);
  const shownMessages = shownActors.length >= SEQUENCE_MIN_ACTORS ? sequenceMessages(messages, shownActors.length) : [];
  const titleText = text(title);
  const kickerText = text(kicker);
  const design = React.useMemo(
    () => (shownActors.length >= SEQUENCE_MIN_ACTORS ? designSequence(theme, layout, titleText, kickerText, shownActors, shownMessages) : undefined),
    // The design depends on the content and the canvas only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [JSON.stringify([shownActors, shownMessages, titleText, kickerText, layout.width, layout.height, theme.fonts])],
  );
  const start = titleText || kickerText ? bodyDelay(theme) : 6;
  const actorStep = 5;
  const first = start + shownActors.length * actorStep + 8;
  const step = Math.min(14, 64 / Math.max(1, shownMessages.length));
  const fallback = shownMessages.map((_, k) => Math.round(first + k * step));
  const build = useNarrationBuild(
    shownMessages.map((m) => m.label),
    fallback,
    { first, gap: 4 },
  );
  // Without narration the emphasis still walks the messages as they come in, and lets go a second after the last.
  const emphasis = (k: number) => (build.narrated ? build.emphasis(k) : emphasisAt(k, frame, build.enter, (build.enter[build.enter.length - 1] ?? 0) + fps));
  const seed = `sequence-${titleText}`;
  if (!design) return <SceneFrame theme={theme} seed={seed}>{null}</SceneFrame>;
  const offset = { x: layout.margin + design.body.left, y: layout.margin + design.body.top };
  const shots = sequenceShots(design.plan, build.enter, { width: layout.width, height: layout.height }, design.stageHeight, offset, { margin: layout.margin });
  const camera = cameraAt(shots, frame, { moveFrames: 20 });
  const headerTop = offset.y + Math.min(...design.plan.actors.map(({ card }) => card.top));
  const stick = design.mode === 'scroll' ? headerStick(camera, layout.height, layout.margin, headerTop) : 0;
  return (
    <SceneFrame theme={theme} seed={seed} push={false}>
      <AbsoluteFill data-kit-camera="sequence" {...(design.mode === 'scroll' ? { 'data-kit-bleed': 'stage' } : {})} style={{ transform: cameraTransform(camera, layout.width, layout.height) }}>
        <div data-kit-part="sequence-diagram" style={{ position: 'absolute', left: layout.margin, top: layout.margin, width: layout.contentWidth, height: layout.contentHeight }}>
          {design.heading ? (
            <div style={{ position: 'absolute', left: design.heading.left, top: design.heading.top, width: design.heading.width, height: design.heading.height, display: 'flex', flexDirection: 'column', justifyContent: design.mode === 'side' ? 'center' : 'flex-start' }}>
              <Heading theme={theme} text={titleText || kickerText} kicker={titleText ? kickerText || undefined : undefined} width={design.heading.width} height={design.mode === 'side' ? design.heading.height * 0.92 : design.heading.height} unit={layout.unit} maxLines={design.heading.lines} maxFontSize={88 * layout.unit} align={design.heading.align} />
            </div>
          ) : null}
          <div style={{ position: 'absolute', left: design.body.left, top: design.body.top, width: design.box.width, height: design.plan.height }}>
            <SequenceBody theme={theme} design={design} actors={shownActors} messages={shownMessages} start={start} actorStep={actorStep} enter={build.enter} emphasis={emphasis} stick={stick} />
          </div>
        </div>
      </AbsoluteFill>
    </SceneFrame>
  );
};

const SequenceBody: React.FC<{
  theme: Theme;
  design: SequenceDesign;
  actors: SequenceActor[];
  messages: SequenceMessage[];
  start: number;
  actorStep: number;
  enter: number[];
  emphasis: (k: number) => number;
  /** How far down the actors' cards are moved to stay in view (scroll mode), px. */
  stick: number;
}> = ({ theme, design, actors, messages, start, actorStep, enter, emphasis, stick }) => {
  const frame = useCurrentFrame();
  const colors = kitColors(theme);
  const { plan, box } = design;
  const u = box.u;
  const { pad } = sequenceSpacing(u);
  const stroke = Math.max(3, 6 * u);
  const head = Math.max(10, 22 * u);
  // How much each actor takes part in the message being spoken about.
  const involved = actors.map((_, i) => Math.max(0, ...messages.map((m, k) => (m.from === i || m.to === i ? emphasis(k) : 0))));
  const focusing = messages.length > 1 && messages.some((_, k) => emphasis(k) < 0.999);
  const lifelineGrow = interpolate(frame, [start + 6, start + 6 + 24], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
  const bandWidth = Math.min(plan.actors[0]!.card.width * 0.5, box.width / actors.length * 0.4, 120 * u);
  // Each lifeline runs down from under its own card.
  const lifeTop = (i: number) => plan.actors[i]!.card.top + plan.actors[i]!.card.height;
  const stage = { left: -pad * 2, top: -pad * 2, width: box.width + pad * 4, height: plan.height + pad * 3 };
  const cardsTop = Math.min(...plan.actors.map(({ card }) => card.top));
  const cardsBottom = Math.max(...plan.actors.map(({ card }) => card.top + card.height));
  const headerBand = { top: cardsTop - pad * 2, height: cardsBottom - cardsTop + pad * 3 };
  return (
    <>
      {/* A colour field behind the exchange: the stage the lifelines stand on. */}
      <div style={{ position: 'absolute', ...stage, borderRadius: cornerRadius(theme, stage.width, 48 * u), background: fieldTint(colors.primary, colors.background) }} />
      {plan.actors.map(({ x }, i) => (
        <div key={`band-${i}`} style={{ position: 'absolute', left: x - bandWidth / 2, top: lifeTop(i), width: bandWidth, height: (plan.lifeline.bottom - lifeTop(i)) * lifelineGrow, borderRadius: bandWidth / 2, background: mixColors(colors.primary, colors.background, 0.78 - 0.08 * involved[i]!) }} />
      ))}
      <svg data-kit-part="diagram-links" style={{ position: 'absolute', left: 0, top: 0, width: box.width, height: plan.height, overflow: 'visible' }} viewBox={`0 0 ${box.width} ${plan.height}`}>
        {plan.actors.map(({ x }, i) => (
          <line key={`life-${i}`} x1={x} y1={lifeTop(i)} x2={x} y2={lifeTop(i) + (plan.lifeline.bottom - lifeTop(i)) * lifelineGrow} stroke={mixColors(colors.primary, colors.background, 0.35)} strokeWidth={Math.max(2, 4 * u)} strokeDasharray={`${10 * u} ${10 * u}`} strokeLinecap="round" />
        ))}
        {plan.messages.map((m, k) => {
          const progress = interpolate(frame, [enter[k] ?? 0, (enter[k] ?? 0) + 12], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
          if (progress <= 0) return null;
          const e = emphasis(k);
          const color = mixColors(colors.primary, colors.background, 0.55 * (1 - e));
          const drawn = evolvePath(progress, m.d);
          const arrow = interpolate(progress, [0.8, 1], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
          const end = m.loop ? { x: m.x1, y: m.loop.y2 } : { x: m.x2, y: m.y };
          const angle = m.loop ? 180 : m.x2 >= m.x1 ? 0 : 180;
          const w = stroke * (1 + 0.4 * e);
          return (
            <g key={`msg-${k}`}>
              <path d={m.d} fill="none" stroke={color} strokeWidth={w} strokeLinecap="round" strokeLinejoin="round" strokeDasharray={drawn.strokeDasharray} strokeDashoffset={drawn.strokeDashoffset} />
              <circle cx={m.x1} cy={m.loop ? m.y - (m.loop.y2 - m.y) * (0.45 / 0.7) : m.y} r={w * 1.1} fill={color} />
              {arrow > 0 ? <path d={`M 0 0 L ${-head} ${-head * 0.6} L ${-head * 0.75} 0 L ${-head} ${head * 0.6} Z`} fill={color} transform={`translate(${end.x} ${end.y}) rotate(${angle}) scale(${arrow * (1 + 0.25 * e)})`} /> : null}
            </g>
          );
        })}
      </svg>
      {plan.messages.map((m, k) => (
        <MessagePill key={`pill-${k}`} theme={theme} rect={m.label} fit={design.labelFits[k]!} pad={design.labelPad} delay={(enter[k] ?? 0) + 6} emphasis={focusing ? emphasis(k) : 0} u={u} />
      ))}
      {stick > 0 ? (
        // The band the messages pass under while the cards stay in view.
        <div style={{ position: 'absolute', left: stage.left, width: stage.width, top: headerBand.top + stick, height: headerBand.height, background: fieldTint(colors.primary, colors.background), boxShadow: `0 ${12 * u}px ${24 * u}px ${mixColors(colors.background, '#000000', 0.5)}40` }} />
      ) : null}
      {plan.actors.map(({ card }, i) => (
        <ActorCard key={`actor-${i}`} theme={theme} actor={actors[i]!} card={stick > 0 ? { ...card, top: card.top + stick } : card} picture={design.picture} fit={design.actorFits[i]!} delay={start + i * actorStep} ring={focusing ? involved[i]! : 0} u={u} />
      ))}
    </>
  );
};

/** An actor's header card: its picture over its name (its name alone without one: never a letter or a guessed icon), ringed while it takes part in the spoken message. */
const ActorCard: React.FC<{ theme: Theme; actor: SequenceActor; card: { left: number; top: number; width: number; height: number }; picture: number; fit: TextFit; delay: number; ring: number; u: number }> = ({ theme, actor, card, picture, fit, delay, ring, u }) => {
  const colors = kitColors(theme);
  const pop = useEntrance(theme, delay);
  const border = Math.max(2, 5 * u);
  return (
    <div
      data-kit-part="diagram"
      style={{
        position: 'absolute',
        ...card,
        boxSizing: 'border-box',
        borderRadius: cornerRadius(theme, Math.min(card.width, card.height), 40 * u),
        background: colors.surface,
        border: `${border}px solid ${mixColors(colors.surface, colors.primary, 0.35 + 0.65 * ring)}`,
        boxShadow: depthShadow(theme, u),
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 8 * u,
        opacity: Math.min(1, pop * 1.6),
        transform: `translateY(${(1 - pop) * 30 * u}px) scale(${(0.85 + 0.15 * pop) * (1 + 0.04 * ring)})`,
      }}
    >
      {picture > 0 && actor.picture ? <Img src={actor.picture} style={{ width: Math.round(picture), height: Math.round(picture), display: 'block', objectFit: 'contain' }} /> : null}
      <FitLines part="sequence-actor" fit={fit} width={card.width - border * 2 - 4} family={theme.fonts.body} weight={800} color={colors.onSurface} lineHeight={ACTOR_LINE} align="center" />
    </div>
  );
};

/** A message's label in a pill over its arrow: filled in the primary while it is the message spoken about. */
const MessagePill: React.FC<{ theme: Theme; rect: { left: number; top: number; width: number; height: number }; fit: TextFit; pad: number; delay: number; emphasis: number; u: number }> = ({ theme, rect, fit, pad, delay, emphasis, u }) => {
  const colors = kitColors(theme);
  const enter = useEntrance(theme, delay);
  if (enter <= 0) return null;
  const fill = mixColors(colors.surface, colors.primary, emphasis);
  const ink = readableOn(fill, emphasis >= 0.5 ? colors.onPrimary : colors.onSurface);
  return (
    <div
      data-kit-part="sequence-message"
      style={{
        position: 'absolute',
        ...rect,
        boxSizing: 'border-box',
        padding: `${pad / 2}px ${pad}px`,
        borderRadius: cornerRadius(theme, rect.height, rect.height / 2),
        background: fill,
        boxShadow: depthShadow(theme, u),
        border: `${pillBorder(u)}px solid ${mixColors(colors.surface, colors.primary, 0.3 + 0.7 * emphasis)}`,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        opacity: Math.min(1, enter * 1.4),
        transform: `translateY(${(1 - enter) * 14 * u}px) scale(${1 + 0.05 * emphasis})`,
      }}
    >
      <FitLines fit={fit} width={rect.width - pad * 2 - pillBorder(u) * 2} family={theme.fonts.body} weight={700} color={ink} lineHeight={LABEL_LINE} align="center" />
    </div>
  );
};
