import { describe, expect, it } from 'vitest';
import { cameraAt } from '../../../compositions/kit/camera.js';
import { journeyShots, legReveals } from '../../../compositions/kit/maps/journey-layout.js';

const points: [number, number][] = [
  [200, 600],
  [500, 400],
  [800, 450],
  [1100, 200],
];

describe('a map journey', () => {
  it('draws each leg toward its place, arriving as the place enters, none before the place it leaves', () => {
    const enter = [20, 60, 100, 140];
    expect(legReveals(enter, 10)).toEqual([0, 0, 0]);
    const arriving = legReveals(enter, 60);
    expect(arriving[0]).toBeGreaterThan(0.8);
    expect(arriving[1]).toBe(0);
    expect(legReveals(enter, 62)[0]).toBe(1);
    expect(legReveals(enter, 200)).toEqual([1, 1, 1]);
    // A place named right after the one before: its leg starts no sooner than that one entered.
    expect(legReveals([20, 24], 22)).toEqual([0]);
  });

  it('flies the camera to each place as it is named, and back to the whole route at the end', () => {
    const box = { width: 1300, height: 800 };
    const shots = journeyShots(points, [30, 60, 90, 120], 170, box);
    expect(shots.map((shot) => shot.frame)).toEqual([0, 24, 54, 84, 114, 170]);
    expect(shots[0]).toEqual({ frame: 0, x: 650, y: 400, scale: 1 });
    expect(shots[5]).toEqual({ frame: 170, x: 650, y: 400, scale: 1 });
    const zoom = shots[1]!.scale;
    expect(zoom).toBeGreaterThan(1.2);
    // Each place at the centre where the zoomed map still covers the box.
    expect(shots[2]!.x).toBeCloseTo(500);
    expect(shots[2]!.y).toBeCloseTo(400);
    for (const shot of shots) {
      expect(shot.x - box.width / (2 * shot.scale)).toBeGreaterThanOrEqual(-0.01);
      expect(shot.y + box.height / (2 * shot.scale)).toBeLessThanOrEqual(box.height + 0.01);
    }
    // The move between two places is eased: part way there at the middle of it.
    const mid = cameraAt(shots, 54 + 9);
    expect(mid.x).toBeGreaterThan(shots[1]!.x);
    expect(mid.x).toBeLessThan(shots[2]!.x);
  });

  it('has no camera when the places are named too quickly to follow or lie too far apart to zoom', () => {
    expect(journeyShots(points, [30, 35, 40, 45], 170, { width: 1300, height: 800 })).toEqual([]);
    expect(journeyShots([[0, 0], [1300, 800]], [30, 90], 170, { width: 1300, height: 800 })).toEqual([]);
  });
});
