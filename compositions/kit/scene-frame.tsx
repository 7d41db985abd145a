import React from 'react';
import { AbsoluteFill, interpolate, useCurrentFrame, useVideoConfig } from 'remotion';
import type { TransitionPresentation, TransitionPresentationComponentProps } from '@remotion/transitions';
import { clockWipe } from '@remotion/transitions/clock-wipe';
import { fade } from '@remotion/transitions/fade';
import { iris } from '@remotion/transitions/iris';
import { slide } from '@remotion/transitions/slide';
import { wipe } from '@remotion/transitions/wipe';
import type { Theme } from '../scene-props';
import { Background } from './background';
import { sceneExitFrames } from './motion';

/** How a pack's scenes come in and go out: a presentation from @remotion/transitions. */
export type TransitionKind = 'fade' | 'slide' | 'wipe' | 'iris' | 'clock-wipe';

/** The transition a pack's entrance kind implies. */
export function transitionFor(theme: Theme): TransitionKind {
  switch (theme.motion.entrance) {
    case 'slide-in':
    case 'slide-up':
      return 'slide';
    case 'wipe':
    case 'mask-reveal':
      return 'wipe';
    case 'scale-pop':
    case 'bounce':
      return 'iris';
    case 'glitch-in':
      return 'clock-wipe';
    default:
      return 'fade';
  }
}

type AnyPresentation = TransitionPresentation<Record<string, unknown>>;

function presentationOf(kind: TransitionKind, width: number, height: number): AnyPresentation {
  switch (kind) {
    case 'slide':
      return slide({ direction: 'from-right' }) as unknown as AnyPresentation;
    case 'wipe':
      return wipe({ direction: 'from-left' }) as unknown as AnyPresentation;
    case 'iris':
      return iris({ width, height }) as unknown as AnyPresentation;
    case 'clock-wipe':
      return clockWipe({ width, height }) as unknown as AnyPresentation;
    default:
      return fade() as unknown as AnyPresentation;
  }
}

const noop = () => undefined;

/** How much the content grows at each of the push's steps, and the most it grows. */
const PUSH_STEP_SCALE = 0.0025;
const PUSH_MAX = 0.04;
/** The longest the push holds still between steps: no part of a video stands fully still for longer. */
const PUSH_STEP_SECONDS = 2;
/** Steps a second of the kit's idle motion (idleSeconds in motion.ts): the push steps on the same frames. */
const IDLE_STEPS_PER_SECOND = 6;

/** The frames of a scene's entrance transition: half a second, at most a quarter of the scene. */
function enterFrames(durationInFrames: number, fps: number): number {
  return Math.max(1, Math.min(Math.round(fps * 0.5), Math.floor(durationInFrames / 4)));
}

/**
 * The content's scale at a frame: a slow push-in over the whole scene, so no scene stands fully
 * still while it holds. It moves in steps of a quarter of a percent (a pixel or two at the
 * canvas's edges, nothing at its centre), one every two seconds, counted back from the exit's
 * first moving frame: the last step comes two seconds before the exit moves, and the steps
 * before it fall inside the entrance where the frames are captured anyway, so a five-second scene
 * holds one captured push step. The frames of a step draw the same markup, and the steps fall on
 * the frames where idle motion steps (a sixth of a second), so a hold that floats anyway is
 * captured no more often (see src/render/worker/hold-plan.ts).
 */
export function holdPush(frame: number, fps: number, durationInFrames: number): number {
  const idle = Math.max(1, Math.round(fps / IDLE_STEPS_PER_SECOND));
  // Two seconds at most, in whole idle steps: every step then falls on an idle step.
  const period = Math.max(idle, Math.floor((fps * PUSH_STEP_SECONDS) / idle) * idle);
  // The exit's first moving frame; the last step is the first idle-step frame at most a period before it.
  const exitMoves = durationInFrames - sceneExitFrames(durationInFrames, fps) + 1;
  const last = Math.ceil((exitMoves - period) / idle) * idle;
  if (last <= 0) return 1;
  // Steps at last, last - period, ... down to the first above frame 0; none after the last.
  const first = last - Math.floor((last - 1) / period) * period;
  const steps = frame < first ? 0 : Math.floor((Math.min(frame, last) - first) / period) + 1;
  return 1 + Math.min(PUSH_MAX, PUSH_STEP_SCALE * steps);
}

/**
 * A scene's frame: the pack's background, still, and the scene's content brought in with the
 * pack's transition over the first frames and taken out by the same transition played backwards
 * over the last ones, pushing in slowly in between ({@link holdPush}; `push={false}` for content
 * with a camera of its own). The exit is quicker than the entrance (see sceneExitFrames in
 * motion.ts); `slowExit` gives a film shot, whose camera moves to the end, an exit as long as its
 * entrance. Scenes render as separate segments,
 * so each transition runs against the shared background rather than the neighbouring scene. With
 * `theme.transparent` there is no background: the content moves over nothing (alpha 0).
 */
export const SceneFrame: React.FC<{ theme: Theme; seed?: string; transition?: TransitionKind; backgroundColor?: string; push?: boolean; slowExit?: boolean; children: React.ReactNode }> = ({
  theme,
  seed = 'scene',
  transition,
  backgroundColor,
  push = true,
  slowExit = false,
  children,
}) => {
  const frame = useCurrentFrame();
  const { width, height, durationInFrames, fps } = useVideoConfig();
  const entering = enterFrames(durationInFrames, fps);
  const leaving = slowExit ? entering : sceneExitFrames(durationInFrames, fps);
  const enter = interpolate(frame, [0, entering], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
  const exit = interpolate(frame, [durationInFrames - leaving, durationInFrames], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
  const presentation = presentationOf(transition ?? transitionFor(theme), width, height);
  const Presentation = presentation.component as React.ComponentType<TransitionPresentationComponentProps<Record<string, unknown>>>;
  // The exit plays the entrance backwards: a wipe, iris or clock wipe masks only the entering side
  // of a transition, so "exiting" alone would leave the content standing until the cut.
  const progress = exit > 0 ? 1 - exit : enter;
  const pushed = (
    <AbsoluteFill data-kit-camera="push" style={push ? { transform: `scale(${holdPush(frame, fps, durationInFrames)})` } : undefined}>
      {children}
    </AbsoluteFill>
  );
  const content =
    progress >= 1 ? (
      pushed
    ) : (
      <Presentation
        presentationProgress={progress}
        presentationDirection="entering"
        passedProps={presentation.props}
        presentationDurationInFrames={exit > 0 ? leaving : entering}
        onElementImage={noop}
        onUnmount={noop}
        bothEnteringAndExiting={false}
      >
        {pushed}
      </Presentation>
    );
  return (
    <AbsoluteFill>
      {theme.transparent ? null : <Background theme={theme} seed={seed} color={backgroundColor} />}
      {content}
    </AbsoluteFill>
  );
};
