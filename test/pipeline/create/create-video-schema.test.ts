import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createVideoBody } from '../../../src/pipeline/create/create-video-schema.js';

/** The first problem as the app reports it (`<field>: <message>`), or undefined when valid. */
function problem(body: unknown): string | undefined {
  const result = createVideoBody.safeParse(body);
  if (result.success) return undefined;
  const issue = result.error.issues[0]!;
  return `${issue.path.join('.')}: ${issue.message}`;
}

const url = 'https://example.com/a.png';

describe('createVideoBody', () => {
  it('accepts a body with only a prompt, and trims it', () => {
    expect(createVideoBody.parse({ prompt: '  A video about tides  ' })).toEqual({ prompt: 'A video about tides' });
  });

  it('accepts every field of the create table', () => {
    const body = {
      prompt: 'Launch video',
      model: 'model-6',
      enhance_prompt: true,
      aspect_ratio: '9:16',
      dimensions: { width: 1280, height: 720 },
      duration: 45.5,
      animation_style: 'plain',
      background_color: '#112233',
      narration: true,
      narration_voice: 'embedded-ava',
      narration_language: 'en',
      music: false,
      sfx: true,
      captions: { style: 'karaoke', position: 'top' },
      ai_video: 'full',
      storyboard: true,
      plan: false,
      brand_kit_id: 'bk_1',
      brand_settings: {
        primary_color: '#ABC',
        secondary_color: '#010203',
        accent_color: '#fff',
        heading_font: 'Inter',
        body_font: 'Roboto',
        visual_style: '3d',
        brand_name: 'Acme',
        brand_description: 'Makes anvils',
      },
      images: [{ url, context: 'the logo' }],
      documents: [{ url: 'https://example.com/a.pdf', mime_type: 'application/pdf', file_name: 'a.pdf' }],
      audio: [{ url: 'https://example.com/a.mp3', role: 'voiceover' }],
      webhook_url: 'https://example.com/hook',
      render: true,
    };
    expect(createVideoBody.parse(body)).toEqual(body);
    expect(Object.keys(createVideoBody.shape).sort()).toEqual(Object.keys(body).sort());
  });

  it('requires a prompt', () => {
    expect(problem({})).toMatch(/^prompt: /);
    expect(problem({ prompt: '   ' })).toBe('prompt: must not be empty');
  });

  it('accepts a prompt of 10,000 characters and refuses 10,001', () => {
    expect(problem({ prompt: 'a'.repeat(10_000) })).toBeUndefined();
    expect(problem({ prompt: 'a'.repeat(10_001) })).toBe('prompt: must be at most 10000 characters');
  });

  it('refuses unknown fields, at the top and inside nested objects', () => {
    expect(createVideoBody.safeParse({ prompt: 'x', colour: 'red' }).success).toBe(false);
    expect(createVideoBody.safeParse({ prompt: 'x', dimensions: { width: 200, height: 200, depth: 2 } }).success).toBe(false);
    expect(createVideoBody.safeParse({ prompt: 'x', brand_settings: { logo: 'x' } }).success).toBe(false);
    expect(createVideoBody.safeParse({ prompt: 'x', images: [{ url, role: 'style' }] }).success).toBe(false);
  });

  it('accepts only the four model ids', () => {
    for (const model of ['model-5', 'model-6', 'model-4', 'model-3']) expect(problem({ prompt: 'x', model })).toBeUndefined();
    expect(problem({ prompt: 'x', model: 'model-7' })).toMatch(/^model: must be one of "model-5", "model-6", "model-4", "model-3"/);
  });

  it('accepts only the four aspect ratios', () => {
    expect(problem({ prompt: 'x', aspect_ratio: '4:5' })).toBeUndefined();
    expect(problem({ prompt: 'x', aspect_ratio: '21:9' })).toMatch(/^aspect_ratio: must be one of/);
  });

  it('accepts dimensions that are even whole numbers from 128 to 3840', () => {
    expect(problem({ prompt: 'x', dimensions: { width: 128, height: 3840 } })).toBeUndefined();
    expect(problem({ prompt: 'x', dimensions: { width: 126, height: 720 } })).toBe('dimensions.width: must be at least 128');
    expect(problem({ prompt: 'x', dimensions: { width: 1280, height: 3842 } })).toBe('dimensions.height: must be at most 3840');
    expect(problem({ prompt: 'x', dimensions: { width: 1281, height: 720 } })).toBe('dimensions.width: must be an even number');
    expect(problem({ prompt: 'x', dimensions: { width: 1280.5, height: 720 } })).toBe('dimensions.width: must be a whole number');
    expect(problem({ prompt: 'x', dimensions: { width: 1280 } })).toMatch(/^dimensions\.height: /);
  });

  it('takes a duration from 5 to 120 seconds', () => {
    expect(problem({ prompt: 'x', duration: 5 })).toBeUndefined();
    expect(problem({ prompt: 'x', duration: 120 })).toBeUndefined();
    expect(problem({ prompt: 'x', duration: 4.9 })).toBe('duration: must be at least 5 seconds');
    expect(problem({ prompt: 'x', duration: 121 })).toBe('duration: must be at most 120 seconds (2 minutes), the longest any model makes; for a longer film, make it as several videos');
  });

  it('takes hex colors as #RRGGBB or #RGB', () => {
    expect(problem({ prompt: 'x', background_color: '#a1B2c3' })).toBeUndefined();
    expect(problem({ prompt: 'x', background_color: '#abc' })).toBeUndefined();
    expect(problem({ prompt: 'x', background_color: 'red' })).toMatch(/^background_color: must be a hex color/);
    expect(problem({ prompt: 'x', brand_settings: { accent_color: '#12345' } })).toMatch(/^brand_settings\.accent_color: must be a hex color/);
  });

  it('accepts only the four ai_video modes', () => {
    for (const mode of ['auto', 'on', 'off', 'full']) expect(problem({ prompt: 'x', ai_video: mode })).toBeUndefined();
    expect(problem({ prompt: 'x', ai_video: 'some' })).toMatch(/^ai_video: must be one of/);
  });

  it('takes at most 20 images, 5 documents and 4 audio items', () => {
    expect(problem({ prompt: 'x', images: Array.from({ length: 20 }, () => ({ url })) })).toBeUndefined();
    expect(problem({ prompt: 'x', images: Array.from({ length: 21 }, () => ({ url })) })).toBe('images: must have at most 20 items');
    const document = { url, mime_type: 'text/plain' };
    expect(problem({ prompt: 'x', documents: Array.from({ length: 6 }, () => document) })).toBe('documents: must have at most 5 items');
    expect(problem({ prompt: 'x', audio: Array.from({ length: 5 }, () => ({ url, role: 'sfx' })) })).toBe('audio: must have at most 4 items');
  });

  it('takes only http(s) attachment URLs', () => {
    expect(problem({ prompt: 'x', images: [{ url: 'ftp://example.com/a.png' }] })).toBe('images.0.url: must be an http or https URL');
    expect(problem({ prompt: 'x', images: [{ url: 'not a url' }] })).toBe('images.0.url: must be an http or https URL');
  });

  it('takes document mime types application/pdf, text/csv and text/plain only', () => {
    for (const mime_type of ['application/pdf', 'text/csv', 'text/plain']) {
      expect(problem({ prompt: 'x', documents: [{ url, mime_type }] })).toBeUndefined();
    }
    expect(problem({ prompt: 'x', documents: [{ url, mime_type: 'text/html' }] })).toMatch(/^documents\.0\.mime_type: must be one of/);
    expect(problem({ prompt: 'x', documents: [{ url }] })).toMatch(/^documents\.0\.mime_type: /);
  });

  it('takes audio roles music, voiceover and sfx only', () => {
    expect(problem({ prompt: 'x', audio: [{ url }, { url, role: 'voiceover' }, { url, role: 'sfx' }] })).toBeUndefined();
    expect(problem({ prompt: 'x', audio: [{ url, role: 'ambient' }] })).toMatch(/^audio\.0\.role: must be one of/);
  });

  it('refuses wrongly typed booleans', () => {
    for (const field of ['enhance_prompt', 'narration', 'music', 'sfx', 'storyboard', 'plan', 'render']) {
      expect(problem({ prompt: 'x', [field]: 'yes' })).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('describes every field for the OpenAPI document', () => {
    const schema = z.toJSONSchema(createVideoBody, { io: 'input' }) as {
      properties: Record<string, { description?: string }>;
      required: string[];
    };
    expect(schema.required).toEqual(['prompt']);
    for (const [name, property] of Object.entries(schema.properties)) {
      expect(property.description, name).toBeTruthy();
    }
  });
});
