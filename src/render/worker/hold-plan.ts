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
