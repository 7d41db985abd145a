// The cameras of the diagrams that move to what is being said: a long flow followed node by node,
// and a hub whose spokes are each framed with the hub as the narration names them. Both stand on
// the whole diagram until the first named node, move in as each is named and pull back to the
// whole at the end. It imports nothing (the shapes it reads are written out here; the diagrams'
// NodePlace and the kit camera's CameraShot fit them), so that the node's tests type-check it as
// they run it.

/** What the camera reads of a node: its disc (centre, diameter) and its text's box. */
export interface FollowedNode {
  x: number;
  y: number;
  size: number;
  text: { left: number; top: number; width: number; height: number };
}

/** One shot of the camera (compositions/kit/camera.ts's CameraShot). */
export interface FollowShot {
  frame: number;
  x: number;
  y: number;
  scale: number;
}

/** A canvas's size in px. */
interface Size {
  width: number;
  height: number;
}

/** A box by its edges. */
interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The box a node takes: its disc and its text. */
function nodeBox(node: FollowedNode): Box {
  return {
    left: Math.min(node.x - node.size / 2, node.text.left),
    right: Math.max(node.x + node.size / 2, node.text.left + node.text.width),
    top: Math.min(node.y - node.size / 2, node.text.top),
    bottom: Math.max(node.y + node.size / 2, node.text.top + node.text.height),
  };
}

function union(a: Box, b: Box): Box {
  return { left: Math.min(a.left, b.left), top: Math.min(a.top, b.top), right: Math.max(a.right, b.right), bottom: Math.max(a.bottom, b.bottom) };
}

/** The zoom at which `box` fills `share` of the frame across and down (the tighter of the two), between 1 and `most`. */
function fitZoom(box: Box, canvas: Size, share: number, most: number): number {
  return Math.max(1, Math.min(most, (canvas.width * share) / Math.max(1, box.right - box.left), (canvas.height * share) / Math.max(1, box.bottom - box.top)));
}

/**
 * The shot at `frame` centred on `box` (measured from `origin` on the frame-sized stage) at
 * `zoom`, moved toward the stage's middle as far as the zoomed frame must to stay on the stage.
 * A box that fits the zoomed frame stays wholly in view: it lies on the stage, and the frame is
 * only moved toward it.
 */
function shotOn(box: Box, frame: number, zoom: number, canvas: Size, origin: { x: number; y: number }): FollowShot {
  const half = { x: canvas.width / (2 * zoom), y: canvas.height / (2 * zoom) };
  const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(high, value));
  const x = origin.x + (box.left + box.right) / 2;
  const y = origin.y + (box.top + box.bottom) / 2;
  return { frame, x: clamp(x, half.x, canvas.width - half.x), y: clamp(y, half.y, canvas.height - half.y), scale: zoom };
}

/** Whether each entrance comes at least `minGap` frames after the one before. */
function spaced(enter: number[], minGap: number): boolean {
  for (let i = 1; i < enter.length; i += 1) if (enter[i]! - enter[i - 1]! < minGap) return false;
  return true;
}

/** The zoom a camera moves in to for one node: its disc and text filling about half the frame, at most `most`. */
export function nodeZoom(node: FollowedNode, canvas: Size, most = 1.6): number {
  return fitZoom(nodeBox(node), canvas, 0.55, most);
}

/**
 * The camera following a flow node by node: the whole diagram until the first node enters, then
 * a move to each node as it enters (zoomed in on its disc and text by `zoom`, as far as the frame
 * stays on the stage), and back to the whole at `end`. `origin` is where the diagram's nodes are
 * measured from on the frame-sized stage. Empty (no camera) when the nodes come in quicker than
 * the camera can follow (`minGap` frames apart) or the zoom would be slight.
 */
export function followShots(nodes: FollowedNode[], enter: number[], end: number, canvas: Size, origin: { x: number; y: number }, options: { zoom?: number; minGap?: number; lead?: number } = {}): FollowShot[] {
  const minGap = options.minGap ?? 24;
  const lead = options.lead ?? 6;
  if (nodes.length < 2 || enter.length < nodes.length || !spaced(enter.slice(0, nodes.length), minGap)) return [];
  const zoom = options.zoom ?? Math.min(...nodes.map((node) => nodeZoom(node, canvas)));
  if (zoom < 1.15) return [];
  const shots: FollowShot[] = [{ frame: 0, x: canvas.width / 2, y: canvas.height / 2, scale: 1 }];
  nodes.forEach((node, i) => shots.push(shotOn(nodeBox(node), Math.max(1, enter[i]! - lead), zoom, canvas, origin)));
  shots.push({ frame: Math.max(end, enter[nodes.length - 1]! + minGap), x: canvas.width / 2, y: canvas.height / 2, scale: 1 });
  return shots;
}

/** How much of the frame a hub and one spoke fill, across or down, when the camera frames them. */
export const HUB_FRAMING = 0.8;

/**
 * The camera over a hub and its spokes: the whole diagram until the first spoke is named, then a
 * push in to each spoke as it enters (`enter`: the spokes' entrance frames), framing it with the
 * hub (the two fill {@link HUB_FRAMING} of the frame, at one zoom for every spoke so the moves
 * between spokes are pans, as far as the frame stays on the stage), and a pull back that has the
 * whole diagram in view again by frame `back` (the narration's end). A last spoke named just
 * before `back` keeps the camera for up to `minGap` frames once it has arrived there, but the
 * pull back starts at `back` at the latest (so it is over a move's length after it). `origin` is where the nodes are measured from on the
 * frame-sized stage; `moveFrames` is how long the camera takes to move into a shot. Empty (no
 * camera) for fewer than two spokes, when the spokes are named quicker than the camera can follow
 * (`minGap` frames apart), or when the zoom would be slight (a hub and a spoke that already fill
 * most of the frame).
 */
export function hubShots(hub: FollowedNode, spokes: FollowedNode[], enter: number[], back: number, canvas: Size, origin: { x: number; y: number }, options: { minGap?: number; lead?: number; moveFrames?: number; most?: number } = {}): FollowShot[] {
  const minGap = options.minGap ?? 24;
  const lead = options.lead ?? 6;
  const moveFrames = options.moveFrames ?? 18;
  if (spokes.length < 2 || enter.length < spokes.length || !spaced(enter.slice(0, spokes.length), minGap)) return [];
  const centre = nodeBox(hub);
  const pairs = spokes.map((spoke) => union(centre, nodeBox(spoke)));
  const zoom = Math.min(...pairs.map((pair) => fitZoom(pair, canvas, HUB_FRAMING, options.most ?? 1.6)));
  if (zoom < 1.15) return [];
  const shots: FollowShot[] = [{ frame: 0, x: canvas.width / 2, y: canvas.height / 2, scale: 1 }];
  pairs.forEach((pair, i) => shots.push(shotOn(pair, Math.max(1, enter[i]! - lead), zoom, canvas, origin)));
  const last = shots[shots.length - 1]!.frame;
  // On the whole by `back` where the last spoke leaves time to rest on it; else resting on it for
  // up to `minGap` frames once arrived, but pulling back from `back` on at the latest.
  const pull = Math.max(last + 1, back - moveFrames, Math.min(last + moveFrames + minGap, back));
  shots.push({ frame: pull, x: canvas.width / 2, y: canvas.height / 2, scale: 1 });
  return shots;
}
