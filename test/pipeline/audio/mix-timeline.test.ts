import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mixTimeline } from '../../../src/pipeline/audio/mix-timeline.js';
import { placeEffects } from '../../../src/pipeline/audio/make-soundtrack.js';
import { toInt16, writeWav } from '../../../src/pipeline/audio/wav.js';
import type { SceneRow } from '../../../src/store/videos-store.js';

const dir = mkdtempSync(path.join(tmpdir(), 'mix-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rms = (samples: Float32Array, from: number, to: number, rate: number) => {
  let sum = 0;
  const a = Math.floor(from * rate);
  const b = Math.floor(to * rate);
  for (let i = a; i < b; i += 1) sum += samples[i]! ** 2;
  return Math.sqrt(sum / (b - a));
};

describe('mixTimeline', () => {
  it('ducks the music under speech and fades it out at the end', () => {
    const rate = 16000;
    // "Speech": a 300 Hz tone from 3 s to 6 s.
    const speech = new Float32Array(3 * 22050).map((_, i) => Math.sin((2 * Math.PI * 300 * i) / 22050) * 0.3);
    const file = path.join(dir, 'speech.wav');
    writeWav(file, toInt16(speech), 22050);
    const plan = { durationSeconds: 12, sampleRate: rate, narration: [{ path: file, start: 3 }], music: { seed: 1, bpm: 100, mood: 'calm' as const, beatOffset: 0 }, clips: [], effects: [] };
    const withSpeech = mixTimeline(plan);
    const musicOnly = mixTimeline({ ...plan, narration: [] });
    // Under the speech the music alone is much quieter than the same music in the clear.
    const residual = withSpeech.map((value, i) => (i >= 3 * rate && i < 6 * rate ? value : 0));
    const speechOnly = new Float32Array(withSpeech.length);
    for (let i = 3 * rate; i < 6 * rate; i += 1) speechOnly[i] = speech[Math.floor(((i - 3 * rate) * 22050) / rate)] ?? 0;
    const musicUnderSpeech = rms(residual.map((v, i) => v - (speechOnly[i] ?? 0)), 3.5, 5.5, rate);
    expect(musicUnderSpeech).toBeLessThan(rms(musicOnly, 3.5, 5.5, rate) * 0.45);
    // The fade-out: the last quarter second is nearly silent next to the middle.
    expect(rms(musicOnly, 11.75, 12, rate)).toBeLessThan(rms(musicOnly, 7, 9, rate) * 0.2);
  });
});

describe('placeEffects', () => {
  const scene = (position: number, kind: string, role: string, seconds: number, settings = '{}'): SceneRow => ({
    id: `s${position}`, video_id: 'v', position, title: '', role, kind, duration_seconds: seconds, settings, source: null, compiled: null,
    writer: null, committed_at: null, narration: null, narration_audio: null, narration_seconds: null, narration_words: null, audit: null, authoring: null,
  });

  it('puts a whoosh on every cut, pops on list reveals and a riser into the close', () => {
    const effects = placeEffects([scene(0, 'title', 'hook', 4), scene(1, 'bullets', 'body', 6, '{"items":["a","b","c"]}'), scene(2, 'cta', 'close', 4)], 30);
    expect(effects.filter((e) => e.kind === 'whoosh').map((e) => e.at)).toEqual([4, 10]);
    expect(effects.filter((e) => e.kind === 'riser').map((e) => e.at)).toEqual([10]);
    expect(effects.filter((e) => e.kind === 'pop').length).toBe(4);
  });
});
