import type { SceneRow } from '../../store/videos-store.js';

/** A scene placed on the video's timeline. */
export interface TimedScene {
  scene: SceneRow;
  /** Its first frame in the video. */
  startFrame: number;
  /** How many frames it lasts. */
  frames: number;
  /** Where it starts, seconds. */
  start: number;
}

/**
 * The scenes on the video's timeline, as the render and the soundtrack mix place them: each lasts
 * its length rounded to whole frames (at least one), one after another.
 */
export function sceneTimeline(scenes: SceneRow[], fps: number): { scenes: TimedScene[]; frames: number; seconds: number } {
  let startFrame = 0;
  const timed = scenes.map((scene) => {
    const frames = Math.max(1, Math.round(scene.duration_seconds * fps));
    const entry = { scene, startFrame, frames, start: startFrame / fps };
    startFrame += frames;
    return entry;
  });
  return { scenes: timed, frames: startFrame, seconds: startFrame / fps };
}
