// The virtual camera of a footage shot: where it is at each moment of the shot, and how a layer at
// a given depth moves with it (near layers move more than far ones: parallax).

/** A camera move over the whole shot. */
export type FootageMove = 'push-in' | 'pull-out' | 'pan-left' | 'pan-right' | 'tilt-up' | 'tilt-down' | 'orbit';

/** Every camera move, in the order a seed picks from. */
export const FOOTAGE_MOVES: readonly FootageMove[] = ['push-in', 'pan-right', 'tilt-up', 'orbit', 'pull-out', 'pan-left', 'tilt-down'];

/** The camera at one moment: how far the picture is shifted (shares of the canvas), zoomed and turned. */
export interface CameraState {
  /** Horizontal shift of a depth-1 layer, as a share of the canvas width. */
  x: number;
  /** Vertical shift of a depth-1 layer, as a share of the canvas height. */
  y: number;
  /** Zoom of a depth-1 layer (1 = framed as drawn). */
  zoom: number;
  /** Roll of a depth-1 layer, in degrees. */
  roll: number;
}

/** A shot's camera at one frame: its move and seed (which fix the whole path) and where it is now. */
export interface ShotCamera {
  move: FootageMove;
  seed: string;
  state: CameraState;
}

/** The largest shift any move gives a depth-1 layer, as a share of the canvas side. */
const TRAVEL = 0.06;
const ZOOM = 0.16;

/** A stable 32-bit hash of a text, to derive choices from a seed. */
export function hashText(text: string): number {
  return [...text].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0, 17);
}

/**
 * The move's progress at `t` (0..1 of the shot): eased, but never at rest, so every frame of the
 * shot differs from the one before it, its first and last frames included.
 */
export function moveProgress(t: number): number {
  const clamped = Math.min(1, Math.max(0, t));
  const smooth = clamped * clamped * (3 - 2 * clamped);
  return 0.5 * clamped + 0.5 * smooth;
}

/** The camera of `move` at `t` (0..1 of the shot); `seed` picks the small drift that goes with it. */
export function cameraAt(move: FootageMove, t: number, seed = ''): CameraState {
  const p = moveProgress(t);
  const hash = hashText(seed);
  // A push or pull also drifts a little toward a corner the seed picks, as a hand-held camera would.
  const driftX = (hash % 2 === 0 ? 1 : -1) * 0.015;
  const driftY = ((hash >> 1) % 2 === 0 ? 1 : -1) * 0.01;
  switch (move) {
    case 'push-in':
      return { x: driftX * p, y: driftY * p, zoom: 1 + ZOOM * p, roll: 0 };
    case 'pull-out':
      return { x: driftX * (1 - p), y: driftY * (1 - p), zoom: 1 + ZOOM * (1 - p), roll: 0 };
    // The camera turning left brings what is on the left into view: the picture moves right.
    case 'pan-left':
      return { x: -TRAVEL + 2 * TRAVEL * p, y: 0, zoom: 1.02, roll: 0 };
    case 'pan-right':
      return { x: TRAVEL - 2 * TRAVEL * p, y: 0, zoom: 1.02, roll: 0 };
    case 'tilt-up':
      return { x: 0, y: -TRAVEL + 2 * TRAVEL * p, zoom: 1.02, roll: 0 };
    case 'tilt-down':
      return { x: 0, y: TRAVEL - 2 * TRAVEL * p, zoom: 1.02, roll: 0 };
    case 'orbit': {
      // Half a turn around the subject: the picture sweeps across while the camera leans into it.
      const angle = Math.PI * (p - 0.5) + (hash % 628) / 100;
      return { x: TRAVEL * 0.9 * Math.sin(angle), y: TRAVEL * 0.45 * Math.cos(angle), zoom: 1.06 + 0.05 * Math.sin(Math.PI * p), roll: 1.6 * Math.cos(Math.PI * p) };
    }
  }
}

/** The camera of a shot with `move` and `seed` at `t` (0..1 of the shot). */
export function shotCamera(move: FootageMove, seed: string, t: number): ShotCamera {
  return { move, seed, state: cameraAt(move, t, seed) };
}

/** The zoom of a depth-`depth` layer for the camera (parallax: near layers zoom more). */
function layerZoom(camera: CameraState, depth: number): number {
  return 1 + (camera.zoom - 1) * depth;
}

/**
 * The scale a layer at `depth` is drawn at before the camera acts, on a canvas of `width` ×
 * `height`: the least that keeps the canvas covered at every moment of the move (its shifts, zoom
 * and roll never uncover an edge), so the picture is cropped no more than the move needs.
 */
export function overscanFor(move: FootageMove, seed: string, depth: number, width: number, height: number): number {
  let need = 1;
  const steps = 40;
  for (let i = 0; i <= steps; i += 1) {
    const camera = cameraAt(move, i / steps, seed);
    const zoom = layerZoom(camera, depth);
    const angle = (camera.roll * depth * Math.PI) / 180;
    const dx = camera.x * depth * width;
    const dy = camera.y * depth * height;
    // Each canvas corner, taken back through the layer's shift and roll, must fall on the layer.
    for (const [cx, cy] of [[-1, -1], [1, -1], [-1, 1], [1, 1]] as const) {
      const px = (cx * width) / 2 - dx;
      const py = (cy * height) / 2 - dy;
      const rx = Math.cos(angle) * px + Math.sin(angle) * py;
      const ry = -Math.sin(angle) * px + Math.cos(angle) * py;
      need = Math.max(need, Math.abs(rx) / (width / 2) / zoom, Math.abs(ry) / (height / 2) / zoom);
    }
  }
  // A sliver more, for the moments between the samples and for antialiased edges.
  return need * 1.01;
}

/**
 * The CSS transform of a layer at `depth` (0 = infinitely far, 1 = the subject, more = in front of
 * it) for the camera, on a canvas of `width` × `height`, drawn at `overscan` ({@link overscanFor}).
 */
export function layerTransform(camera: CameraState, depth: number, width: number, height: number, overscan: number): string {
  const zoom = overscan * layerZoom(camera, depth);
  return `translate(${(camera.x * depth * width).toFixed(3)}px, ${(camera.y * depth * height).toFixed(3)}px) rotate(${(camera.roll * depth).toFixed(4)}deg) scale(${zoom.toFixed(5)})`;
}
