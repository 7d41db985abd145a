import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { nearestField } from '../errors/nearest-field.js';
import { PACKAGE_ROOT } from '../package-root.js';

const hex = z.string().regex(/^#[0-9A-Fa-f]{6}$/);

const stylePackSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  vibe: z.string().min(1),
  palette: z.array(z.strictObject({ label: z.string().min(1), hex })).min(3),
  fonts: z.strictObject({ heading: z.string().min(1), body: z.string().min(1) }),
  motion: z.strictObject({
    easing: z.string(),
    entrance: z.string(),
    durationFrames: z.number().int().positive(),
    staggerFrames: z.number().int().nonnegative(),
  }),
  background: z.strictObject({ kind: z.enum(['solid', 'gradient', 'grain', 'shapes', 'particles']) }),
  /** How scenes compose: text alignment, corner rounding 0..1, the ornament under headings. */
  layout: z.strictObject({
    align: z.enum(['left', 'center']),
    radius: z.number().min(0).max(1),
    ornament: z.enum(['bar', 'underline', 'frame', 'dot', 'none']),
    uppercaseHeadings: z.boolean(),
  }),
  /** Words in a prompt that make the node pick this pack when `animation_style` is omitted. */
  topics: z.array(z.string()),
});

const catalogSchema = z.strictObject({
  default_style: z.string(),
  no_style: z.string(),
  packs: z.array(stylePackSchema).min(8),
});

/** A style pack: the look (palette, fonts, motion, background) the scene kit reads. */
export type StylePack = z.infer<typeof stylePackSchema>;
/** The style pack catalog as stored in `compositions/styles/style-packs.json`. */
export type StylePackCatalog = z.infer<typeof catalogSchema>;

/** Where the packs live: data in the Remotion project, read by both the server and the kit. */
export const STYLE_PACKS_FILE = path.join(PACKAGE_ROOT, 'compositions', 'styles', 'style-packs.json');

let cached: StylePackCatalog | undefined;

/** Loads and checks the style pack catalog once. */
export function loadStylePacks(): StylePackCatalog {
  if (!cached) {
    const catalog = catalogSchema.parse(JSON.parse(readFileSync(STYLE_PACKS_FILE, 'utf8')));
    const ids = new Set(catalog.packs.map((pack) => pack.id));
    if (ids.size !== catalog.packs.length) throw new Error(`${STYLE_PACKS_FILE}: pack ids repeat`);
    if (!ids.has(catalog.default_style)) throw new Error(`${STYLE_PACKS_FILE}: default_style is not a pack`);
    if (ids.has(catalog.no_style)) throw new Error(`${STYLE_PACKS_FILE}: no_style must not be a pack id`);
    cached = catalog;
  }
  return cached;
}

/** Whether `id` is accepted as `animation_style`: a pack id or the `no_style` id. */
export function isKnownAnimationStyle(id: string): boolean {
  const catalog = loadStylePacks();
  return id === catalog.no_style || catalog.packs.some((pack) => pack.id === id);
}

/**
 * Why `id` is not an animation style, for a 400: the ids this node knows (and the nearest one,
 * when the id looks like a typo of it), so a client need not look them up to fix the request.
 */
export function unknownStyleMessage(field: string, id: string): string {
  const catalog = loadStylePacks();
  const ids = [...catalog.packs.map((pack) => pack.id), catalog.no_style];
  const near = nearestField(id, ids);
  return `${field}: unknown style "${id}"${near ? ` (did you mean "${near}"?)` : ''}; known styles: ${ids.join(', ')} (see GET /v1/animation-styles)`;
}

/** The body of `GET /v1/animation-styles`. */
export function listAnimationStyles(): {
  default_style: string;
  no_style: string;
  styles: { id: string; name: string; vibe: string; palette: { label: string; hex: string }[] }[];
} {
  const catalog = loadStylePacks();
  return {
    default_style: catalog.default_style,
    no_style: catalog.no_style,
    styles: catalog.packs.map((pack) => ({
      id: pack.id,
      name: pack.name,
      vibe: pack.vibe,
      palette: pack.palette.map((color) => ({ label: color.label, hex: color.hex })),
    })),
  };
}
