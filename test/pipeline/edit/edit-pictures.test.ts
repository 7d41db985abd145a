// Pictures and spoken words in an edit without a language model: a picture named by what it shows
// comes from the visual library, a scene's new text is said where its narration said the old one,
// and every refusal is in the user's terms.
import { describe, expect, it } from 'vitest';
import { applyEditOperations } from '../../../src/pipeline/edit/apply-edit-operations.js';
import { EditError, EditGrammarError } from '../../../src/pipeline/edit/edit-errors.js';
import { parseEditInstruction } from '../../../src/pipeline/edit/edit-grammar.js';
import type { EditOperation } from '../../../src/pipeline/edit/edit-operations.js';
import type { EditSource } from '../../../src/pipeline/edit/edit-source.js';
import { narrationWithText } from '../../../src/pipeline/edit/scene-text.js';
import { sixSceneSource } from './edit-fixture.js';

/** A six-scene video about beeswax candles whose library pictures took the wrong sense of a word (a seal for "seal it"). */
function picturedSource(): EditSource {
  const source = sixSceneSource();
  source.scenes = [
    { position: 0, role: 'hook', kind: 'title', title: 'Beeswax candles', durationSeconds: 5, settings: { title: 'Beeswax candles', subtitle: 'Made by hand', picture: 'fluent-emoji-flat:honeybee' }, narration: 'Beeswax candles.', narrationSeconds: 1.2 },
    { position: 1, role: 'body', kind: 'bullets', title: 'How they are made', durationSeconds: 6, settings: { heading: 'How they are made', items: ['Melt the wax', 'Pour it into jars', 'Let it set'] }, narration: 'Melt the wax. Pour it into jars. Let it set overnight.', narrationSeconds: 3.4 },
    { position: 2, role: 'body', kind: 'kinetic', title: 'Cap the honeycomb', durationSeconds: 4, settings: { text: 'Cap the honeycomb', picture: 'fluent-emoji-flat:rocket' }, narration: 'Cap the honeycomb.', narrationSeconds: 1.1 },
    { position: 3, role: 'body', kind: 'icons', title: 'What you need', durationSeconds: 5, settings: { title: 'What you need', items: [{ icon: 'auto', label: 'Wax', picture: 'fluent-emoji-flat:candle' }, { icon: 'auto', label: 'Bees', picture: 'fluent-emoji-flat:honeybee' }, { icon: 'auto', label: 'Time', picture: 'fluent-emoji-flat:hourglass-done' }] }, narration: '' },
    { position: 4, role: 'body', kind: 'image', title: 'Our shop', durationSeconds: 5, settings: { image: 'image-1', mode: 'contain', heading: 'Our shop' }, narration: '' },
    { position: 5, role: 'close', kind: 'cta', title: 'Seal it with wax', durationSeconds: 5, settings: { message: 'Seal it with wax', action: 'Order today', picture: 'fluent-emoji-flat:seal' }, narration: 'Seal it with wax. Order today.', narrationSeconds: 2 },
  ];
  return source;
}

const source = picturedSource();
const read = (instruction: string) => parseEditInstruction(instruction, source).operations;
const apply = (operations: EditOperation[]) => applyEditOperations(picturedSource(), operations);
const edit = (instruction: string) => applyEditOperations(picturedSource(), read(instruction));
const refusal = (act: () => unknown): Error => {
  try {
    act();
  } catch (error) {
    if (error instanceof EditError || error instanceof EditGrammarError) return error;
    throw error;
  }
  throw new Error('no refusal');
};

describe('parseEditInstruction: pictures', () => {
  it.each<[string, EditOperation[]]>([
    ['replace the picture in scene 3 with a honey jar', [{ op: 'set_picture', scene: 3, picture: 'honey jar' }]],
    ['replace the seal picture in the last scene with a honey jar', [{ op: 'set_picture', scene: 6, picture: 'honey jar', replaces: 'seal' }]],
    ['use a lighthouse picture in the last scene', [{ op: 'set_picture', scene: 6, picture: 'lighthouse' }]],
    ['show a lighthouse in scene 2', [{ op: 'set_picture', scene: 2, picture: 'lighthouse' }]],
    ['put a picture of a lighthouse in scene 2', [{ op: 'set_picture', scene: 2, picture: 'lighthouse' }]],
    ['change the picture of scene 3 to a honey jar', [{ op: 'set_picture', scene: 3, picture: 'honey jar' }]],
    ["replace scene 3's picture with a honey jar", [{ op: 'set_picture', scene: 3, picture: 'honey jar' }]],
    ['replace the seal picture with a honey jar in the last scene', [{ op: 'set_picture', scene: 6, picture: 'honey jar', replaces: 'seal' }]],
    ['Can you replace the rocket with a honeycomb please?', [{ op: 'set_picture', scene: 3, picture: 'honeycomb', replaces: 'rocket' }]],
    ['Ersetze das Bild in Szene 3 durch ein Honigglas', [{ op: 'set_picture', scene: 3, picture: 'Honigglas' }]],
    ['Ersetze das Robbenbild in der letzten Szene durch ein Honigglas', [{ op: 'set_picture', scene: 6, picture: 'Honigglas', replaces: 'Robben' }]],
    ["Remplace l'image du phoque dans la dernière scène par un pot de miel", [{ op: 'set_picture', scene: 6, picture: 'pot de miel', replaces: 'phoque' }]],
    ['Montre un phoque dans la scène 2', [{ op: 'set_picture', scene: 2, picture: 'phoque' }]],
    ['Reemplaza la imagen de la escena 3 por una foca', [{ op: 'set_picture', scene: 3, picture: 'foca' }]],
    ['Muestra una foca en la escena 2', [{ op: 'set_picture', scene: 2, picture: 'foca' }]],
  ])('reads "%s"', (instruction, operations) => {
    expect(read(instruction)).toEqual(operations);
  });

  it('leaves words, scenes, text and the edit\'s own images to their rules', () => {
    expect(read("replace 'wax' with 'soy'")).toEqual([{ op: 'replace_text', find: 'wax', replace: 'soy' }]);
    expect(read('replace wax with soy in the last scene')).toEqual([{ op: 'replace_text', find: 'wax', replace: 'soy', scene: 6 }]);
    expect(read('replace wax in the last scene with soy')).toEqual([{ op: 'replace_text', find: 'wax', replace: 'soy', scene: 6 }]);
    expect(read('swap scene 2 with scene 3')).toEqual([{ op: 'swap', scenes: [2, 3] }]);
    expect(read('make the text of scene 2 white')).toEqual([{ op: 'recolor_text', scene: 2, color: '#FFFFFF' }]);
    expect(read('use the font Lora')).toEqual([{ op: 'restyle', fonts: { heading: 'Lora', body: 'Lora' } }]);
    const sent = refusal(() => read('use the new image in scene 2')) as EditGrammarError;
    expect(sent.unreadable[0]!.problem).toContain('this edit has no images');
    for (const instruction of ['use red in scene 2', 'use calmer music in scene 2', 'show the title in scene 2']) {
      expect(() => read(instruction), instruction).toThrow(EditGrammarError);
    }
  });

  it('says so when a "show" names a thing the library has no picture of', () => {
    const error = refusal(() => read('show a qwertyuiop in scene 2')) as EditGrammarError;
    expect(error.unreadable).toEqual([{ text: 'show a qwertyuiop in scene 2', problem: expect.stringContaining('the picture library has no picture of "qwertyuiop"') }]);
  });
});

describe('applyEditOperations: set_picture', () => {
  it('replaces a scene\'s own picture with the library picture the words find, redrawing only that scene', () => {
    const result = edit('replace the picture in scene 3 with a honey jar');
    expect(result.scenes[2]!.settings).toEqual({ text: 'Cap the honeycomb', picture: 'fluent-emoji-flat:honey-pot' });
    expect([...result.regenerate]).toEqual([2]);
    expect(result.renarrate.size).toBe(0);
    expect(result.remixAudio).toBe(false);
    expect(result.changes).toEqual(['show "honey jar" in scene 3 (the library\'s honey pot)']);
  });

  it('replaces the picture the words describe ("the seal picture") and adds one where a scene shows none', () => {
    expect(edit('replace the seal picture in the last scene with a honey jar').scenes[5]!.settings.picture).toBe('fluent-emoji-flat:honey-pot');
    const icon = edit('use a lighthouse picture in the last scene');
    expect(icon.scenes[5]!.settings.picture).toBe('lucide:lighthouse');
    expect(icon.changes[0]).toContain('a line icon');
    expect(edit('show a lighthouse in scene 2').scenes[1]!.settings).toMatchObject({ heading: 'How they are made', picture: 'lucide:lighthouse' });
    const part = edit('replace the candle picture in scene 4 with a honey jar').scenes[3]!.settings.items as { picture: string }[];
    expect(part.map((item) => item.picture)).toEqual(['fluent-emoji-flat:honey-pot', 'fluent-emoji-flat:honeybee', 'fluent-emoji-flat:hourglass-done']);
    expect(edit('Ersetze das Robbenbild in der letzten Szene durch ein Honigglas').scenes[5]!.settings.picture).toBe('fluent-emoji-flat:honey-pot');
    expect(edit("Remplace l'image du phoque dans la dernière scène par un pot de miel").scenes[5]!.settings.picture).toBe('fluent-emoji-flat:honey-pot');
  });

  it('keeps a picture the edit chose when the same edit changes the scene\'s words', () => {
    const result = edit('show a lighthouse in scene 2 and change the title of scene 2 to "Light the way"');
    expect(result.scenes[1]!.settings).toMatchObject({ heading: 'Light the way', picture: 'lucide:lighthouse' });
  });

  it.each<[string, string]>([
    ['use a qwertyuiop picture in scene 2', 'prompt: the picture library has no picture of "qwertyuiop"; name the thing in other words'],
    ['replace the seal picture in scene 3 with a honey jar', 'prompt: scene 3 shows no seal picture (it shows a rocket); the seal is in scene 6: say "replace the seal picture in scene 6 with honey jar"'],
    ['replace the picture in scene 4 with a honey jar', 'prompt: scene 4 shows 3 pictures (a candle, a honeybee, a hourglass done); say which to change: "replace the candle picture in scene 4 with honey jar"'],
    ['replace the picture in scene 5 with a honey jar', 'prompt: scene 5 shows one of the video\'s own images or clips, not a library picture; to show another image there, send it in the edit\'s images[] and say "use the new image in scene 5"'],
    ['replace the picture in scene 9 with a honey jar', 'prompt: scene 9 does not exist; the video has 6 scenes'],
  ])('refuses "%s" in the user\'s terms', (instruction, message) => {
    const error = refusal(() => edit(instruction));
    expect(error.message.startsWith(message), error.message).toBe(true);
  });
});

describe('applyEditOperations: new text is spoken', () => {
  it('says a title\'s new words where the narration said the old ones, and speaks that scene again', () => {
    const result = edit('change the title to "Candles of beeswax"');
    expect(result.scenes[0]).toMatchObject({ title: 'Candles of beeswax', narration: 'Candles of beeswax.' });
    expect(result.scenes[0]!.narrationSeconds).toBeUndefined();
    expect([...result.renarrate]).toEqual([0]);
    expect(result.remixAudio).toBe(true);
    expect(result.changes).toEqual(['set the title of scene 1 to "Candles of beeswax"; the narration says it too: "Candles of beeswax."']);
  });

  it('changes only the words a point said, whatever else its sentence says', () => {
    const result = apply([{ op: 'retext', scene: 2, key: 'items.2', text: 'Let it cool' }]);
    expect(result.scenes[1]!.narration).toBe('Melt the wax. Pour it into jars. Let it cool overnight.');
    expect(result.changes).toEqual(['set the item 3 of scene 2 to "Let it cool"; the narration says it too: "Melt the wax. Pour it into jars. Let it cool overnight."']);
    expect(edit('change the text of scene 3 to Cap each cell').scenes[2]!.narration).toBe('Cap each cell.');
  });

  it('keeps narration that never said the old words, and speaks nothing again', () => {
    const result = apply([{ op: 'retext', scene: 2, text: 'From hive to jar' }]);
    expect(result.scenes[1]!.narration).toBe('Melt the wax. Pour it into jars. Let it set overnight.');
    expect(result.renarrate.size).toBe(0);
  });

  it('updates the words of a silent video without speaking them', () => {
    const silent = picturedSource();
    silent.options.narration = false;
    const result = applyEditOperations(silent, [{ op: 'retext', scene: 1, text: 'Candles of beeswax' }]);
    expect(result.scenes[0]!.narration).toBe('Candles of beeswax.');
    expect(result.renarrate.size).toBe(0);
  });
});

describe('narrationWithText', () => {
  it.each<[string, string, string, string | undefined]>([
    ['Meet Acme Cloud.', 'Acme Cloud', 'Globex Hosting', 'Meet Globex Hosting.'],
    ['Our coffee subscription.', 'Our coffee subscription', 'fresh beans, every two weeks', 'Fresh beans, every two weeks.'],
    ['Acme is fast, cheap and secure.', 'Fast', 'Quick', 'Acme is quick, cheap and secure.'],
    ['Thank you. See you soon.', 'Thank you.', 'Merci!', 'Merci! See you soon.'],
    ['Acme is fast, cheap and secure.', 'Why Acme', 'Why Globex', undefined],
    ['Breakfast is served.', 'fast', 'slow', undefined],
  ])('%s with "%s" → "%s"', (narration, old, text, expected) => {
    expect(narrationWithText(narration, old, text)).toBe(expected);
  });
});

describe('edit refusals', () => {
  it.each<[string, unknown]>([
    ['a scene past the end', [{ op: 'retext', scene: 9, text: 'x' }]],
    ['words that appear nowhere', [{ op: 'replace_text', find: 'the seal picture in the last scene', replace: 'a honey jar' }]],
    ['a text the scene lacks', [{ op: 'retext', scene: 3, key: 'picture', text: 'x' }]],
    ['a scene removed earlier', [{ op: 'remove_scene', scene: 2 }, { op: 'retext', scene: 2, text: 'x' }]],
    ['a model\'s answer outside the vocabulary', [{ op: 'explode', scene: 1 }]],
    ['a bad color from a model', [{ op: 'restyle', colors: { primary: 'red' } }]],
    ['a retime with neither length nor direction', [{ op: 'retime', scene: 2 }]],
    ['narration without its scene', [{ op: 'set_narration', text: 'Hello.' }]],
    ['an edit that changes nothing', [{ op: 'set_sfx', sfx: false }]],
    ['no operations', []],
  ])('refuses %s without an internal field name', (_name, operations) => {
    const error = refusal(() => applyEditOperations(picturedSource(), operations)) as EditError;
    expect(error.message).toMatch(/^prompt: /);
    expect(error.message).not.toMatch(/operations|\.find|\.key|\.scene\b|\[\d+\]|set_|retext|replace_text|retime|restyle/);
    expect(error.toBody().error.details).toEqual([{ field: 'prompt', message: error.message.slice('prompt: '.length) }]);
  });

  it('reads "replace the seal picture …" as a picture, and says how to change a picture when words are not found', () => {
    expect(read('replace the seal picture in the last scene with a honey jar')[0]!.op).toBe('set_picture');
    const error = refusal(() => apply([{ op: 'replace_text', find: 'the seal picture in the last scene', replace: 'a honey jar' }]));
    expect(error.message).toBe('prompt: "the seal picture in the last scene" is not in the text or narration of any scene; to change a picture, say "replace the picture in scene 2 with a honey jar"');
  });
});
