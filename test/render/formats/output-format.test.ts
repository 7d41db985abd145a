import { describe, expect, it } from 'vitest';
import { FORMAT_FILES, GIF_FPS, GIF_MAX_SIDE, gifShape, renderFileName, renderOutputProblem } from '../../../src/render/formats/output-format.js';
import { contentTypeOf } from '../../../src/storage/content-types.js';

describe('renderOutputProblem', () => {
  it('allows transparent only with webm and mov', () => {
    expect(renderOutputProblem({ format: 'webm', background: 'transparent' })).toBeUndefined();
    expect(renderOutputProblem({ format: 'mov', background: 'transparent' })).toBeUndefined();
    expect(renderOutputProblem({ format: 'mp4', background: 'transparent' })).toMatch(/webm or mov.*mp4 has none/);
    expect(renderOutputProblem({ format: 'gif', background: 'transparent' })).toMatch(/webm or mov.*gif has none/);
    for (const format of ['mp4', 'webm', 'gif', 'mov'] as const) expect(renderOutputProblem({ format, background: 'opaque' })).toBeUndefined();
  });
});

describe('gifShape', () => {
  it(`scales the longer side down to ${GIF_MAX_SIDE} px at most ${GIF_FPS} fps, never up`, () => {
    expect(gifShape({ width: 1920, height: 1080, fps: 30 })).toEqual({ width: 480, height: 270, fps: 12 });
    expect(gifShape({ width: 1080, height: 1920, fps: 60 })).toEqual({ width: 270, height: 480, fps: 12 });
    expect(gifShape({ width: 320, height: 180, fps: 10 })).toEqual({ width: 320, height: 180, fps: 10 });
  });
});

describe('renderFileName', () => {
  it('names a render with its format\'s extension, which the file route serves with the format\'s content type', () => {
    expect(renderFileName('rnd_a', 'mov')).toBe('rnd_a.mov');
    for (const [format, file] of Object.entries(FORMAT_FILES)) expect(contentTypeOf(renderFileName('rnd_a', format as keyof typeof FORMAT_FILES))).toBe(file.contentType);
    expect(FORMAT_FILES).toMatchObject({ webm: { contentType: 'video/webm' }, mov: { contentType: 'video/quicktime' }, gif: { contentType: 'image/gif' } });
  });
});
