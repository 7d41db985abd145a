// A diagram built with its narration: when each connector draws once the nodes' entrances are
// timed to the words that name them (the cameras that move to the named nodes are in
// diagram-camera-layout.ts). It imports nothing (the shapes it reads are written out here; the
// diagrams' Link fits them), so that the node's tests type-check it as they run it.

/** A connector's ends, by node index. */
interface LinkEnds {
  from: number;
  to: number;
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
