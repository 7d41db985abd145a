import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AudioThread } from '../../../src/pipeline/audio/audio-thread.js';
import { cutCaptionCues } from '../../../src/pipeline/captions/caption-cues.js';
import { writeSrt, writeWebVtt } from '../../../src/pipeline/captions/caption-files.js';
import { espeakSettings, findEmbeddedVoice } from '../../../src/pipeline/speech/espeak-voice.js';
import type { NarrationLanguage } from '../../../src/pipeline/speech/languages.js';
import { expectReadableCues, parseSrt, parseVtt } from './caption-parsers.js';

const SCRIPTS: Partial<Record<NarrationLanguage, string>> = {
  en: 'Honey bees visit up to two million flowers to make a single pound of honey. Each forager makes only a twelfth of a teaspoon in her whole life, so the hive works as one.',
  de: 'Die Honigbienen besuchen bis zu zwei Millionen Blüten, um ein einziges Pfund Honig herzustellen. Jede Sammlerin trägt in ihrem ganzen Leben nur einen Zwölftel Teelöffel bei.',
  ar: 'يزور نحل العسل ما يصل إلى مليوني زهرة لصنع رطل واحد من العسل. وتصنع كل عاملة جزءا صغيرا من ملعقة شاي طوال حياتها، لذلك تعمل الخلية كجسد واحد.',
  ja: 'ミツバチは一ポンドの蜂蜜を作るために、最大で二百万もの花を訪れます。一匹の働きバチが一生に作る蜂蜜は、小さじ十二分の一ほどしかありません。',
  zh: '蜜蜂为了酿造一磅蜂蜜，要采访多达两百万朵花。每只工蜂一生只能酿造十二分之一茶匙的蜂蜜，所以整个蜂巢像一个整体一样工作。',
};

describe('cutCaptionCues on the embedded voice\'s own word timings', () => {
  let audio: AudioThread;
  const dir = mkdtempSync(path.join(tmpdir(), 'spoken-captions-'));
  beforeAll(() => {
    audio = new AudioThread();
  });
  afterAll(async () => {
    await audio.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const [language, text] of Object.entries(SCRIPTS) as [NarrationLanguage, string][]) {
    it(`makes readable ${language} cues from what eSpeak NG reports`, async () => {
      const spoken = await audio.speak(text, espeakSettings(findEmbeddedVoice('embedded-ava')!, language), path.join(dir, `${language}.wav`));
      const span = { text, words: spoken.words, start: 0.35, seconds: spoken.durationSeconds };
      const cues = cutCaptionCues([span], language);
      const srt = parseSrt(writeSrt(cues));
      const window = { start: 0.35, end: 0.35 + spoken.durationSeconds };
      const lineLength = language === 'ja' || language === 'zh' ? 18 : 42;
      expectReadableCues(srt, [window], lineLength);
      expectReadableCues(parseVtt(writeWebVtt(cues)), [window], lineLength);
      // The captions run with the speech, from its first second to its last.
      expect(srt[0]!.start).toBeLessThan(window.start + 1);
      expect(srt.at(-1)!.end).toBeGreaterThan(window.end - 1);
    });
  }
});
