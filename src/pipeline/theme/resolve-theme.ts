import { canonicalFontFamily } from '../../catalog/fonts.js';
import { loadStylePacks, type StylePack } from '../../catalog/style-packs.js';

/** The theme a scene gets as props (compositions/scene-props.ts `Theme`). */
export interface SceneTheme {
  id: string;
  palette: Record<string, string>;
  fonts: { heading: string; body: string };
  motion: StylePack['motion'];
  background: StylePack['background'];
  layout: StylePack['layout'];
  depth: '2d' | '3d';
  brand?: { name?: string };
}

/** What shapes a job's theme besides the pack. */
export interface ThemeInput {
  prompt: string;
  animationStyle?: string;
  backgroundColor?: string;
  brandColors?: { primary?: string; secondary?: string; accent?: string };
  brandFonts?: { heading?: string; body?: string };
  /** `brand_settings.visual_style`: "3d" (or words containing it) adds depth. */
  visualStyle?: string;
  brandName?: string;
  /** Kinds of the job's source documents: a data file tips the pick toward a data pack. */
  documentKinds?: string[];
}

/** Why a pack was picked, for logs and the documented rules' tests. */
export interface PackPick {
  pack: StylePack;
  rule: 'style-word' | 'topic' | 'data' | 'default';
}

function words(text: string): string {
  return ` ${text.toLowerCase().replace(/[^\p{L}\p{N}%$]+/gu, ' ')} `;
}

function mentions(text: string, term: string): boolean {
  return text.includes(` ${term} `) || text.includes(` ${term}s `) || text.includes(` ${term}es `);
}

/**
 * The words that name a look outright. A prompt that says "retro" or "luxurious" asks for that
 * look whatever its topic.
 */
const STYLE_WORDS: Record<string, string[]> = {
  'corporate-clean': ['corporate', 'professional'],
  'bold-kinetic': ['kinetic', 'energetic', 'punchy'],
  'playful-pop': ['playful', 'cheerful', 'cartoon', 'cartoony', 'whimsical'],
  'tech-neon': ['neon', 'futuristic', 'cyberpunk', 'sci fi'],
  'editorial-serif': ['editorial', 'literary', 'magazine style'],
  'warm-organic': ['earthy', 'rustic', 'organic look'],
  'luxury-noir': ['luxurious', 'elegant', 'noir'],
  'pastel-soft': ['pastel', 'dreamy'],
  'data-minimal': ['minimal', 'minimalist', 'infographic'],
  'retro-wave': ['retro', 'synthwave', 'vaporwave'],
};

/**
 * The pack that fits a job when `animation_style` is omitted. The rules, in order:
 * 1. **Style word.** The prompt names a look ("retro", "minimal", "luxurious"): that pack.
 * 2. **Topic.** Else the pack whose topic words occur most often in the prompt (whole words,
 *    plurals count); ties go to the pack listed first.
 * 3. **Data.** Else, when a CSV is attached or the prompt states two or more percentages or
 *    figures, the data pack (`data-minimal`).
 * 4. **Default.** Else the plain default pack.
 */
export function pickStylePack(prompt: string, documentKinds: string[] = []): PackPick {
  const catalog = loadStylePacks();
  const text = words(prompt);
  const byId = (id: string) => catalog.packs.find((pack) => pack.id === id);
  for (const [id, terms] of Object.entries(STYLE_WORDS)) {
    const pack = byId(id);
    if (pack && terms.some((term) => mentions(text, term))) return { pack, rule: 'style-word' };
  }
  let best: StylePack | undefined;
  let bestScore = 0;
  for (const pack of catalog.packs) {
    const score = pack.topics.filter((topic) => mentions(text, topic)).length;
    if (score > bestScore) {
      best = pack;
      bestScore = score;
    }
  }
  if (best) return { pack: best, rule: 'topic' };
  const figures = prompt.match(/\d[\d,.]*\s*(?:%|percent\b)|[$€£]\s?\d/gi)?.length ?? 0;
  const data = byId('data-minimal');
  if (data && (documentKinds.includes('csv') || figures >= 2)) return { pack: data, rule: 'data' };
  return { pack: byId(catalog.default_style)!, rule: 'default' };
}

/** A hex color as `#RRGGBB` in capitals (`#abc` → `#AABBCC`). */
export function expandHex(hex: string): string {
  return hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}`.toUpperCase() : hex.toUpperCase();
}

/**
 * Resolves the theme of a job: the pack (named, `no_style` → plain, or picked by
 * {@link pickStylePack}), then the brand (colors override the pack's palette, fonts its fonts)
 * and `background_color`. Text colors are not adjusted here: the kit makes every text readable
 * against what it is drawn on (compositions/kit/color.ts).
 */
export function resolveTheme(input: ThemeInput): SceneTheme {
  const catalog = loadStylePacks();
  const named = input.animationStyle === catalog.no_style ? catalog.default_style : input.animationStyle;
  const pack = named ? catalog.packs.find((p) => p.id === named)! : pickStylePack(input.prompt, input.documentKinds).pack;
  const palette = Object.fromEntries(pack.palette.map((color) => [color.label, color.hex]));
  for (const key of ['primary', 'secondary', 'accent'] as const) {
    const color = input.brandColors?.[key];
    if (color) palette[key] = expandHex(color);
  }
  if (input.backgroundColor) {
    palette.background = expandHex(input.backgroundColor);
    // The pack's surface was chosen for its own background; derive panels from the new one.
    palette.surface = expandHex(input.backgroundColor);
  }
  const font = (requested: string | undefined, fallback: string) => (requested ? (canonicalFontFamily(requested) ?? fallback) : fallback);
  return {
    id: pack.id,
    palette,
    fonts: { heading: font(input.brandFonts?.heading, pack.fonts.heading), body: font(input.brandFonts?.body, pack.fonts.body) },
    motion: pack.motion,
    background: pack.background,
    layout: pack.layout,
    depth: /\b3d\b|three[- ]dimensional/i.test(input.visualStyle ?? '') ? '3d' : '2d',
    ...(input.brandName ? { brand: { name: input.brandName } } : {}),
  };
}
