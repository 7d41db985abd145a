import { describe, expect, it } from 'vitest';
import { changedSettings, pickerColor, settingsFields, settingValue } from '../../app/forms/settings-fields.js';

const schema = {
  type: 'object',
  additionalProperties: false,
  required: ['headline'],
  properties: {
    headline: { type: 'string', title: 'Headline', default: 'Sales', maxLength: 120 },
    visual: { type: 'string', title: 'Visual', enum: ['bar', 'line', 'pie'], default: 'bar' },
    item1Value: { type: 'number', title: 'Item 1 value', minimum: 0, maximum: 100, default: 62 },
    primaryColor: { type: 'string', format: 'color', title: 'Primary color', default: '#1F5FBF' },
    headingFont: { type: 'string', title: 'Heading font', enum: ['Inter', 'Lora'], default: 'Inter' },
    showSource: { type: 'boolean', title: 'Show source', default: true },
  },
};

describe('settingsFields', () => {
  it('makes a control per property in schema order: text, select, number with bounds, color, font select, checkbox', () => {
    expect(settingsFields(schema)).toEqual([
      { key: 'headline', label: 'Headline', required: true, kind: 'text', maxLength: 120 },
      { key: 'visual', label: 'Visual', required: false, kind: 'select', options: ['bar', 'line', 'pie'] },
      { key: 'item1Value', label: 'Item 1 value', required: false, kind: 'number', min: 0, max: 100 },
      { key: 'primaryColor', label: 'Primary color', required: false, kind: 'color' },
      { key: 'headingFont', label: 'Heading font', required: false, kind: 'select', options: ['Inter', 'Lora'] },
      { key: 'showSource', label: 'Show source', required: false, kind: 'checkbox' },
    ]);
  });

  it('labels a property without a title by its key', () => {
    expect(settingsFields({ properties: { unit: { type: 'string', enum: ['', '%'] } } })[0]).toMatchObject({ key: 'unit', label: 'unit', kind: 'select', options: ['', '%'] });
  });
});

describe('pickerColor', () => {
  it('expands short hex and lowercases for <input type=color>', () => {
    expect(pickerColor('#ABC')).toBe('#aabbcc');
    expect(pickerColor('#1F5FBF')).toBe('#1f5fbf');
  });

  it('falls back to black for what a color input cannot show', () => {
    expect(pickerColor('teal')).toBe('#000000');
    expect(pickerColor(undefined)).toBe('#000000');
  });
});

describe('settingValue', () => {
  const [, , number] = settingsFields(schema);
  it('reads a number field as a number, and leaves text that is not one for the node to refuse', () => {
    expect(settingValue(number!, '42.5')).toBe(42.5);
    expect(settingValue(number!, 'lots')).toBe('lots');
  });
});

describe('changedSettings', () => {
  it('keeps only the values that differ from the version, treating #ABC and #aabbcc as the same color', () => {
    const settings = { headline: 'Sales', primaryColor: '#ABC', item1Value: 62 };
    expect(changedSettings(settings, { headline: 'Sales', primaryColor: '#AABBCC', item1Value: 70 })).toEqual({ item1Value: 70 });
    expect(changedSettings(settings, { ...settings, primaryColor: '#FF5733' })).toEqual({ primaryColor: '#FF5733' });
  });
});
