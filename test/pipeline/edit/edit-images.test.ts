import { describe, expect, it } from 'vitest';
import { applyEditImages } from '../../../src/pipeline/edit/apply-edit-images.js';
import { applyEditOperations } from '../../../src/pipeline/edit/apply-edit-operations.js';
import { unchangedEdit } from '../../../src/pipeline/edit/apply-edit-links.js';
import { EditError, EditGrammarError } from '../../../src/pipeline/edit/edit-errors.js';
import { parseEditInstruction } from '../../../src/pipeline/edit/edit-grammar.js';
import { attachedEditImages } from '../../../src/pipeline/edit/edit-images.js';
import type { EditSource } from '../../../src/pipeline/edit/edit-source.js';
import { namedAttachedImages } from '../../../src/pipeline/edit/image-grammar-rules.js';
import { addedImageScene } from '../../../src/pipeline/edit/image-scenes.js';
import { modelEditReader } from '../../../src/pipeline/edit/model-edit-reader.js';
import type { LanguageModel, ObjectRequest } from '../../../src/pipeline/providers/llm/language-model.js';
import { sixSceneSource } from './edit-fixture.js';

const PALETTE = { primary: '#E8701A', secondary: '#1B2A4A', accent: '#F5F5F5' };

function withImages(roles: ('import' | 'style' | 'reference')[], extra: Partial<EditSource> = {}): EditSource {
  const attached = attachedEditImages(roles.map((role, index) => ({ url: `https://example.com/${index}.png`, role, ...(index === 0 ? { context: 'Our new office' } : {}) })));
  return { ...sixSceneSource(), attached, ...extra };
}
const prepared = (source: EditSource) => ({ attached: source.attached!, palettes: new Map(source.attached!.filter((image) => image.role === 'style').map((image) => [image.index, PALETTE])) });

describe('edit grammar: images sent with the edit', () => {
  const source = withImages(['import', 'import']);
  const cases: [string, unknown[]][] = [
    ['use image 1 in scene 2', [{ op: 'swap_image', scene: 2, image: 'edit-image-0' }]],
    ['put image 2 in scene 3', [{ op: 'swap_image', scene: 3, image: 'edit-image-1' }]],
    ['swap the picture of scene 4 for the second image', [{ op: 'swap_image', scene: 4, image: 'edit-image-1' }]],
    ['show the first image in the last scene', [{ op: 'swap_image', scene: 6, image: 'edit-image-0' }]],
    ['use image 1 in scene 2 and image 2 in scene 3', [{ op: 'swap_image', scene: 2, image: 'edit-image-0' }, { op: 'swap_image', scene: 3, image: 'edit-image-1' }]],
  ];
  for (const [instruction, operations] of cases) {
    it(`reads "${instruction}"`, () => expect(parseEditInstruction(instruction, source).operations).toEqual(operations));
  }

  it('reads "the new image" and "the attached image" as the one image there is', () => {
    const one = withImages(['import']);
    expect(parseEditInstruction('use the new image in scene 2', one).operations).toEqual([{ op: 'swap_image', scene: 2, image: 'edit-image-0' }]);
    expect(parseEditInstruction('swap the picture of scene 2 for the attached image', one).operations).toEqual([{ op: 'swap_image', scene: 2, image: 'edit-image-0' }]);
  });

  it('asks which image when "the new image" could be several, and says so when the edit has none', () => {
    expect(() => parseEditInstruction('use the new image in scene 2', source)).toThrow(/say which: "image 1", "image 2"/);
    expect(() => parseEditInstruction('use the new image in scene 2', sixSceneSource())).toThrow(EditGrammarError);
    expect(() => parseEditInstruction('use the new image in scene 2', sixSceneSource())).toThrow(/this edit has no images/);
    expect(() => parseEditInstruction('put image 3 in scene 2', source)).toThrow(/there is no image 3/);
  });

  it('reads a clause that only names the images ("add the new image", "use the colours of the image") as no operation', () => {
    expect(parseEditInstruction('add the new image', withImages(['import'])).operations).toEqual([]);
    expect(parseEditInstruction('use the colours of the image', withImages(['style'])).operations).toEqual([]);
    expect(parseEditInstruction('use the colours of the image and make the title say Hi', withImages(['style'])).operations).toEqual([{ op: 'retext', scene: 1, key: 'title', text: 'Hi' }]);
    expect(() => parseEditInstruction('use the colours of image 1', withImages(['import']))).toThrow(/role "import"; send it with role "style"/);
    expect(() => parseEditInstruction('put image 1 in scene 2', withImages(['style']))).toThrow(/role "style"/);
  });

  it('names the images an instruction mentions', () => {
    const three = withImages(['reference', 'reference', 'import']);
    expect([...namedAttachedImages('put the second image somewhere nice and make it pop', three.attached!)]).toEqual(['edit-image-1']);
    expect([...namedAttachedImages('make it pop', three.attached!)]).toEqual([]);
  });
});

describe('applying images', () => {
  it('turns a scene without an image into a Ken Burns image scene of the placed image, redrawn, the others reused', () => {
    const source = withImages(['import']);
    const result = applyEditOperations(source, [{ op: 'swap_image', scene: 2, image: 'edit-image-0' }]);
    expect(result.scenes[1]).toMatchObject({ kind: 'image', title: 'Why Acme', settings: { image: 'edit-image-0', mode: 'ken-burns', heading: 'Why Acme', caption: 'Our new office' } });
    expect([...result.regenerate]).toEqual([1]);
    expect(result.reused.size).toBe(5);
    // An image scene keeps its kind and takes the new image.
    expect(applyEditOperations(source, [{ op: 'swap_image', scene: 4, image: 'edit-image-0' }]).scenes[3]!.settings).toMatchObject({ image: 'edit-image-0', mode: 'contain' });
  });

  it('makes it a film shot\'s still in an ai_video "full" video, dropping the clip', () => {
    const base = withImages(['import'], { footageStills: true });
    const source = { ...base, scenes: base.scenes.map((scene) => ({ ...scene, kind: 'footage', settings: { description: scene.title, caption: scene.title, clip: 'footage-1', clipSeconds: 4, clipProvider: 'fake' } })) };
    const result = applyEditOperations(source, [{ op: 'swap_image', scene: 2, image: 'edit-image-0' }]);
    expect(result.scenes[1]!.kind).toBe('footage');
    expect(result.scenes[1]!.settings).toEqual({ description: 'Why Acme', caption: 'Why Acme', image: 'edit-image-0' });
  });

  it('adds an unplaced import as a 4 s image scene before the closing call to action', () => {
    const source = withImages(['import']);
    const result = applyEditImages(source, unchangedEdit(source), prepared(source), { instruction: 'add the new image', byModel: false });
    expect(result.scenes).toHaveLength(7);
    expect(result.scenes[5]).toMatchObject({ kind: 'image', durationSeconds: 4, title: 'Our new office', settings: { image: 'edit-image-0', mode: 'ken-burns', heading: 'Our new office' } });
    expect(result.scenes[6]!.kind).toBe('cta');
    expect([...result.regenerate]).toEqual([5]);
    expect([...result.reused.entries()]).toEqual([[0, 0], [1, 1], [2, 2], [3, 3], [4, 4], [6, 5]]);
    expect(result.origins).toEqual([0, 1, 2, 3, 4, undefined, 5]);
    expect(result.remixAudio).toBe(true);
    expect(result.changes).toEqual(['a new scene 6 shows images[0] (Our new office)']);
  });

  it('does not add an image an operation placed', () => {
    const source = withImages(['import']);
    const placed = applyEditOperations(source, [{ op: 'swap_image', scene: 2, image: 'edit-image-0' }]);
    expect(applyEditImages(source, placed, prepared(source), { instruction: 'use the new image in scene 2', byModel: false }).scenes).toHaveLength(6);
  });

  it('refuses added scenes past the model\'s length', () => {
    const base = withImages(['import']);
    const source = { ...base, scenes: base.scenes.map((scene) => ({ ...scene, durationSeconds: 19.5 })) };
    expect(() => applyEditImages(source, unchangedEdit(source), prepared(source), { instruction: 'add the image', byModel: false })).toThrow(/would last 121\.0 s; model-5 allows at most 120 s/);
  });

  it('takes a style image\'s colours: every scene redrawn, the change named', () => {
    const source = withImages(['style']);
    const result = applyEditImages(source, unchangedEdit(source), prepared(source), { instruction: 'use the colours of the image', byModel: false });
    expect(result.options.colors).toEqual({ ...PALETTE, background: '#FFFFFF' });
    expect([...result.regenerate]).toEqual([0, 1, 2, 3, 4, 5]);
    expect(result.reused.size).toBe(0);
    expect(result.changes).toEqual(['colours taken from images[0]: #E8701A, #1B2A4A, #F5F5F5']);
    expect(() => applyEditImages(withImages(['style', 'style']), unchangedEdit(source), prepared(withImages(['style', 'style'])), { instruction: '', byModel: false })).toThrow(/both have role "style"/);
  });

  it('keeps a reference image the instruction does not name; alone, that is a 400 saying how to place it', () => {
    const source = withImages(['reference']);
    const run = () => applyEditImages(source, unchangedEdit(source), prepared(source), { instruction: 'make it nicer', byModel: false });
    expect(run).toThrow(EditError);
    expect(run).toThrow(/changes nothing: the reference image images\[0\] was not used .*"use image 1 in scene 2".*role "import"/);
    // Named, it is used as an import is.
    expect(applyEditImages(source, unchangedEdit(source), prepared(source), { instruction: 'add the image', byModel: false }).scenes).toHaveLength(7);
    // With other changes, it is kept and nothing more is said.
    const retexted = applyEditOperations(source, [{ op: 'retext', scene: 1, text: 'Hi' }]);
    expect(applyEditImages(source, retexted, prepared(source), { instruction: 'make the title say Hi', byModel: false }).scenes).toHaveLength(6);
  });
});

describe('images and the model edit reader', () => {
  it('tells the model each image of the edit: its asset name, role and context, and how to place it', async () => {
    const prompts: string[] = [];
    const model: LanguageModel = {
      id: 'fake:reader',
      acceptsImages: false,
      async generateObject<T>(request: ObjectRequest<T>) {
        prompts.push(request.prompt);
        return { object: { operations: [{ op: 'swap_image', scene: 3, image: 'edit-image-1' }] } as T, usage: {}, latencyMs: 1 };
      },
      generateText: () => Promise.reject(new Error('not used')),
    };
    const source = withImages(['style', 'reference']);
    const read = await modelEditReader(model).read('put the photo where the stat is', source);
    expect(read.operations).toEqual([{ op: 'swap_image', scene: 3, image: 'edit-image-1' }]);
    expect(prompts[0]).toContain('Image 1 sent with this change: asset "edit-image-0", role style, context "Our new office" (its colours are applied already; do not place it)');
    expect(prompts[0]).toContain('Image 2 sent with this change: asset "edit-image-1", role reference (place it with swap_image, image "edit-image-1"; leave it out if it does not serve the change)');
    // What the model placed applies like any operation; a reference it placed is not added again.
    const result = applyEditImages(source, applyEditOperations(source, read.operations), prepared(source), { instruction: 'put the photo where the stat is', byModel: true });
    expect(result.scenes[2]).toMatchObject({ kind: 'image', settings: { image: 'edit-image-1' } });
    expect(result.scenes).toHaveLength(6);
  });

  it('adds an unplaced image to an ai_video "full" video as a film shot whose still it is', () => {
    const [image] = attachedEditImages([{ url: 'https://example.com/a.png', context: 'The platform at dawn' }]);
    expect(addedImageScene(image!, true)).toMatchObject({ kind: 'footage', durationSeconds: 4, settings: { image: 'edit-image-0', description: 'The platform at dawn', caption: 'The platform at dawn' } });
    expect(addedImageScene(image!, false)).toMatchObject({ kind: 'image', settings: { image: 'edit-image-0', mode: 'ken-burns', heading: 'The platform at dawn' } });
  });
});
