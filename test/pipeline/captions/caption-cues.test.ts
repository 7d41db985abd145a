import { describe, expect, it } from 'vitest';
import type { SpokenWord } from '../../../src/pipeline/audio/audio-protocol.js';
import { cutCaptionCues, type NarrationSpan } from '../../../src/pipeline/captions/caption-cues.js';
import { writeSrt, writeWebVtt } from '../../../src/pipeline/captions/caption-files.js';
import { expectReadableCues, parseSrt, parseVtt, widthOf } from './caption-parsers.js';

/**
 * Word timings as a speech engine reports them: one word per match of `word` (by default each run
 * of non-spaces), spoken at `rate` characters a second after a short silence.
 */
function timings(text: string, rate: number, word = /\S+/g): { words: SpokenWord[]; seconds: number } {
  const words = [...text.matchAll(word)].map((match) => ({ start: 0.08 + match.index / rate, index: match.index, length: match[0].length }));
  return { words, seconds: 0.08 + text.length / rate + 0.1 };
}

/** Scenes narrated one after another, each starting where the last one's scene ended (a 0.35 s lead, a 0.45 s tail). */
function spansOf(scripts: string[], rate: number, word?: RegExp): NarrationSpan[] {
  let sceneStart = 0;
  return scripts.map((text) => {
    const { words, seconds } = timings(text, rate, word);
    const span = { text, words, start: sceneStart + 0.35, seconds, end: sceneStart + 0.35 + seconds + 0.45 };
    sceneStart = span.end;
    return span;
  });
}

const windows = (spans: NarrationSpan[]) => spans.map((span) => ({ start: span.start, end: span.start + span.seconds }));

const SCRIPTS: Record<string, { scripts: string[]; rate: number; word?: RegExp; lineLength: number; joiner: string }> = {
  en: {
    scripts: [
      'Honey bees visit up to two million flowers to make a single pound of honey. Each forager makes only a twelfth of a teaspoon in her whole life, so the hive works as one.',
      'Back at the hive, house bees fan the nectar with their wings until most of the water is gone; then they seal each cell with a cap of fresh wax.',
      'That is why a jar of honey never spoils.',
    ],
    rate: 15,
    lineLength: 42,
    joiner: ' ',
  },
  de: {
    scripts: [
      'Die Honigbienen besuchen bis zu zwei Millionen Blüten, um ein einziges Pfund Honig herzustellen. Jede Sammlerin trägt in ihrem ganzen Leben nur einen Zwölftel Teelöffel bei.',
      'Im Stock fächeln die Stockbienen den Nektar mit ihren Flügeln, bis das meiste Wasser verdunstet ist; danach verschließen sie jede Wabe mit einem Deckel aus frischem Wachs.',
    ],
    rate: 15,
    lineLength: 42,
    joiner: ' ',
  },
  ar: {
    scripts: [
      'يزور نحل العسل ما يصل إلى مليوني زهرة لصنع رطل واحد من العسل. وتصنع كل عاملة جزءا صغيرا من ملعقة شاي طوال حياتها، لذلك تعمل الخلية كجسد واحد.',
      'في الخلية، تهوي النحلات الرحيق بأجنحتها حتى يتبخر معظم الماء؛ ثم تغلق كل خلية بغطاء من الشمع الطازج.',
    ],
    rate: 14,
    lineLength: 42,
    joiner: ' ',
  },
  he: {
    scripts: ['דבורי הדבש מבקרות בעד שני מיליון פרחים כדי להכין ליברה אחת של דבש. כל דבורה מייצרת רק חלק קטן מכפית בכל חייה, ולכן הכוורת עובדת כגוף אחד.'],
    rate: 14,
    lineLength: 42,
    joiner: ' ',
  },
  // eSpeak reads Japanese a phrase at a time: one timed "word" runs to the next punctuation mark.
  ja: {
    scripts: [
      'ミツバチは一ポンドの蜂蜜を作るために、最大で二百万もの花を訪れます。一匹の働きバチが一生に作る蜂蜜は、小さじ十二分の一ほどしかありません。',
      '巣に戻ると、内勤バチが羽で蜜をあおいで水分を飛ばし、新しい蜜蝋のふたで巣穴を閉じます。',
    ],
    rate: 7,
    word: /[^、。]+[、。]?/g,
    lineLength: 18,
    joiner: '',
  },
  // Chinese timed a character at a time.
  zh: {
    scripts: ['蜜蜂为了酿造一磅蜂蜜，要采访多达两百万朵花。每只工蜂一生只能酿造十二分之一茶匙的蜂蜜，所以整个蜂巢像一个整体一样工作。'],
    rate: 6,
    word: /[^，。]/g,
    lineLength: 18,
    joiner: '',
  },
};

describe('cutCaptionCues', () => {
  for (const [language, sample] of Object.entries(SCRIPTS)) {
    it(`cuts ${language} narration into readable SRT and WebVTT cues inside the narration, keeping every word`, () => {
      const spans = spansOf(sample.scripts, sample.rate, sample.word);
      const cues = cutCaptionCues(spans, language);
      const srt = parseSrt(writeSrt(cues));
      const vtt = parseVtt(writeWebVtt(cues));
      expect(vtt).toEqual(srt);
      expectReadableCues(srt, windows(spans), sample.lineLength);
      // Nothing is lost or reordered: the lines read back as the scripts.
      const squash = (text: string) => text.replace(/\s+/g, sample.joiner === '' ? '' : ' ').trim();
      expect(squash(srt.map((cue) => cue.lines.join(sample.joiner || '')).join(sample.joiner))).toBe(squash(sample.scripts.join(sample.joiner)));
      // Spaced scripts break only between words.
      if (sample.joiner === ' ') {
        const words = new Set(sample.scripts.join(' ').split(/\s+/));
        for (const cue of srt) for (const line of cue.lines) for (const word of line.split(' ')) expect(words.has(word), word).toBe(true);
      }
    });
  }

  it('ends cues at sentence ends where a sentence fits', () => {
    const spans = spansOf(['The moon pulls on the oceans. The earth turns beneath the bulge. Most coasts see two high tides a day.'], 15);
    const cues = cutCaptionCues(spans, 'en');
    expect(cues.map((cue) => cue.lines.join(' '))).toEqual(['The moon pulls on the oceans.', 'The earth turns beneath the bulge.', 'Most coasts see two high tides a day.']);
  });

  it('breaks a long sentence at a clause before anywhere else', () => {
    const text = 'When the tide comes in across the wide flat sands of the bay, the birds lift off together and circle over the water until it falls again.';
    const cues = cutCaptionCues(spansOf([text], 15), 'en');
    expect(cues.length).toBeGreaterThan(1);
    expect(cues[0]!.lines.join(' ')).toMatch(/bay,$/);
  });

  it('gives a narration shorter than a second one cue of its own length, and never lets it out of the span', () => {
    const span: NarrationSpan = { text: 'Hi.', words: [{ start: 0.05, index: 0, length: 2 }], start: 2.35, seconds: 0.6, end: 3.4 };
    const cues = cutCaptionCues([span], 'en');
    expect(cues).toEqual([{ start: 2.35, end: 2.95, lines: ['Hi.'] }]);
  });

  it('keeps a word longer than a line whole, on a line of its own', () => {
    const word = 'Donaudampfschifffahrtselektrizitätenhauptbetriebswerkbauunterbeamtengesellschaft';
    const cues = cutCaptionCues(spansOf([`Das ist die ${word} in Wien.`], 15), 'de');
    const lines = cues.flatMap((cue) => cue.lines);
    expect(lines).toContain(word);
    expect(lines.filter((line) => line !== word).every((line) => widthOf(line) <= 42)).toBe(true);
  });

  it('holds a cue at most 7 s when the speech is slow, and no word time leaves the span', () => {
    // One word, then a long pause in the clip.
    const span: NarrationSpan = { text: 'Wait. For it.', words: [{ start: 0, index: 0, length: 4 }, { start: 9, index: 6, length: 3 }, { start: 9.4, index: 10, length: 2 }], start: 0.35, seconds: 10.5 };
    const cues = cutCaptionCues([span], 'en');
    expectReadableCues(parseSrt(writeSrt(cues)), [{ start: 0.35, end: 10.85 }], 42);
    expect(cues.map((cue) => cue.lines.join(' '))).toEqual(['Wait.', 'For it.']);
  });

  it('escapes WebVTT markup and reads back the same text', () => {
    const cues = cutCaptionCues(spansOf(['Salt & pepper <mixed> --> served.'], 15), 'en');
    const file = writeWebVtt(cues);
    expect(file).toContain('Salt &amp; pepper &lt;mixed&gt; --&gt; served.');
    expect(parseVtt(file)[0]!.lines.join(' ')).toBe('Salt & pepper <mixed> --> served.');
  });
});
