import React from 'react';
import { measureText } from '@remotion/layout-utils';
import { Img, interpolate, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../../scene-props';
import { kitColors } from '../color';
import { FitLines, FittedText, fitText, type TextFit } from '../fitted-text';
import { fontFamily, fontWeight } from '../fonts';
import { Heading, packLayout } from '../heading';
import { useLayout, type Layout } from '../layout';
import { entranceStyle, useEntrance } from '../motion';
import { SceneFrame } from '../scene-frame';
import { cardShadow, cornerRadius, imageFit, photoPanel, typeUnit, useNaturalSize } from './image-fit';
import { PushImage } from './lower-third';

function widest(fit: TextFit, family: string, weight: number): number {
  return Math.max(0, ...fit.lines.map((line) => measureText({ text: line, fontFamily: fontFamily(family), fontWeight: fontWeight(family, weight), fontSize: fit.fontSize }).width));
}

/** A heading and caption on a near-opaque panel over a photo, hugging its text. */
const PhotoCaption: React.FC<{ theme: Theme; layout: Layout; heading?: string; caption?: string; maxWidth: number; maxHeight: number; delay?: number }> = ({ theme, layout, heading, caption, maxWidth, maxHeight, delay = 0 }) => {
  const { unit } = layout;
  const tu = typeUnit(layout);
  const panel = photoPanel(theme);
  const colors = kitColors(theme);
  const pack = packLayout(theme);
  const enter = useEntrance(theme, delay);
  const pad = 30 * tu;
  const stripe = 8 * tu;
  const inner = maxWidth - pad * 2 - stripe;
  const gap = heading && caption ? 12 * tu : 0;
  const headingText = heading ? (pack.uppercaseHeadings ? heading.toUpperCase() : heading) : undefined;
  const headingFit = headingText ? fitText({ text: headingText, width: inner, height: Math.min(2 * 68 * tu, (maxHeight - pad * 2) * (caption ? 0.55 : 1)), maxLines: 2, maxFontSize: 60 * tu, family: theme.fonts.heading, weight: 800, lineHeight: 1.1 }) : undefined;
  const captionFit = caption ? fitText({ text: caption, width: inner, height: Math.min(4 * 48 * tu * 1.28, maxHeight - pad * 2 - (headingFit?.height ?? 0) - gap), maxLines: 4, maxFontSize: 48 * tu, family: theme.fonts.body, weight: 500, lineHeight: 1.28 }) : undefined;
  const width = Math.ceil(Math.max(headingFit ? widest(headingFit, theme.fonts.heading, 800) : 0, captionFit ? widest(captionFit, theme.fonts.body, 500) : 0)) + 2;
  return (
    <div
      data-kit-part="photo-caption"
      style={{ display: 'flex', background: panel.fill, borderRadius: cornerRadius(theme, unit, 18), overflow: 'hidden', boxShadow: cardShadow(theme, unit), ...entranceStyle(theme, enter, 36 * unit) }}
    >
      <div style={{ width: stripe, flex: 'none', background: colors.primary }} />
      <div style={{ padding: pad, display: 'flex', flexDirection: 'column', gap }}>
        {headingFit ? <FitLines part="caption-heading" fit={headingFit} width={width} family={theme.fonts.heading} weight={800} color={panel.text} lineHeight={1.1} /> : null}
        {captionFit ? <FitLines part="caption" fit={captionFit} width={width} family={theme.fonts.body} weight={500} color={heading ? panel.muted : panel.text} lineHeight={1.28} /> : null}
      </div>
    </div>
  );
};

const KenBurnsFrame: React.FC<{ theme: Theme; image: string; caption?: string; heading?: string }> = ({ theme, image, caption, heading }) => {
  const layout = useLayout();
  const landscape = layout.orientation === 'landscape';
  const maxWidth = landscape ? layout.contentWidth * (layout.ratio >= 2.2 ? 0.5 : 0.62) : layout.contentWidth;
  return (
    <SceneFrame theme={theme} seed={`image-${caption ?? heading ?? ''}`}>
      <PushImage src={image} seed={image.slice(-40)} zoom={0.14} />
      {heading || caption ? (
        <div style={{ position: 'absolute', left: layout.margin, top: layout.margin, width: layout.contentWidth, height: layout.contentHeight, display: 'flex', flexDirection: 'column', justifyContent: 'flex-end', alignItems: 'flex-start' }}>
          <PhotoCaption theme={theme} layout={layout} heading={heading} caption={caption} maxWidth={maxWidth} maxHeight={layout.contentHeight * (landscape ? 0.6 : 0.45)} delay={theme.motion.staggerFrames * 2} />
        </div>
      ) : null}
    </SceneFrame>
  );
};

const ContainFrame: React.FC<{ theme: Theme; image: string; caption?: string; heading?: string }> = ({ theme, image, caption, heading }) => {
  const layout = useLayout();
  const colors = kitColors(theme);
  const pack = packLayout(theme);
  const { unit } = layout;
  const tu = typeUnit(layout);
  const natural = useNaturalSize(image);
  const enterImage = useEntrance(theme);
  const enterCaption = useEntrance(theme, theme.motion.staggerFrames * 3);
  const hasText = Boolean(heading || caption);
  const beside = layout.orientation === 'landscape' && hasText;
  const gap = 56 * unit;
  const captionMax = caption ? 48 * tu : 0;
  // Text beside the product in landscape, above it otherwise; the product takes what is left.
  const textBudgetWidth = beside ? layout.contentWidth * 0.42 : layout.contentWidth;
  const headingHeight = heading ? (beside ? layout.contentHeight * (caption ? 0.5 : 0.7) : layout.contentHeight * (caption ? 0.24 : 0.22)) : 0;
  const captionHeight = caption ? (beside ? layout.contentHeight * 0.3 : layout.contentHeight * 0.15) : 0;
  const textGap = heading && caption ? 18 * unit : 0;
  const textHeight = headingHeight + captionHeight + textGap;
  const boxWidth = beside ? layout.contentWidth - textBudgetWidth - gap : layout.contentWidth;
  // Stacked, a tall canvas leaves more air between the text and the product.
  const stackGap = gap * (layout.ratio < 0.7 ? 1.3 : 0.7);
  const boxHeight = beside ? layout.contentHeight : layout.contentHeight - (hasText ? textHeight + stackGap : 0);
  const fitted = imageFit(natural?.width ?? 0, natural?.height ?? 0, boxWidth, boxHeight, 'contain');
  // On a wide banner a tall image fills little of its side: it stands on a stage of its own photo,
  // blurred, that fills the side, so the picture and the text span the banner together.
  const staged = beside && layout.ratio >= 2.2 && natural !== undefined && fitted.width < boxWidth * 0.6 && fitted.width * fitted.height < layout.width * layout.height * 0.22;
  // Beside: a narrow product lets the text take up to half of the width.
  const textWidth = staged ? layout.contentWidth - boxWidth - gap : beside ? Math.min(layout.contentWidth - fitted.width - gap, layout.contentWidth * 0.5) : layout.contentWidth;
  const align = beside ? 'left' : pack.align;
  // A short heading alone beside the image sets large on at most two lines, so it fills its column.
  const radius = cornerRadius(theme, unit, 20);
  const shadow = theme.depth === '3d' ? `drop-shadow(0 ${22 * unit}px ${34 * unit}px rgba(0,0,0,0.4))` : `drop-shadow(0 ${14 * unit}px ${26 * unit}px rgba(0,0,0,0.22))`;
  const text = hasText ? (
    <div style={{ width: textWidth, display: 'flex', flexDirection: 'column', gap: textGap, alignItems: align === 'center' ? 'center' : 'flex-start' }}>
      {heading ? <Heading theme={theme} text={heading} width={textWidth} height={headingHeight} unit={tu} maxLines={beside ? (caption || heading.length > 36 ? 4 : 2) : 3} maxFontSize={(beside ? (caption ? 90 : 130) : 84) * tu} align={align} delay={theme.motion.staggerFrames} /> : null}
      {caption ? (
        <div style={entranceStyle(theme, enterCaption, 24 * unit)}>
          <FittedText part="caption" text={caption} width={textWidth} height={captionHeight} maxLines={beside ? 4 : 3} maxFontSize={captionMax} family={theme.fonts.body} weight={400} color={colors.muted} align={align} lineHeight={1.3} />
        </div>
      ) : null}
    </div>
  ) : null;
  return (
    <SceneFrame theme={theme} seed={`product-${heading ?? caption ?? ''}`}>
      <div
        data-kit-part="image-frame"
        style={{ position: 'absolute', left: layout.margin, top: layout.margin, width: layout.contentWidth, height: layout.contentHeight, display: 'flex', flexDirection: beside ? 'row' : 'column', alignItems: 'center', justifyContent: 'center', gap: beside ? gap : stackGap }}
      >
        {beside ? null : text}
        {staged ? (
          <div style={{ flex: 'none', position: 'relative', width: boxWidth, height: boxHeight, borderRadius: radius, overflow: 'hidden', opacity: Math.min(1, enterImage * 1.3), boxShadow: cardShadow(theme, unit) }}>
            <Img src={image} style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', filter: `blur(${Math.round(boxHeight * 0.08)}px) saturate(1.1)`, transform: `scale(${1.08 - 0.02 * enterImage})` }} />
            <div style={{ position: 'absolute', inset: 0, background: colors.background, opacity: 0.3 }} />
            <div style={{ position: 'absolute', left: (boxWidth - fitted.width) / 2, top: (boxHeight - fitted.height) / 2, width: fitted.width, height: fitted.height, transform: `scale(${0.92 + 0.08 * enterImage})`, filter: shadow }}>
              <Img data-kit-part="product" src={image} style={{ display: 'block', width: fitted.width, height: fitted.height, objectFit: 'contain' }} />
            </div>
          </div>
        ) : (
          <div style={{ flex: 'none', width: fitted.width, height: fitted.height, opacity: Math.min(1, enterImage * 1.3), transform: `scale(${0.92 + 0.08 * enterImage})`, filter: shadow }}>
            <Img data-kit-part="product" src={image} style={{ display: 'block', width: fitted.width, height: fitted.height, objectFit: 'contain', borderRadius: natural && natural.width > 0 ? radius : 0 }} />
          </div>
        )}
        {beside ? text : null}
      </div>
    </SceneFrame>
  );
};

/**
 * One image: `ken-burns` (default) fills the canvas with a slow zoom and pan, the caption on a
 * panel; `contain` shows the whole image (a product shot) on the background, heading beside or above.
 */
export const ImageFrame: React.FC<{ theme: Theme; image: string; mode?: 'ken-burns' | 'contain'; caption?: string; heading?: string }> = ({ theme, image, mode = 'ken-burns', caption, heading }) =>
  mode === 'contain' ? <ContainFrame theme={theme} image={image} caption={caption} heading={heading} /> : <KenBurnsFrame theme={theme} image={image} caption={caption} heading={heading} />;

/** An image on one half (cropped to fill it) and a heading with text on the other; stacked in portrait. */
export const ImageSplit: React.FC<{ theme: Theme; image: string; heading: string; text?: string; side?: 'left' | 'right'; kicker?: string }> = ({ theme, image, heading, text, side = 'left', kicker }) => {
  const layout = useLayout();
  const colors = kitColors(theme);
  const pack = packLayout(theme);
  const frame = useCurrentFrame();
  const { durationInFrames } = useVideoConfig();
  const { unit, width, height, margin } = layout;
  const tu = typeUnit(layout);
  const split = layout.orientation === 'landscape';
  const enterImage = useEntrance(theme);
  const enterText = useEntrance(theme, theme.motion.staggerFrames * 3);
  const push = interpolate(frame, [0, durationInFrames], [1.12, 1.02], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
  const imageWidth = split ? Math.round(width / 2) : width;
  // Stacked on a square, the image leaves the text a little more than half the height, so a
  // four-line body keeps readable type under its heading.
  const imageHeight = split ? height : Math.round(height * (layout.orientation === 'portrait' ? 0.5 : 0.42));
  const imageLeft = split && side === 'right' ? width - imageWidth : 0;
  const textLeft = split ? (side === 'right' ? margin : imageWidth + margin * 0.8) : margin;
  const textTop = split ? margin : imageHeight + margin * 0.7;
  const textWidth = split ? width - imageWidth - margin * 1.8 : layout.contentWidth;
  const textHeight = split ? layout.contentHeight : height - imageHeight - margin * 1.7;
  const align = pack.align;
  // Split beside the image the heading has room to spare; stacked, the body takes the larger share.
  const headingHeight = textHeight * (text ? (split ? 0.5 : 0.42) : 0.8);
  const bodyHeight = text ? textHeight - headingHeight - 30 * unit : 0;
  // The image is revealed from the seam outward.
  const reveal = (1 - enterImage) * 100;
  const clip = split ? (side === 'right' ? `inset(0 0 0 ${reveal}%)` : `inset(0 ${reveal}% 0 0)`) : `inset(0 0 ${reveal}% 0)`;
  const seam = 8 * unit;
  return (
    <SceneFrame theme={theme} seed={`split-${heading}`}>
      <div data-kit-bleed="split-image" style={{ position: 'absolute', left: imageLeft, top: 0, width: imageWidth, height: imageHeight, overflow: 'hidden', clipPath: clip }}>
        <Img src={image} style={{ width: '100%', height: '100%', objectFit: 'cover', transform: `scale(${push})` }} />
        <div
          style={{
            position: 'absolute',
            background: colors.primary,
            ...(split ? { top: 0, bottom: 0, width: seam, [side === 'right' ? 'left' : 'right']: 0 } : { left: 0, right: 0, height: seam, bottom: 0 }),
          }}
        />
      </div>
      <div
        data-kit-part="split-text"
        style={{ position: 'absolute', left: textLeft, top: textTop, width: textWidth, height: textHeight, display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: align === 'center' ? 'center' : 'flex-start', gap: 30 * unit }}
      >
        <Heading theme={theme} text={heading} kicker={kicker} width={textWidth} height={headingHeight} unit={tu} maxLines={split ? 4 : 3} maxFontSize={96 * tu} align={align} delay={theme.motion.staggerFrames * 2} />
        {text ? (
          <div style={entranceStyle(theme, enterText, 30 * unit)}>
            <FittedText part="body" text={text} width={textWidth} height={bodyHeight} maxLines={split ? 6 : 4} maxFontSize={48 * tu} family={theme.fonts.body} weight={400} color={colors.muted} align={align} lineHeight={1.35} />
          </div>
        ) : null}
      </div>
    </SceneFrame>
  );
};

/**
 * Columns × rows for `count` tiles in a box, favouring big tiles of a pleasant shape. Tiles
 * narrower than `minTileWidth` (the width their captions' longest word needs at readable size)
 * are taken only when no grid gives wider ones.
 */
export function gridFor(count: number, width: number, height: number, gap: number, minTileWidth = 0): { columns: number; rows: number; tileWidth: number; tileHeight: number } {
  let best = { columns: 1, rows: count, tileWidth: width, tileHeight: height, score: -1 };
  for (let columns = 1; columns <= count; columns += 1) {
    const rows = Math.ceil(count / columns);
    const tileWidth = (width - gap * (columns - 1)) / columns;
    const tileHeight = (height - gap * (rows - 1)) / rows;
    if (tileWidth <= 0 || tileHeight <= 0) continue;
    if (tileWidth < minTileWidth && columns > 1) continue;
    const aspect = tileWidth / tileHeight;
    const shape = aspect < 0.7 ? aspect / 0.7 : aspect > 1.8 ? 1.8 / aspect : 1;
    const filled = count / (columns * rows);
    const score = tileWidth * tileHeight * shape * shape * (0.6 + 0.4 * filled);
    if (score > best.score) best = { columns, rows, tileWidth, tileHeight, score };
  }
  return { columns: best.columns, rows: best.rows, tileWidth: best.tileWidth, tileHeight: best.tileHeight };
}

const GridTile: React.FC<{ theme: Theme; src: string; caption?: TextFit; captionHeight: number; captionPad: number; index: number; step: number; left: number; top: number; width: number; height: number; unit: number }> = ({ theme, src, caption, captionHeight, captionPad, index, step, left, top, width, height, unit }) => {
  const panel = photoPanel(theme);
  const colors = kitColors(theme);
  const enter = useEntrance(theme, Math.min(theme.motion.staggerFrames * 2, 12) + index * step);
  const p = Math.min(1, Math.max(0, enter));
  return (
    <div
      data-kit-part="grid-tile"
      style={{ position: 'absolute', left, top, width, height, borderRadius: cornerRadius(theme, unit, 22), overflow: 'hidden', background: colors.surface, boxShadow: cardShadow(theme, unit, false), opacity: Math.min(1, enter * 1.4), transform: `translateY(${(1 - enter) * 40 * unit}px) scale(${0.9 + 0.1 * p})` }}
    >
      <Img src={src} style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
      {caption ? (
        <div style={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: captionHeight, background: panel.fill, display: 'flex', alignItems: 'center', padding: `0 ${captionPad}px` }}>
          <FitLines part="tile-caption" fit={caption} width={width - captionPad * 2} family={theme.fonts.body} weight={600} color={panel.text} lineHeight={1.2} />
        </div>
      ) : null}
    </div>
  );
};

/**
 * Captions of the tiles at one shared size: on one line, or on two or three when one line would
 * make the type too small.
 */
function tileCaptions(captions: string[], width: number, maxFontSize: number, family: string): { fits: TextFit[]; lines: number } {
  const lineHeight = 1.2;
  const fitAll = (lines: number) => captions.map((text) => fitText({ text, width, height: maxFontSize * lineHeight * lines, maxLines: lines, maxFontSize, family, weight: 600, lineHeight }));
  let lines = 1;
  let size = Math.min(...fitAll(1).map((fit) => fit.fontSize));
  // More lines only when they buy readable type: up to three on a narrow tile.
  for (let more = 2; more <= 3 && size < maxFontSize * 0.97; more += 1) {
    const next = Math.min(...fitAll(more).map((fit) => fit.fontSize));
    if (next <= size * 1.01) break;
    lines = more;
    size = next;
  }
  // Every caption fits at `size` or larger, so refitting with it as the cap gives them all that size.
  const fits = captions.map((text) => fitText({ text, width, height: (size / 0.98) * lineHeight * lines + 1, maxLines: lines, maxFontSize: size / 0.98, family, weight: 600, lineHeight }));
  return { fits, lines };
}

/** Two to six images in a grid whose rows and columns suit the canvas, tiles entering in turn. */
export const ImageGrid: React.FC<{ theme: Theme; images: string[]; heading?: string; captions?: string[] }> = ({ theme, images, heading, captions }) => {
  const layout = useLayout();
  const pack = packLayout(theme);
  const { unit } = layout;
  const tu = typeUnit(layout);
  const shown = images.slice(0, 6);
  const banner = layout.ratio >= 2.2;
  const gap = 20 * unit;
  // The heading sits above the grid, or beside it on a wide banner.
  const headingWidth = heading ? (banner ? layout.contentWidth * 0.28 : layout.contentWidth) : 0;
  const headingHeight = heading ? (banner ? layout.contentHeight : layout.contentHeight * (layout.ratio < 0.7 ? 0.16 : layout.ratio < 0.9 ? 0.2 : 0.24)) : 0;
  const headingGap = heading ? 36 * unit : 0;
  const gridLeft = layout.margin + (banner ? headingWidth + headingGap : 0);
  const gridTop = layout.margin + (banner ? 0 : headingHeight + headingGap);
  const gridWidth = layout.contentWidth - (banner ? headingWidth + headingGap : 0);
  const gridHeight = layout.contentHeight - (banner ? 0 : headingHeight + headingGap);
  const captionTexts = shown.map((_, index) => captions?.[index]?.trim() ?? '');
  const captioned = captionTexts.filter((text) => text);
  // Captions keep readable type (4% of the canvas's shorter side and a little more), taking a second line when they need it.
  const readable = Math.min(layout.width, layout.height) * 0.043;
  // A word never breaks, so a tile is at least as wide as the longest caption word at just over
  // the 4% floor (with a slim padding): else the grid takes fewer, wider columns.
  const longestWord = Math.max(0, ...captioned.flatMap((text) => text.split(/\s+/)).map((word) => measureText({ text: word, fontFamily: fontFamily(theme.fonts.body), fontWeight: fontWeight(theme.fonts.body, 600), fontSize: readable, validateFontIsLoaded: false }).width));
  const minPad = 6 * tu;
  const grid = gridFor(Math.max(1, shown.length), gridWidth, gridHeight, gap, longestWord > 0 ? (longestWord * 0.041) / 0.043 / 0.98 + minPad * 2 : 0);
  // Tiles keep a pleasant shape: a grid that would stretch them gets narrower or shorter, centered.
  const tileWidth = Math.min(grid.tileWidth, grid.tileHeight * 1.8);
  const tileHeight = Math.min(grid.tileHeight, grid.tileWidth * 1.25);
  const usedWidth = tileWidth * grid.columns + gap * (grid.columns - 1);
  const usedHeight = tileHeight * grid.rows + gap * (grid.rows - 1);
  // The caption's padding gives way (down to `minPad`) before its type does.
  const captionPad = Math.max(minPad, Math.min(12 * tu, (tileWidth - longestWord / 0.98) / 2));
  const offsetX = gridLeft + (gridWidth - usedWidth) / 2;
  const offsetY = gridTop + (gridHeight - usedHeight) / 2;
  const captionFits = captioned.length > 0 ? tileCaptions(captioned, tileWidth - captionPad * 2, Math.max(readable, Math.min(34 * tu, tileHeight * 0.12)), theme.fonts.body) : undefined;
  const captionHeight = captionFits ? Math.max(...captionFits.fits.map((fit) => fit.height)) + captionPad * 1.2 : 0;
  const captionFor = (index: number) => (captionTexts[index] ? captionFits?.fits[captionTexts.slice(0, index).filter((text) => text).length] : undefined);
  return (
    <SceneFrame theme={theme} seed={`grid-${heading ?? shown.length}`}>
      {heading ? (
        <div style={{ position: 'absolute', left: layout.margin, top: layout.margin, width: headingWidth, height: headingHeight, display: 'flex', flexDirection: 'column', justifyContent: banner ? 'center' : 'flex-end', alignItems: !banner && pack.align === 'center' ? 'center' : 'flex-start' }}>
          <Heading theme={theme} text={heading} width={headingWidth} height={headingHeight} unit={tu} maxLines={banner ? 4 : 2} maxFontSize={84 * tu} align={banner ? 'left' : undefined} />
        </div>
      ) : null}
      {shown.map((src, index) => {
        const row = Math.floor(index / grid.columns);
        const inRow = row === grid.rows - 1 ? shown.length - row * grid.columns : grid.columns;
        const column = index % grid.columns;
        // A short last row is centered.
        const rowOffset = ((grid.columns - inRow) * (tileWidth + gap)) / 2;
        return (
          <GridTile
            key={index}
            theme={theme}
            src={src}
            caption={captionFor(index)}
            captionHeight={captionHeight}
            captionPad={captionPad}
            index={index}
            step={Math.min(theme.motion.staggerFrames * 1.5, 40 / Math.max(1, shown.length - 1))}
            left={offsetX + rowOffset + column * (tileWidth + gap)}
            top={offsetY + row * (tileHeight + gap)}
            width={tileWidth}
            height={tileHeight}
            unit={unit}
          />
        );
      })}
    </SceneFrame>
  );
};
