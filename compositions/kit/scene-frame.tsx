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
import { cameraAt, cameraInsideStage, cameraTransform, pushIn, type CameraShot } from './camera';
import { exitOpacity } from './exit-fade';
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


/** The frames of a scene's entrance transition: half a second, at most a quarter of the scene. */
function enterFrames(durationInFrames: number, fps: number): number {
  return Math.max(1, Math.min(Math.round(fps * 0.5), Math.floor(durationInFrames / 4)));
}

/**
 * A scene's frame: the pack's background, still, and the scene's content brought in with the
 * pack's transition over the first frames and faded out to the bare background over the last ones
 * ({@link exitOpacity}: the `data-kit-fade` element), the whole frame pushing in slowly and
 * smoothly until the exit begins ({@link pushIn}, drawn through the
 * `data-kit-camera` element that holds the whole frame, so the renderer captures a held stage once
 * and makes the push's frames by moving that picture: src/render/worker/hold-plan.ts;
 * `push={false}` for content with a camera of its own). `shots` moves the frame's camera instead
 * (cameraAt in camera.ts: held shots, eased moves between them), as cheaply: a move over a held
 * stage costs no captures. The exit is quicker than the entrance (see sceneExitFrames in
 * motion.ts); `slowExit` gives a film shot, whose camera moves to the end, an exit as long as its
 * entrance. Scenes render as separate segments,
 * so each transition runs against the shared background rather than the neighbouring scene. With
 * `theme.transparent` there is no background: the content moves over nothing (alpha 0).
 */
export const SceneFrame: React.FC<{ theme: Theme; seed?: string; transition?: TransitionKind; backgroundColor?: string; push?: boolean; shots?: CameraShot[]; slowExit?: boolean; children: React.ReactNode }> = ({
  theme,
  seed = 'scene',
  transition,
  backgroundColor,
  push = true,
  shots,
  slowExit = false,
  children,
}) => {
  const frame = useCurrentFrame();
  const { width, height, durationInFrames, fps } = useVideoConfig();
  const entering = enterFrames(durationInFrames, fps);
  const leaving = slowExit ? entering : sceneExitFrames(durationInFrames, fps);
  const enter = interpolate(frame, [0, entering], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
  const exitStart = durationInFrames - leaving;
  const presentation = presentationOf(transition ?? transitionFor(theme), width, height);
  const Presentation = presentation.component as React.ComponentType<TransitionPresentationComponentProps<Record<string, unknown>>>;
  // The content fades out as one element (the same for every pack: the next scene comes in with the
  // pack's transition over the bare background this one leaves).
  const opacity = frame >= exitStart ? exitOpacity(frame, durationInFrames, leaving) : 1;
  const pushed = (
    <AbsoluteFill data-kit-fade="exit" style={{ opacity }}>
      {children}
    </AbsoluteFill>
  );
  const content =
    enter >= 1 || frame >= exitStart ? (
      pushed
    ) : (
      <Presentation
        presentationProgress={enter}
        presentationDirection="entering"
        passedProps={presentation.props}
        presentationDurationInFrames={entering}
        onElementImage={noop}
        onUnmount={noop}
        bothEnteringAndExiting={false}
      >
        {pushed}
      </Presentation>
    );
  // The camera holds the whole frame, background included, so its moves are moves of the frame's
  // picture (the background is drawn larger than the frame where it must be; a push in never shows its edge).
  // With `shots`, the scene's own camera moves (kept inside the stage: the frame never shows past
  // the background's edge); else the push.
  // The push settles as the exit begins, so the fade runs over a still stage.
  const camera = shots && shots.length > 0 ? cameraInsideStage(cameraAt(shots, frame), width, height) : push ? { x: width / 2, y: height / 2, scale: pushIn(Math.min(frame, exitStart), exitStart + 1) } : undefined;
  return (
    <AbsoluteFill data-kit-camera="push" style={camera ? { transform: cameraTransform(camera, width, height) } : undefined}>
      {theme.transparent ? null : <Background theme={theme} seed={seed} color={backgroundColor} />}
      {content}
    </AbsoluteFill>
  );
};
