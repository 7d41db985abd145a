import { describe, expect, it } from 'vitest';
import { detectBeats } from '../../../src/pipeline/audio/detect-beats.js';
import { synthesizeMusic } from '../../../src/pipeline/audio/synthesize-music.js';

/** A click on every beat, with a quieter hum between. */
function clickTrack(bpm: number, offset: number, seconds: number, rate: number): Float32Array {
  const out = new Float32Array(seconds * rate);
  for (let i = 0; i < out.length; i += 1) out[i] = Math.sin((2 * Math.PI * 110 * i) / rate) * 0.05;
  for (let t = offset; t < seconds; t += 60 / bpm) {
    const start = Math.round(t * rate);
    for (let i = 0; i < rate * 0.02 && start + i < out.length; i += 1) out[start + i]! += Math.sin((2 * Math.PI * 1500 * i) / rate) * Math.exp(-i / (rate * 0.004));
  }
  return out;
}

describe('detectBeats', () => {
  it.each([
    [120, 0],
    [120, 0.23],
    [96, 0.1],
    [140, 0.31],
  ])('finds %s BPM starting at %s s in a click track', (bpm, offset) => {
    const grid = detectBeats(clickTrack(bpm, offset, 20, 22050), 22050);
    expect(Math.abs(grid.bpm - bpm)).toBeLessThanOrEqual(0.5);
    const beat = 60 / bpm;
    const phaseError = Math.abs(((grid.offset - offset) % beat + beat * 1.5) % beat - beat / 2);
    expect(phaseError).toBeLessThan(0.012);
  });

  it('finds the tempo of its own procedural music', () => {
    const grid = detectBeats(synthesizeMusic({ durationSeconds: 16, sampleRate: 22050, seed: 3, bpm: 112, mood: 'bright', beatOffset: 0 }), 22050);
    expect(Math.abs(grid.bpm - 112)).toBeLessThanOrEqual(1);
  });
});
