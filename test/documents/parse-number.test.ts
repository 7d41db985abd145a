import { describe, expect, it } from 'vitest';
import { parseNumber } from '../../src/documents/parse-number.js';

describe('parseNumber', () => {
  it.each([
    ['42', 42],
    ['3.5', 3.5],
    ['1,234,567.89', 1234567.89],
    ['$1,200', 1200],
    ['1200 €', 1200],
    ['£0.99', 0.99],
    ['45%', 45],
    ['12.5 %', 12.5],
    ['-3', -3],
    ['+2', 2],
    ['(4.5)', -4.5],
    ['-$5', -5],
    ['1 234 567', 1234567],
  ])('reads %s as %d', (cell, value) => {
    expect(parseNumber(cell)).toBe(value);
  });

  it.each([['1.234,5', 1234.5], ['3,5', 3.5], ['45,5%', 45.5], ['1.234', 1234], ['3.25', 3.25], ['980,25 €', 980.25]])(
    'reads %s as %d with a decimal comma',
    (cell, value) => {
      expect(parseNumber(cell, { decimalComma: true })).toBe(value);
    },
  );

  it.each(['', 'n/a', 'A1', '12 apples', '1,23', '1.2.3', '$', '%', 'Q1 2024', '2024-01-05'])('does not read %j as a number', (cell) => {
    expect(parseNumber(cell)).toBeUndefined();
  });
});
