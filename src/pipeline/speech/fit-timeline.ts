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
  /**
   * Seconds each scene's on-screen text takes to read ({@link readingSeconds}): kept as far as the
   * target allows (when all of it does not fit, each scene gets the same share of what it asks
   * beyond `needed`), so a dense scene is not cut short while a sparse one lingers. @default none
   */
  reading?: number[];
  target: number;
  fps: number;
  /** When set, every cut lands on a beat of this grid. */
  beats?: { bpm: number; offset: number };
}

/** Seconds to read `words` words on screen: about 1 s to find the text, then 0.3 s a word. */
export function readingSeconds(words: number): number {
  return words > 0 ? 1 + 0.3 * words : 0;
}

/** The minimums raised toward each scene's reading time, by one share for all, within the target's room beyond `hard`. */
function withReading(hard: number[], reading: number[], target: number): number[] {
  const asked = hard.map((h, i) => Math.max(0, (reading[i] ?? 0) - h));
  const askedSum = asked.reduce((a, b) => a + b, 0);
  if (askedSum === 0) return hard;
  const room = Math.max(0, target - hard.reduce((a, b) => a + b, 0));
  const share = Math.min(1, room / askedSum);
  return hard.map((h, i) => h + asked[i]! * share);
}

/**
 * Scene durations that follow the speech and the screen: each scene lasts at least what its narration needs (no
 * sentence is cut at a scene end) and, as far as the target allows, what reading its text takes; the total stays near the target (slack is taken from, or given
 * to, the scenes in proportion), and with a beat grid every cut is moved to a beat, rounding up
 * where a scene would otherwise be too short. Durations are whole frames.
 */
export function fitTimeline(options: FitTimelineOptions): number[] {
  const { planned, needed, target, fps } = options;
  const hard = needed.map((need) => Math.max(need, 1));
  const minimum = options.reading ? withReading(hard, options.reading, target) : hard;
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
