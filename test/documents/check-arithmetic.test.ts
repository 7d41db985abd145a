import { describe, expect, it } from 'vitest';
import { checkArithmetic } from '../../src/documents/check-arithmetic.js';

const stated = new Set([48000, 1200, 120, 80, 11000, 4.6]);
const isStated = (value: number) => stated.has(value);

describe('checkArithmetic', () => {
  it.each([
    ['48000 / 1200 = 40', 40],
    ['48,000 ÷ 1,200 = 40', 40],
    ['48k / 1.2k = 40×', 40],
    ['(120 - 80) / 80 × 100 = 50%', 50],
    ['11000 / 365 = 30.1', 30.1],
    ['11,000 / 12 ≈ 917', 917],
    ['$48,000 / 1,200 = 40', 40],
  ])('accepts %s, a sum of stated figures that holds', (arithmetic, value) => {
    expect(checkArithmetic(arithmetic, isStated)).toEqual({ ok: true, value });
  });

  it('refuses a sum that does not hold, saying what it comes to', () => {
    expect(checkArithmetic('48000 / 1300 = 40', (value) => value === 48000 || value === 1300)).toEqual({ ok: false, problem: '48000 / 1300 is 36.9231, not 40' });
  });

  it('refuses a sum that starts from a figure nobody stated', () => {
    expect(checkArithmetic('5 * 7 = 35', isStated)).toEqual({ ok: false, problem: 'it starts from 5, 7, which the request and its documents do not state' });
  });

  it('refuses what is not a sum', () => {
    expect(checkArithmetic('forty', isStated).ok).toBe(false);
    expect(checkArithmetic('48000 / = 40', isStated).ok).toBe(false);
    expect(checkArithmetic('48000 / 1200 = about forty', isStated).ok).toBe(false);
  });
});
