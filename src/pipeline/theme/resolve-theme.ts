import { loadStylePacks, type StylePack } from '../../catalog/style-packs.js';

/** The theme a scene gets as props (compositions/scene-props.ts `Theme`). */
export interface SceneTheme {
  id: string;
  palette: Record<string, string>;
  fonts: { heading: string; body: string };
  motion: StylePack['motion'];
  background: StylePack['background'];
}

/** What shapes a job's theme besides the pack. */
export interface ThemeInput {
  prompt: string;
  animationStyle?: string;
  backgroundColor?: string;
  brandColors?: { primary?: string; secondary?: string; accent?: string };
  brandFonts?: { heading?: string; body?: string };
}

/**
 * The pack that fits a prompt when `animation_style` is omitted: the pack whose topic words occur
 * most often in the prompt (whole words, case-insensitive); ties go to the earlier pack; no match
 * gives the default (plain) pack.
 */
export function pickStylePack(prompt: string): StylePack {
  const catalog = loadStylePacks();
  const text = ` ${prompt.toLowerCase().replace(/[^\p{L}\p{N}%$]+/gu, ' ')} `;
  let best: StylePack | undefined;
  let bestScore = 0;
  for (const pack of catalog.packs) {
    const score = pack.topics.filter((topic) => text.includes(` ${topic} `) || text.includes(` ${topic}s `)).length;
    if (score > bestScore) {
      best = pack;
      bestScore = score;
    }
  }
  return best ?? catalog.packs.find((pack) => pack.id === catalog.default_style)!;
}

function expandHex(hex: string): string {
  return hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}`.toUpperCase() : hex.toUpperCase();
}

/** Resolves the theme of a job: pack (named, `no_style` → plain, or picked), then brand and background overrides. */
export function resolveTheme(input: ThemeInput): SceneTheme {
  const catalog = loadStylePacks();
  const named = input.animationStyle === catalog.no_style ? catalog.default_style : input.animationStyle;
  const pack = named ? catalog.packs.find((p) => p.id === named)! : pickStylePack(input.prompt);
  const palette = Object.fromEntries(pack.palette.map((color) => [color.label, color.hex]));
  for (const key of ['primary', 'secondary', 'accent'] as const) {
    const color = input.brandColors?.[key];
    if (color) palette[key] = expandHex(color);
  }
  if (input.backgroundColor) palette.background = expandHex(input.backgroundColor);
  return {
    id: pack.id,
    palette,
    fonts: { heading: input.brandFonts?.heading ?? pack.fonts.heading, body: input.brandFonts?.body ?? pack.fonts.body },
    motion: pack.motion,
    background: pack.background,
  };
}
