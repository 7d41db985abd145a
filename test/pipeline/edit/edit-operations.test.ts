import { describe, expect, it } from 'vitest';
import { applyEditOperations } from '../../../src/pipeline/edit/apply-edit-operations.js';
import { EditError } from '../../../src/pipeline/edit/edit-errors.js';
import { editOperationsSchema, type EditOperation } from '../../../src/pipeline/edit/edit-operations.js';
import { sixSceneSource } from './edit-fixture.js';

const apply = (operations: EditOperation[], source = sixSceneSource()) => applyEditOperations(source, operations);
const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);
const identity = (n: number) => new Map(Array.from({ length: n }, (_, i) => [i, i] as [number, number]));

describe('applyEditOperations', () => {
  it('retext changes only that scene and reuses the other five at their positions', () => {
    const result = apply([{ op: 'retext', scene: 2, text: 'Why Globex' }]);
    expect(result.scenes[1]).toMatchObject({ title: 'Why Globex', settings: { heading: 'Why Globex', items: ['Fast', 'Cheap', 'Secure'] } });
    expect(sorted(result.regenerate)).toEqual([1]);
    expect(result.renarrate.size).toBe(0);
    expect(result.remixAudio).toBe(false);
    expect(result.retimed).toBe(false);
    expect(result.reused).toEqual(new Map([[0, 0], [2, 2], [3, 3], [4, 4], [5, 5]]));
    expect(result.scenes.filter((_, i) => i !== 1)).toEqual(sixSceneSource().scenes.filter((_, i) => i !== 1));
  });

  it('retext of a nested key changes that text only', () => {
    const result = apply([{ op: 'retext', scene: 2, key: 'items.1', text: 'Affordable' }]);
    expect(result.scenes[1]!.settings.items).toEqual(['Fast', 'Affordable', 'Secure']);
    expect(result.scenes[1]!.title).toBe('Why Acme');
  });

  it('replace_text changes settings and narration where the words appear', () => {
    const result = apply([{ op: 'replace_text', find: 'Acme', replace: 'Globex' }]);
    expect(result.scenes.map((scene) => scene.title)).toEqual(['Globex Cloud', 'Why Globex', 'uptime', 'Dashboard', 'Team', 'Try Globex today']);
    expect(sorted(result.regenerate)).toEqual([0, 1, 5]);
    expect(sorted(result.renarrate)).toEqual([0, 1, 5]);
    expect(result.remixAudio).toBe(true);
    expect(result.scenes[3]!.settings.image).toBe('image-1');
  });

  it('restyle redraws every scene but speaks nothing again', () => {
    const result = apply([{ op: 'restyle', colors: { primary: '#f57' }, fonts: { heading: 'lora' } }]);
    expect(result.options.colors.primary).toBe('#FF5577');
    expect(result.options.fonts).toEqual({ heading: 'Lora', body: 'Inter' });
    expect(sorted(result.regenerate)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(result.renarrate.size).toBe(0);
    expect(result.remixAudio).toBe(false);
    expect(result.reused.size).toBe(0);
  });

  it('set_voice renarrates every narrated scene and remixes, redrawing nothing', () => {
    const result = apply([{ op: 'set_voice', voice: 'Owen' }]);
    expect(result.options.voice).toBe('embedded-owen');
    for (const named of ['owen', 'OWEN', 'Embedded-Owen']) expect(apply([{ op: 'set_voice', voice: named }]).options.voice, named).toBe('embedded-owen');
    expect(sorted(result.renarrate)).toEqual([0, 1, 2, 4, 5]);
    expect(result.remixAudio).toBe(true);
    expect(result.regenerate.size).toBe(0);
    expect(result.reused).toEqual(identity(6));
  });

  it('remove_scene shifts the reuse mapping and retimes', () => {
    const result = apply([{ op: 'remove_scene', scene: 3 }]);
    expect(result.scenes.map((scene) => scene.position)).toEqual([0, 1, 2, 3, 4]);
    expect(result.scenes.map((scene) => scene.title)).toEqual(['Acme Cloud', 'Why Acme', 'Dashboard', 'Team', 'Try Acme today']);
    expect(result.reused).toEqual(new Map([[0, 0], [1, 1], [2, 3], [3, 4], [4, 5]]));
    expect(result.regenerate.size).toBe(0);
    expect(result.retimed).toBe(true);
    expect(result.remixAudio).toBe(true);
  });

  it('reorder and swap keep each scene mapped to its source position', () => {
    const moved = apply([{ op: 'reorder', scene: 3, to: { position: 'start' } }]);
    expect(moved.origins).toEqual([2, 0, 1, 3, 4, 5]);
    expect(moved.reused).toEqual(new Map([[0, 2], [1, 0], [2, 1], [3, 3], [4, 4], [5, 5]]));
    expect(moved.retimed).toBe(true);
    const before = apply([{ op: 'reorder', scene: 6, to: { before: 2 } }]);
    expect(before.origins).toEqual([0, 5, 1, 2, 3, 4]);
    const after = apply([{ op: 'reorder', scene: 1, to: { after: 3 } }]);
    expect(after.origins).toEqual([1, 2, 0, 3, 4, 5]);
    const swapped = apply([{ op: 'swap', scenes: [2, 5] }]);
    expect(swapped.origins).toEqual([0, 4, 2, 3, 1, 5]);
    expect(swapped.regenerate.size).toBe(0);
  });

  it('scene numbers mean the source scenes after earlier operations', () => {
    const result = apply([{ op: 'remove_scene', scene: 2 }, { op: 'retext', scene: 3, text: 'nines' }]);
    expect(result.scenes[1]!.settings.label).toBe('nines');
    expect(sorted(result.regenerate)).toEqual([1]);
    expect(result.reused).toEqual(new Map([[0, 0], [2, 3], [3, 4], [4, 5]]));
  });

  it('retime sets seconds, or shortens by the factor down to the narration', () => {
    const exact = apply([{ op: 'retime', scene: 4, seconds: 3 }]);
    expect(exact.scenes[3]!.durationSeconds).toBe(3);
    expect(sorted(exact.regenerate)).toEqual([3]);
    expect(exact.retimed).toBe(true);
    expect(exact.remixAudio).toBe(true);
    expect(exact.reused.has(3)).toBe(false);
    const shorter = apply([{ op: 'retime', scene: 2, change: 'shorter' }]);
    expect(shorter.scenes[1]!.durationSeconds).toBe(4);
    // Scene 3 lasts 4 s and its narration 2.5 s: it can shrink to 3.3 s, not to 4 / 1.5.
    const floored = apply([{ op: 'retime', scene: 3, change: 'shorter' }]);
    expect(floored.scenes[2]!.durationSeconds).toBeCloseTo(3.3, 5);
    const longer = apply([{ op: 'retime', scene: 1, change: 'longer', factor: 2 }]);
    expect(longer.scenes[0]!.durationSeconds).toBe(10);
  });

  it('add_scene inserts a regenerated scene and leaves the rest reused', () => {
    const result = apply([{ op: 'add_scene', at: { after: 2 }, content: { kind: 'kinetic', text: 'Set up in minutes' }, narration: 'Set up in minutes.' }]);
    expect(result.scenes[2]).toMatchObject({ position: 2, kind: 'kinetic', title: 'Set up in minutes', settings: { text: 'Set up in minutes' }, role: 'body' });
    expect(result.scenes[2]!.durationSeconds).toBeGreaterThanOrEqual(2);
    expect(sorted(result.regenerate)).toEqual([2]);
    expect(sorted(result.renarrate)).toEqual([2]);
    expect(result.origins).toEqual([0, 1, undefined, 2, 3, 4, 5]);
    expect(result.reused.get(3)).toBe(2);
  });

  it('swap_image changes the image of an image scene by name or index', () => {
    const byName = apply([{ op: 'swap_image', scene: 4, image: 'image-3' }]);
    expect(byName.scenes[3]!.settings.image).toBe('image-3');
    expect(sorted(byName.regenerate)).toEqual([3]);
    const grid = apply([{ op: 'swap_image', scene: 5, image: 2, slot: 1 }]);
    expect(grid.scenes[4]!.settings.images).toEqual(['image-1', 'image-3']);
  });

  it('music, effects and narration switches remix without redrawing', () => {
    const quiet = apply([{ op: 'set_music', music: false }, { op: 'set_sfx', sfx: true }]);
    expect(quiet.options).toMatchObject({ music: false, sfx: true });
    expect(quiet.remixAudio).toBe(true);
    expect(quiet.regenerate.size).toBe(0);
    const silent = apply([{ op: 'set_narration', narration: false }]);
    expect(silent.options.narration).toBe(false);
    expect(silent.renarrate.size).toBe(0);
    expect(silent.remixAudio).toBe(true);
    const script = apply([{ op: 'set_narration', scene: 4, text: 'Everything at a glance.' }]);
    expect(sorted(script.renarrate)).toEqual([3]);
    expect(script.regenerate.size).toBe(0);
  });

  it('set_language renarrates the narrated scenes', () => {
    const result = apply([{ op: 'set_language', language: 'DE' }]);
    expect(result.options.language).toBe('de');
    expect(sorted(result.renarrate)).toEqual([0, 1, 2, 4, 5]);
  });

  it('regenerate_scene marks that scene with its instruction', () => {
    const result = apply([{ op: 'regenerate_scene', scene: 6, instruction: 'more playful' }]);
    expect(sorted(result.regenerate)).toEqual([5]);
    expect(result.instructions).toEqual(new Map([[5, 'more playful']]));
    expect(result.reused.size).toBe(5);
  });

  it('accepts the operations a language model returns as structured output', () => {
    const output = editOperationsSchema.parse({ operations: [{ op: 'set_music', music: true, mood: 'dark' }] });
    expect(apply(output.operations).options).toMatchObject({ music: true, musicMood: 'dark' });
  });
});

describe('applyEditOperations: bad operations', () => {
  const refusal = (operations: unknown, source = sixSceneSource()): EditError => {
    const snapshot = structuredClone(source);
    try {
      applyEditOperations(source, operations);
    } catch (error) {
      expect(source).toEqual(snapshot);
      if (error instanceof EditError) return error;
      throw error;
    }
    throw new Error('applied');
  };

  it.each<[string, unknown, string, string]>([
    ['a scene past the end', [{ op: 'retext', scene: 9, text: 'x' }], 'operations[0].scene', 'prompt: scene 9 does not exist; the video has 6 scenes'],
    ['an unknown font', [{ op: 'restyle', fonts: { heading: 'Comic Sans' } }], 'operations[0].fonts.heading', 'prompt: font "Comic Sans" is not shipped'],
    ['a color that is not hex', [{ op: 'restyle', colors: { primary: 'red' } }], 'operations[0].colors.primary', 'prompt: change 1 of the instruction was not read into an edit this node makes (must be a hex color'],
    ['a scene shorter than 2 s', [{ op: 'retime', scene: 4, seconds: 1 }], 'operations[0].seconds', 'prompt: scene 4 cannot last 1 s: a scene lasts at least 2 s'],
    ['a scene shorter than its narration', [{ op: 'retime', scene: 2, seconds: 3 }], 'operations[0].seconds', 'its narration needs 4.0 s'],
    ['a total past the model maximum', [{ op: 'retime', scene: 1, seconds: 100 }], 'operations[0]', 'prompt: the video would last 125.0 s; model-5 allows at most 120 s'],
    ['a scene removed earlier', [{ op: 'remove_scene', scene: 2 }, { op: 'retext', scene: 2, text: 'x' }], 'operations[1].scene', 'prompt: scene 2 is removed earlier in this edit, so it cannot change too'],
    ['an unknown voice', [{ op: 'set_voice', voice: 'brunhilde' }], 'operations[0].voice', 'prompt: unknown voice "brunhilde"; a voice is named by its id or its name, in any case: Ava (embedded-ava)'],
    ['a misspelt voice', [{ op: 'set_voice', voice: 'Gracee' }], 'operations[0].voice', 'prompt: unknown voice "Gracee" (did you mean Grace (embedded-grace)?)'],
    ['an unknown language', [{ op: 'set_language', language: 'xx' }], 'operations[0].language', 'prompt: unknown language "xx"'],
    ['an image the job does not have', [{ op: 'swap_image', scene: 4, image: 'logo-9' }], 'operations[0].image', 'prompt: the job has no image "logo-9"'],
    ['an image swap in a scene without one', [{ op: 'swap_image', scene: 2, image: 0 }], 'operations[0].scene', 'prompt: scene 2 (bullets) shows no image'],
    ['text that is not there', [{ op: 'replace_text', find: 'Initech', replace: 'x' }], 'operations[0].find', 'prompt: "Initech" is not in the text or narration of any scene; replace words exactly as the video shows or says them, in quotes'],
    ['a key that is not text', [{ op: 'retext', scene: 3, key: 'value', text: 'x' }], 'operations[0].key', 'prompt: scene 3 has no value text to change; say "change the text of scene 3 to …" for its main text'],
    ['an unknown operation', [{ op: 'explode', scene: 1 }], 'operations[0].op', 'prompt: change 1 of the instruction was not read into an edit this node makes (it is no kind of change this node makes)'],
    ['an edit that changes nothing', [{ op: 'set_sfx', sfx: false }], 'operations', 'prompt: the edit changes nothing: the video already is that way (no sound effects)'],
    ['no operations', [], 'operations', 'prompt: no change was read from the instruction'],
  ])('refuses %s in the user\'s terms and changes nothing', (_name, operations, field, message) => {
    const error = refusal(operations);
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_request');
    expect(error.field).toBe(field);
    expect(error.message).toContain(message);
    expect(error.message).not.toContain('operations');
  });

  it('refuses removing scenes below the 5 s minimum', () => {
    const short = sixSceneSource();
    short.scenes = short.scenes.slice(2, 4);
    expect(refusal([{ op: 'remove_scene', scene: 2 }], short).message).toContain('a video lasts at least 5 s');
  });
});
