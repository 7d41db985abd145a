import type { Theme } from '../scene-props';

/**
 * Settings that override a scene's theme, for any scene: an infographic's palette and fonts are
 * settings a user may change per render (`settingsValues`), and the scene host applies them here
 * before the scene draws, so fonts load and every kit component sees one theme.
 * The server's list of these keys is THEME_SETTING_KEYS in src/pipeline/infographics/infographic-settings.ts.
 */
const COLOR_KEYS: Record<string, string> = {
  primaryColor: 'primary',
  secondaryColor: 'secondary',
  accentColor: 'accent',
  textColor: 'text',
};

function hexOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^#(?:[0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})$/.test(value)) return undefined;
  return value.length === 4 ? `#${value[1]}${value[1]}${value[2]}${value[2]}${value[3]}${value[3]}`.toUpperCase() : value.toUpperCase();
}

function familyOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** The theme with the palette and fonts a scene's settings override (unset or malformed values change nothing). */
export function themeWithSettings(theme: Theme, settings: Record<string, unknown>): Theme {
  const palette = { ...theme.palette };
  let changed = false;
  for (const [key, label] of Object.entries(COLOR_KEYS)) {
    const hex = hexOf(settings[key]);
    if (hex && palette[label] !== hex) {
      palette[label] = hex;
      changed = true;
    }
  }
  const background = hexOf(settings.backgroundColor);
  if (background && palette.background !== background) {
    // As with `background_color` on a job: panels derive from the new background.
    palette.background = background;
    palette.surface = background;
    changed = true;
  }
  const heading = familyOf(settings.headingFont) ?? theme.fonts.heading;
  const body = familyOf(settings.bodyFont) ?? theme.fonts.body;
  if (heading !== theme.fonts.heading || body !== theme.fonts.body) changed = true;
  return changed ? { ...theme, palette, fonts: { heading, body } } : theme;
}

/**
 * How much larger than designed a scene draws its text: the `textScale` setting (an edit's "bigger
 * text"), 0.5 to 2; 1 when unset or malformed. Text still fits its box, so it grows only where there is room.
 */
export function textScaleOf(settings: Record<string, unknown>): number {
  const value = settings.textScale;
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(2, Math.max(0.5, value)) : 1;
}
