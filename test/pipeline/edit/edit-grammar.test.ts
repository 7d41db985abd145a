import { describe, expect, it } from 'vitest';
import { EditGrammarError } from '../../../src/pipeline/edit/edit-errors.js';
import { EDIT_GRAMMAR_EXAMPLES, EDIT_GRAMMAR_HELP, parseEditInstruction } from '../../../src/pipeline/edit/edit-grammar.js';
import type { EditOperation } from '../../../src/pipeline/edit/edit-operations.js';
import { applyEditOperations } from '../../../src/pipeline/edit/apply-edit-operations.js';
import { sixSceneSource } from './edit-fixture.js';

const source = sixSceneSource();
const read = (instruction: string) => parseEditInstruction(instruction, source).operations;

/** What each documented example means on the six-scene fixture. */
const EXPECTED: Record<string, EditOperation[]> = {
  'make the title say "Summer Sale"': [{ op: 'retext', scene: 1, key: 'title', text: 'Summer Sale' }],
  'change the title to Hello world': [{ op: 'retext', scene: 1, key: 'title', text: 'Hello world' }],
  'change the text of scene 2 to Fast setup': [{ op: 'retext', scene: 2, text: 'Fast setup' }],
  "replace 'Acme' with 'Globex'": [{ op: 'replace_text', find: 'Acme', replace: 'Globex' }],
  "make the first title say 'Hello'": [{ op: 'retext', scene: 1, key: 'title', text: 'Hello' }],
  'change the title of scene 2 to "Why us"': [{ op: 'retext', scene: 2, key: 'heading', text: 'Why us' }],
  'make the title red': [{ op: 'recolor_text', scene: 1, color: '#FF0000' }],
  'make the text of scene 2 white': [{ op: 'recolor_text', scene: 2, color: '#FFFFFF' }],
  'make the text bigger': [{ op: 'resize_text', change: 'bigger' }],
  'make the title a bit smaller': [{ op: 'resize_text', scene: 1, change: 'smaller', factor: 1.1 }],
  'swap the first two slides': [{ op: 'swap', scenes: [1, 2] }],
  'make the video 20 seconds long': [{ op: 'set_length', seconds: 20 }],
  'cut it to 25 seconds': [{ op: 'set_length', seconds: 25 }],
  'use calmer music': [{ op: 'set_music', music: true, mood: 'calm' }],
  'Mach den Titel rot': [{ op: 'recolor_text', scene: 1, color: '#FF0000' }],
  'Mets le texte plus grand': [{ op: 'resize_text', change: 'bigger' }],
  'Haz que el vídeo dure 20 segundos': [{ op: 'set_length', seconds: 20 }],
  'change the color to #FF5733': [{ op: 'restyle', colors: { primary: '#FF5733' } }],
  'change the color to teal': [{ op: 'restyle', colors: { primary: '#008080' } }],
  'make the accent color orange': [{ op: 'restyle', colors: { accent: '#FFA500' } }],
  'make the background #101820': [{ op: 'restyle', colors: { background: '#101820' } }],
  'use the font Lora': [{ op: 'restyle', fonts: { heading: 'Lora', body: 'Lora' } }],
  'use Playfair Display for headings': [{ op: 'restyle', fonts: { heading: 'Playfair Display' } }],
  'make scene 2 shorter': [{ op: 'retime', scene: 2, change: 'shorter' }],
  'make the last scene a bit longer': [{ op: 'retime', scene: 6, change: 'longer', factor: 1.25 }],
  'make scene 2 5 seconds': [{ op: 'retime', scene: 2, seconds: 5 }],
  'remove the last scene': [{ op: 'remove_scene', scene: 6 }],
  'remove scene 3': [{ op: 'remove_scene', scene: 3 }],
  'delete the second scene': [{ op: 'remove_scene', scene: 2 }],
  'move scene 3 to the start': [{ op: 'reorder', scene: 3, to: { position: 'start' } }],
  'move scene 3 before scene 1': [{ op: 'reorder', scene: 3, to: { before: 1 } }],
  'swap scenes 2 and 3': [{ op: 'swap', scenes: [2, 3] }],
  'add a scene at the end saying Thanks for watching': [
    { op: 'add_scene', at: { position: 'end' }, content: { kind: 'kinetic', text: 'Thanks for watching' }, narration: 'Thanks for watching' },
  ],
  'use the voice Noah': [{ op: 'set_voice', voice: 'embedded-noah' }],
  'narrate in German': [{ op: 'set_language', language: 'de' }],
  'change the language to French': [{ op: 'set_language', language: 'fr' }],
  'no music': [{ op: 'set_music', music: false }],
  'add calm music': [{ op: 'set_music', music: true, mood: 'calm' }],
  'no sound effects': [{ op: 'set_sfx', sfx: false }],
  'no narration': [{ op: 'set_narration', narration: false }],
  'change the narration of scene 2 to "Setup takes a minute."': [{ op: 'set_narration', scene: 2, text: 'Setup takes a minute.' }],
  'redo scene 2': [{ op: 'regenerate_scene', scene: 2 }],
  'regenerate the opening scene': [{ op: 'regenerate_scene', scene: 1 }],
  'keine Musik': [{ op: 'set_music', music: false }],
  'supprimer la scène 2': [{ op: 'remove_scene', scene: 2 }],
  'sin narración': [{ op: 'set_narration', narration: false }],
  'replace the picture in scene 3 with a honey jar': [{ op: 'set_picture', scene: 3, picture: 'honey jar' }],
  'replace the seal picture in the last scene with a honey jar': [{ op: 'set_picture', scene: 6, picture: 'honey jar', replaces: 'seal' }],
  'use a lighthouse picture in the last scene': [{ op: 'set_picture', scene: 6, picture: 'lighthouse' }],
  'show a lighthouse in scene 2': [{ op: 'set_picture', scene: 2, picture: 'lighthouse' }],
  'Ersetze das Bild in Szene 3 durch ein Honigglas': [{ op: 'set_picture', scene: 3, picture: 'Honigglas' }],
  "Remplace l'image de la scène 3 par un pot de miel": [{ op: 'set_picture', scene: 3, picture: 'pot de miel' }],
  'Muestra una foca en la escena 2': [{ op: 'set_picture', scene: 2, picture: 'foca' }],
};

describe('parseEditInstruction: documented examples', () => {
  it('has an expected reading for every documented example', () => {
    expect(EDIT_GRAMMAR_EXAMPLES.map((example) => example.instruction).sort()).toEqual(Object.keys(EXPECTED).sort());
  });
  for (const example of EDIT_GRAMMAR_EXAMPLES) {
    it(`reads "${example.instruction}" (${example.rule})`, () => {
      expect(read(example.instruction)).toEqual(EXPECTED[example.instruction]);
    });
  }
  it('yields operations that change the video they were read against', () => {
    // The fixture has sound effects off; "no sound effects" is tried on one that has them.
    // Its closing scene shows the seal that "replace the seal picture …" names.
    const scenes = source.scenes.map((scene) => (scene.position === 5 ? { ...scene, settings: { ...scene.settings, picture: 'fluent-emoji-flat:seal' } } : scene));
    const withSfx = { ...source, scenes, options: { ...source.options, sfx: true } };
    for (const example of EDIT_GRAMMAR_EXAMPLES) {
      const result = applyEditOperations(withSfx, read(example.instruction));
      expect(result.changes, example.instruction).toHaveLength(1);
    }
  });
});

describe('parseEditInstruction: other phrasings', () => {
  const cases: [string, EditOperation[]][] = [
    ['Please make the title read Big News.', [{ op: 'retext', scene: 1, key: 'title', text: 'Big News' }]],
    ['make scene 3 say "Always on"', [{ op: 'retext', scene: 3, text: 'Always on' }]],
    ['replace Acme with Globex in scene 2', [{ op: 'replace_text', find: 'Acme', replace: 'Globex', scene: 2 }]],
    ['set the primary color to rebeccapurple', [{ op: 'restyle', colors: { primary: '#663399' } }]],
    ['use a navy background', [{ op: 'restyle', colors: { background: '#000080' } }]],
    ['change the colour to #abc', [{ op: 'restyle', colors: { primary: '#AABBCC' } }]],
    ['use DM Sans for body text', [{ op: 'restyle', fonts: { body: 'DM Sans' } }]],
    ['change the heading font to Anton', [{ op: 'restyle', fonts: { heading: 'Anton' } }]],
    ['shorten the third scene', [{ op: 'retime', scene: 3, change: 'shorter' }]],
    ['make the closing scene much longer', [{ op: 'retime', scene: 6, change: 'longer', factor: 2 }]],
    ['scene 4 should last 3.5 seconds', [{ op: 'retime', scene: 4, seconds: 3.5 }]],
    ['drop the penultimate scene', [{ op: 'remove_scene', scene: 5 }]],
    ['get rid of slide two', [{ op: 'remove_scene', scene: 2 }]],
    ['move the last scene after scene 2', [{ op: 'reorder', scene: 6, to: { after: 2 } }]],
    ['move scene 1 to the end', [{ op: 'reorder', scene: 1, to: { position: 'end' } }]],
    ['swap the first and last scenes', [{ op: 'swap', scenes: [1, 6] }]],
    ['swap scene 4 with scene 5', [{ op: 'swap', scenes: [4, 5] }]],
    ['add a scene after scene 2 saying "Setup in minutes"', [{ op: 'add_scene', at: { after: 2 }, content: { kind: 'kinetic', text: 'Setup in minutes' }, narration: 'Setup in minutes' }]],
    ['use the voice embedded-grace', [{ op: 'set_voice', voice: 'embedded-grace' }]],
    ["use Max's voice", [{ op: 'set_voice', voice: 'embedded-max' }]],
    ['use the voice NOAH', [{ op: 'set_voice', voice: 'embedded-noah' }]],
    ['use the voice Embedded-Zoe', [{ op: 'set_voice', voice: 'embedded-zoe' }]],
    ['change the language to es', [{ op: 'set_language', language: 'es' }]],
    ['turn the music off', [{ op: 'set_music', music: false }]],
    ['add music', [{ op: 'set_music', music: true }]],
    ['add sound effects', [{ op: 'set_sfx', sfx: true }]],
    ['without voiceover', [{ op: 'set_narration', narration: false }]],
    ['add narration', [{ op: 'set_narration', narration: true }]],
    ['redo scene 2: make it more playful', [{ op: 'regenerate_scene', scene: 2, instruction: 'make it more playful' }]],
    ['rewrite the fourth scene', [{ op: 'regenerate_scene', scene: 4 }]],
    ['pas de musique', [{ op: 'set_music', music: false }]],
    ['ohne Soundeffekte', [{ op: 'set_sfx', sfx: false }]],
    ['Szene 3 löschen', [{ op: 'remove_scene', scene: 3 }]],
    ['elimina la última escena', [{ op: 'remove_scene', scene: 6 }]],
  ];
  for (const [instruction, operations] of cases) {
    it(`reads "${instruction}"`, () => expect(read(instruction)).toEqual(operations));
  }
});

describe('parseEditInstruction: ordinals', () => {
  it.each([
    ['the first scene', 1],
    ['the second scene', 2],
    ['the third slide', 3],
    ['the 4th scene', 4],
    ['scene five', 5],
    ['scene #6', 6],
    ['the last scene', 6],
    ['the final scene', 6],
    ['the closing scene', 6],
    ['the opening scene', 1],
    ['the second to last scene', 5],
    ['the intro', 1],
    ['the outro', 6],
  ])('"remove %s" removes scene %i of 6', (reference, number) => {
    expect(read(`remove ${reference}`)).toEqual([{ op: 'remove_scene', scene: number }]);
  });
});

describe('parseEditInstruction: several instructions', () => {
  it('splits at "and", ";", "then" and new lines', () => {
    const parsed = parseEditInstruction('make scene 2 shorter and remove the last scene; no music then use the font Lora\nswap scenes 2 and 3', source);
    expect(parsed.operations).toEqual([
      { op: 'retime', scene: 2, change: 'shorter' },
      { op: 'remove_scene', scene: 6 },
      { op: 'set_music', music: false },
      { op: 'restyle', fonts: { heading: 'Lora', body: 'Lora' } },
      { op: 'swap', scenes: [2, 3] },
    ]);
    expect(parsed.understood).toEqual(['make scene 2 shorter', 'remove scene 6', 'no music', 'use heading font Lora, body font Lora', 'swap scenes 2 and 3']);
  });
  it('keeps "and" inside a text when the rest does not read as an instruction', () => {
    expect(read('make the title say Salt and Pepper')).toEqual([{ op: 'retext', scene: 1, key: 'title', text: 'Salt and Pepper' }]);
  });
  it('splits after a text when the rest is an instruction', () => {
    expect(read('make the title say Salt and Pepper, and no music')).toEqual([
      { op: 'retext', scene: 1, key: 'title', text: 'Salt and Pepper' },
      { op: 'set_music', music: false },
    ]);
  });
  it('never splits inside quotes', () => {
    expect(read('change the text of scene 2 to "Fast and remove scene 3"')).toEqual([{ op: 'retext', scene: 2, text: 'Fast and remove scene 3' }]);
  });
});

describe('parseEditInstruction: unreadable instructions', () => {
  const failure = (instruction: string): EditGrammarError => {
    try {
      parseEditInstruction(instruction, source);
    } catch (error) {
      if (error instanceof EditGrammarError) return error;
      throw error;
    }
    throw new Error(`"${instruction}" was read`);
  };
  it('is a 400 with the help text and nothing understood', () => {
    const error = failure('make it pop');
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_request');
    expect(error.understood).toEqual([]);
    expect(error.unreadable).toEqual([{ text: 'make it pop', closest: expect.any(String) }]);
    expect(error.help).toBe(EDIT_GRAMMAR_HELP);
    expect(error.message).toContain(`Nothing in "make it pop" was understood; the closest change this node understands is "${error.unreadable[0]!.closest}"`);
    expect(error.message).toContain(EDIT_GRAMMAR_HELP);
  });
  it('says what it understood and what it did not, and applies nothing', () => {
    const error = failure('remove scene 3 and make it pop; no music');
    expect(error.understood).toEqual(['remove scene 3', 'no music']);
    expect(error.unreadable.map((part) => part.text)).toEqual(['make it pop']);
    expect(error.message).toContain('Understood: remove scene 3; no music');
  });
  it('names the problem with a recognised phrasing', () => {
    const color = failure('change the color to blurple');
    expect(color.unreadable[0]?.problem).toContain('"blurple" is not a hex color');
    const font = failure('use the font Comic Sans');
    expect(font.unreadable[0]?.problem).toContain('font "Comic Sans" is not shipped');
    const voice = failure('use the voice Brunhilde');
    expect(voice.unreadable[0]?.problem).toContain('unknown voice "Brunhilde"; a voice is named by its id or its name, in any case: Ava (embedded-ava)');
    expect(failure('use the voice Noha').unreadable[0]?.problem).toContain('unknown voice "Noha" (did you mean Noah (embedded-noah)?)');
  });
  it('refuses an empty instruction', () => {
    expect(failure('  ').message).toContain('the instruction is empty');
  });
  it('lists every documented rule in the help text', () => {
    for (const example of EDIT_GRAMMAR_EXAMPLES) expect(EDIT_GRAMMAR_HELP).toContain(`"${example.instruction}"`);
  });
});
