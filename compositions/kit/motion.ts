import { Easing, interpolate, spring, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../scene-props';

/**
 * How close to its end (or start) a progress must be to be drawn at the end (or start). An eased
 * entrance's last frames move by a few thousandths of its travel (opacity 0.9995, a 40 px slide's
 * last 0.02 px, a spring's sub-pixel wobble): no visible pixel, yet markup that differs on every
 * frame, so the renderer captures them all (see src/render/worker/hold-plan.ts). Within half a
 * percent of its travel a motion is drawn settled: at most a fifth of a pixel of a 40 px slide and
 * one level in 255 of an opacity, less than the frame-to-frame step just before.
 */
export const SETTLE_EPSILON = 0.005;

/** A progress within {@link SETTLE_EPSILON} of 1 (or of 0) drawn as 1 (or 0), so a motion's invisible tail draws settled markup. */
export function settle(progress: number, epsilon = SETTLE_EPSILON): number {
  if (Math.abs(1 - progress) < epsilon) return 1;
  if (Math.abs(progress) < epsilon) return 0;
  return progress;
}

/**
 * The frames of a scene's exit (SceneFrame's transition played backwards, the background's last
 * drift): a third of a second, at most a quarter of the scene. Exits are quicker than entrances
 * (half a second), as motion designers set them: the eye has read the scene and only needs the
 * cut softened, and every exit frame is a frame the renderer captures.
 */
export function sceneExitFrames(durationInFrames: number, fps: number): number {
  return Math.max(1, Math.min(Math.round(fps / 3), Math.floor(durationInFrames / 4)));
}

/** Progress 0..1 of an element's entrance that starts `delay` frames in, shaped by the theme (its invisible tail drawn settled: {@link settle}). */
export function useEntrance(theme: Theme, delay = 0): number {
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const duration = theme.motion.durationFrames;
  if (theme.motion.easing === 'spring' || theme.motion.easing === 'back-out') {
    return settle(spring({ frame: frame - delay, fps, durationInFrames: duration, config: { damping: theme.motion.easing === 'spring' ? 12 : 200 } }));
  }
  const easing = theme.motion.easing === 'ease-in-out' ? Easing.inOut(Easing.cubic) : Easing.out(Easing.cubic);
  return settle(interpolate(frame - delay, [0, duration], [0, 1], { easing, extrapolateLeft: 'clamp', extrapolateRight: 'clamp' }));
}

/** Progress 0..1 of the exit over the scene's last frames, so cuts do not pop. */
export function useExit(frames = 10): number {
  const frame = useCurrentFrame();
  const { durationInFrames } = useVideoConfig();
  return interpolate(frame, [durationInFrames - frames, durationInFrames], [0, 1], {
    extrapolateLeft: 'clamp',
    extrapolateRight: 'clamp',
  });
}

/** CSS for an entrance of the theme's kind at progress `p`. */
export function entranceStyle(theme: Theme, p: number, distance: number): React.CSSProperties {
  switch (theme.motion.entrance) {
    case 'slide-up':
    case 'soft-slide':
    case 'drift':
      return { opacity: p, transform: `translateY(${(1 - p) * distance}px)` };
    case 'slide-in':
    case 'wipe':
      return { opacity: p, transform: `translateX(${(1 - p) * -distance}px)` };
    case 'scale-pop':
    case 'bounce':
      return { opacity: Math.min(1, p * 1.5), transform: `scale(${0.7 + 0.3 * p})` };
    case 'mask-reveal':
      return { clipPath: `inset(0 ${(1 - p) * 100}% 0 0)` };
    default:
      return { opacity: p };
  }
}

/** Steps a second the idle motion of a picture takes once it has entered. */
const IDLE_STEPS_PER_SECOND = 6;

/**
 * The time an idle motion is drawn at: the frame's own time while the picture enters, then the
 * time at the start of its sixth of a second, so frames within a step draw the same markup.
 */
export function idleSeconds(frame: number, fps: number, entered: number): number {
  if (entered < 1) return frame / fps;
  const step = Math.max(1, Math.round(fps / IDLE_STEPS_PER_SECOND));
  return (Math.floor(frame / step) * step) / fps;
}
