import { describe, expect, it } from 'vitest';
import { cameraAt } from '../../../compositions/kit/camera.js';
import { followShots, narratedTiming, nodeZoom } from '../../../compositions/kit/diagrams/diagram-build-layout.js';
import type { NodePlace } from '../../../compositions/kit/diagrams/geometry.js';

const node = (x: number, y: number, size = 100): NodePlace => ({ x, y, size, text: { left: x - 60, top: y + size / 2 + 10, width: 120, height: 50 }, align: 'center', valign: 'top' });

describe('narratedTiming', () => {
  it('draws each connector toward its node, arriving as the node enters', () => {
    const timing = narratedTiming([20, 60, 130], [{ from: 0, to: 1 }, { from: 1, to: 2 }], 15);
    expect(timing.nodeDelay).toEqual([20, 60, 130]);
    for (const [i, link] of timing.links.entries()) {
      const target = [60, 130][i]!;
      expect(link.start).toBeLessThan(target);
      expect(link.start + link.frames).toBeGreaterThanOrEqual(target);
      expect(link.start + link.frames).toBeLessThanOrEqual(target + 4);
    }
    expect(timing.settled).toBe(145);
  });

  it('never starts a connector before the node it leaves from, and draws a cycle back to the first once both are in', () => {
    const timing = narratedTiming([20, 24, 90], [{ from: 0, to: 1 }, { from: 1, to: 2 }, { from: 2, to: 0 }], 15);
    expect(timing.links[0]!.start).toBeGreaterThan(20);
    expect(timing.links[2]!.start).toBeGreaterThan(90);
    expect(timing.settled).toBeGreaterThanOrEqual(timing.links[2]!.start + timing.links[2]!.frames);
  });
});

describe('followShots', () => {
  const canvas = { width: 1920, height: 1080 };
  const nodes = [node(300, 500), node(800, 500), node(1300, 500), node(1700, 500)];

  it('moves in on each node as it enters and back to the whole at the end', () => {
    const shots = followShots(nodes, [30, 70, 110, 150], 200, canvas, { x: 0, y: 0 }, { zoom: 1.5 });
    expect(shots.map((shot) => shot.frame)).toEqual([0, 24, 64, 104, 144, 200]);
    expect(shots[0]).toEqual({ frame: 0, x: 960, y: 540, scale: 1 });
    expect(shots[shots.length - 1]).toEqual({ frame: 200, x: 960, y: 540, scale: 1 });
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
