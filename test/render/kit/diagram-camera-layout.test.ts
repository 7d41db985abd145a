import { describe, expect, it } from 'vitest';
import { CAMERA_MOVE_FRAMES, cameraAt, cameraInsideStage } from '../../../compositions/kit/camera.js';
import { type FollowedNode, type FollowShot, followShots, HUB_FRAMING, hubShots, nodeZoom } from '../../../compositions/kit/diagrams/diagram-camera-layout.js';

/** A node's disc at (x, y) with its text box under it. */
const node = (x: number, y: number, size = 100, text = { width: 120, height: 50 }): FollowedNode => ({ x, y, size, text: { left: x - text.width / 2, top: y + size / 2 + 10, width: text.width, height: text.height } });

const canvas = { width: 1920, height: 1080 };
const whole = { x: 960, y: 540, scale: 1 };

/** What the frame shows of the stage through a camera, by its edges. */
function seen(camera: { x: number; y: number; scale: number }) {
  const [halfW, halfH] = [canvas.width / (2 * camera.scale), canvas.height / (2 * camera.scale)];
  return { left: camera.x - halfW, right: camera.x + halfW, top: camera.y - halfH, bottom: camera.y + halfH };
}

/** Whether the frame through `camera` shows all of a node (its disc and text), measured from `origin`. */
function shows(camera: { x: number; y: number; scale: number }, place: FollowedNode, origin = { x: 0, y: 0 }): boolean {
  const view = seen(camera);
  const left = origin.x + Math.min(place.x - place.size / 2, place.text.left);
  const right = origin.x + Math.max(place.x + place.size / 2, place.text.left + place.text.width);
  const top = origin.y + Math.min(place.y - place.size / 2, place.text.top);
  const bottom = origin.y + Math.max(place.y + place.size / 2, place.text.top + place.text.height);
  return left >= view.left - 0.01 && right <= view.right + 0.01 && top >= view.top - 0.01 && bottom <= view.bottom + 0.01;
}

/** Every frame of a camera over `frames` stays on the stage: what cameraInsideStage would keep it to. */
function staysOnStage(shots: FollowShot[], frames: number): void {
  for (let frame = 0; frame < frames; frame += 1) {
    const camera = cameraAt(shots, frame);
    const kept = cameraInsideStage(camera, canvas.width, canvas.height);
    expect(camera.x, `frame ${frame}`).toBeCloseTo(kept.x, 6);
    expect(camera.y, `frame ${frame}`).toBeCloseTo(kept.y, 6);
    expect(camera.scale, `frame ${frame}`).toBeCloseTo(kept.scale, 6);
  }
}

describe('followShots', () => {
  const nodes = [node(300, 500), node(800, 500), node(1300, 500), node(1700, 500)];

  it('moves in on each node as it enters and back to the whole at the end', () => {
    const shots = followShots(nodes, [30, 70, 110, 150], 200, canvas, { x: 0, y: 0 }, { zoom: 1.5 });
    expect(shots.map((shot) => shot.frame)).toEqual([0, 24, 64, 104, 144, 200]);
    expect(shots[0]).toEqual({ frame: 0, ...whole });
    expect(shots[shots.length - 1]).toEqual({ frame: 200, ...whole });
    // In close, following the nodes left to right.
    const close = shots.slice(1, -1);
    for (const shot of close) expect(shot.scale).toBe(1.5);
    for (let i = 1; i < close.length; i += 1) expect(close[i]!.x).toBeGreaterThanOrEqual(close[i - 1]!.x);
    // The second node, away from the edges, is centred (its disc and text's middle).
    expect(close[1]!.x).toBeCloseTo(800);
    expect(close[1]!.y).toBeCloseTo((450 + 610) / 2);
    // Eased in between: halfway through the move to the second node the camera is between the first two.
    const mid = cameraAt(shots, 64 + 9);
    expect(mid.x).toBeGreaterThan(close[0]!.x);
    expect(mid.x).toBeLessThan(close[1]!.x);
  });

  it('keeps the zoomed frame on the stage near the edges', () => {
    const shots = followShots(nodes, [30, 70, 110, 150], 200, canvas, { x: 0, y: 0 }, { zoom: 1.5 });
    for (const shot of shots) {
      expect(shot.x - canvas.width / (2 * shot.scale)).toBeGreaterThanOrEqual(-0.01);
      expect(shot.x + canvas.width / (2 * shot.scale)).toBeLessThanOrEqual(canvas.width + 0.01);
    }
    staysOnStage(shots, 240);
  });

  it('has no camera when the nodes come in too quickly to follow or the zoom would be slight', () => {
    expect(followShots(nodes, [30, 40, 50, 60], 200, canvas, { x: 0, y: 0 }, { zoom: 1.5 })).toEqual([]);
    expect(followShots(nodes, [30, 70, 110, 150], 200, canvas, { x: 0, y: 0 }, { zoom: 1.05 })).toEqual([]);
  });

  it('zooms so a node and its text fill about half the frame, within bounds', () => {
    expect(nodeZoom(node(500, 500, 100), canvas)).toBe(1.6);
    const big = nodeZoom(node(500, 500, 400), canvas);
    expect(big).toBeGreaterThanOrEqual(1);
    expect(big).toBeLessThan(1.6);
  });
});

describe('hubShots', () => {
  // A hub in the middle with its label under it, four spokes around it toward the corners.
  const hub = node(960, 560, 260, { width: 300, height: 60 });
  const spokes = [node(480, 300, 160), node(1440, 300, 160), node(1440, 800, 160), node(480, 800, 160)];
  const named = [40, 80, 120, 160];

  it('pushes in on each spoke as it is named, framing it with the hub, then pulls back to the whole by the narration\'s end', () => {
    const shots = hubShots(hub, spokes, named, 220, canvas, { x: 0, y: 0 });
    // The whole until the first spoke, a shot per spoke a little ahead of its entrance, and the
    // pull back starting a move's length before the narration ends.
    expect(shots.map((shot) => shot.frame)).toEqual([0, 34, 74, 114, 154, 220 - 18]);
    expect(shots[0]).toEqual({ frame: 0, ...whole });
    expect(shots[shots.length - 1]).toEqual({ frame: 202, ...whole });
    const close = shots.slice(1, -1);
    // One zoom for every spoke, in close.
    for (const shot of close) expect(shot.scale).toBe(close[0]!.scale);
    expect(close[0]!.scale).toBeGreaterThanOrEqual(1.15);
    for (const [i, shot] of close.entries()) {
      // Each shot shows its spoke and the hub whole, and leaves the opposite spoke out of frame.
      expect(shows(shot, spokes[i]!), `spoke ${i}`).toBe(true);
      expect(shows(shot, hub), `hub with spoke ${i}`).toBe(true);
      expect(shows(shot, spokes[(i + 2) % 4]!), `spoke ${(i + 2) % 4} in the shot of spoke ${i}`).toBe(false);
    }
    // Settled on each spoke once its move is done, and on the whole again by frame 220.
    expect(cameraAt(shots, 74 + CAMERA_MOVE_FRAMES)).toEqual({ x: close[1]!.x, y: close[1]!.y, scale: close[1]!.scale });
    expect(cameraAt(shots, 220)).toEqual(whole);
    // Moving toward the second spoke halfway through its move: a pan at the same zoom.
    const mid = cameraAt(shots, 74 + CAMERA_MOVE_FRAMES / 2);
    expect(mid.x).toBeGreaterThan(close[0]!.x);
    expect(mid.x).toBeLessThan(close[1]!.x);
    expect(mid.scale).toBeCloseTo(close[0]!.scale, 6);
  });

  it('frames a hub and a spoke to fill most of the frame, and no more than the zoom cap', () => {
    const [shot] = hubShots(hub, spokes, named, 220, canvas, { x: 0, y: 0 }).slice(1);
    // The first pair spans 400..1110 across and 220..760 down: down is the tighter, capped at 1.6.
    expect(shot!.scale).toBeCloseTo(Math.min(1.6, (canvas.height * HUB_FRAMING) / 540), 6);
    expect(shot!.x).toBeCloseTo((400 + 1110) / 2);
    expect(shot!.y).toBeCloseTo((220 + 760) / 2);
    expect(hubShots(hub, spokes, named, 220, canvas, { x: 0, y: 0 }, { most: 1.4 })[1]!.scale).toBe(1.4);
  });

  it('measures the diagram from where it stands on the stage, and never shows past the stage\'s edge', () => {
    const origin = { x: 120, y: 100 };
    const shots = hubShots(hub, spokes, named, 220, canvas, origin);
    const close = shots.slice(1, -1);
    for (const [i, shot] of close.entries()) {
      expect(shows(shot, spokes[i]!, origin), `spoke ${i}`).toBe(true);
      expect(shows(shot, hub, origin), `hub with spoke ${i}`).toBe(true);
    }
    // The lower spokes sit low on the stage: the camera stops at its bottom edge.
    expect(seen(close[2]!).bottom).toBeCloseTo(canvas.height, 6);
    staysOnStage(shots, 260);
  });

  it('rests on the last spoke when the narration ends just after naming it, pulling back from the narration\'s end at the latest', () => {
    // Named at 160 (its shot at 154, arrived at 172), the narration ending at 200: resting there
    // minGap frames, then back.
    const resting = hubShots(hub, spokes, named, 200, canvas, { x: 0, y: 0 }, { minGap: 24 });
    expect(resting[resting.length - 1]!.frame).toBe(154 + CAMERA_MOVE_FRAMES + 24);
    expect(cameraAt(resting, 154 + CAMERA_MOVE_FRAMES + 24)).toEqual({ x: resting[4]!.x, y: resting[4]!.y, scale: resting[4]!.scale });
    // The narration ending at 170: the pull back starts there, so the whole is in view a move later.
    const late = hubShots(hub, spokes, named, 170, canvas, { x: 0, y: 0 }, { minGap: 24 });
    expect(late[late.length - 1]!.frame).toBe(170);
    expect(cameraAt(late, 170 + CAMERA_MOVE_FRAMES)).toEqual(whole);
  });

  it('has no camera when the spokes are named too quickly to follow, there are fewer than two, or a hub and a spoke already fill the frame', () => {
    expect(hubShots(hub, spokes, [40, 50, 60, 70], 220, canvas, { x: 0, y: 0 })).toEqual([]);
    expect(hubShots(hub, spokes.slice(0, 1), [40], 220, canvas, { x: 0, y: 0 })).toEqual([]);
    expect(hubShots(hub, spokes, named.slice(0, 3), 220, canvas, { x: 0, y: 0 })).toEqual([]);
    const big = node(960, 540, 500, { width: 300, height: 60 });
    const far = [node(120, 100, 160), node(1800, 100, 160), node(1800, 900, 160), node(120, 900, 160)];
    expect(hubShots(big, far, named, 220, canvas, { x: 0, y: 0 })).toEqual([]);
  });
});
