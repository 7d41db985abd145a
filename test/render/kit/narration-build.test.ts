import { describe, expect, it } from 'vitest';
import { buildFrames, cueWords, emphasisAt, narrationTimingOf, spokenTimes, type NarrationTiming } from '../../../compositions/kit/narration-build.js';

/** A narration whose words are said `step` seconds apart from `start`. */
function timed(text: string, start = 0.35, step = 0.4): NarrationTiming {
  const words: NarrationTiming['words'] = [];
  const pattern = /\S+/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) words.push({ index: match.index, length: match[0].length, start: start + words.length * step });
  return { text, words, start, end: start + words.length * step };
}

describe('building a scene with its narration', () => {
  it('keeps the words that can tie an item to the moment it is said', () => {
    expect(cueWords('Bend your knees')).toEqual(['bend', 'knees']);
    expect(cueWords('Die Ärmel hochkrempeln')).toEqual(['armel', 'hochkrempeln']);
    expect(cueWords('48k users')).toEqual(['48k', 'users']);
  });

  it('times each item to the first word after the previous item that names it', () => {
    const narration = timed('First bend your knees. Then keep the box close. Lift with your legs, and never twist.');
    const times = spokenTimes(['Bend your knees', 'Keep the load close', 'Lift with your legs', 'Never twist'], narration);
    const at = (word: string) => narration.words.find((w) => narration.text.slice(w.index, w.index + w.length).toLowerCase().startsWith(word))!.start;
    expect(times).toEqual([at('bend'), at('keep'), at('lift'), at('never')]);
  });

  it('matches plurals and endings by their stem, in other languages too', () => {
    const narration = timed('Zuerst wird der Teig geknetet, dann ruht er zwölf Stunden, danach backen wir ihn.');
    const [knead, rest, bake] = spokenTimes(['Teig kneten', 'Zwölf Stunden ruhen', 'Backen'], narration);
    expect(knead).toBeLessThan(rest!);
    expect(rest).toBeLessThan(bake!);
  });

  it('puts an item the narration never names between its named neighbours, and never goes backwards', () => {
    const narration = timed('Sunlight reaches the leaf. Sugar is made from water and air.');
    const [sun, unnamed, sugar] = spokenTimes(['Sunlight', 'Chlorophyll', 'Sugar'], narration);
    expect(unnamed).toBeGreaterThan(sun!);
    expect(unnamed).toBeLessThan(sugar!);
    // An item named before the one listed ahead of it still enters after it.
    const times = spokenTimes(['Sugar', 'Sunlight'], narration);
    expect(times[1]).toBeGreaterThanOrEqual(times[0]!);
  });

  it('spreads the items over the spoken part when the narration names none', () => {
    const narration = timed('This is how it goes, one thing after another.', 1, 0.5);
    const times = spokenTimes(['Alpha', 'Beta', 'Gamma'], narration) as number[];
    expect(times[0]).toBeGreaterThan(narration.start);
    expect(times[2]).toBeLessThan(narration.end);
    expect(times[1]! - times[0]!).toBeCloseTo(times[2]! - times[1]!, 5);
  });

  it('keeps the component’s own delays without narration, and enters items ahead of their word, in order and apart', () => {
    expect(buildFrames(['a', 'b'], undefined, 30, [10, 20])).toEqual({ enter: [10, 20], narrated: false });
    const narration = timed('one two knees knees knees');
    const { enter, narrated } = buildFrames(['knees', 'knees again'], narration, 30, [0, 0], { first: 12, gap: 5 });
    expect(narrated).toBe(true);
    expect(enter[0]).toBe(Math.max(12, Math.round((0.35 + 0.8) * 30) - 4));
    expect(enter[1]! - enter[0]!).toBeGreaterThanOrEqual(5);
    expect(buildFrames(['knees'], narration, 30, [0], { last: 20 }).enter).toEqual([20]);
  });

  it('emphasises the item being spoken about, dims the others, and shows all alike before the second item and after the narration', () => {
    const enter = [10, 40, 70];
    const end = 120;
    expect([0, 1, 2].map((i) => emphasisAt(i, 20, enter, end))).toEqual([1, 1, 1]);
    expect([0, 1, 2].map((i) => emphasisAt(i, 55, enter, end))).toEqual([0, 1, 0]);
    expect([0, 1, 2].map((i) => emphasisAt(i, 100, enter, end))).toEqual([0, 0, 1]);
    expect([0, 1, 2].map((i) => emphasisAt(i, 140, enter, end))).toEqual([1, 1, 1]);
    // Eased between: the emphasis moves over a few frames, not in a cut.
    const moving = emphasisAt(1, 72, enter, end);
    expect(moving).toBeGreaterThan(0);
    expect(moving).toBeLessThan(1);
  });

  it('reads a scene’s timing from its settings, and nothing from malformed ones', () => {
    const timing = timed('Hello there.');
    expect(narrationTimingOf({ narrationTiming: timing })).toEqual(timing);
    expect(narrationTimingOf({ narrationTiming: 'soon' })).toBeUndefined();
    expect(narrationTimingOf({})).toBeUndefined();
  });
});
