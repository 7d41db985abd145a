import { describe, expect, it } from 'vitest';
import { renderBody } from '../../app/forms/render-body.js';
import { emptyVideoForm, fitFormToModel, videoCreateBody, type VideoForm } from '../../app/forms/video-form.js';

describe('videoCreateBody', () => {
  it('sends only the prompt and render for an untouched form, leaving every default to the node', () => {
    expect(videoCreateBody({ ...emptyVideoForm(), prompt: 'A launch video' })).toEqual({ prompt: 'A launch video', render: true });
  });

  it('maps every chosen field to its create field', () => {
    const body = videoCreateBody({
      ...emptyVideoForm(),
      prompt: 'Tides',
      model: 'model-5',
      aspect_ratio: '9:16',
      duration: '20',
      animation_style: 'editorial',
      narration_voice: 'noah',
      narration_language: 'de',
      narration: 'off',
      music: 'on',
      sfx: 'auto',
      brand_kit_id: 'bk_1',
      ai_video: 'full',
      storyboard: true,
      render: false,
    });
    expect(body).toEqual({
      prompt: 'Tides',
      model: 'model-5',
      aspect_ratio: '9:16',
      duration: 20,
      animation_style: 'editorial',
      narration_voice: 'noah',
      narration_language: 'de',
      narration: false,
      music: true,
      brand_kit_id: 'bk_1',
      ai_video: 'full',
      storyboard: true,
      render: false,
    });
  });

  it('drops blank attachment rows and empty optional parts of the others', () => {
    const body = videoCreateBody({
      ...emptyVideoForm(),
      prompt: 'p',
      images: [{ url: ' https://x.example/a.png ', context: '' }, { url: '', context: 'ignored' }, { url: 'https://x.example/b.png', context: 'the logo' }],
      documents: [{ url: 'https://x.example/d.pdf', mime_type: 'application/pdf', file_name: '' }, { url: ' ', mime_type: 'text/csv', file_name: 'x.csv' }],
      audio: [{ url: 'https://x.example/m.mp3', role: 'music' }],
    });
    expect(body.images).toEqual([{ url: 'https://x.example/a.png' }, { url: 'https://x.example/b.png', context: 'the logo' }]);
    expect(body.documents).toEqual([{ url: 'https://x.example/d.pdf', mime_type: 'application/pdf' }]);
    expect(body.audio).toEqual([{ url: 'https://x.example/m.mp3', role: 'music' }]);
  });

  it('leaves out attachment lists that have only blank rows', () => {
    const body = videoCreateBody({ ...emptyVideoForm(), prompt: 'p', images: [{ url: '', context: '' }] });
    expect(body).not.toHaveProperty('images');
  });

  it('passes a duration that is not a number through as text, for the node to refuse by name', () => {
    expect(videoCreateBody({ ...emptyVideoForm(), prompt: 'p', duration: '2 minutes' }).duration).toBe('2 minutes');
    expect(videoCreateBody({ ...emptyVideoForm(), prompt: 'p', duration: '7.5' }).duration).toBe(7.5);
  });
});

describe('the captions choice', () => {
  it('asks for a look and place, for none, or leaves it to the prompt', () => {
    const form = { ...emptyVideoForm(), prompt: 'Tides' };
    expect(videoCreateBody(form).captions).toBeUndefined();
    expect(videoCreateBody({ ...form, captions: 'off' }).captions).toBe(false);
    expect(videoCreateBody({ ...form, captions: 'karaoke', captions_position: 'top' }).captions).toEqual({ style: 'karaoke', position: 'top' });
    expect(videoCreateBody({ ...form, captions: 'bold' }).captions).toEqual({ style: 'bold' });
  });

  it('is reset for a model without narration', () => {
    const fitted = fitFormToModel({ ...emptyVideoForm(), captions: 'bold', captions_position: 'top' }, { multi_scene: false, supports: { narration: false, music: false, sfx: false, ai_video: false } });
    expect(fitted.captions).toBe('');
    expect(fitted.captions_position).toBe('');
  });
});

describe('renderBody', () => {
  it('is empty when nothing is typed, so the job keeps its size and fps', () => {
    expect(renderBody('', '', '')).toEqual({});
  });

  it('takes the missing side of a size from the job', () => {
    expect(renderBody('1280', '', '60', { width: 1920, height: 1080 })).toEqual({ dimensions: { width: 1280, height: 1080 }, fps: 60 });
  });

  it('keeps a size that is not a whole number as text for the node to name', () => {
    expect(renderBody('12.5', '720', '')).toEqual({ dimensions: { width: '12.5', height: 720 } });
  });

  it('asks for the picked format, and a transparent background when it is picked', () => {
    expect(renderBody('', '', '', undefined, { format: '', transparent: false })).toEqual({});
    expect(renderBody('', '', '', undefined, { format: 'gif', transparent: false })).toEqual({ format: 'gif' });
    expect(renderBody('', '', '', undefined, { format: 'mov', transparent: true })).toEqual({ format: 'mov', background: 'transparent' });
  });
});

describe('fitFormToModel', () => {
  const chosen: VideoForm = {
    ...emptyVideoForm(),
    prompt: 'p',
    narration: 'on',
    narration_voice: 'noah',
    narration_language: 'de',
    music: 'off',
    sfx: 'on',
    ai_video: 'full',
    storyboard: true,
    brand_kit_id: 'bk_1',
    audio: [{ url: 'https://x.example/m.mp3', role: 'music' }],
  };

  it('resets what a single-scene model refuses, so the create body carries none of it', () => {
    const singleScene = { multi_scene: false, supports: { narration: false, music: false, sfx: false, ai_video: false } };
    expect(videoCreateBody(fitFormToModel(chosen, singleScene))).toEqual({ prompt: 'p', render: true });
  });

  it('keeps every choice for a model that takes them all', () => {
    const multiScene = { multi_scene: true, supports: { narration: true, music: true, sfx: true, ai_video: true } };
    expect(fitFormToModel(chosen, multiScene)).toEqual(chosen);
  });

  it('leaves the form alone while the models are not loaded', () => {
    expect(fitFormToModel(chosen, undefined)).toBe(chosen);
  });
});
