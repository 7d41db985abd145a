import { describe, expect, it } from 'vitest';
import { nearestField } from '../../src/errors/nearest-field.js';

const VIDEO = ['prompt', 'model', 'aspect_ratio', 'duration', 'narration', 'narration_voice', 'narration_language', 'background_color', 'webhook_url', 'brand_kit_id', 'images'];
const INFOGRAPHIC = ['prompt', 'dimensions', 'duration', 'animationStyle', 'backgroundColor', 'brandSettings', 'webhookUrl', 'render'];

describe('nearestField', () => {
  it('maps camelCase to snake_case and back before anything else', () => {
    expect(nearestField('aspectRatio', VIDEO)).toBe('aspect_ratio');
    expect(nearestField('webhookUrl', VIDEO)).toBe('webhook_url');
    expect(nearestField('webhook_url', INFOGRAPHIC)).toBe('webhookUrl');
    expect(nearestField('Background-Color', INFOGRAPHIC)).toBe('backgroundColor');
    expect(nearestField('PROMPT', VIDEO)).toBe('prompt');
  });

  it('suggests the nearest field within a third of its length', () => {
    expect(nearestField('promt', VIDEO)).toBe('prompt');
    expect(nearestField('duraton', VIDEO)).toBe('duration');
    expect(nearestField('narattion', VIDEO)).toBe('narration');
    expect(nearestField('backround_colour', VIDEO)).toBe('background_color');
    expect(nearestField('imgaes', VIDEO)).toBe('images');
  });

  it('suggests the one field that contains the name, or that the name contains', () => {
    expect(nearestField('voice', VIDEO)).toBe('narration_voice');
    expect(nearestField('brand_kit', VIDEO)).toBe('brand_kit_id');
    expect(nearestField('next_cursor', ['limit', 'cursor'])).toBe('cursor');
    // "color" is in both: no single answer.
    expect(nearestField('color', ['background_color', 'accent_color'])).toBeUndefined();
  });

  it('suggests nothing for a name far from every field', () => {
    expect(nearestField('colour', VIDEO)).toBeUndefined();
    expect(nearestField('x', VIDEO)).toBeUndefined();
    expect(nearestField('fps', VIDEO)).toBeUndefined();
    expect(nearestField('quality', ['dimensions', 'fps'])).toBeUndefined();
    expect(nearestField('', VIDEO)).toBeUndefined();
    expect(nearestField('prompt', [])).toBeUndefined();
  });
});
