// The measures of burned-in captions (their type and band) and which part of a line is lit while
// it is said (karaoke): pure, unit tested.

/** A spoken word inside a caption line: its characters (offsets into the line's text) and when it is said, in seconds from the scene's start. */
export interface CaptionWord {
  from: number;
  to: number;
  start: number;
  end: number;
}

/** The characters `start`..`end` of a caption's text cut at its words' edges, the word being said at `time` marked lit (one word at a time). */
export function litSegments(text: string, start: number, end: number, words: CaptionWord[], time: number): { text: string; lit: boolean }[] {
  const segments: { text: string; lit: boolean }[] = [];
  let at = start;
  for (const word of words) {
    const from = Math.max(at, word.from);
    const to = Math.min(end, word.to);
    if (to <= from) continue;
    if (from > at) segments.push({ text: text.slice(at, from), lit: false });
    segments.push({ text: text.slice(from, to), lit: time >= word.start && time < word.end });
    at = to;
  }
  if (at < end) segments.push({ text: text.slice(at, end), lit: false });
  return segments;
}

/** The type of a caption look: its largest size, weight, the lines a chunk may take, and whether it is set in capitals. */
export interface CaptionType {
  size: number;
  weight: number;
  lines: number;
  uppercase: boolean;
}

/** The type of a look on a canvas whose unit (its shorter side over 1080) is `unit`: clean 48 px at 1080p, bold and karaoke 62 px and heavy. */
export function captionType(style: 'clean' | 'bold' | 'karaoke', unit: number): CaptionType {
  if (style === 'clean') return { size: 48 * unit, weight: 600, lines: 2, uppercase: false };
  return { size: 62 * unit, weight: 800, lines: 2, uppercase: style === 'bold' };
}

/**
 * The height of the band a look's captions take under or over the scene, in px: two lines of its
 * type and its padding (the scene is laid out in the rest of the canvas). Zero over the middle of a picture.
 */
export function captionBand(track: { style: 'clean' | 'bold' | 'karaoke'; position: 'bottom' | 'middle' | 'top' }, width: number, height: number): number {
  if (track.position === 'middle') return 0;
  const type = captionType(track.style, Math.min(width, height) / 1080);
  return Math.round(type.size * 1.2 * type.lines + type.size * 0.9);
}
