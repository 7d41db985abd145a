import { describe, expect, it } from 'vitest';
import type { Plan } from '../../../src/accounts/plans.js';
import { loadStylePacks } from '../../../src/catalog/style-packs.js';
import { ServiceError } from '../../../src/errors/service-error.js';
import { createVideoBody } from '../../../src/pipeline/create/create-video-schema.js';
import {
  inferAspectRatio,
  isFourK,
  rendersNeeded,
  resolveVideoOptions,
  type ResolvedVideoOptions,
} from '../../../src/pipeline/create/resolve-video-options.js';
import { EMBEDDED_VOICES } from '../../../src/pipeline/speech/embedded-voices.js';

const url = 'https://example.com/file';

function resolve(body: Record<string, unknown>, context: { plan?: Plan; allowPrivateUrls?: boolean } = {}): ResolvedVideoOptions {
  return resolveVideoOptions(createVideoBody.parse({ prompt: 'A video about the water cycle', ...body }), {
    plan: context.plan ?? 'ultimate',
    voices: EMBEDDED_VOICES,
    allowPrivateUrls: context.allowPrivateUrls ?? false,
  });
}

/** The error resolving throws, as `{ code, status, message }`. */
function refusal(body: Record<string, unknown>, context: { plan?: Plan; allowPrivateUrls?: boolean } = {}) {
  try {
    resolve(body, context);
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    const { code, status, message } = error as ServiceError;
    return { code, status, message };
  }
  throw new Error('expected resolveVideoOptions to throw');
}

describe('resolveVideoOptions', () => {
  it('fills every default for a prompt-only request on model-5', () => {
    expect(resolve({})).toEqual({
      prompt: 'A video about the water cycle',
      model: 'model-5',
      multiScene: true,
      width: 1920,
      height: 1080,
      aspectRatio: '16:9',
      aspectSource: 'default',
      fps: 30,
      durationSeconds: 30,
      durationSource: 'default',
      narration: true,
      narrationSource: 'default',
      music: true,
      musicSource: 'default',
      sfx: false,
      aiVideo: 'auto',
      storyboard: false,
      planStory: true,
      enhancePrompt: false,
      images: [],
      documents: [],
      audio: [],
      render: false,
    });
  });

  it('defaults single-scene models to 15 s with no narration and no music', () => {
    for (const model of ['model-3', 'model-4']) {
      const options = resolve({ model });
      expect(options).toMatchObject({ model, multiScene: false, durationSeconds: 15, narration: false, music: false, sfx: false });
    }
  });

  it('marks narration and music given in the request as coming from the request', () => {
    const options = resolve({ narration: false, music: true });
    expect(options).toMatchObject({ narration: false, narrationSource: 'request', music: true, musicSource: 'request' });
  });

  it('carries the request\'s values in camelCase', () => {
    const options = resolve({
      model: 'model-6',
      enhance_prompt: true,
      duration: 60,
      animation_style: 'plain',
      background_color: '#a1c',
      narration_voice: 'embedded-noah',
      narration_language: 'fr',
      sfx: true,
      ai_video: 'full',
      storyboard: true,
      plan: false,
      brand_kit_id: 'bk_1',
      brand_settings: { primary_color: '#abcdef', brand_name: 'Acme', visual_style: '2d' },
      images: [{ url, context: 'logo' }],
      documents: [{ url, mime_type: 'text/csv', file_name: 'data.csv' }],
      audio: [{ url }, { url, role: 'voiceover' }],
      webhook_url: 'https://example.com/hook',
      render: true,
    });
    expect(options).toMatchObject({
      model: 'model-6',
      enhancePrompt: true,
      durationSeconds: 60,
      animationStyle: 'plain',
      backgroundColor: '#AA11CC',
      narrationVoice: 'embedded-noah',
      narrationLanguage: 'fr',
      sfx: true,
      aiVideo: 'full',
      storyboard: true,
      planStory: false,
      brandKitId: 'bk_1',
      brandSettings: { primaryColor: '#ABCDEF', brandName: 'Acme', visualStyle: '2d' },
      images: [{ url, context: 'logo' }],
      documents: [{ url, mimeType: 'text/csv', fileName: 'data.csv' }],
      audio: [
        { url, role: 'music' },
        { url, role: 'voiceover' },
      ],
      webhookUrl: 'https://example.com/hook',
      render: true,
    });
  });

  describe('model-6', () => {
    it('answers 403 forbidden naming the pro plan on a plan below pro', () => {
      for (const plan of ['free', 'basic'] as const) {
        const error = refusal({ model: 'model-6' }, { plan });
        expect(error.code).toBe('forbidden');
        expect(error.status).toBe(403);
        expect(error.message).toMatch(/\bpro\b/);
      }
    });

    it('is allowed on pro and above', () => {
      for (const plan of ['pro', 'creator', 'ultimate', 'appsumo_tier_1', 'appsumo_tier_7'] as const) {
        expect(resolve({ model: 'model-6' }, { plan }).model).toBe('model-6');
      }
    });
  });

  describe('single-scene models', () => {
    const cases: [string, Record<string, unknown>][] = [
      ['narration', { narration: true }],
      ['music', { music: true }],
      ['sfx', { sfx: true }],
      ['audio', { audio: [{ url, role: 'sfx' }] }],
      ['brand_kit_id', { brand_kit_id: 'bk_1' }],
      ['ai_video', { ai_video: 'off' }],
      ['ai_video', { ai_video: 'on' }],
      ['ai_video', { ai_video: 'full' }],
    ];
    for (const model of ['model-3', 'model-4']) {
      for (const [field, body] of cases) {
        it(`rejects ${JSON.stringify(body)} on ${model} with 400 naming ${field}`, () => {
          const error = refusal({ model, ...body });
          expect(error.code).toBe('invalid_request');
          expect(error.status).toBe(400);
          expect(error.message.startsWith(`${field}: `)).toBe(true);
        });
      }
    }

    it('accepts narration, music and sfx set to false and ai_video auto on model-4', () => {
      const options = resolve({ model: 'model-4', narration: false, music: false, sfx: false, ai_video: 'auto' });
      expect(options).toMatchObject({ narration: false, music: false, sfx: false, aiVideo: 'auto' });
    });

    it('allows the multi-scene-only features on model-6 as on model-5', () => {
      const body = { narration: true, music: true, sfx: true, ai_video: 'on', brand_kit_id: 'bk', audio: [{ url }] };
      expect(resolve({ model: 'model-6', ...body }).aiVideo).toBe('on');
      expect(resolve({ model: 'model-5', ...body }).aiVideo).toBe('on');
    });
  });

  describe('storyboard', () => {
    it('rejects storyboard true without ai_video full with 400', () => {
      for (const ai_video of [undefined, 'auto', 'on', 'off']) {
        const error = refusal({ storyboard: true, ...(ai_video ? { ai_video } : {}) });
        expect(error.status).toBe(400);
        expect(error.message).toMatch(/^storyboard: .*full/);
      }
    });

    it('accepts storyboard true with ai_video full, and storyboard false with anything', () => {
      expect(resolve({ storyboard: true, ai_video: 'full' }).storyboard).toBe(true);
      expect(resolve({ storyboard: false, ai_video: 'off' }).storyboard).toBe(false);
    });
  });

  describe('duration', () => {
    it('takes up to the model\'s maximum: model-3 30, model-4 60, model-5 and model-6 120', () => {
      const maxima = { 'model-3': 30, 'model-4': 60, 'model-5': 120, 'model-6': 120 };
      for (const [model, max] of Object.entries(maxima)) {
        expect(resolve({ model, duration: max }).durationSeconds).toBe(max);
        expect(resolve({ model, duration: 5 }).durationSeconds).toBe(5);
      }
      for (const [model, duration] of [['model-3', 31], ['model-4', 61], ['model-4', 120]] as const) {
        const error = refusal({ model, duration });
        expect(error.status).toBe(400);
        expect(error.message).toMatch(/^duration: /);
      }
    });

    it('defaults to the model default: 30 on multi-scene, 15 on single-scene', () => {
      expect(resolve({ model: 'model-6' }).durationSeconds).toBe(30);
      expect(resolve({ model: 'model-3' }).durationSeconds).toBe(15);
    });

    it('takes a length the prompt states when duration is left out, in the four languages; duration wins over it', () => {
      expect(resolve({ prompt: 'Make a 20 second vertical video explaining how vaccines train the immune system' }).durationSeconds).toBe(20);
      expect(resolve({ prompt: 'Erkläre in 15 Sekunden, warum der Himmel blau ist' }).durationSeconds).toBe(15);
      expect(resolve({ prompt: 'Une vidéo de 45 secondes sur la photosynthèse' }).durationSeconds).toBe(45);
      expect(resolve({ prompt: 'Haz un vídeo de un minuto sobre el café' }).durationSeconds).toBe(60);
      expect(resolve({ prompt: 'Make a 20 second video about tea', duration: 40 }).durationSeconds).toBe(40);
      expect(resolve({ prompt: 'How a kettle boils water in 4 minutes' }).durationSeconds).toBe(30);
    });

    it('refuses a stated length the model cannot make with 400 naming the prompt\'s length, the limit and the way on', () => {
      const error = refusal({ prompt: 'A 5 minute video about the history of Rome' });
      expect(error.status).toBe(400);
      expect(error.message).toBe(
        'duration: the prompt asks for 5 minutes (300 seconds); model-5 makes 5 to 120 seconds (2 minutes); ask for 2 minutes or less in the prompt, or set duration (5 to 120), which wins over the prompt; no model makes a longer video; for a longer film, make it as several videos',
      );
    });

    it.each([
      ['Make a 3 hour video.', '3 hours (10800 seconds)'],
      ['a two-hour film about whales', '2 hours (7200 seconds)'],
      ['Eine 10-minütige Erklärung zur Photosynthese', '10 minutes (600 seconds)'],
      ['Haz un vídeo de 5 minutos sobre el café', '5 minutes (300 seconds)'],
      ['Fais une vidéo de 3 heures sur Rome', '3 hours (10800 seconds)'],
      ['Fai un video di due ore sul Colosseo', '2 hours (7200 seconds)'],
      ['A 1 hour 30 minute documentary on bees', '1 hour 30 minutes (5400 seconds)'],
    ])('refuses %j, a length beyond the maximum, naming it and the limit', (prompt, words) => {
      const error = refusal({ prompt });
      expect(error.status).toBe(400);
      expect(error.message).toContain(`duration: the prompt asks for ${words}; model-5 makes 5 to 120 seconds (2 minutes)`);
    });

    it('names the models that make a stated length another model cannot', () => {
      expect(refusal({ model: 'model-4', prompt: 'A 90 second video about tides' }).message).toBe(
        'duration: the prompt asks for 90 seconds; model-4 makes 5 to 60 seconds; ask for 60 seconds or less in the prompt, or set duration (5 to 60), which wins over the prompt; model-5 or model-6 makes it: set model (GET /v1/models lists each one\'s max_duration_seconds)',
      );
      expect(refusal({ model: 'model-4', duration: 90 }).message).toBe(
        'duration: model-4 makes 5 to 60 seconds, got 90; model-5 or model-6 makes it: set model (GET /v1/models lists each one\'s max_duration_seconds)',
      );
      expect(refusal({ model: 'model-3', duration: 45 }).message).toContain('model-5, model-6 or model-4 makes it');
    });

    it('takes a length that is content, not the video\'s, as no length', () => {
      expect(resolve({ prompt: 'Make a video about our 3-hour hike up Ben Nevis' })).toMatchObject({ durationSeconds: 30, durationSource: 'default' });
      expect(resolve({ prompt: 'Make a 3 hour video.', duration: 60 })).toMatchObject({ durationSeconds: 60, durationSource: 'request' });
    });
  });

  describe('catalog ids', () => {
    it('accepts a style pack id and the no_style id, and rejects an unknown style with 400', () => {
      const catalog = loadStylePacks();
      expect(resolve({ animation_style: catalog.packs[1]!.id }).animationStyle).toBe(catalog.packs[1]!.id);
      expect(resolve({ animation_style: catalog.no_style }).animationStyle).toBe(catalog.no_style);
      const error = refusal({ animation_style: 'vaporwave-9000' });
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/^animation_style: unknown style "vaporwave-9000"/);
      // The refusal lists every id it would take, so the client can fix the request from the message alone.
      for (const id of [...catalog.packs.map((pack) => pack.id), catalog.no_style]) expect(error.message).toContain(id);
      expect(refusal({ animation_style: 'retro' }).message).toMatch(/^animation_style: unknown style "retro" \(did you mean "retro-wave"\?\); known styles: plain, .*retro-wave/);
      expect(refusal({ animation_style: 'retro-wav' }).message).toContain('(did you mean "retro-wave"?)');
    });

    it('rejects an unknown narration_voice with 400 listing the voices and pointing at GET /v1/voices', () => {
      expect(refusal({ narration_voice: 'x' })).toEqual({
        code: 'invalid_request',
        status: 400,
        message:
          'narration_voice: unknown voice "x"; a voice is named by its id or its name, in any case: Ava (embedded-ava), Noah (embedded-noah), Mia (embedded-mia), Leo (embedded-leo), Grace (embedded-grace), Owen (embedded-owen), Zoe (embedded-zoe), Max (embedded-max); see GET /v1/voices',
      });
    });

    it('takes a voice by its id or its name in any case, and keeps its id', () => {
      for (const named of ['embedded-noah', 'Noah', 'noah', 'NOAH', 'Embedded-Noah', ' Noah ']) {
        expect(resolve({ narration_voice: named }).narrationVoice, named).toBe('embedded-noah');
      }
    });

    it('says "did you mean" with the nearest voice when neither an id nor a name matches', () => {
      expect(refusal({ narration_voice: 'Noha' }).message).toMatch(/^narration_voice: unknown voice "Noha" \(did you mean Noah \(embedded-noah\)\?\); a voice is named by its id or its name/);
      expect(refusal({ narration_voice: 'embeded-grace' }).message).toContain('(did you mean Grace (embedded-grace)?)');
      expect(refusal({ narration_voice: 'Brunhilde' }).message).not.toContain('did you mean');
    });

    it('accepts the 74 language codes (case-insensitively) and rejects others and region tags with 400', () => {
      expect(resolve({ narration_language: 'de' }).narrationLanguage).toBe('de');
      expect(resolve({ narration_language: 'ZH' }).narrationLanguage).toBe('zh');
      for (const code of ['xx', 'en-US', 'english']) {
        const error = refusal({ narration_language: code });
        expect(error.status).toBe(400);
        expect(error.message).toMatch(/^narration_language: unknown language/);
      }
    });
  });

  describe('audio', () => {
    it('allows one music track besides voiceover and sfx', () => {
      const options = resolve({ audio: [{ url, role: 'voiceover' }, { url }, { url, role: 'sfx' }, { url, role: 'sfx' }] });
      expect(options.audio.map((item) => item.role)).toEqual(['voiceover', 'music', 'sfx', 'sfx']);
    });

    it('rejects a second music track with 400, counting items without a role as music', () => {
      const explicit = refusal({ audio: [{ url, role: 'music' }, { url, role: 'music' }] });
      expect(explicit.status).toBe(400);
      expect(explicit.message).toMatch(/^audio: at most one music track/);
      expect(refusal({ audio: [{ url }, { url, role: 'voiceover' }, { url }] }).message).toMatch(/^audio: at most one music track/);
    });
  });

  describe('webhook_url', () => {
    it('accepts https and rejects http to a public host with 400', () => {
      expect(resolve({ webhook_url: 'https://hooks.example.com/x' }).webhookUrl).toBe('https://hooks.example.com/x');
      expect(refusal({ webhook_url: 'http://hooks.example.com/x' }).message).toMatch(/^webhook_url: must be an https URL/);
    });

    it('accepts an http loopback URL only when the node allows private addresses', () => {
      expect(refusal({ webhook_url: 'http://127.0.0.1:9000/hook' }).message).toMatch(/^webhook_url: .*private or loopback/);
      expect(resolve({ webhook_url: 'http://127.0.0.1:9000/hook' }, { allowPrivateUrls: true }).webhookUrl).toBe(
        'http://127.0.0.1:9000/hook',
      );
    });

    it('rejects something that is not a URL with 400', () => {
      expect(refusal({ webhook_url: 'nope' }).message).toBe('webhook_url: is not a valid URL');
    });
  });

  describe('dimensions', () => {
    it('uses exact dimensions over aspect_ratio, with a null aspectRatio', () => {
      const options = resolve({ dimensions: { width: 1280, height: 720 }, aspect_ratio: '9:16', prompt: 'a TikTok' });
      expect(options).toMatchObject({ width: 1280, height: 720, aspectRatio: null, aspectSource: 'dimensions' });
    });

    it('uses aspect_ratio over the prompt\'s words', () => {
      expect(resolve({ aspect_ratio: '1:1', prompt: 'a vertical TikTok' })).toMatchObject({
        width: 1080,
        height: 1080,
        aspectRatio: '1:1',
        aspectSource: 'request',
      });
    });

    it('sizes each ratio: 16:9 1920x1080, 9:16 1080x1920, 1:1 1080x1080, 4:5 1080x1350', () => {
      const sizes = { '16:9': [1920, 1080], '9:16': [1080, 1920], '1:1': [1080, 1080], '4:5': [1080, 1350] };
      for (const [aspect_ratio, [width, height]] of Object.entries(sizes)) {
        expect(resolve({ aspect_ratio })).toMatchObject({ width, height, aspectRatio: aspect_ratio });
      }
    });

    it('infers 9:16 from vertical, portrait video, TikTok, Reels, Shorts and story', () => {
      for (const prompt of [
        'A vertical clip about coffee',
        'Portrait video of our new phone',
        'A TikTok about budgeting',
        'Instagram Reels teaser for the launch',
        'YouTube Shorts explaining black holes',
        'An Instagram story announcing the sale',
      ]) {
        expect(resolve({ prompt }), prompt).toMatchObject({ width: 1080, height: 1920, aspectRatio: '9:16', aspectSource: 'prompt' });
      }
    });

    it('infers 1:1 from square and Instagram post', () => {
      for (const prompt of ['A square video for the homepage', 'An Instagram post about our bakery']) {
        expect(resolve({ prompt }), prompt).toMatchObject({ width: 1080, height: 1080, aspectRatio: '1:1' });
      }
    });

    it('infers 4:5 from 4:5 and feed portrait', () => {
      for (const prompt of ['A 4:5 ad for running shoes', 'A feed portrait clip about tea']) {
        expect(resolve({ prompt }), prompt).toMatchObject({ width: 1080, height: 1350, aspectRatio: '4:5' });
      }
    });

    it('defaults to 16:9 when the prompt says nothing about shape', () => {
      for (const prompt of ['Explain how vaccines work', 'Tell the story of the Roman Empire', 'A portrait of Ada Lovelace']) {
        expect(resolve({ prompt }), prompt).toMatchObject({ width: 1920, height: 1080, aspectRatio: '16:9', aspectSource: 'default' });
      }
    });
  });

  it('always uses 30 fps', () => {
    expect(resolve({ model: 'model-3' }).fps).toBe(30);
    expect(resolve({ dimensions: { width: 3840, height: 2160 } }).fps).toBe(30);
  });
});

describe('inferAspectRatio', () => {
  it('answers undefined when the prompt has no shape words', () => {
    expect(inferAspectRatio('Quarterly results for the board')).toBeUndefined();
  });

  it('prefers a written ratio', () => {
    expect(inferAspectRatio('A 16:9 version of our TikTok')).toBe('16:9');
    expect(inferAspectRatio('Make it 9:16')).toBe('9:16');
  });
});

describe('isFourK', () => {
  it('is true when the longer side is 3840', () => {
    expect(isFourK(3840, 2160)).toBe(true);
    expect(isFourK(2160, 3840)).toBe(true);
    expect(isFourK(1920, 1080)).toBe(false);
    expect(isFourK(3838, 3838)).toBe(false);
  });
});

describe('rendersNeeded', () => {
  it('is 2 for 4K and 1 otherwise', () => {
    expect(rendersNeeded(3840, 2160)).toBe(2);
    expect(rendersNeeded(1080, 1920)).toBe(1);
  });
});
