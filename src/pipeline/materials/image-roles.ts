/** What an attached image is for, read from its `context` (and its shape when the context is silent). */
export type ImageRole = 'logo' | 'product' | 'team' | 'background' | 'hero' | 'gallery';

/** Words in an image's context that give its role, checked in this order. */
const ROLE_WORDS: [ImageRole, RegExp][] = [
  ['logo', /\b(logo|logotype|wordmark|brand ?mark|emblem|icon)\b/i],
  ['background', /\b(background|backdrop|texture|wallpaper|pattern)\b/i],
  ['team', /\b(team|staff|founders?|employees?|people|crew|colleagues|headshots?|portraits?|ceo|members?)\b/i],
  ['product', /\b(product|packshot|package|packaging|bottle|device|phone|app|screenshot|ui|dashboard|shoe|item|merch)\b/i],
  ['hero', /\b(hero|cover|main|banner|header|key ?visual|title)\b/i],
];

/** The shape of an image as decoded. */
export interface ImageShape {
  width: number;
  height: number;
  hasAlpha: boolean;
  format: string;
}

/**
 * The role of an image. The context's words decide (rules above, first match wins); without
 * them, a small transparent SVG/PNG reads as a logo (any transparent one when `logoWanted`: the
 * request is about a logo), the first other image as the hero and
 * the rest as a gallery.
 */
export function imageRole(context: string | undefined, shape: ImageShape, heroTaken: boolean, logoWanted = false): ImageRole {
  for (const [role, pattern] of ROLE_WORDS) if (context && pattern.test(context)) return role;
  const small = Math.max(shape.width, shape.height) <= 600;
  // A request about a logo ("Logo sting for Northwind") means its transparent image, whatever its size.
  if ((shape.format === 'svg' || shape.hasAlpha) && (small || logoWanted)) return 'logo';
  return heroTaken ? 'gallery' : 'hero';
}
