/** The probe's report of a scene (compositions/probe-host.tsx `FrameProbe`). */
export interface FrameProbe {
  frames: number;
  /** Frames whose markup differs from the previous frame's. */
  changed: number[];
  /** Frames showing moving media: always captured. */
  volatile: number[];
}

/** Which frames a segment captures, and for each output frame the captured frame it shows. */
export interface HoldPlan {
  /** Frames to capture from the browser, ascending. */
  capture: number[];
  /** For each output frame, the captured frame whose picture it repeats (itself when captured). */
  source: number[];
}

/**
 * The capture plan of a scene from its probe: a frame is captured when it changed from the one
 * before or shows moving media, and every other frame holds the last captured one. Frame 0 is
 * always captured.
 */
export function holdPlan(probe: FrameProbe): HoldPlan {
  const must = new Set<number>([0, ...probe.changed, ...probe.volatile]);
  const capture: number[] = [];
  const source: number[] = [];
  let last = 0;
  for (let frame = 0; frame < probe.frames; frame += 1) {
    if (must.has(frame)) {
      capture.push(frame);
      last = frame;
    }
    source.push(last);
  }
  return { capture, source };
}

/** A plan that captures every frame (scenes that cannot be probed). */
export function captureAll(frames: number): HoldPlan {
  const all = Array.from({ length: frames }, (_, frame) => frame);
  return { capture: all, source: all };
}

/** A probe of several scenes played one after another, cut into each scene's own probe (frames counted from the scene's start). */
export function splitProbe(probe: FrameProbe, lengths: number[]): FrameProbe[] {
  let offset = 0;
  return lengths.map((frames) => {
    const start = offset;
    offset += frames;
    const within = (list: number[]) => list.filter((frame) => frame >= start && frame < start + frames).map((frame) => frame - start);
    return { frames, changed: within(probe.changed), volatile: within(probe.volatile) };
  });
}

/**
 * Frame ranges that cut a timeline of scenes into at most `parts` probes walked side by side (one
 * page each), at scene starts and with about equal frames. A probe counts its range's first frame
 * as changed, which a scene's first frame is anyway (see {@link holdPlan}), so the probes together
 * report exactly what one probe of the whole timeline would.
 */
export function probeRanges(lengths: number[], parts: number): [number, number][] {
  const total = lengths.reduce((sum, frames) => sum + frames, 0);
  const count = Math.max(1, Math.min(Math.floor(parts), lengths.length));
  const ranges: [number, number][] = [];
  let start = 0;
  let end = 0;
  for (const [index, frames] of lengths.entries()) {
    end += frames;
    // Cut at the scene start nearest the range's share of the frames (the last takes what is left).
    const target = (total * (ranges.length + 1)) / count;
    const next = end + (lengths[index + 1] ?? 0);
    if (ranges.length < count - 1 && index < lengths.length - 1 && (end >= target || next - target > target - end)) {
      ranges.push([start, end]);
      start = end;
    }
  }
  if (end > start) ranges.push([start, end]);
  return ranges;
}

/** The probes of a timeline's ranges ({@link probeRanges}) as one probe of the whole timeline. */
export function mergeProbes(frames: number, probes: FrameProbe[]): FrameProbe {
  const union = (lists: number[][]) => [...new Set(lists.flat())].sort((a, b) => a - b);
  return { frames, changed: union(probes.map((probe) => probe.changed)), volatile: union(probes.map((probe) => probe.volatile)) };
}

/**
 * The part of a scene's plan that renders frames [from, to) on their own (frames still counted
 * from the scene's start). The range's first frame is always captured, because its encoder starts
 * there with no earlier picture to hold: a hold that began before `from` holds `from` instead,
 * which shows the same picture (nothing changed in between). So a range renders exactly like the
 * same frames of a whole-scene render, and holds never point before `from`.
 */
export function rangePlan(plan: HoldPlan, from: number, to: number): HoldPlan {
  const frames = plan.source.length;
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to > frames || from >= to) {
    throw new Error(`frame range [${from}, ${to}) is not inside the scene's ${frames} frames (expected whole numbers 0 <= from < to <= ${frames})`);
  }
  const capture = [from, ...plan.capture.filter((frame) => frame > from && frame < to)];
  const source = plan.source.slice(from, to).map((frame) => Math.max(frame, from));
  return { capture, source };
}
