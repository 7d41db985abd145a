import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AudioThread } from '../../../src/pipeline/audio/audio-thread.js';
import { readWav } from '../../../src/pipeline/audio/wav.js';
import { detectLanguage } from '../../../src/pipeline/speech/detect-language.js';
import { EMBEDDED_VOICES } from '../../../src/pipeline/speech/embedded-voices.js';
import { espeakSettings, findEmbeddedVoice } from '../../../src/pipeline/speech/espeak-voice.js';
import { NARRATION_LANGUAGE_CODES, type NarrationLanguage } from '../../../src/pipeline/speech/languages.js';
import { readAudioIntent, stripDirectives } from '../../../src/pipeline/speech/read-audio-intent.js';

const greetings = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../fixtures/greetings.json'), 'utf8')) as Record<string, string>;

describe('the embedded speech engine', () => {
  let audio: AudioThread;
  let dir: string;
  beforeAll(() => {
    audio = new AudioThread();
    dir = mkdtempSync(path.join(tmpdir(), 'speech-'));
  });
  afterAll(async () => {
    await audio.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has exactly 74 narration languages, each with a test sentence', () => {
    expect(NARRATION_LANGUAGE_CODES).toHaveLength(74);
    expect(Object.keys(greetings).sort()).toEqual([...NARRATION_LANGUAGE_CODES].sort());
  });

  it('speaks a short sentence in every one of the 74 languages', async () => {
    const voice = findEmbeddedVoice('embedded-ava')!;
    const failures: string[] = [];
    for (const code of NARRATION_LANGUAGE_CODES) {
      const file = path.join(dir, `${code}.wav`);
      try {
        const result = await audio.speak(greetings[code]!, espeakSettings(voice, code), file);
        const wav = readWav(file);
        let energy = 0;
        for (const sample of wav.samples) energy += sample * sample;
        const rms = Math.sqrt(energy / wav.samples.length);
        if (result.durationSeconds < 0.4 || rms < 0.01 || result.voicedShare < 0.2) failures.push(`${code}: ${result.durationSeconds.toFixed(2)} s, rms ${rms.toFixed(3)}`);
      } catch (error) {
        failures.push(`${code}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('gives each voice its own timbre and reports word timings', async () => {
    const durations = new Set<number>();
    for (const voice of EMBEDDED_VOICES) {
      const result = await audio.speak('Bees collect nectar from flowers.', espeakSettings(voice, 'en'), path.join(dir, `${voice.id}.wav`));
      durations.add(Math.round(result.durationSeconds * 100));
      expect(result.words.map((word) => word.start)).toEqual([...result.words.map((word) => word.start)].sort((a, b) => a - b));
      expect(result.words.length).toBe(5);
    }
    expect(durations.size).toBeGreaterThan(3);
  });

  it('reads markup characters as text', async () => {
    const result = await audio.speak('If x < y & y > z, stop.', espeakSettings(findEmbeddedVoice('embedded-noah')!, 'en'), path.join(dir, 'markup.wav'));
    expect(result.words.length).toBeGreaterThanOrEqual(7);
  });
});

describe('detectLanguage', () => {
  it.each([
    ['Bienen sammeln Nektar von den Blumen und machen daraus Honig für den Winter.', 'de'],
    ['Les abeilles récoltent le nectar des fleurs et le transforment en miel.', 'fr'],
    ['Las abejas recogen el néctar de las flores y lo convierten en miel.', 'es'],
    ['ミツバチは花の蜜を集めて、はちみつを作ります。', 'ja'],
    ['蜜蜂从花朵中采集花蜜并酿成蜂蜜。', 'zh'],
    ['Пчёлы собирают нектар с цветов и делают из него мёд.', 'ru'],
    ['النحل يجمع الرحيق من الزهور ويصنع منه العسل.', 'ar'],
    ['मधुमक्खियाँ फूलों से रस इकट्ठा करती हैं और शहद बनाती हैं।', 'hi'],
    ['How honeybees turn nectar into honey, step by step.', 'en'],
  ] as [string, NarrationLanguage][])('detects %s as %s', async (text, code) => {
    expect(await detectLanguage(text)).toBe(code);
  });
});

describe('readAudioIntent', () => {
  it.each([
    'A product teaser with no voiceover',
    'Explain photosynthesis without narration, just visuals',
    'Music only, no talking: a tour of our new office',
    'Make it silent: five slides about safety rules',
    'A silent video showing our logo',
    'Kein Ton bitte: ein Video ohne Sprecher über Bienen',
    'Une vidéo sans voix sur le recyclage',
    'Un video sin narración sobre el reciclaje',
    'Um vídeo sem narração sobre reciclagem',
    'Un video senza voce sul riciclo',
    'Видео без озвучки о переработке',
    'リサイクルについての動画、ナレーションなし',
  ])('turns narration off for "%s"', (prompt) => {
    expect(readAudioIntent(prompt).narration).toBe(false);
  });

  it.each([
    'A product teaser with no music',
    'Explain photosynthesis without background music',
    'Voiceover only: a tour of our new office',
    'Make it completely silent',
    'Ein Erklärvideo ohne Musik über Bienen',
    'Une vidéo sans musique sur le recyclage',
    'Un video sin música sobre el reciclaje',
    'Um vídeo sem música sobre reciclagem',
    'Видео без музыки о переработке',
    '无背景音乐的回收视频',
  ])('turns music off for "%s"', (prompt) => {
    expect(readAudioIntent(prompt).music).toBe(false);
  });

  it.each([
    'A history of silent films',
    'How music therapy helps patients',
    'Narration tips for podcasters',
    'A music video for our band',
  ])('leaves both on for "%s"', (prompt) => {
    expect(readAudioIntent(prompt)).toEqual({});
  });
});

describe('stripDirectives', () => {
  it.each([
    ['How tides work, with captions. The moon pulls.', 'How tides work. The moon pulls.'],
    ['Our new office in pictures, no voiceover. Bright rooms.', 'Our new office in pictures. Bright rooms.'],
    ['A tour of our office, music only', 'A tour of our office'],
    ['Why the sky is blue, with no music.', 'Why the sky is blue.'],
    ['How music therapy helps patients', 'How music therapy helps patients'],
  ])('keeps what "%s" is about', (prompt, expected) => {
    expect(stripDirectives(prompt)).toBe(expected);
  });
});

describe('captions', () => {
  it('are asked for by the prompt and cut into short timed lines', async () => {
    const { wantsCaptions, captionChunks } = await import('../../../src/pipeline/speech/caption-chunks.js');
    expect(wantsCaptions('How tides work, with captions')).toBe(true);
    expect(wantsCaptions('Add subtitles please')).toBe(true);
    expect(wantsCaptions('No captions, thanks')).toBe(false);
    expect(wantsCaptions('How tides work')).toBe(false);
    const text = 'The moon pulls on the oceans, and the earth turns beneath the bulge.';
    let cursor = 0;
    const words = text.split(' ').map((word, i) => {
      const index = text.indexOf(word, cursor);
      cursor = index + word.length;
      return { start: i * 0.3, index, length: word.replace(/[,.]$/, '').length };
    });
    const chunks = captionChunks(text, words, 0.35, 4);
    expect(chunks.map((c) => c.text)).toEqual(['The moon pulls on the oceans', 'and the earth turns beneath the bulge']);
    expect(chunks[0]!.start).toBeCloseTo(0.35);
    for (let i = 1; i < chunks.length; i += 1) expect(chunks[i]!.start).toBe(chunks[i - 1]!.end);
    expect(chunks.at(-1)!.end).toBeCloseTo(4.55);
  });
});
