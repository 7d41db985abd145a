import { describe, expect, it } from 'vitest';
import { followsText, infographicSeconds } from '../../../src/pipeline/infographics/infographic-duration.js';

/** Settings as a version keeps them: texts, numbers and the theme's keys. */
function settings(headline: string, labels: string[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  const items = Object.fromEntries(labels.flatMap((label, i) => [[`item${i + 1}Label`, label], [`item${i + 1}Value`, i + 1]]));
  return { headline, visual: 'bar', unit: '€', ...items, primaryColor: '#2563EB', headingFont: 'Inter', bodyFont: 'Inter', ...extra };
}

describe('an infographic\'s length', () => {
  it('keeps a duration the request asked for, whatever its text', () => {
    expect(infographicSeconds(4, settings('A very long headline '.repeat(10), ['one', 'two']))).toBe(4);
    expect(infographicSeconds(60, settings('Short', ['one']))).toBe(60);
  });

  it('lasts the default 15 s when its text reads in less', () => {
    // 4 + 4 words: 1 s + 8 × 0.3 s = 3.4 s to read.
    expect(infographicSeconds(undefined, settings('Revenue grew every quarter', ['Q1', 'Q2', 'Q3', 'Q4']))).toBe(15);
  });

  it('lasts as long as its text takes to read when that is longer: 1 s and 0.3 s a word, counting neither colors, fonts nor the unit', () => {
    const long = settings('Where the engineering budget went across the departments that build and run the platform', ['Infrastructure & Hosting Operations', 'Customer Success & Support Engineering', 'Research and Advanced Prototyping'], {
      subheadline: 'Infrastructure and customer-facing teams took the largest share of spending, while internationalization was paused for the whole year pending the new localization strategy',
      source: 'Source: budget-2024.xlsx, sheet Engineering, rows 4–9',
    });
    // 14 headline + 3 + 4 + 4 label + 24 subheadline + 9 source words (the word breaker's count) = 58: 1 + 17.4 = 18.4 s, whole seconds up.
    expect(infographicSeconds(undefined, long)).toBe(19);
  });

  it('never runs past the 120 s an infographic may last', () => {
    expect(infographicSeconds(undefined, settings('word '.repeat(500), []))).toBe(120);
  });

  it('reads whether a project follows its text from its stored options', () => {
    expect(followsText(JSON.stringify({ duration: 15, durationFollowsText: true }))).toBe(true);
    expect(followsText(JSON.stringify({ duration: 15 }))).toBe(false);
    expect(followsText('not json')).toBe(false);
  });
});
