import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { shippedFonts } from '../../../src/catalog/fonts.js';
import { ServiceError } from '../../../src/errors/service-error.js';
import { infographicSettings, resolveSettings } from '../../../src/pipeline/infographics/infographic-settings.js';
import type { InfographicContent } from '../../../src/pipeline/providers/provider-types.js';
import { resolveTheme } from '../../../src/pipeline/theme/resolve-theme.js';

const theme = resolveTheme({ prompt: 'survey', animationStyle: 'plain', brandColors: { primary: '#0a7' } });
const chart: InfographicContent = {
  headline: 'How teams ship',
  visual: 'bar',
  items: [
    { label: 'Weekly', value: 62 },
    { label: 'Daily', value: 48 },
  ],
  unit: '%',
  source: 'Source: survey.csv, rows 1–2',
};
const figures: InfographicContent = { headline: 'Our year', visual: 'figures', items: [{ label: 'Revenue', value: 4.2, prefix: '$', suffix: 'M' }] };

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('invalid_request');
    return (error as ServiceError).message;
  }
  throw new Error('expected a refusal');
}

describe('infographic settings', () => {
  it('lists every text, number, color and font as one property of a draft 2020-12 schema, defaults equal to the settings', () => {
    const { settings, schema } = infographicSettings(chart, theme);
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.type).toBe('object');
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties)).toEqual([
      'headline', 'subheadline', 'kicker', 'visual', 'unit', 'valueLabel',
      'item1Label', 'item1Value', 'item2Label', 'item2Value', 'source',
      'primaryColor', 'secondaryColor', 'accentColor', 'backgroundColor', 'textColor', 'headingFont', 'bodyFont',
    ]);
    for (const [key, property] of Object.entries(schema.properties)) expect(settings[key]).toEqual(property.default);
    expect(settings).toMatchObject({ headline: 'How teams ship', item1Label: 'Weekly', item1Value: 62, unit: '%', primaryColor: '#00AA77' });
    expect(schema.properties.primaryColor).toMatchObject({ type: 'string', format: 'color' });
    expect(schema.properties.item1Value).toMatchObject({ type: 'number' });
    expect(schema.properties.headingFont!.enum).toEqual(shippedFonts().map((font) => font.family));
    expect(settings.headingFont).toBe(theme.fonts.heading);
  });

  it('is a valid draft 2020-12 schema that a standard validator applies the same way', () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    ajv.addFormat('color', /^#(?:[0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})$/);
    for (const content of [chart, figures]) {
      const { settings, schema } = infographicSettings(content, theme);
      const validate = ajv.compile(schema);
      expect(validate(settings), JSON.stringify(validate.errors)).toBe(true);
      expect(validate({ ...settings, headline: 42 })).toBe(false);
      expect(validate({ ...settings, primaryColor: 'red' })).toBe(false);
      expect(validate({ ...settings, extra: 'x' })).toBe(false);
    }
  });

  it('gives figures a prefix and suffix per item and points no values', () => {
    expect(Object.keys(infographicSettings(figures, theme).settings)).toEqual(expect.arrayContaining(['item1Label', 'item1Value', 'item1Prefix', 'item1Suffix']));
    const points = infographicSettings({ headline: 'Why', visual: 'points', items: [{ label: 'Fast', value: 0 }] }, theme).settings;
    expect(points).toHaveProperty('item1Label', 'Fast');
    expect(points).not.toHaveProperty('item1Value');
    expect(points).not.toHaveProperty('unit');
  });

  it('merges settingsValues over the defaults, normalizing colors', () => {
    const { settings, schema } = infographicSettings(chart, theme);
    const resolved = resolveSettings(schema, settings, { headline: 'Shipping in 2025', primaryColor: '#e11', item2Value: 51.5, headingFont: 'Playfair Display' });
    expect(resolved).toEqual({ ...settings, headline: 'Shipping in 2025', primaryColor: '#EE1111', item2Value: 51.5, headingFont: 'Playfair Display' });
    expect(resolveSettings(schema, settings, undefined)).toEqual(settings);
  });

  it('refuses unknown keys and values of the wrong type, naming each, and lists the known keys', () => {
    const { settings, schema } = infographicSettings(chart, theme);
    const unknown = refusal(() => resolveSettings(schema, settings, { title: 'x' }));
    expect(unknown).toContain('settingsValues.title: unknown setting');
    expect(unknown).toContain('headline, subheadline');
    expect(refusal(() => resolveSettings(schema, settings, { primaryColor: 'red' }))).toBe('settingsValues.primaryColor: must be a hex color such as #1A2B3C or #ABC, got "red"');
    expect(refusal(() => resolveSettings(schema, settings, { headline: 42 }))).toBe('settingsValues.headline: must be a string, got 42');
    expect(refusal(() => resolveSettings(schema, settings, { item1Value: '62' }))).toBe('settingsValues.item1Value: must be a number, got "62"');
    expect(refusal(() => resolveSettings(schema, settings, { headline: '  ' }))).toBe('settingsValues.headline: must not be empty');
    expect(refusal(() => resolveSettings(schema, settings, { headingFont: 'Comic Sans MS' }))).toMatch(/^settingsValues\.headingFont: must be one of "Inter"/);
    expect(refusal(() => resolveSettings(schema, settings, { visual: 'radar' }))).toMatch(/^settingsValues\.visual: must be one of "bar", "line", "pie", "donut", "figures", "points"/);
    const both = refusal(() => resolveSettings(schema, settings, { nope: 1, accentColor: '#12' }));
    expect(both).toContain('settingsValues.nope: unknown setting');
    expect(both).toContain('settingsValues.accentColor: must be a hex color');
  });
});
