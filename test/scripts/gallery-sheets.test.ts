// The pure parts of scripts/gallery-sheets.mjs: file names, thumbnail sizes, the sheet's tiling and the README.
import { describe, expect, it } from 'vitest';
import { baseName, galleryReadme, recordedPictureChoice, recordedPlans, secondLabel, slugOf, thumbSize, tileLayout } from '../../scripts/gallery-sheets.mjs';

describe('gallery sheets', () => {
  it('names a request by its index and first words, in ASCII', () => {
    expect(baseName(8, 'Quick explainer for TikTok: why do cats purr?')).toBe('08-quick-explainer-for-tiktok-why-do-cats');
    expect(slugOf('Explícame cómo funciona la fotosíntesis')).toBe('explicame-como-funciona-la-fotosintesis');
    expect(slugOf('Erkläre, wie Photosynthese funktioniert')).toBe('erklare-wie-photosynthese-funktioniert');
    expect(slugOf('A 4:5 ad for a running shoe, please, just music', 12)).toBe('a-4-5-ad-for');
    expect(slugOf('???')).toBe('request');
  });

  it('sizes thumbnails by their longer side, even and in ratio', () => {
    expect(thumbSize(1920, 1080)).toEqual({ width: 240, height: 136 });
    expect(thumbSize(1080, 1920)).toEqual({ width: 136, height: 240 });
    expect(thumbSize(1080, 1350)).toEqual({ width: 192, height: 240 });
    expect(thumbSize(1080, 1080)).toEqual({ width: 240, height: 240 });
  });

  it('tiles ten a row, each with its label strip below', () => {
    const layout = tileLayout(23, { width: 240, height: 136 }, { columns: 10, gap: 4, label: 20 });
    expect(layout.width).toBe(4 + 10 * 244);
    expect(layout.height).toBe(4 + 3 * (136 + 20 + 4));
    expect(layout.tiles).toHaveLength(23);
    expect(layout.tiles[0]).toEqual({ left: 4, top: 4, labelTop: 140 });
    expect(layout.tiles[9]).toEqual({ left: 4 + 9 * 244, top: 4, labelTop: 140 });
    expect(layout.tiles[10]).toEqual({ left: 4, top: 164, labelTop: 300 });
    // Fewer tiles than a row: the sheet is only as wide as they are.
    expect(tileLayout(3, { width: 100, height: 50 }, { columns: 10, gap: 0, label: 0 })).toMatchObject({ width: 300, height: 50 });
  });

  it('labels seconds as m:ss', () => {
    expect([secondLabel(0), secondLabel(7), secondLabel(62)]).toEqual(['0:00', '0:07', '1:02']);
  });

  it('writes a table a mode, with what was made, its measures, skipped, refused or not yet rendered', () => {
    const requests = [{ prompt: 'Why | cats purr?' }, { prompt: 'Logo sting', materials: 'logo' }, { prompt: 'Heat pump' }];
    const readme = galleryReadme(
      requests,
      {
        embedded: { 0: { sheet: 'embedded/00-why-cats-purr.jpg', width: 1080, height: 1920, seconds: 30, kinds: ['illustration', 'typography'], measures: { medianShare: 0.414, longestStill: 2.5 } }, 2: { refused: 'gives one line to show ("Heat pump")' } },
        model: { 1: { skipped: 'no recorded plan' }, 2: { failed: 'render failed' } },
        fresh: { 0: { sheet: 'fresh/00-oats.jpg', width: 1080, height: 1080, seconds: 31.2, kinds: ['diagram'], measures: { medianShare: 0.5, longestStill: 3 }, stills: ['fresh/00-oats-1.jpg', 'fresh/00-oats-2.jpg'] } },
      },
      [{ name: '00-oats', prompt: 'Overnight oats in 4 steps' }],
    );
    expect(readme).toContain('| 0 | Why \\| cats purr? |  | 1080×1920 | 30.0 s | illustration, typography | 41% | 2.5 s | [sheet](embedded/00-why-cats-purr.jpg) |');
    expect(readme).toContain('| 1 | Logo sting | logo |  |  | not rendered yet |  |  |  |');
    expect(readme).toContain('| 1 | Logo sting | logo |  |  | skipped: no recorded plan |  |  |  |');
    expect(readme).toContain('| 2 | Heat pump |  |  |  | failed: render failed |  |  |  |');
    expect(readme).toContain('| 2 | Heat pump |  |  |  | refused (400): gives one line to show ("Heat pump") |  |  |  |');
    expect(readme).toContain('## New requests, with a model\'s plans (`fresh`)');
    expect(readme).toContain('| 0 | Overnight oats in 4 steps |  | 1080×1080 | 31.2 s | diagram | 50% | 3.0 s | [sheet](fresh/00-oats.jpg) · frames [1](fresh/00-oats-1.jpg) [2](fresh/00-oats-2.jpg) |');
  });

  it('reads the plans a recorded case answered, in order', () => {
    const plan = (title: string) => ({ title, scenes: [] });
    const recording = {
      calls: [
        { request: { response_format: { json_schema: { name: 'story_plan' } } }, answer: { object: plan('first') } },
        { request: { response_format: { json_schema: { name: 'picture_choices' } } }, answer: { object: { choices: [{ item: 1, picture: 'none' }] } } },
        { request: { response_format: { json_schema: { name: 'story_plan' } } }, answer: { object: plan('revised') } },
      ],
    };
    expect(recordedPlans(recording)).toEqual([plan('first'), plan('revised')]);
    // The picture choice the model made after the plan, replayed to the node's picture step.
    expect(recordedPictureChoice(recording)).toEqual({ choices: [{ item: 1, picture: 'none' }] });
    expect(recordedPictureChoice({ calls: recording.calls.slice(0, 1) })).toBeUndefined();
  });
});
