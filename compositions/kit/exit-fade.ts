// The exit fade of a scene's content (SceneFrame): pure, unit tested in test/render/kit/scene-frame-exit.test.ts.
import { Easing, interpolate } from 'remotion';

/**
 * The opacity of a scene's content over its exit: 1 until the exit starts, then eased down to 0 on
 * the scene's last frame, which shows the bare background. A fade of one element over a background
 * at rest is a blend of two pictures, the held frame and the bare background, which the renderer
 * makes without capturing the frames between (src/render/worker/hold-plan.ts).
 */
export function exitOpacity(frame: number, durationInFrames: number, leaving: number): number {
  if (leaving <= 1) return frame >= durationInFrames - 1 ? 0 : 1;
  const progress = interpolate(frame, [durationInFrames - leaving, durationInFrames - 1], [0, 1], { easing: Easing.in(Easing.quad), extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
  return Math.round((1 - progress) * 10_000) / 10_000;
}
