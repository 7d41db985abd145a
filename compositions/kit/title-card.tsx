import React from 'react';
import type { Theme } from '../scene-props';
import { kitColors } from './color';
import { FittedText } from './fitted-text';
import { Heading, packLayout } from './heading';
import { useLayout } from './layout';
import { entranceStyle, useEntrance } from './motion';
import { IconPanel } from './icon-panel';
import { HeroPicture, heroPictureBox } from './media/hero-picture';
import { panelIcons } from './panel-icons';
import { SceneFrame } from './scene-frame';
import { ColourField } from './lists/colour-field';
import { colourFieldBox } from './lists/colour-field-layout';

/**
 * A hook or title scene: a large fitted headline, an optional kicker and subtitle. The headline
 * may grow to a share of the canvas's shorter side, so a short title ("Hello") fills the frame
 * instead of sitting small in it; longer ones are bounded by their box. With a `picture` (an image
 * URL: the node sends the visual library's illustrations as data URLs) the picture is the hero:
 * beside the headline on wide canvases, above it on square and tall ones, entering with a pop and
 * floating while the title holds. Without one, a drawn icon disc picked from the title takes its
 * place, so the title never stands alone in an empty frame. The hero stands on a full-bleed colour
 * field (the canvas's right part, or its top), so the card reads as a poster: a colour field and a
 * text field.
 */
export const TitleCard: React.FC<{ theme: Theme; title: string; subtitle?: string; kicker?: string; picture?: string }> = ({ theme, title, subtitle, kicker, picture }) => {
  const layout = useLayout();
  const colors = kitColors(theme);
  const enterSub = useEntrance(theme, theme.motion.staggerFrames * 2);
  const hasPicture = typeof picture === 'string' && Boolean(picture);
  // Without a picture, a square or tall canvas with a subtitle gets the drawn panel as a band
  // across the top, a fifth of the canvas, so the headline and subtitle keep most of the height.
  const box = heroPictureBox(layout);
  const band = !hasPicture && !box.beside && Boolean(subtitle);
  const bandHeight = Math.min(layout.contentWidth / 1.5, Math.max((0.21 * layout.width * layout.height) / layout.contentWidth, layout.contentHeight * 0.22));
  const hero = band ? { ...box, left: layout.margin, size: bandHeight } : box;
  const align = hero.beside ? 'left' : packLayout(theme).align;
  const textTop = hero.beside ? layout.margin : layout.margin + hero.size + hero.gap;
  const textWidth = hero.beside ? layout.contentWidth - hero.size - hero.gap : layout.contentWidth;
  const textHeight = hero.beside ? layout.contentHeight : layout.contentHeight - hero.size - hero.gap;
  const headingHeight = textHeight * (subtitle ? 0.64 : 0.97);
  const shorter = Math.min(layout.width, layout.height);
  const maxHeading = shorter * (subtitle ? 0.2 : layout.orientation === 'portrait' ? 0.34 : 0.26) * 0.8;
  return (
    <SceneFrame theme={theme} seed={`title-${title}`}>
      <ColourField theme={theme} box={colourFieldBox(layout.width, layout.height, { left: hero.left, top: hero.top, width: band ? layout.contentWidth : hero.size, height: hero.size }, hero.gap, hero.beside)} beside={hero.beside} />
      {hasPicture ? (
        <HeroPicture theme={theme} src={picture} left={hero.left} top={hero.top} size={hero.size} />
      ) : (
        <div style={{ position: 'absolute', left: hero.left, top: hero.top }}>
          <IconPanel theme={theme} icons={panelIcons(title, band ? [title, subtitle ?? title] : [], 'sparkles', band)} width={band ? layout.contentWidth : hero.size} height={hero.size} unit={layout.unit} delay={theme.motion.staggerFrames} />
        </div>
      )}
      <div data-kit-part="title-card" style={{ position: 'absolute', left: layout.margin, top: textTop, width: textWidth, height: textHeight, display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: align === 'center' ? 'center' : 'flex-start', gap: 28 * layout.unit }}>
        <Heading theme={theme} text={title} kicker={kicker} width={textWidth} height={headingHeight} unit={layout.unit} maxLines={layout.orientation === 'portrait' || hero.beside ? 5 : 4} maxFontSize={maxHeading} />
        {subtitle ? (
          <div style={entranceStyle(theme, enterSub, 40 * layout.unit)}>
            <FittedText part="subtitle" text={subtitle} width={textWidth * (align === 'center' ? 1 : 0.9)} height={textHeight * 0.3} maxLines={4} maxFontSize={54 * layout.unit} family={theme.fonts.body} weight={400} color={colors.muted} align={align} lineHeight={1.3} />
          </div>
        ) : null}
      </div>
    </SceneFrame>
  );
};
