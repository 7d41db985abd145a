import '@fontsource/inter/400.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/800.css';
import type { Theme } from '../scene-props';

/** Font families the bundle ships (served from the bundle itself, never the network). */
export const SHIPPED_FONTS = ['Inter'] as const;
const FALLBACK = 'Inter';

/** The family the kit uses for a requested one: itself when shipped, else the kit's default. */
export function fontFamily(requested: string): string {
  return (SHIPPED_FONTS as readonly string[]).includes(requested) ? requested : FALLBACK;
}

/** Loads every weight the kit uses for the theme's fonts; rejects when a face does not load. */
export async function loadKitFonts(theme: Theme): Promise<void> {
  const families = new Set([fontFamily(theme.fonts.heading), fontFamily(theme.fonts.body)]);
  for (const family of families) {
    for (const weight of [400, 600, 800]) {
      const faces = await document.fonts.load(`${weight} 32px "${family}"`);
      if (faces.length === 0) throw new Error(`font ${family} ${weight} did not load`);
    }
  }
}
