/** Silence before a scene's narration starts, seconds. */
export const NARRATION_LEAD = 0.35;
/** Silence kept after a scene's narration before the cut, seconds. */
export const NARRATION_TAIL = 0.45;

/** Options of {@link fitTimeline}. */
export interface FitTimelineOptions {
  /** The planner's durations, seconds. */
  planned: number[];
  /** Seconds each scene must last at least (its speech plus lead and tail; 0 without speech). */
  needed: number[];
  target: number;
  fps: number;
  /** When set, every cut lands on a beat of this grid. */
  beats?: { bpm: number; offset: number };
}

/**
 * Scene durations that follow the speech: each scene lasts at least what its narration needs (no
 * sentence is cut at a scene end), the total stays near the target (slack is taken from, or given
 * to, the scenes in proportion), and with a beat grid every cut is moved to a beat, rounding up
 * where a scene would otherwise be too short. Durations are whole frames.
 */
export function fitTimeline(options: FitTimelineOptions): number[] {
  const { planned, needed, target, fps } = options;
  const minimum = needed.map((need) => Math.max(need, 1));
  let durations = planned.map((d, i) => Math.max(d, minimum[i]!));
  const total = durations.reduce((a, b) => a + b, 0);
  if (total > target) {
    const slack = durations.map((d, i) => d - minimum[i]!);
    const slackSum = slack.reduce((a, b) => a + b, 0);
    const cut = Math.min(total - target, slackSum);
    durations = durations.map((d, i) => d - (slackSum > 0 ? (cut * slack[i]!) / slackSum : 0));
  } else if (total < target) {
    const extra = target - total;
    durations = durations.map((d) => d + (extra * d) / total);
  }
  // Cut points: on a beat when there is a grid (the beat nearest the ideal cut that leaves the
  // scene its minimum), else on a frame. The last cut is the end: the target, or later only when
  // the last scene needs it.
  const cuts: number[] = [];
  let ideal = 0;
  let previous = 0;
  for (let i = 0; i < durations.length; i += 1) {
    ideal += durations[i]!;
    const last = i === durations.length - 1;
    let cut = last ? Math.max(target, previous + minimum[i]!) : Math.max(ideal, previous + minimum[i]!);
    if (options.beats && !last) {
      const beat = 60 / options.beats.bpm;
      let k = Math.round((cut - options.beats.offset) / beat);
      while (options.beats.offset + k * beat < previous + minimum[i]! - 1e-9) k += 1;
      cut = options.beats.offset + k * beat;
    }
    const frame = Math.max(Math.round(cut * fps), Math.round(previous * fps) + 1);
    cut = frame / fps;
    cuts.push(cut);
    previous = cut;
  }
  return cuts.map((cut, i) => cut - (i === 0 ? 0 : cuts[i - 1]!));
}
