import { describe, expect, it } from 'vitest';
import { editSourceOf } from '../../../src/pipeline/edit/edit-source.js';
import { resolveTheme } from '../../../src/pipeline/theme/resolve-theme.js';
import type { SceneRow } from '../../../src/store/videos-store.js';

const row = (position: number, extra: Partial<SceneRow> = {}): SceneRow => ({
  id: `scn_${position}`, video_id: 'vid_1', position, title: `Scene ${position}`, role: 'body', kind: 'kinetic', duration_seconds: 5,
  settings: JSON.stringify({ text: `Scene ${position}` }), source: null, compiled: null, writer: null, authoring: null, committed_at: 'now',
  narration: null, narration_audio: null, narration_seconds: null, narration_words: null, audit: null, ...extra,
});

describe('editSourceOf', () => {
  it('reads scenes in order with parsed settings, and the sound and theme the plan stored', () => {
    const theme = resolveTheme({ prompt: 'x', animationStyle: 'plain', backgroundColor: '#000000', brandFonts: { heading: 'Lora' } });
    const source = editSourceOf({
      scenes: [row(1, { narration: 'Hi.', narration_seconds: 1.2 }), row(0)],
      plan: {
        title: 'T', theme, planner: 'embedded',
        audio: { narration: true, music: false, sfx: true, language: 'de', voice: 'embedded-max', bpm: 100, mood: 'calm', seed: 1 },
        images: [{ name: 'image-2', field: 'images[1]', role: 'product' }, { name: 'image-1', field: 'images[0]', role: 'hero' }],
      },
      options: { model: 'model-5', narration: true, music: true, sfx: false },
    });
    expect(source.scenes.map((scene) => [scene.position, scene.narration, scene.narrationSeconds])).toEqual([[0, '', undefined], [1, 'Hi.', 1.2]]);
    expect(source.scenes[0]!.settings).toEqual({ text: 'Scene 0' });
    expect(source.options).toEqual({
      model: 'model-5', narration: true, music: false, sfx: true, voice: 'embedded-max', language: 'de', musicMood: 'calm',
      colors: { primary: '#2563EB', secondary: '#64748B', accent: '#F59E0B', background: '#000000' },
      fonts: { heading: 'Lora', body: 'Inter' },
      images: ['image-1', 'image-2'],
    });
  });
});
