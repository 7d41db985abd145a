import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spokenTimes } from '../../../compositions/kit/narration-build.js';
import { AudioThread } from '../../../src/pipeline/audio/audio-thread.js';
import { espeakSettings, findEmbeddedVoice } from '../../../src/pipeline/speech/espeak-voice.js';
import { spreadWords, wordsFromCharacterTimes } from '../../../src/pipeline/speech/providers/word-timings.js';
import { NARRATION_TIMING_KEY, narrationTiming, withNarrationTiming } from '../../../src/pipeline/speech/narration-timing.js';

describe('a narrated scene’s timing', () => {
  let audio: AudioThread;
  let dir: string;
  beforeAll(() => {
    audio = new AudioThread();
    dir = mkdtempSync(path.join(tmpdir(), 'timing-'));
  });
  afterAll(async () => {
    await audio.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('times the items of a scene from the embedded engine’s words, in order, inside the spoken part', async () => {
    const text = 'First bend your knees. Then keep the box close to your body. Lift with your legs, and never twist.';
    const spoken = await audio.speak(text, espeakSettings(findEmbeddedVoice('embedded-ava')!, 'en'), path.join(dir, 'lift.wav'));
    const timing = narrationTiming(text, spoken.words, 0.35, spoken.durationSeconds);
    expect(timing.words.length).toBe(spoken.words.length);
    expect(timing.start).toBe(0.35);
    const times = spokenTimes(['Bend your knees', 'Keep it close', 'Lift with your legs', 'Never twist'], timing) as number[];
    for (let i = 1; i < times.length; i += 1) expect(times[i]).toBeGreaterThan(times[i - 1]!);
    expect(times[0]).toBeGreaterThan(0.35);
    expect(times[3]).toBeLessThan(timing.end);
  });

  it('times the items from the words a speech model reports, or spreads them where it reports none', () => {
    const text = 'Mash the bananas, whisk in the eggs, then fry each pancake.';
    const labels = ['Mash bananas', 'Whisk eggs', 'Fry'];
    // An OpenAI-compatible speech server gives no timings: the words are spread over the voiced span.
    const spread = narrationTiming(text, spreadWords(text, 'en', { start: 0.1, end: 3.1 }), 0.35, 3.2);
    // ElevenLabs gives each character's start.
    const characters = [...text];
    const timed = narrationTiming(text, wordsFromCharacterTimes(text, 'en', characters, characters.map((_, i) => i * 0.05), 3.2)!, 0.35, 3.2);
    for (const timing of [spread, timed]) {
      const times = spokenTimes(labels, timing) as number[];
      expect(times[0]).toBeLessThan(times[1]!);
      expect(times[1]).toBeLessThan(times[2]!);
      expect(times[2]).toBeLessThan(timing.end);
    }
  });

  it('keeps only word times whose text positions advance', () => {
    const words = [
      { start: 0, index: 0, length: 3 },
      { start: 0.3, index: 0, length: 3 },
      { start: 0.6, index: 4, length: 3 },
      { start: 0.5, index: 8, length: 3 },
    ];
    expect(narrationTiming('abc def ghi', words, 0.5, 1).words).toEqual([
      { index: 0, length: 3, start: 0.5 },
      { index: 4, length: 3, start: 1.1 },
    ]);
  });

  it('sets the timing in the settings, or takes it off', () => {
    const timing = narrationTiming('Hi', [{ start: 0, index: 0, length: 2 }], 0.35, 0.4);
    const set = withNarrationTiming({ title: 'A' }, timing);
    expect(set[NARRATION_TIMING_KEY]).toEqual(timing);
    expect(withNarrationTiming(set, undefined)).toEqual({ title: 'A' });
  });
});
