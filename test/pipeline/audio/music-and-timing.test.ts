import { describe, expect, it } from 'vitest';
import { DUCK_GAIN } from '../../../src/pipeline/audio/mix-timeline.js';
import { pickMusicStyle, synthesizeMusic } from '../../../src/pipeline/audio/synthesize-music.js';
import { fitTimeline, readingSeconds } from '../../../src/pipeline/speech/fit-timeline.js';

describe('synthesizeMusic', () => {
  const options = { durationSeconds: 8, sampleRate: 16000, seed: 7, bpm: 120, mood: 'bright' as const, beatOffset: 0 };

  it('is deterministic for a seed and differs between seeds', () => {
    const a = synthesizeMusic(options);
    const b = synthesizeMusic(options);
    const c = synthesizeMusic({ ...options, seed: 8 });
    expect(Buffer.from(a.buffer).equals(Buffer.from(b.buffer))).toBe(true);
    expect(Buffer.from(a.buffer).equals(Buffer.from(c.buffer))).toBe(false);
  });

  it('puts its kicks on the beat grid', () => {
    const samples = synthesizeMusic(options);
    const energy = (from: number, to: number) => {
      let sum = 0;
      for (let i = Math.floor(from * 16000); i < Math.floor(to * 16000); i += 1) sum += samples[i]! ** 2;
      return sum;
    };
    // 120 BPM: beats every 0.5 s. The 60 ms after a beat carry far more energy than the 60 ms before it.
    for (let beat = 1; beat < 15; beat += 1) {
      const t = beat * 0.5;
      expect(energy(t, t + 0.06)).toBeGreaterThan(energy(t - 0.07, t - 0.01) * 1.5);
    }
  });

  it('chooses mood and tempo from the prompt', () => {
    expect(pickMusicStyle('A calm guided meditation', 'plain')).toEqual({ mood: 'calm', bpm: 80 });
    expect(pickMusicStyle('Our product launch is here', 'plain').mood).toBe('driving');
    expect(pickMusicStyle('Quarterly report', 'corporate-clean').mood).toBe('bright');
  });

  it('ducks music under speech to a fraction of its level', () => {
    expect(DUCK_GAIN).toBeLessThan(0.3);
  });
});

describe('fitTimeline', () => {
  it('keeps every scene as long as its speech needs and stays near the target', () => {
    const durations = fitTimeline({ planned: [5, 7, 7, 5], needed: [3, 9.2, 4, 2], target: 24, fps: 30 });
    expect(durations[1]).toBeGreaterThanOrEqual(9.2);
    expect(Math.abs(durations.reduce((a, b) => a + b, 0) - 24)).toBeLessThanOrEqual(2.4);
  });

  it('keeps a dense scene up long enough to read, taking the time from sparse ones, within the target', () => {
    // A five-item checklist (19 words) planned at 2.7 s beside a three-word card planned at 10.2 s, no narration.
    const reading = [readingSeconds(3), readingSeconds(19), readingSeconds(4)];
    const durations = fitTimeline({ planned: [4, 2.7, 10.2], needed: [0, 0, 0], reading, target: 16.9, fps: 30 });
    expect(durations[1]).toBeGreaterThanOrEqual(readingSeconds(19) - 1 / 30);
    expect(durations[2]).toBeLessThan(10.2);
    expect(durations.reduce((a, b) => a + b, 0)).toBeCloseTo(16.9, 1);
    // Without the reading times the checklist keeps its planned 2.7 s (stretched only with the rest).
    expect(fitTimeline({ planned: [4, 2.7, 10.2], needed: [0, 0, 0], target: 16.9, fps: 30 })[1]).toBeLessThan(3);
  });

  it('gives reading time only as far as the target allows, the same share to each scene, never cutting speech', () => {
    const durations = fitTimeline({ planned: [3, 3], needed: [4, 0], reading: [readingSeconds(30), readingSeconds(30)], target: 8, fps: 30 });
    expect(durations[0]).toBeGreaterThanOrEqual(4);
    expect(durations.reduce((a, b) => a + b, 0)).toBeCloseTo(8, 1);
    expect(readingSeconds(0)).toBe(0);
    expect(readingSeconds(10)).toBeCloseTo(4);
  });

  it('lands every cut within one frame of a beat', () => {
    const bpm = 112;
    const durations = fitTimeline({ planned: [5.3, 6.1, 7.7, 4.9], needed: [3.1, 5.2, 4, 2], target: 24, fps: 30, beats: { bpm, offset: 0 } });
    let time = 0;
    for (const duration of durations.slice(0, -1)) {
      time += duration;
      const beats = time / (60 / bpm);
      expect(Math.abs(beats - Math.round(beats)) * (60 / bpm)).toBeLessThanOrEqual(1 / 30 + 1e-9);
    }
  });
});
