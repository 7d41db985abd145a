import type { Frames } from '../api/types.js';

/** The alt text of a still: what it is a still of, and where. */
export function frameAlt(frames: Frames, frame: Frames['frames'][number], scenePosition: number | undefined): string {
  if (frames.source === 'cast') return `Cast sheet ${frame.index + 1}${frame.name ? `: ${frame.name}` : ''}`;
  const scene = scenePosition === undefined ? `still ${frame.index + 1}` : `scene ${scenePosition + 1}`;
  const at = frame.time_seconds === undefined ? '' : ` at ${frame.time_seconds.toFixed(1)} s`;
  return `${frames.source === 'storyboard' ? 'Storyboard still' : 'Frame'} of ${scene}${at}`;
}
