import { describe, expect, it } from 'vitest';
import { litSegments } from '../../../compositions/kit/caption-words.js';
import type { SpokenWord } from '../../../src/pipeline/audio/audio-protocol.js';
import { captionChunks, captionRequestOf, captionTrack } from '../../../src/pipeline/speech/caption-chunks.js';

/** Word timings for `text`, one word (or, with `unspaced`, one character) every 0.4 s. */
function wordsOf(text: string, unspaced = false): SpokenWord[] {
  const pieces = unspaced ? [...text].map((char, index) => ({ index, length: char.length })) : [...text.matchAll(/\S+/g)].map((m) => ({ index: m.index, length: m[0].replace(/[,.!?]$/, '').length }));
  return pieces.map((piece, i) => ({ ...piece, start: i * 0.4 }));
}

describe('burned-in caption lines', () => {
  const text = 'Heat pumps move warmth from cold outdoor air into your home, even in winter.';

  it('are as long as their look allows: bold and karaoke lines are short, clean ones up to eight words', () => {
    const words = wordsOf(text);
    const clean = captionChunks(text, words, 0.35, 6, 'clean');
    const bold = captionChunks(text, words, 0.35, 6, 'bold');
    const karaoke = captionChunks(text, words, 0.35, 6, 'karaoke');
    expect(clean.map((c) => c.text)).toEqual(['Heat pumps move warmth from cold outdoor air', 'into your home', 'even in winter']);
    for (const chunk of bold) expect(chunk.text.split(' ').length).toBeLessThanOrEqual(4);
    for (const chunk of karaoke) expect(chunk.text.split(' ').length).toBeLessThanOrEqual(5);
    for (const chunks of [clean, bold, karaoke]) {
      expect(chunks.map((c) => c.text).join(' ')).toBe('Heat pumps move warmth from cold outdoor air into your home even in winter');
      for (let i = 1; i < chunks.length; i += 1) expect(chunks[i]!.start).toBe(chunks[i - 1]!.end);
    }
  });

  it('time every word: its characters in the line, lit from when it is said until the next word', () => {
    const [first] = captionChunks(text, wordsOf(text), 0.35, 6, 'karaoke');
    expect(first!.text).toBe('Heat pumps move warmth from');
    expect(first!.words!.map((w) => first!.text.slice(w.from, w.to))).toEqual(['Heat', 'pumps', 'move', 'warmth', 'from']);
    expect(first!.words![1]!.start).toBeCloseTo(0.75);
    expect(first!.words![1]!.end).toBeCloseTo(1.15);
    // At 1 s "pumps" is being said: only it is lit.
    const segments = litSegments(first!.text, 0, first!.text.length, first!.words!, 1);
    expect(segments.filter((s) => s.lit).map((s) => s.text)).toEqual(['pumps']);
    expect(segments.map((s) => s.text).join('')).toBe(first!.text);
  });

  it('count characters in scripts without spaces (Japanese, Chinese)', () => {
    const japanese = 'ヒートポンプは冷たい外気から熱を集めて家の中へ運びます';
    const chunks = captionChunks(japanese, wordsOf(japanese, true), 0.35, 12, 'clean');
    expect(chunks.map((c) => c.text).join('')).toBe(japanese);
    for (const chunk of chunks) expect([...chunk.text].length).toBeLessThanOrEqual(32);
    const bold = captionChunks(japanese, wordsOf(japanese, true), 0.35, 12, 'bold');
    for (const chunk of bold) expect([...chunk.text].length).toBeLessThanOrEqual(15);
    expect(bold.length).toBeGreaterThan(1);
  });

  it('follow the request, then the prompt: false turns them off even where the prompt asks', () => {
    expect(captionRequestOf(undefined, 'How tides work')).toBeUndefined();
    expect(captionRequestOf(undefined, 'How tides work, with captions')).toEqual({ style: 'clean', position: 'bottom' });
    expect(captionRequestOf(false, 'How tides work, with captions')).toBeUndefined();
    expect(captionRequestOf(true, 'How tides work')).toEqual({ style: 'clean', position: 'bottom' });
    expect(captionRequestOf({ style: 'karaoke' }, '')).toEqual({ style: 'karaoke', position: 'bottom' });
    expect(captionRequestOf({ position: 'top' }, '')).toEqual({ style: 'clean', position: 'top' });
  });

  it('sit over the middle only of a filmed shot without words of its own; elsewhere in the band at the bottom', () => {
    const words = wordsOf(text);
    const middle = { style: 'bold', position: 'middle' } as const;
    expect(captionTrack(middle, { kind: 'footage', settings: {} }, text, words, 0.35, 6).position).toBe('middle');
    expect(captionTrack(middle, { kind: 'footage', settings: { caption: 'Lake Bled at dusk' } }, text, words, 0.35, 6).position).toBe('bottom');
    expect(captionTrack(middle, { kind: 'bullets', settings: {} }, text, words, 0.35, 6).position).toBe('bottom');
    expect(captionTrack({ style: 'clean', position: 'top' }, { kind: 'bullets', settings: {} }, text, words, 0.35, 6).position).toBe('top');
  });
});

describe("an edit's words about captions", () => {
  it('set them as the captions field does, and leave the rest of the change to the grammar', async () => {
    const { readCaptionClauses } = await import('../../../src/pipeline/edit/caption-clauses.js');
    expect(readCaptionClauses('Remove the captions')).toEqual({ rest: '', captions: false });
    expect(readCaptionClauses('add karaoke captions at the top and make the title red')).toEqual({ rest: 'make the title red', captions: { style: 'karaoke', position: 'top' } });
    expect(readCaptionClauses('Untertitel hinzufügen')).toEqual({ rest: '', captions: {} });
    expect(readCaptionClauses('make the title red')).toEqual({ rest: 'make the title red' });
    expect(readCaptionClauses("replace 'captions' with 'subtitles'")).toEqual({ rest: "replace 'captions' with 'subtitles'" });
  });
});

describe("a scene's burned-in captions in its settings", () => {
  it('live under their own key, never taking a component\'s captions (an image grid\'s tile captions) for theirs', async () => {
    const { burnedCaptionsIn, withBurnedCaptions } = await import('../../../src/pipeline/speech/caption-chunks.js');
    const grid = { images: ['a', 'b'], captions: ['Jane Doe, CEO', 'Sam Lee, CTO'] };
    expect(burnedCaptionsIn(grid)).toBeUndefined();
    const track = { style: 'bold' as const, position: 'bottom' as const, chunks: [{ text: 'Meet the team', start: 0.35, end: 1.5 }] };
    const captioned = withBurnedCaptions(grid, track);
    expect(captioned).toEqual({ ...grid, narrationCaptions: track });
    expect(burnedCaptionsIn(captioned)).toEqual(track);
    expect(withBurnedCaptions(captioned, undefined)).toEqual(grid);
    // A job made before looks kept a list of chunks under `captions`: it is read, and replaced by a track.
    const old = { title: 'Tides', captions: [{ text: 'The moon pulls', start: 0.35, end: 1 }] };
    expect(burnedCaptionsIn(old)).toEqual(old.captions);
    expect(withBurnedCaptions(old, track)).toEqual({ title: 'Tides', narrationCaptions: track });
  });
});
