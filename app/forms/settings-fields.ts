import type { SettingsProperty } from '../api/types.js';

/** One control of a settings form, derived from a `settingsSchema` property. */
export interface SettingsField {
  key: string;
  label: string;
  kind: 'text' | 'number' | 'color' | 'select' | 'checkbox';
  required: boolean;
  description?: string;
  options?: string[];
  min?: number;
  max?: number;
  maxLength?: number;
}

function typeOf(property: SettingsProperty): string | undefined {
  return Array.isArray(property.type) ? property.type.find((type) => type !== 'null') : property.type;
}

/**
 * The form's fields for a JSON Schema of flat settings, in the schema's order: enums (fonts,
 * visual kinds, units) as selects, `format: "color"` as color pickers, numbers with their bounds,
 * booleans as checkboxes, the rest as text.
 */
export function settingsFields(schema: { properties?: Record<string, SettingsProperty>; required?: string[] }): SettingsField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([key, property]) => {
    const base = {
      key,
      label: property.title ?? key,
      required: required.has(key),
      ...(property.description === undefined ? {} : { description: property.description }),
    };
    const type = typeOf(property);
    if (Array.isArray(property.enum)) return { ...base, kind: 'select', options: property.enum.map(String) };
    if (property.format === 'color') return { ...base, kind: 'color' };
    if (type === 'number' || type === 'integer') {
      return {
        ...base,
        kind: 'number',
        ...(property.minimum === undefined ? {} : { min: property.minimum }),
        ...(property.maximum === undefined ? {} : { max: property.maximum }),
      };
    }
    if (type === 'boolean') return { ...base, kind: 'checkbox' };
    return { ...base, kind: 'text', ...(property.maxLength === undefined ? {} : { maxLength: property.maxLength }) };
  });
}

/** A hex color as `<input type="color">` needs it: `#abc` → `#aabbcc`; anything else → `#000000`. */
export function pickerColor(value: unknown): string {
  if (typeof value !== 'string') return '#000000';
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : '#000000';
}

/** An input's text as the setting's value: numbers as numbers (the text itself when not a number, for the node to refuse by name). */
export function settingValue(field: SettingsField, raw: string | boolean): unknown {
  if (field.kind === 'checkbox') return raw === true;
  if (typeof raw !== 'string') return raw;
  if (field.kind === 'number') return raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
  return raw;
}

/** The `settingsValues` of a render: the values that differ from the version's settings. */
export function changedSettings(settings: Record<string, unknown>, values: Record<string, unknown>): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const before = settings[key];
    const same = typeof value === 'string' && typeof before === 'string' && /^#/.test(value)
      ? pickerColor(value) === pickerColor(before)
      : Object.is(value, before);
    if (!same) changed[key] = value;
  }
  return changed;
}
