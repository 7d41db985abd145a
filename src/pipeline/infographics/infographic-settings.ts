// An infographic version's settings and their JSON Schema (draft 2020-12). Settings are flat: one
// key per value a user may override on render (`settingsValues`), so the schema lists each once.
import { shippedFonts } from '../../catalog/fonts.js';
import { nearestField } from '../../errors/nearest-field.js';
import { ServiceError, type ErrorDetail } from '../../errors/service-error.js';
import type { InfographicContent, InfographicVisual } from '../providers/provider-types.js';
import { expandHex, type SceneTheme } from '../theme/resolve-theme.js';

/** A setting's value. */
export type SettingValue = string | number;
/** A version's settings: its defaults, or a render's resolved values. */
export type InfographicSettings = Record<string, SettingValue>;

/** One property of a settings schema. */
export interface SettingSchema {
  type: 'string' | 'number';
  title: string;
  default: SettingValue;
  format?: 'color';
  enum?: string[];
  minLength?: number;
  maxLength?: number;
}

/** A version's `settingsSchema`: a JSON Schema (draft 2020-12) object, one property per setting. */
export interface SettingsSchema {
  $schema: 'https://json-schema.org/draft/2020-12/schema';
  title: string;
  type: 'object';
  properties: Record<string, SettingSchema>;
  additionalProperties: false;
}

/** Visuals a version may switch between (the kit's `Infographic`). */
export const INFOGRAPHIC_VISUALS: readonly InfographicVisual[] = ['bar', 'line', 'pie', 'donut', 'figures', 'points'];

/**
 * Settings that override the theme of the scene (palette and fonts), applied in the page by the
 * kit's `themeWithSettings` (compositions/kit/theme-settings.ts), keyed to the theme's palette.
 */
export const THEME_SETTING_KEYS = {
  primaryColor: 'primary',
  secondaryColor: 'secondary',
  accentColor: 'accent',
  backgroundColor: 'background',
  textColor: 'text',
} as const;

const HEX_COLOR = /^#(?:[0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})$/;
const MAX_HEADLINE = 200;
const MAX_LABEL = 120;
const MAX_TEXT = 300;
const MAX_AFFIX = 12;

function text(title: string, value: string, maxLength: number, required = false): SettingSchema {
  return { type: 'string', title, default: value, ...(required ? { minLength: 1 } : {}), maxLength };
}

/**
 * The settings of a new version and their schema: the content's texts and numbers (headline,
 * labels, values, source), then the palette and fonts of the theme it was generated with.
 * Item keys are numbered from 1: `item1Label`, `item1Value`, and for figures `item1Prefix` and
 * `item1Suffix`. A point's icon is picked from its label, so it follows a changed label.
 */
export function infographicSettings(content: InfographicContent, theme: SceneTheme): { settings: InfographicSettings; schema: SettingsSchema } {
  const properties: Record<string, SettingSchema> = {
    headline: text('Headline', content.headline, MAX_HEADLINE, true),
    subheadline: text('Subheadline (empty: none)', content.subheadline ?? '', MAX_TEXT),
    kicker: text('Kicker above the headline (empty: none)', content.kicker ?? '', MAX_LABEL),
    visual: { type: 'string', title: 'How the items are drawn', default: content.visual, enum: [...INFOGRAPHIC_VISUALS] },
  };
  const chart = content.visual !== 'figures' && content.visual !== 'points';
  if (chart) {
    properties.unit = { type: 'string', title: 'Unit of the values', default: content.unit ?? '', enum: ['', '%', ...['', '$', '€', '£'].flatMap((currency) => [...(currency ? [currency] : []), `${currency}k`, `${currency}M`, `${currency}B`])] };
    properties.valueLabel = text('What the values measure (empty: none)', content.valueLabel ?? '', MAX_LABEL);
  }
  content.items.forEach((item, index) => {
    const n = index + 1;
    properties[`item${n}Label`] = text(`Item ${n} label`, item.label, MAX_LABEL, true);
    if (content.visual === 'points') return;
    properties[`item${n}Value`] = { type: 'number', title: `Item ${n} value`, default: item.value };
    if (content.visual === 'figures') {
      properties[`item${n}Prefix`] = text(`Item ${n} text before the number`, item.prefix ?? '', MAX_AFFIX);
      properties[`item${n}Suffix`] = text(`Item ${n} text after the number`, item.suffix ?? '', MAX_AFFIX);
    }
  });
  properties.source = text('Source caption (empty: none)', content.source ?? '', MAX_TEXT);
  for (const [key, label] of Object.entries(THEME_SETTING_KEYS)) {
    properties[key] = { type: 'string', title: `${label.charAt(0).toUpperCase()}${label.slice(1)} color`, default: expandHex(theme.palette[label] ?? '#000000'), format: 'color' };
  }
  const fonts = shippedFonts().map((font) => font.family);
  properties.headingFont = { type: 'string', title: 'Heading font', default: theme.fonts.heading, enum: fonts };
  properties.bodyFont = { type: 'string', title: 'Body font', default: theme.fonts.body, enum: fonts };
  const settings = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, property.default]));
  return {
    settings,
    schema: { $schema: 'https://json-schema.org/draft/2020-12/schema', title: 'Infographic settings', type: 'object', properties, additionalProperties: false },
  };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"` : typeof value === 'object' ? 'an object' : String(value);
}

/** Why a value does not fit its setting, or undefined when it does. */
function valueProblem(property: SettingSchema, value: unknown): string | undefined {
  if (property.type === 'number') {
    return typeof value === 'number' && Number.isFinite(value) ? undefined : `must be a number, got ${describe(value)}`;
  }
  if (typeof value !== 'string') return `must be a string, got ${describe(value)}`;
  if (property.format === 'color' && !HEX_COLOR.test(value)) return `must be a hex color such as #1A2B3C or #ABC, got ${describe(value)}`;
  if (property.enum && !property.enum.includes(value)) {
    const shown = property.enum.length > 16 ? `${property.enum.slice(0, 16).map((item) => `"${item}"`).join(', ')}, …` : property.enum.map((item) => `"${item}"`).join(', ');
    return `must be one of ${shown}; got ${describe(value)}`;
  }
  if (property.minLength !== undefined && value.trim().length < property.minLength) return 'must not be empty';
  if (property.maxLength !== undefined && value.length > property.maxLength) return `must be at most ${property.maxLength} characters`;
  return undefined;
}

/**
 * A render's settings: `values` checked against the version's schema (every key a property, every
 * value of its type) and merged over the version's settings. Throws `invalid_request` naming
 * every key that is refused.
 */
export function resolveSettings(schema: SettingsSchema, defaults: InfographicSettings, values: Record<string, unknown> | undefined): InfographicSettings {
  const problems: { key: string; message: string; suggestion?: string }[] = [];
  const resolved: InfographicSettings = { ...defaults };
  const known = Object.keys(schema.properties);
  for (const [key, value] of Object.entries(values ?? {})) {
    const property = Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
    if (!property) {
      const suggestion = nearestField(key, known);
      problems.push({ key, message: suggestion === undefined ? 'unknown setting' : `unknown setting (did you mean "${suggestion}"?)`, ...(suggestion ? { suggestion } : {}) });
      continue;
    }
    const problem = valueProblem(property, value);
    if (problem) problems.push({ key, message: problem });
    else resolved[key] = property.format === 'color' ? expandHex(value as string) : (value as SettingValue);
  }
  if (problems.length > 0) {
    const unknown = problems.some((problem) => !Object.hasOwn(schema.properties, problem.key));
    const message = problems.map((problem) => `settingsValues.${problem.key}: ${problem.message}`).join('; ');
    // Details name fields from the body, as the schema's refusals do.
    const details: ErrorDetail[] = problems.map(({ key, ...rest }) => ({ field: `body.settingsValues.${key}`, ...rest }));
    throw new ServiceError('invalid_request', `${message}${unknown ? `. This version's settings are: ${known.join(', ')}` : ''}`, { details });
  }
  return resolved;
}
