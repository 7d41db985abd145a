import { expect } from 'vitest';

/** A cue as a caption file states it: seconds and lines. */
export interface ParsedCue {
  start: number;
  end: number;
  lines: string[];
}

const seconds = (h: string, m: string, s: string, ms: string) => Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;

/**
 * A strict SubRip reader: blocks separated by one blank line, each a number counting up from 1, a
 * `HH:MM:SS,mmm --> HH:MM:SS,mmm` line and one or more non-empty text lines; the file ends with a newline.
 */
export function parseSrt(text: string): ParsedCue[] {
  if (text.includes('\r')) throw new Error('SRT: carriage return');
  if (!text.endsWith('\n') || text.endsWith('\n\n')) throw new Error('SRT: must end with exactly one newline');
  return text
    .slice(0, -1)
    .split('\n\n')
    .map((block, index) => {
      const [number, timing, ...lines] = block.split('\n');
      if (number !== String(index + 1)) throw new Error(`SRT: cue ${index + 1} is numbered "${number}"`);
      const match = /^(\d{2}):([0-5]\d):([0-5]\d),(\d{3}) --> (\d{2}):([0-5]\d):([0-5]\d),(\d{3})$/.exec(timing ?? '');
      if (!match) throw new Error(`SRT: cue ${index + 1} has timing "${timing}"`);
      if (lines.length === 0 || lines.some((line) => !line.trim())) throw new Error(`SRT: cue ${index + 1} has an empty line`);
      return { start: seconds(match[1]!, match[2]!, match[3]!, match[4]!), end: seconds(match[5]!, match[6]!, match[7]!, match[8]!), lines };
    });
}

/**
 * A strict WebVTT reader: the `WEBVTT` line, a blank line, then blocks of an optional identifier, a
 * `HH:MM:SS.mmm --> HH:MM:SS.mmm` line and non-empty text lines with no `-->` and no bare `<` or `&`;
 * text comes back unescaped.
 */
export function parseVtt(text: string): ParsedCue[] {
  if (!text.startsWith('WEBVTT\n\n')) throw new Error('VTT: no WEBVTT header');
  const body = text.slice('WEBVTT\n\n'.length);
  if (!body.endsWith('\n') || body.endsWith('\n\n')) throw new Error('VTT: must end with exactly one newline');
  return body
    .slice(0, -1)
    .split('\n\n')
    .map((block, index) => {
      const rows = block.split('\n');
      if (!rows[0]!.includes('-->')) rows.shift();
      const [timing, ...lines] = rows;
      const match = /^(\d{2}):([0-5]\d):([0-5]\d)\.(\d{3}) --> (\d{2}):([0-5]\d):([0-5]\d)\.(\d{3})$/.exec(timing ?? '');
      if (!match) throw new Error(`VTT: cue ${index + 1} has timing "${timing}"`);
      if (lines.length === 0 || lines.some((line) => !line.trim() || line.includes('-->') || /<|&(?!amp;|lt;|gt;)/.test(line))) {
        throw new Error(`VTT: cue ${index + 1} has a bad text line`);
      }
      const unescaped = lines.map((line) => line.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
      return { start: seconds(match[1]!, match[2]!, match[3]!, match[4]!), end: seconds(match[5]!, match[6]!, match[7]!, match[8]!), lines: unescaped };
    });
}

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
/** Characters as a reader counts them. */
export const widthOf = (line: string) => [...graphemes.segment(line)].length;

/**
 * Checks the rules every caption file keeps: cues in order, never overlapping, each 1 to 7 s (a
 * shorter one only where its whole narration span is shorter than 1 s), each inside one narration
 * span, at most two lines of at most `lineLength` characters.
 */
export function expectReadableCues(cues: ParsedCue[], spans: { start: number; end: number }[], lineLength: number): void {
  expect(cues.length).toBeGreaterThan(0);
  const eps = 0.0005;
  for (const [index, cue] of cues.entries()) {
    const where = `cue ${index + 1} ${cue.start}-${cue.end} ${JSON.stringify(cue.lines)}`;
    expect(cue.end, where).toBeGreaterThan(cue.start);
    if (index > 0) expect(cue.start, where).toBeGreaterThanOrEqual(cues[index - 1]!.end - eps);
    const span = spans.find((entry) => cue.start >= entry.start - eps && cue.end <= entry.end + eps);
    expect(span, `${where} lies inside a narration span`).toBeDefined();
    const length = cue.end - cue.start;
    expect(length, where).toBeLessThanOrEqual(7 + eps);
    if (span!.end - span!.start >= 1) expect(length, where).toBeGreaterThanOrEqual(1 - eps);
    expect(cue.lines.length, where).toBeLessThanOrEqual(2);
    for (const line of cue.lines) expect(widthOf(line), `${where}: "${line}"`).toBeLessThanOrEqual(lineLength);
  }
}
