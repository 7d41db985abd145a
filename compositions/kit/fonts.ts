// Every font the kit ships, bundled from @fontsource (served by the bundle, never the network).
// The list of families and weights is compositions/styles/fonts.json, which the server reads too.
import '@fontsource/inter/400.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import '@fontsource/inter/800.css';
import '@fontsource/montserrat/400.css';
import '@fontsource/montserrat/600.css';
import '@fontsource/montserrat/700.css';
import '@fontsource/montserrat/800.css';
import '@fontsource/anton/400.css';
import '@fontsource/fredoka/400.css';
import '@fontsource/fredoka/600.css';
import '@fontsource/fredoka/700.css';
import '@fontsource/nunito/400.css';
import '@fontsource/nunito/600.css';
import '@fontsource/nunito/700.css';
import '@fontsource/nunito/800.css';
import '@fontsource/space-grotesk/400.css';
import '@fontsource/space-grotesk/600.css';
import '@fontsource/space-grotesk/700.css';
import '@fontsource/playfair-display/400.css';
import '@fontsource/playfair-display/600.css';
import '@fontsource/playfair-display/700.css';
import '@fontsource/playfair-display/800.css';
import '@fontsource/lora/400.css';
import '@fontsource/lora/600.css';
import '@fontsource/lora/700.css';
import '@fontsource/dm-serif-display/400.css';
import '@fontsource/dm-sans/400.css';
import '@fontsource/dm-sans/600.css';
import '@fontsource/dm-sans/700.css';
import '@fontsource/dm-sans/800.css';
import '@fontsource/cormorant-garamond/400.css';
import '@fontsource/cormorant-garamond/600.css';
import '@fontsource/cormorant-garamond/700.css';
import '@fontsource/poppins/400.css';
import '@fontsource/poppins/600.css';
import '@fontsource/poppins/700.css';
import '@fontsource/poppins/800.css';
import '@fontsource/ibm-plex-sans/400.css';
import '@fontsource/ibm-plex-sans/600.css';
import '@fontsource/ibm-plex-sans/700.css';
import '@fontsource/bebas-neue/400.css';
import catalog from '../styles/fonts.json';
import type { Theme } from '../scene-props';

interface ShippedFont {
  family: string;
  category: string;
  weights: number[];
}

const FONTS: readonly ShippedFont[] = catalog.fonts;

/** Font families the bundle ships. */
export const SHIPPED_FONTS: readonly string[] = FONTS.map((font) => font.family);

function shipped(family: string): ShippedFont {
  const font = FONTS.find((candidate) => candidate.family.toLowerCase() === family.trim().toLowerCase());
  // Never a silent system-font fallback: the server refuses unknown families at create time, so
  // reaching this is a bug that must fail the render.
  if (!font) throw new Error(`font "${family}" is not shipped with the kit (shipped: ${SHIPPED_FONTS.join(', ')})`);
  return font;
}

/** The CSS family of a shipped font, with a generic fallback only for glyphs the font lacks. */
export function fontFamily(family: string): string {
  const font = shipped(family);
  return `"${font.family}", ${font.category === 'serif' ? 'serif' : 'sans-serif'}`;
}

/** The shipped weight nearest to the one asked for (a display face with one weight uses it). */
export function fontWeight(family: string, weight: number): number {
  const { weights } = shipped(family);
  return weights.reduce((best, candidate) => (Math.abs(candidate - weight) < Math.abs(best - weight) ? candidate : best), weights[0]!);
}

/**
 * Loads every weight of the theme's fonts for the characters the scene shows (faces are split by
 * script, so Cyrillic text needs its own file); rejects when a face does not load.
 */
export async function loadKitFonts(theme: Theme, sampleText: string): Promise<void> {
  const text = `${sampleText} ABCabc0123`;
  for (const family of new Set([theme.fonts.heading, theme.fonts.body])) {
    const font = shipped(family);
    for (const weight of font.weights) {
      const faces = await document.fonts.load(`${weight} 32px "${font.family}"`, text);
      if (faces.length === 0) throw new Error(`font ${font.family} ${weight} did not load`);
    }
  }
}
