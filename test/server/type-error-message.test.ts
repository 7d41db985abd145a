import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeValue, fieldTakes, typeErrorMessage } from '../../src/server/type-error-message.js';

const schema = z.strictObject({
  size: z.strictObject({ width: z.number().int().min(2).max(10).multipleOf(2), height: z.number().int().min(2).max(10).multipleOf(2) }).optional().describe('Canvas size in pixels; wins over ratio'),
  count: z.number().int().min(1).max(12).optional().describe('How many. @default 6'),
  ratio: z.enum(['16:9', '9:16']).optional(),
  fps: z.union([z.literal(24), z.literal(30)]).optional().describe('24 or 30'),
  tags: z.array(z.string().min(1).max(20)).max(3).optional().describe('Labels, for example "news"'),
  link: z.url().optional(),
  note: z.string().max(50).nullable().optional().describe('A note'),
  on: z.boolean().optional().describe('Whether it is on; more words. @default false'),
  when: z.iso.datetime().optional(),
  extra: z.record(z.string(), z.number()).optional(),
});

describe('fieldTakes', () => {
  it.each([
    [['size'], 'takes an object { width, height } (canvas size in pixels), for example {"width":2,"height":2}'],
    [['size', 'width'], 'takes an even whole number from 2 to 10, for example 2'],
    [['count'], 'takes a whole number from 1 to 12 (how many), for example 6'],
    [['ratio'], 'takes one of "16:9", "9:16", for example "16:9"'],
    [['fps'], 'takes one of 24, 30, for example 24'],
    [['tags'], 'takes an array of at most 3 items, each a string of 1 to 20 characters (labels, for example "news")'],
    [['tags', 0], 'takes a string of 1 to 20 characters'],
    [['link'], 'takes a URL, for example "https://example.com/file"'],
    [['note'], 'takes a string of at most 50 characters, or null (a note)'],
    [['on'], 'takes true or false (whether it is on), for example false'],
    [['when'], 'takes a date and time (ISO 8601), for example "2025-01-31T09:00:00Z"'],
    [['extra'], 'takes an object whose values are each a number, for example {"key":1}'],
  ] as [PropertyKey[], string][])('says what %j takes', (path, words) => {
    expect(fieldTakes(schema, path)).toBe(words);
  });

  it('knows no field outside the schema', () => {
    expect(fieldTakes(schema, ['nope'])).toBeUndefined();
  });
});

describe('typeErrorMessage', () => {
  it('adds what came, or says a missing field is required', () => {
    expect(typeErrorMessage(schema, ['on'], 'yes', 'raw')).toBe('takes true or false (whether it is on), for example false; got the string "yes"');
    expect(typeErrorMessage(schema, ['count'], undefined, 'raw')).toBe('is required; takes a whole number from 1 to 12 (how many), for example 6');
    expect(typeErrorMessage(schema, ['nope'], 1, 'raw')).toBe('raw');
  });
});

describe('describeValue', () => {
  it.each([
    ['1280x720', 'the string "1280x720"'],
    ['', 'an empty string'],
    [42, 'the number 42'],
    [true, 'true'],
    [null, 'null'],
    [[1, 2], 'an array of 2 items'],
    [[], 'an empty array'],
    [{ a: 1 }, 'an object'],
    ['x'.repeat(80), `the string "${'x'.repeat(57)}…"`],
  ])('names %j as %j', (value, words) => {
    expect(describeValue(value)).toBe(words);
  });
});
