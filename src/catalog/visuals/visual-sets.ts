import { createRequire } from 'node:module';
import type { IconifyJSON } from '@iconify/types';

const require = createRequire(import.meta.url);

/** What a picture is: a colour illustration, a line icon, or a country flag. */
export type VisualKind = 'illustration' | 'icon' | 'flag';

/** One Iconify icon set the catalog serves, from npm, with its licence. */
export interface VisualSet {
  /** The Iconify prefix, the part of a visual id before the colon. */
  prefix: string;
  kind: VisualKind;
  /** The npm package the icons come from (pinned in package.json). */
  package: string;
  /** SPDX identifier of the set's licence. */
  license: string;
}

/** The sets behind the catalog. Every one is MIT or ISC, so pictures may be rendered into videos without attribution screens. */
export const VISUAL_SETS: readonly VisualSet[] = [
  { prefix: 'fluent-emoji-flat', kind: 'illustration', package: '@iconify-json/fluent-emoji-flat', license: 'MIT' },
  { prefix: 'lucide', kind: 'icon', package: '@iconify-json/lucide', license: 'ISC' },
  { prefix: 'circle-flags', kind: 'flag', package: '@iconify-json/circle-flags', license: 'MIT' },
];

/** The set with this prefix, or undefined. */
export function visualSet(prefix: string): VisualSet | undefined {
  return VISUAL_SETS.find((set) => set.prefix === prefix);
}

const loaded = new Map<string, IconifyJSON>();

/** The Iconify JSON of a set, read from node_modules once and kept. */
export function loadIconSet(prefix: string): IconifyJSON {
  let icons = loaded.get(prefix);
  if (!icons) {
    const set = visualSet(prefix);
    if (!set) throw new Error(`unknown visual set ${prefix}`);
    icons = require(`${set.package}/icons.json`) as IconifyJSON;
    loaded.set(prefix, icons);
  }
  return icons;
}

/** A set's `chars.json` (lower-case hex codepoints joined by '-' -> icon name); empty where the set has none. */
export function loadIconSetChars(prefix: string): Record<string, string> {
  const set = visualSet(prefix);
  if (!set) throw new Error(`unknown visual set ${prefix}`);
  return require(`${set.package}/chars.json`) as Record<string, string>;
}
