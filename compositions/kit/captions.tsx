import React from 'react';
import { AbsoluteFill, Sequence, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../scene-props';
import { contrastRatio, parseColor } from './color';
import { fitText } from './fitted-text';
import { fontFamily, fontWeight } from './fonts';
import { captionBand, captionType, litSegments, type CaptionType, type CaptionWord } from './caption-words';
import { layoutFor } from './layout';

export { captionBand } from './caption-words';
export type { CaptionWord } from './caption-words';

/** A caption line and when it shows, in seconds from the scene's start; `words` time each word (karaoke). */
export interface CaptionChunk {
  text: string;
  start: number;
  end: number;
  words?: CaptionWord[];
}

/** How burned-in captions look: a clean subtitle, large bold words, or bold words lit as they are said. */
export type CaptionStyle = 'clean' | 'bold' | 'karaoke';
/** Where they sit: a band under or over the scene (the scene is laid out above or below it), or over the middle of a picture. */
export type CaptionPosition = 'bottom' | 'middle' | 'top';

/** A scene's burned-in captions: their look, their place and their lines. */
export interface CaptionTrack {
  style: CaptionStyle;
  position: CaptionPosition;
  chunks: CaptionChunk[];
}

/** The caption's type: white, on a band in the pack's darkest colour. */
const INK = '#FFFFFF';
/** The karaoke highlight where the pack's colours are too dark on the band. */
const HIGHLIGHT_FALLBACK = '#FFD23F';

/**
 * The band's colour: the darker of the pack's background and text (its background on a dark pack,
 * its text colour on a light one), so it belongs to the pack; near-black where neither is dark
 * enough for white type.
 */
function bandOf(theme: Theme): string {
  const ink = parseColor(INK)!;
  const candidates = [theme.palette.background, theme.palette.text].flatMap((color) => {
    const parsed = color ? parseColor(color) : undefined;
    return parsed && color ? [{ color, contrast: contrastRatio(ink, parsed) }] : [];
  });
  const darkest = candidates.sort((a, b) => b.contrast - a.contrast)[0];
  return darkest && darkest.contrast >= 7 ? darkest.color : '#0D0D12';
}

/** The pack's accent (or secondary, or primary) where it reads on the band (4.5:1), else a warm yellow. */
function highlightOf(theme: Theme, bandColor: string): string {
  const band = parseColor(bandColor)!;
  for (const candidate of [theme.palette.accent, theme.palette.secondary, theme.palette.primary]) {
    const color = candidate ? parseColor(candidate) : undefined;
    if (color && contrastRatio(color, band) >= 4.5) return candidate!;
  }
  return HIGHLIGHT_FALLBACK;
}

/**
 * Burned-in captions timed to the narration, one chunk at a time. `clean` is a subtitle line;
 * `bold` large heavy words; `karaoke` bold words, each lit in the pack's accent while it is said.
 * Under or over the scene they fill the band the scene host leaves them (see {@link captionBand});
 * in the middle, and in a transparent render, they sit on a dark plate instead.
 */
export const Captions: React.FC<{ theme: Theme; track: CaptionTrack }> = ({ theme, track }) => {
  const frame = useCurrentFrame();
  const { fps, width, height } = useVideoConfig();
  const layout = layoutFor(width, height);
  const time = frame / fps;
  const band = captionBand(track, width, height);
  const bandColor = bandOf(theme);
  // Over a picture, or in a transparent render (laid over someone's footage), the words sit on a plate instead of a band.
  const plate = track.position === 'middle' || theme.transparent === true;
  const current = track.chunks.find((chunk) => time >= chunk.start && time < chunk.end);
  const type = captionType(track.style, layout.unit);
  const boxW = layout.contentWidth * (track.position === 'middle' ? 0.86 : 0.94);
  const boxH = type.size * 1.2 * type.lines;
  const place: React.CSSProperties = track.position === 'middle' ? { top: 0, bottom: 0, alignItems: 'center' } : track.position === 'top' ? { top: 0, height: band, alignItems: 'center' } : { bottom: 0, height: band, alignItems: 'center' };
  return (
    <AbsoluteFill>
      {band > 0 && !plate ? <div data-kit-part="caption-band" style={{ position: 'absolute', left: 0, right: 0, [track.position === 'top' ? 'top' : 'bottom']: 0, height: band, background: bandColor }} /> : null}
      {current ? (
        <div style={{ position: 'absolute', left: 0, right: 0, display: 'flex', justifyContent: 'center', ...place }}>
          <div data-kit-part="captions" dir="auto" style={plate ? { background: 'rgba(13, 13, 18, 0.82)', borderRadius: 14 * layout.unit, padding: `${12 * layout.unit}px ${26 * layout.unit}px` } : undefined}>
            <CaptionLines chunk={current} time={time} width={boxW} height={boxH} type={type} family={theme.fonts.body} highlight={track.style === 'karaoke' ? highlightOf(theme, bandColor) : undefined} />
          </div>
        </div>
      ) : null}
    </AbsoluteFill>
  );
};

/**
 * A scene with its burned-in captions (the scene host's and the app preview's): under or over the
 * scene the captions take their band and the scene is laid out in the rest of the canvas (its
 * canvas is that much shorter), so they never cover its text.
 */
export const CaptionedScene: React.FC<{ theme: Theme; track?: CaptionTrack; children: React.ReactNode }> = ({ theme, track, children }) => {
  const { width, height } = useVideoConfig();
  const band = track ? captionBand(track, width, height) : 0;
  return (
    <>
      {band > 0 ? (
        <div style={{ position: 'absolute', left: 0, top: track!.position === 'top' ? band : 0, width, height: height - band, overflow: 'hidden' }}>
          <Sequence layout="none" height={height - band} name="scene">
            {children}
          </Sequence>
        </div>
      ) : (
        children
      )}
      {track ? <Captions theme={theme} track={track} /> : null}
    </>
  );
};

/**
 * A chunk's lines, fitted to the box; with `highlight`, the word being said (and the words said)
 * drawn in it. Lines break where the fitted text breaks, so a lit word never reflows its line.
 */
const CaptionLines: React.FC<{ chunk: CaptionChunk; time: number; width: number; height: number; type: CaptionType; family: string; highlight?: string }> = ({ chunk, time, width, height, type, family, highlight }) => {
  const text = type.uppercase ? chunk.text.toUpperCase() : chunk.text;
  const fit = fitText({ text, width, height, maxLines: type.lines, maxFontSize: type.size, family, weight: type.weight, lineHeight: 1.2 });
  // Each fitted line's characters in the chunk's text: lines break at single spaces.
  let cursor = 0;
  const ranges = fit.lines.map((line) => {
    while (text[cursor] === ' ') cursor += 1;
    const start = cursor;
    cursor += line.length;
    return [start, cursor] as const;
  });
  const words = highlight ? (chunk.words ?? []) : [];
  return (
    <div style={{ width, fontFamily: fontFamily(family), fontWeight: fontWeight(family, type.weight), fontSize: fit.fontSize, lineHeight: 1.2, color: INK, textAlign: 'center' }}>
      {ranges.map(([start, end], index) => (
        <div key={index} data-kit-part="caption" style={{ whiteSpace: 'nowrap' }}>
          {words.length === 0 ? text.slice(start, end) : litSegments(text, start, end, words, time).map((segment, i) => (segment.lit ? <span key={i} style={{ color: highlight }}>{segment.text}</span> : <React.Fragment key={i}>{segment.text}</React.Fragment>))}
        </div>
      ))}
    </div>
  );
};
