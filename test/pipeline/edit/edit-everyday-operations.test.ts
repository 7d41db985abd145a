import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyEditOperations, fitDurations, TEXT_SCALE_RANGE } from '../../../src/pipeline/edit/apply-edit-operations.js';
import { EditError } from '../../../src/pipeline/edit/edit-errors.js';
import type { EditOperation } from '../../../src/pipeline/edit/edit-operations.js';
import { parseEditInstruction } from '../../../src/pipeline/edit/edit-grammar.js';
import { planAfterEdit } from '../../../src/pipeline/edit/create-edit.js';
import { synthesizeMusic } from '../../../src/pipeline/audio/synthesize-music.js';
import type { StoredPlan } from '../../../src/pipeline/stages/stored-plan.js';
import { sixSceneSource } from './edit-fixture.js';

/** The kit's scene-setting readers, as the scene host applies them before a scene draws. */
interface KitThemeSettings {
  themeWithSettings(theme: KitTheme, settings: Record<string, unknown>): KitTheme;
  textScaleOf(settings: Record<string, unknown>): number;
}
interface KitTheme {
  id: string;
  palette: Record<string, string>;
  fonts: { heading: string; body: string };
  motion: { easing: string; entrance: string; durationFrames: number; staggerFrames: number };
  background: { kind: 'solid' };
}
// The kit is typed by compositions/tsconfig.json (bundler resolution), which the root program cannot include; vitest loads it as it is.
const KIT_THEME_SETTINGS = path.resolve(import.meta.dirname, '../../../compositions/kit/theme-settings.ts');
const kit = (await import(KIT_THEME_SETTINGS)) as KitThemeSettings;
const PACK: KitTheme = {
  id: 'corporate-clean',
  palette: { primary: '#2563EB', text: '#111111', background: '#FFFFFF', surface: '#FFFFFF' },
  fonts: { heading: 'Inter', body: 'Inter' },
  motion: { easing: 'ease', entrance: 'fade', durationFrames: 15, staggerFrames: 4 },
  background: { kind: 'solid' },
};

const apply = (operations: EditOperation[], source = sixSceneSource()) => applyEditOperations(source, operations);
const read = (instruction: string) => parseEditInstruction(instruction, sixSceneSource()).operations;
const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);
const total = (scenes: { durationSeconds: number }[]) => scenes.reduce((sum, scene) => sum + scene.durationSeconds, 0);
const refusal = (operations: EditOperation[], source = sixSceneSource()): EditError => {
  try {
    applyEditOperations(source, operations);
  } catch (error) {
    if (error instanceof EditError) return error;
    throw error;
  }
  throw new Error('applied');
};

describe('applyEditOperations: text color', () => {
  it('"make the title red" colors the title card\'s text in the frames, redrawing only that scene', () => {
    const result = apply(read('make the title red'));
    expect(result.scenes[0]!.settings).toMatchObject({ title: 'Acme Cloud', textColor: '#FF0000' });
    expect(kit.themeWithSettings(PACK, result.scenes[0]!.settings).palette.text).toBe('#FF0000');
    expect(kit.themeWithSettings(PACK, result.scenes[1]!.settings).palette.text).toBe('#111111');
    expect(sorted(result.regenerate)).toEqual([0]);
    expect(result.reused).toEqual(new Map([[1, 1], [2, 2], [3, 3], [4, 4], [5, 5]]));
    expect(result.remixAudio).toBe(false);
    expect(result.changes).toEqual(['color the text of scene 1 #FF0000']);
  });

  it('"make the text white" colors every scene', () => {
    const result = apply(read('make the text white'));
    expect(result.scenes.map((scene) => scene.settings.textColor)).toEqual(Array(6).fill('#FFFFFF'));
    expect(sorted(result.regenerate)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('keeps the color out of "replace" (a setting, not words on screen)', () => {
    const colored = apply([{ op: 'recolor_text', scene: 2, color: '#F0A' }]);
    expect(colored.scenes[1]!.settings.textColor).toBe('#FF00AA');
    expect(refusal([{ op: 'recolor_text', scene: 2, color: '#FF00AA' }, { op: 'replace_text', find: 'FF00', replace: 'x' }]).field).toBe('operations[1].find');
  });
});

describe('applyEditOperations: text size', () => {
  it('"make the text bigger" scales every scene\'s text, which the scene host hands to its fitted text', () => {
    const result = apply(read('make the text bigger'));
    expect(result.scenes.map((scene) => scene.settings.textScale)).toEqual(Array(6).fill(1.25));
    expect(kit.textScaleOf(result.scenes[0]!.settings)).toBe(1.25);
    expect(kit.textScaleOf(sixSceneSource().scenes[0]!.settings)).toBe(1);
    expect(sorted(result.regenerate)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('"make the title bigger" scales the title card only, and again from where it is', () => {
    const once = apply(read('make the title bigger'));
    expect(once.scenes[0]!.settings.textScale).toBe(1.25);
    expect(once.scenes[1]!.settings.textScale).toBeUndefined();
    expect(sorted(once.regenerate)).toEqual([0]);
    const twice = applyEditOperations({ ...sixSceneSource(), scenes: once.scenes }, read('make the title bigger'));
    expect(twice.scenes[0]!.settings.textScale).toBe(1.56);
    const back = apply([{ op: 'resize_text', scene: 1, change: 'smaller' }]);
    expect(back.scenes[0]!.settings.textScale).toBe(0.8);
  });

  it('stops at the kit\'s range and refuses a change that cannot go further', () => {
    const source = sixSceneSource();
    source.scenes = source.scenes.map((scene) => ({ ...scene, settings: { ...scene.settings, textScale: TEXT_SCALE_RANGE.max } }));
    expect(refusal([{ op: 'resize_text', change: 'bigger' }], source).message).toContain('prompt: the text of every scene is already as big as it goes (2×');
    expect(apply([{ op: 'resize_text', scene: 2, change: 'bigger', factor: 2 }], { ...source, scenes: source.scenes.map((scene, i) => (i === 1 ? { ...scene, settings: { ...scene.settings, textScale: 1.5 } } : scene)) }).scenes[1]!.settings.textScale).toBe(2);
    expect(kit.textScaleOf({ textScale: 7 })).toBe(2);
  });
});

describe('applyEditOperations: the whole video\'s length', () => {
  it('"make the video 20 seconds long" rescales the scenes to 20 s, keeping their shares above their floors', () => {
    const result = apply(read('make the video 20 seconds long'));
    expect(total(result.scenes)).toBeCloseTo(20, 6);
    // 30 s → 20 s is two thirds; scene 2 (6 s, narration 3.2 s) may go to 4 s, and each scene is whole frames.
    for (const scene of result.scenes) expect(Math.abs(scene.durationSeconds * 30 - Math.round(scene.durationSeconds * 30))).toBeLessThan(1e-6);
    expect(result.scenes[1]!.durationSeconds).toBeCloseTo(4, 1);
    expect(result.scenes[2]!.durationSeconds).toBeGreaterThanOrEqual(3.3 - 1e-6);
    expect(result.retimed).toBe(true);
    expect(result.remixAudio).toBe(true);
    expect(sorted(result.regenerate)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(result.changes).toEqual(['make the video 20 seconds long']);
  });

  it('doubles every scene for twice the length', () => {
    const result = apply([{ op: 'set_length', seconds: 60 }]);
    expect(result.scenes.map((scene) => scene.durationSeconds)).toEqual([10, 12, 8, 10, 10, 10]);
  });

  it('holds a scene at its narration and shares the rest among the others', () => {
    expect(fitDurations([5, 5, 5], [4, 2, 2], 9)).toEqual([4, 2.5, 2.5]);
    expect(fitDurations([5, 5], [4, 4], 6)).toEqual({ shortest: 8 });
  });

  it('refuses a length the scenes cannot fit, one under 5 s and one past the model\'s maximum', () => {
    expect(refusal(read('make the video 10 seconds long')).message).toBe(
      'prompt: the video cannot be as short as 10 s: its 6 scenes need at least 15.9 s (2 s each, or their narration)',
    );
    expect(refusal([{ op: 'set_length', seconds: 4 }]).message).toBe('prompt: a video lasts at least 5 s; 4 s is too short');
    expect(refusal([{ op: 'set_length', seconds: 150 }]).message).toBe('prompt: model-5 makes videos of at most 120 s; 150 s is too long');
  });

  it('reaches 10 s on a silent video of few scenes', () => {
    const source = sixSceneSource();
    source.scenes = source.scenes.slice(0, 3);
    source.options.narration = false;
    const result = apply(read('make the video 10 seconds long'), source);
    expect(result.scenes.map((scene) => scene.durationSeconds)).toEqual([3.33, 4, 2.67].map((seconds) => Math.round(seconds * 30) / 30));
  });
});

describe('applyEditOperations: order', () => {
  it('"swap the first two scenes" hands the renderer the scenes in the new order, nothing redrawn', () => {
    const result = apply(read('swap the first two scenes'));
    expect(result.scenes.map((scene) => scene.title)).toEqual(['Why Acme', 'Acme Cloud', 'uptime', 'Dashboard', 'Team', 'Try Acme today']);
    expect(result.scenes.map((scene) => scene.position)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(result.origins).toEqual([1, 0, 2, 3, 4, 5]);
    expect(result.regenerate.size).toBe(0);
    expect(result.retimed).toBe(true);
  });

  it('"move the last scene to the start" puts the closing scene first', () => {
    const result = apply(read('move the last scene to the start'));
    expect(result.origins).toEqual([5, 0, 1, 2, 3, 4]);
  });
});

describe('applyEditOperations: music mood', () => {
  it('"use a calmer music" sets the calm mood, re-mixes, and the score it makes is another', () => {
    const result = apply(read('use a calmer music'));
    expect(result.options.musicMood).toBe('calm');
    expect(result.remixAudio).toBe(true);
    expect(result.regenerate.size).toBe(0);
    const plan = { theme: { palette: {}, fonts: { heading: 'Inter', body: 'Inter' } }, audio: { narration: true, music: true, sfx: false, language: 'en', voice: 'embedded-ava', bpm: 112, mood: 'bright', seed: 7 } } as unknown as StoredPlan;
    const edited = planAfterEdit(plan, result);
    expect(edited.audio?.mood).toBe('calm');
    // A calmer score is slower too: the tempo follows the mood as it does for a new job (calm 80 bpm).
    expect(edited.audio?.bpm).toBe(80);
    const score = (mood: 'bright' | 'calm', bpm: number) => synthesizeMusic({ durationSeconds: 2, sampleRate: 8000, seed: 7, bpm, mood, beatOffset: 0 });
    const [before, after] = [score('bright', 112), score(edited.audio!.mood as 'calm', edited.audio!.bpm)];
    expect(before.some((value, i) => Math.abs(value - after[i]!) > 0.01)).toBe(true);
  });

  it('refuses a mood the music already has', () => {
    expect(refusal(read('use brighter music')).message).toContain('the edit changes nothing');
  });
});
