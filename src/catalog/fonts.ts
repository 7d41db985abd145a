import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { PACKAGE_ROOT } from '../package-root.js';

const fontsSchema = z.strictObject({
  fonts: z.array(
    z.strictObject({
      family: z.string().min(1),
      package: z.string().min(1),
      category: z.enum(['sans', 'serif', 'display']),
      weights: z.array(z.number().int()).min(1),
    }),
  ),
});

/** A font family the scene kit ships (bundled from @fontsource; nothing is fetched at render time). */
export type ShippedFont = z.infer<typeof fontsSchema>['fonts'][number];

/** The list of shipped fonts, shared with the kit (compositions/kit/fonts.ts imports the same file). */
export const FONTS_FILE = path.join(PACKAGE_ROOT, 'compositions', 'styles', 'fonts.json');

let cached: ShippedFont[] | undefined;

/** The fonts the kit ships. */
export function shippedFonts(): ShippedFont[] {
  cached ??= fontsSchema.parse(JSON.parse(readFileSync(FONTS_FILE, 'utf8'))).fonts;
  return cached;
}

/** The shipped family a requested name means (case and spacing ignored), or undefined. */
export function canonicalFontFamily(name: string): string | undefined {
  const key = name.trim().toLowerCase().replace(/\s+/g, ' ');
  return shippedFonts().find((font) => font.family.toLowerCase() === key)?.family;
}

/** The reason a font name cannot be used, naming what can; undefined when it is shipped. */
export function unknownFontProblem(name: string): string | undefined {
  if (canonicalFontFamily(name)) return undefined;
  return `font "${name}" is not shipped with this node; use one of: ${shippedFonts().map((font) => font.family).join(', ')}`;
}
