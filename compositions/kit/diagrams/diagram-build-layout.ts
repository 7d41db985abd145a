// A diagram built with its narration: when each connector draws once the nodes' entrances are
// timed to the words that name them, and the camera that follows a long flow from node to node.
// It imports nothing (the shapes it reads are written out here; the diagrams' Link, NodePlace and
// Point and the kit camera's CameraShot fit them), so that the node's tests type-check it as they run it.

/** A connector's ends, by node index. */
interface LinkEnds {
  from: number;
  to: number;
}

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

/** When a connector draws: its first frame and how many frames it takes. */
export interface LinkTiming {
  start: number;
  frames: number;
}

/** When each node enters and each connector draws, and the frame from which everything holds. */
export interface Timing {
  nodeDelay: number[];
  links: LinkTiming[];
  settled: number;
}

/** Frames a connector takes to draw toward a node entering with the narration. */
const DRAW_FRAMES = 12;

/**
 * The timing of a diagram whose nodes enter at `enter` (frames, from the narration): each
 * connector draws toward the node it points to, arriving as that node pops in (starting no sooner
 * than the node it leaves from has entered); a connector back to an earlier node (a cycle's
 * last) draws once both are in. `entrance` is the frames a node's entrance takes.
 */
export function narratedTiming(enter: number[], links: LinkEnds[], entrance: number): Timing {
  const timed = links.map(({ from, to }): LinkTiming => {
    const a = enter[from] ?? 0;
    const b = enter[to] ?? 0;
    if (b > a) {
      const start = Math.max(a + 2, b - DRAW_FRAMES + 3);
      return { start, frames: Math.max(4, b + 3 - start) };
    }
    return { start: Math.max(a, b) + 6, frames: DRAW_FRAMES + 4 };
  });
  const lastLink = Math.max(0, ...timed.map((t) => t.start + t.frames));
  return { nodeDelay: [...enter], links: timed, settled: Math.max(lastLink, Math.max(0, ...enter) + entrance) };
}

/** The zoom a camera moves in to for one node: its disc and text filling about half the frame, at most `most`. */
export function nodeZoom(node: FollowedNode, canvas: { width: number; height: number }, most = 1.6): number {
  const left = Math.min(node.x - node.size / 2, node.text.left);
  const right = Math.max(node.x + node.size / 2, node.text.left + node.text.width);
  const top = Math.min(node.y - node.size / 2, node.text.top);
  const bottom = Math.max(node.y + node.size / 2, node.text.top + node.text.height);
  return Math.max(1, Math.min(most, (canvas.width * 0.55) / Math.max(1, right - left), (canvas.height * 0.55) / Math.max(1, bottom - top)));
}

/**
 * The camera following a flow node by node: the whole diagram until the first node enters, then
 * a move to each node as it enters (zoomed in on its disc and text by `zoom`, as far as the frame
 * stays on the stage), and back to the whole at `end`. `origin` is where the diagram's nodes are
 * measured from on the frame-sized stage. Empty (no camera) when the nodes come in quicker than
 * the camera can follow (`minGap` frames apart) or the zoom would be slight.
 */
export function followShots(nodes: FollowedNode[], enter: number[], end: number, canvas: { width: number; height: number }, origin: { x: number; y: number }, options: { zoom?: number; minGap?: number; lead?: number } = {}): FollowShot[] {
  const minGap = options.minGap ?? 24;
  const lead = options.lead ?? 6;
  if (nodes.length < 2 || enter.length < nodes.length) return [];
  for (let i = 1; i < nodes.length; i += 1) if (enter[i]! - enter[i - 1]! < minGap) return [];
  const zoom = options.zoom ?? Math.min(...nodes.map((node) => nodeZoom(node, canvas)));
  if (zoom < 1.15) return [];
  const whole = { x: canvas.width / 2, y: canvas.height / 2, scale: 1 };
  const half = { x: canvas.width / (2 * zoom), y: canvas.height / (2 * zoom) };
  const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(high, value));
  const centre = (node: FollowedNode) => {
    const left = Math.min(node.x - node.size / 2, node.text.left);
    const right = Math.max(node.x + node.size / 2, node.text.left + node.text.width);
    const top = Math.min(node.y - node.size / 2, node.text.top);
    const bottom = Math.max(node.y + node.size / 2, node.text.top + node.text.height);
    return { x: origin.x + (left + right) / 2, y: origin.y + (top + bottom) / 2 };
  };
  const shots: FollowShot[] = [{ frame: 0, ...whole }];
  nodes.forEach((node, i) => {
    const at = centre(node);
    shots.push({ frame: Math.max(1, enter[i]! - lead), x: clamp(at.x, half.x, canvas.width - half.x), y: clamp(at.y, half.y, canvas.height - half.y), scale: zoom });
  });
  shots.push({ frame: Math.max(end, enter[nodes.length - 1]! + minGap), ...whole });
  return shots;
}
