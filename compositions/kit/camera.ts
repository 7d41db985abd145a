import { Easing } from 'remotion';

/**
 * One shot of a camera over a scene's stage: from `frame` on, the stage point (`x`, `y`, in stage
 * px) stands at the frame's centre, drawn `scale` times its size (stage px → frame px). The stage
 * is the frame-sized element carrying `data-kit-camera`; `{ x: width / 2, y: height / 2, scale: 1 }`
 * is the stage as laid out.
 */
export interface CameraShot {
  frame: number;
  x: number;
  y: number;
  scale: number;
}

/** Where the camera stands at a frame. */
export interface Camera {
  x: number;
  y: number;
  scale: number;
}

/** The frames a move into a shot takes by default: six tenths of a second at 30 fps. */
export const CAMERA_MOVE_FRAMES = 18;

const ease = Easing.inOut(Easing.cubic);

/** `from` moved towards `to` by `t` (0..1): the point in a straight line, the scale by equal ratios (a zoom that reads as steady). */
function between(from: Camera, to: Camera, t: number): Camera {
  if (t <= 0) return { x: from.x, y: from.y, scale: from.scale };
  if (t >= 1) return { x: to.x, y: to.y, scale: to.scale };
  return {
    x: from.x + (to.x - from.x) * t,
    y: from.y + (to.y - from.y) * t,
    scale: from.scale * Math.pow(to.scale / from.scale, t),
  };
}

/**
 * The camera at a frame: each shot holds from its frame until the next, and the camera moves into
 * a shot over `moveFrames` from its frame on, eased in and out. A shot that comes while the camera
 * is still moving into the one before starts its move from where the camera stands, so the camera
 * never cuts. Before the first shot the camera stands at the first; with no shots it is the stage
 * as laid out at scale 1 around (0, 0): pass at least one shot.
 */
export function cameraAt(shots: CameraShot[], frame: number, options: { moveFrames?: number } = {}): Camera {
  const moveFrames = Math.max(1, options.moveFrames ?? CAMERA_MOVE_FRAMES);
  const [first, ...rest] = [...shots].sort((a, b) => a.frame - b.frame);
  if (!first) return { x: 0, y: 0, scale: 1 };
  let at: Camera = { x: first.x, y: first.y, scale: first.scale };
  for (const [i, shot] of rest.entries()) {
    if (frame <= shot.frame) break;
    // The move into this shot starts where the camera stands at the shot's frame.
    const next = rest[i + 1];
    const until = next === undefined ? frame : Math.min(frame, next.frame);
    const t = ease(Math.min(1, (until - shot.frame) / moveFrames));
    at = between(at, shot, t);
  }
  return at;
}

/**
 * The CSS transform that shows a frame-sized stage through the camera, made of translate and scale
 * only (the renderer composites such moves from one captured still, see
 * src/render/worker/hold-plan.ts), for the element's default transform origin, its centre.
 */
export function cameraTransform(camera: Camera, frameWidth: number, frameHeight: number): string {
  const tx = camera.scale * (frameWidth / 2 - camera.x);
  const ty = camera.scale * (frameHeight / 2 - camera.y);
  return `translate(${round(tx)}px, ${round(ty)}px) scale(${round(camera.scale, 6)})`;
}

function round(value: number, digits = 3): number {
  const f = 10 ** digits;
  const r = Math.round(value * f) / f;
  return r === 0 ? 0 : r;
}

/** How much a scene grows over its length under {@link pushIn}: a slow push, a pixel or two a second at a 1080p canvas's edges. */
export const PUSH_IN = 0.04;

/**
 * The scale of a scene's slow push in at a frame: from 1 at frame 0 to 1 + {@link PUSH_IN} at the
 * scene's last frame, eased in and out like every camera move, different on every frame (no scene
 * stands still while it holds) and drawn through the camera so that it costs a hold no captures.
 */
export function pushIn(frame: number, durationInFrames: number): number {
  const shots: CameraShot[] = [
    { frame: -1, x: 0, y: 0, scale: 1 },
    { frame: 0, x: 0, y: 0, scale: 1 + PUSH_IN },
  ];
  return cameraAt(shots, frame, { moveFrames: Math.max(1, durationInFrames - 1) }).scale;
}

/**
 * A camera kept inside a frame-sized stage: at least scale 1, its centre where the frame shows
 * only stage (SceneFrame's camera holds the background, which ends at the frame's edge).
 */
export function cameraInsideStage(camera: Camera, width: number, height: number): Camera {
  const scale = Math.max(1, camera.scale);
  const [halfW, halfH] = [width / (2 * scale), height / (2 * scale)];
  return { scale, x: Math.min(width - halfW, Math.max(halfW, camera.x)), y: Math.min(height - halfH, Math.max(halfH, camera.y)) };
}
