/**
 * Where a frame's camera stands (an element with `data-kit-camera` whose transform is a translate
 * and a uniform scale, and that draws the whole frame): a stage point p is drawn at
 * `scale * p + (x, y)`, in frame px.
 */
export interface CameraPose {
  scale: number;
  x: number;
  y: number;
}

/** The probe's report of a scene (compositions/probe-host.tsx `FrameProbe`). */
export interface FrameProbe {
  frames: number;
  /** Frames whose markup differs from the previous frame's (a camera's transform left out where the frame reports its camera). */
  changed: number[];
  /** Frames showing moving media: always captured. */
  volatile: number[];
  /** `[frame, scale, x, y]` of each frame that draws its whole picture through one camera ({@link CameraPose}); absent: none. */
  cameras?: [number, number, number, number][];
  /** `[frame, opacity]` of each frame with one fading element (SceneFrame's exit); its opacity is left out of `changed`. Absent: none. */
  fades?: [number, number][];
}

/**
 * How an output frame is made from two captured pictures of the same stage that differ only in one
 * element's opacity (a fade): its source's picture moved `weight` of the way to `target`'s, pixel by
 * pixel. Exact for CSS group opacity over a still stage, which composites the element's layer
 * linearly: a frame at opacity a is S + (a_s - a) / (a_s - a_t) * (T - S) for captures S at a_s and
 * T at a_t of the same markup, drawn through the same camera.
 */
export interface FrameBlend {
  /** The captured frame (counted from the scene's start) blended toward. */
  target: number;
  /** 0..1: how far toward the target's picture. */
  weight: number;
}

/** Which frames a segment captures, and for each output frame the captured frame it shows. */
export interface HoldPlan {
  /** Frames to capture from the browser, ascending. */
  capture: number[];
  /** For each output frame, the captured frame whose picture it repeats (itself when captured). */
  source: number[];
  /**
   * For each output frame, its camera, or null; absent when no frame has one. An output frame whose
   * camera differs from its source's is that source's picture moved by the difference (see
   * {@link cameraWarp}): the camera moves over a held stage without a capture.
   */
  camera?: (CameraPose | null)[];
  /** For each output frame, how its source's picture is moved to show it ({@link cameraWarp}), or null: held as captured. Present with `camera`. */
  warp?: (CameraPose | null)[];
  /** Each frame's fade opacity (1 where none), counted like `camera`; absent when no frame fades. */
  fade?: number[];
  /** For each output frame, the blend that makes it from its (moved) source and a later capture ({@link FrameBlend}), or null. Present with `fade`. */
  blend?: (FrameBlend | null)[];
}

/**
 * How a captured picture taken through camera `from` is moved to show the stage through camera
 * `to`: pixel index i of the source lands at `scale * i + (x, y)` (pixel centres, so it can be
 * handed to a resampler as is). Null when both stand alike.
 */
export function cameraWarp(from: CameraPose, to: CameraPose): CameraPose | null {
  if (from.scale === to.scale && from.x === to.x && from.y === to.y) return null;
  // Continuous frame px: p_to = S * p_from + T; pixel centres sit at i + 0.5.
  const scale = to.scale / from.scale;
  const x = to.x - scale * from.x + 0.5 * (scale - 1);
  const y = to.y - scale * from.y + 0.5 * (scale - 1);
  return { scale, x, y };
}

/** How far past its source picture's edge (in source px) a moved frame may reach: the edge pixel repeated that far is not seen. */
const EDGE_SLACK = 0.5;

/**
 * Whether every pixel of a `width` x `height` frame moved by `warp` comes from inside its source
 * picture (a push in, or a pan that stays inside what the source shows). A frame that would
 * show stage the source does not hold is captured instead.
 */
export function warpCovers(warp: CameraPose, width: number, height: number): boolean {
  if (warp.scale < 1 - 1e-9) return false;
  const inside = (index: number, offset: number, size: number) => {
    const at = (index - offset) / warp.scale;
    return at >= -EDGE_SLACK && at <= size - 1 + EDGE_SLACK;
  };
  return inside(0, warp.x, width) && inside(width - 1, warp.x, width) && inside(0, warp.y, height) && inside(height - 1, warp.y, height);
}

function samePose(a: CameraPose | null | undefined, b: CameraPose | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  return a.scale === b.scale && a.x === b.x && a.y === b.y;
}

/**
 * The capture plan of a scene from its probe: a frame is captured when it changed from the one
 * before or shows moving media, and every other frame holds the last captured one. Frame 0 is
 * always captured. A frame whose only change is its camera's move holds the last captured frame
 * moved by the camera ({@link HoldPlan.camera}), unless the move would show stage outside that
 * picture (a pull out): then it is captured. `size` is the frame's in px (needed for that check
 * when the probe reports cameras).
 */
export function holdPlan(probe: FrameProbe, size?: { width: number; height: number }): HoldPlan {
  const poses = cameraPoses(probe);
  return planScene(new Set<number>([0, ...probe.changed, ...probe.volatile]), poses, fadeOpacities(probe), 0, probe.frames, size);
}

/** Each frame's fade opacity from the probe (1 where it reports none), or undefined when no frame's differs from 1. */
function fadeOpacities(probe: FrameProbe): number[] | undefined {
  if (!probe.fades || probe.fades.every(([, opacity]) => opacity === 1)) return undefined;
  const opacities = Array.from({ length: probe.frames }, () => 1);
  for (const [frame, opacity] of probe.fades) if (frame >= 0 && frame < probe.frames) opacities[frame] = opacity;
  return opacities;
}

/**
 * The plan of frames [from, to) with fades: within a stretch whose markup holds (only a fade's
 * opacity changing), the stretch's last frame is captured too, and the fading frames between are
 * blends of the picture before them and that last one ({@link FrameBlend}), drawn through the
 * camera the last one has. A fading frame that cannot be made so (its camera differs from the
 * stretch's end, or the two ends fade alike) is captured.
 */
function planScene(must: Set<number>, poses: (CameraPose | null)[] | undefined, fades: number[] | undefined, from: number, to: number, size: { width: number; height: number } | undefined): HoldPlan {
  if (!fades) return planFrom(must, poses, from, to, size);
  const all = new Set<number>([from, ...[...must].filter((frame) => frame >= from && frame < to)]);
  const targets = fadeTargets(all, fades, poses, to);
  for (;;) {
    const plan = planFrom(all, poses, from, to, size, new Set(targets.keys()));
    const refused: number[] = [];
    const blend = plan.source.map((source, index): FrameBlend | null => {
      const frame = from + index;
      const target = targets.get(frame);
      if (target === undefined || source === frame || fades[frame] === fades[source]) return null;
      if (fades[source] === fades[target] || !samePose(poses?.[frame], poses?.[target])) {
        refused.push(frame);
        return null;
      }
      return { target, weight: (fades[source]! - fades[frame]!) / (fades[source]! - fades[target]!) };
    });
    if (refused.length === 0) return { ...plan, fade: fades.slice(from, to), blend };
    for (const frame of refused) all.add(frame);
  }
}

/**
 * The frames of [from, to) that fade within a held stretch, each with the stretch's last frame
 * (added to `captures`), which it is blended toward. A stretch whose fading frames cannot all be
 * blended toward its end has each change of opacity captured instead (added to `captures`).
 */
function fadeTargets(captures: Set<number>, fades: number[], poses: (CameraPose | null)[] | undefined, to: number): Map<number, number> {
  const targets = new Map<number, number>();
  const starts = [...captures].sort((a, b) => a - b);
  starts.forEach((start, index) => {
    const end = starts[index + 1] ?? to;
    const fading: number[] = [];
    for (let frame = start + 1; frame < end; frame += 1) if (fades[frame] !== fades[start]) fading.push(frame);
    if (fading.length === 0) return;
    const last = end - 1;
    if (fades[last] !== fades[start] && fading.every((frame) => samePose(poses?.[frame], poses?.[last]))) {
      captures.add(last);
      for (const frame of fading) if (frame < last) targets.set(frame, last);
      return;
    }
    for (let frame = start + 1; frame < end; frame += 1) if (fades[frame] !== fades[frame - 1]) captures.add(frame);
  });
  return targets;
}

/** Each frame's camera from the probe (null where it reports none), or undefined when it reports none at all. */
function cameraPoses(probe: FrameProbe): (CameraPose | null)[] | undefined {
  if (!probe.cameras || probe.cameras.length === 0) return undefined;
  const poses: (CameraPose | null)[] = Array.from({ length: probe.frames }, () => null);
  for (const [frame, scale, x, y] of probe.cameras) if (frame >= 0 && frame < probe.frames) poses[frame] = { scale, x, y };
  return poses;
}

/**
 * How far a held picture's camera must have moved since the picture last drawn (at the frame's
 * farthest point, as a share of the frame's short side) before a new moved picture is made: 0.75 px
 * of a 1080p frame. A slow push moves the frame's corners a quarter to half a pixel a frame: drawing
 * each such step would cost a resample and an encode per frame for motion no one can see, so the
 * picture steps when the move reaches this, and the frames between repeat the last one (one
 * Matroska block). Below a pixel, a step does not read as a jump; a share rather than pixels keeps
 * a small video (watched scaled up) as smooth as a large one.
 */
export const CAMERA_STEP = 0.75 / 1080;

/** {@link CAMERA_STEP} in px of a frame of `size`. */
export function cameraStepPx(size: { width: number; height: number }): number {
  return CAMERA_STEP * Math.min(size.width, size.height);
}

/**
 * The most any point of a `size` frame drawn through camera `a` moves when drawn through `b`
 * (frame px): a frame point q shows stage (q - t_a) / s_a, which `b` draws at
 * s_b (q - t_a) / s_a + t_b; the move is linear in q, so its largest is at a corner.
 */
export function cameraMove(a: CameraPose, b: CameraPose, size: { width: number; height: number }): number {
  const ratio = b.scale / a.scale;
  const along = (offsetA: number, offsetB: number, extent: number) =>
    Math.max(Math.abs((ratio - 1) * (0 - offsetA) + offsetB - offsetA), Math.abs((ratio - 1) * (extent - offsetA) + offsetB - offsetA));
  return Math.max(along(a.x, b.x, size.width), along(a.y, b.y, size.height));
}

/**
 * The plan of frames [from, to): `must` are captured, `from` always; the rest hold, moved by their
 * camera when it can be, in steps of {@link CAMERA_STEP} (a captured frame is drawn through its
 * own camera; each held one through the last camera drawn, until its own has moved a step from it).
 */
function planFrom(must: Set<number>, poses: (CameraPose | null)[] | undefined, from: number, to: number, size: { width: number; height: number } | undefined, exact?: Set<number>): HoldPlan {
  const capture: number[] = [];
  const source: number[] = [];
  const warp: (CameraPose | null)[] = [];
  let last = from;
  let drawn: CameraPose | null | undefined;
  for (let frame = from; frame < to; frame += 1) {
    if (frame === from || must.has(frame) || (poses && !camerasHold(poses[last], poses[frame], size))) {
      capture.push(frame);
      last = frame;
      drawn = poses?.[frame];
    }
    source.push(last);
    const [held, shown] = [poses?.[last], poses?.[frame]];
    // A blended frame is drawn through its own camera, the one its blend's other picture was captured through.
    if (held && shown && drawn && size && (exact?.has(frame) || cameraMove(drawn, shown, size) >= cameraStepPx(size))) drawn = shown;
    else if (held && shown && !size) drawn = shown;
    warp.push(held && drawn ? cameraWarp(held, drawn) : null);
  }
  return poses ? { capture, source, camera: poses.slice(from, to), warp } : { capture, source };
}

/** Whether a frame with camera `to` can be made from a captured frame with camera `from` (alike, or a move its picture covers). */
function camerasHold(from: CameraPose | null | undefined, to: CameraPose | null | undefined, size: { width: number; height: number } | undefined): boolean {
  if (samePose(from, to)) return true;
  if (!from || !to || !size) return false;
  const warp = cameraWarp(from, to);
  return warp === null || warpCovers(warp, size.width, size.height);
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
    const cameras = probe.cameras?.filter(([frame]) => frame >= start && frame < start + frames).map(([frame, scale, x, y]): [number, number, number, number] => [frame - start, scale, x, y]);
    const fades = probe.fades?.filter(([frame]) => frame >= start && frame < start + frames).map(([frame, opacity]): [number, number] => [frame - start, opacity]);
    return { frames, changed: within(probe.changed), volatile: within(probe.volatile), ...(cameras && cameras.length > 0 ? { cameras } : {}), ...(fades && fades.length > 0 ? { fades } : {}) };
  });
}

/**
 * The part of a scene's plan that renders frames [from, to) on their own (frames still counted
 * from the scene's start). The range's first frame is always captured, because its encoder starts
 * there with no earlier picture to hold: a hold that began before `from` holds `from` instead,
 * which shows the same picture (nothing changed in between). So a range renders exactly like the
 * same frames of a whole-scene render, and holds never point before `from`. A camera move held
 * from before `from` is made from `from` instead, or captured where `from`'s picture does not cover it.
 */
export function rangePlan(plan: HoldPlan, from: number, to: number, size?: { width: number; height: number }): HoldPlan {
  const frames = plan.source.length;
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to > frames || from >= to) {
    throw new Error(`frame range [${from}, ${to}) is not inside the scene's ${frames} frames (expected whole numbers 0 <= from < to <= ${frames})`);
  }
  if (plan.camera || plan.fade) {
    // The whole plan's cameras and fades are counted from the scene's start, as its frames are. A
    // fade's end was captured because it ends its stretch, not because its markup changed: as a
    // start it would cut its own stretch one frame short, so the range finds the stretch's end again.
    const ends = new Set((plan.blend ?? []).flatMap((blend) => (blend ? [blend.target] : [])));
    return planScene(new Set(plan.capture.filter((frame) => !ends.has(frame))), plan.camera, plan.fade, from, to, size);
  }
  const capture = [from, ...plan.capture.filter((frame) => frame > from && frame < to)];
  const source = plan.source.slice(from, to).map((frame) => Math.max(frame, from));
  return { capture, source };
}
