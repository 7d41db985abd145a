import type { CaptionCue } from './caption-cues.js';

/** The caption file formats the node writes: SubRip and WebVTT. */
export const CAPTION_FORMATS = ['srt', 'vtt'] as const;

/** A caption file format. */
export type CaptionFormat = (typeof CAPTION_FORMATS)[number];

/** The Content-Type each format is served with. */
export const CAPTION_CONTENT_TYPES: Record<CaptionFormat, string> = {
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
};

/** `HH:MM:SS<separator>mmm` of a time in seconds (whole milliseconds). */
function timestamp(seconds: number, separator: ',' | '.'): string {
  const total = Math.max(0, Math.round(seconds * 1000));
  const ms = total % 1000;
  const s = Math.floor(total / 1000) % 60;
  const m = Math.floor(total / 60_000) % 60;
  const h = Math.floor(total / 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(h)}:${two(m)}:${two(s)}${separator}${String(ms).padStart(3, '0')}`;
}

/** SubRip: numbered cues from 1, `00:00:01,000 --> 00:00:03,500`, a blank line after each. */
export function writeSrt(cues: CaptionCue[]): string {
  return cues.map((cue, index) => `${index + 1}\n${timestamp(cue.start, ',')} --> ${timestamp(cue.end, ',')}\n${cue.lines.join('\n')}\n`).join('\n');
}

/** WebVTT cue text: `&`, `<` and `>` escaped, so no text reads as a tag or as `-->`. */
function vttText(line: string): string {
  return line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** WebVTT: the `WEBVTT` header, then each cue's `00:00:01.000 --> 00:00:03.500` and its lines. */
export function writeWebVtt(cues: CaptionCue[]): string {
  const body = cues.map((cue) => `${timestamp(cue.start, '.')} --> ${timestamp(cue.end, '.')}\n${cue.lines.map(vttText).join('\n')}\n`);
  return ['WEBVTT\n', ...body].join('\n');
}

/** The caption file of `cues` in `format`. */
export function writeCaptions(format: CaptionFormat, cues: CaptionCue[]): string {
  return format === 'vtt' ? writeWebVtt(cues) : writeSrt(cues);
}
