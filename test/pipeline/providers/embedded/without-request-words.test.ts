import { describe, expect, it } from 'vitest';
import { withoutRequestWords } from '../../../../src/pipeline/providers/embedded/request-content.js';

describe('withoutRequestWords', () => {
  it.each([
    ['48,000 of you. Thank you.', '48,000 of you. Thank you.'],
    ["Why three? Each side's SYN must be acknowledged, and SYN-ACK does both jobs in one packet.", "Why three? Each side's SYN must be acknowledged, and SYN-ACK does both jobs in one packet."],
    ['Wait for it...', 'Wait for it...'],
    ["Besoin d'une vraie pause ?", "Besoin d'une vraie pause ?"],
  ])('keeps a model\'s own words whole: %s', (text, kept) => {
    expect(withoutRequestWords(text)).toBe(kept);
  });

  it.each([
    ['Lift it, please. Then stand.', 'Lift it. Then stand.'],
    ['Fresh every morning, please', 'Fresh every morning'],
    ['Vertical teaser: Slow sourdough', 'Slow sourdough'],
  ])('takes the request\'s production words out without leaving a stray stop or comma: %s', (text, left) => {
    expect(withoutRequestWords(text)).toBe(left);
  });
});
