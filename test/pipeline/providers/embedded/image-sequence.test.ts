import { describe, expect, it } from 'vitest';
import type { PreparedImage } from '../../../../src/pipeline/materials/prepare-materials.js';
import { EmbeddedPlanner } from '../../../../src/pipeline/providers/embedded/embedded-planner.js';
import { imageScenes, readsAsSequence } from '../../../../src/pipeline/providers/embedded/material-scenes.js';

const image = (index: number, role: PreparedImage['role'], context?: string): PreparedImage => ({ name: `image-${index}`, field: `images[${index}]`, role, ...(context ? { context } : {}), width: 1600, height: 1000 });

describe('images in sequence (a product tour, a walkthrough)', () => {
  it.each([
    'Create a product tour using the screenshots provided in order',
    'A walkthrough of the new dashboard',
    'Show the setup step by step',
    'Ein Rundgang durch unsere App, die Screenshots der Reihe nach',
    'Une visite de l\'application, dans l\'ordre des captures',
    'Un recorrido por la app, paso a paso',
  ])('reads "%s" as a sequence', (prompt) => {
    expect(readsAsSequence(prompt)).toBe(true);
  });

  it.each(['Our team at the summer party', 'Tourism in Lisbon grew 12%', 'Order now at shop.example'])('does not read "%s" as one', (prompt) => {
    expect(readsAsSequence(prompt)).toBe(false);
  });

  it('gives every image but the logo its own scene, in the order given, instead of one grid', () => {
    const images = [image(0, 'gallery'), image(1, 'hero'), image(2, 'logo', 'logo'), image(3, 'gallery', 'Sharing a board')];
    expect(imageScenes(images, 'Product tour').map((scene) => scene.kind)).toEqual(['image-grid']);
    const scenes = imageScenes(images, 'Product tour', { sequence: true });
    expect(scenes.map((scene) => [scene.kind, scene.settings.image, scene.settings.mode])).toEqual([
      ['image', 'image-0', 'contain'],
      ['image', 'image-1', 'contain'],
      ['image', 'image-3', 'contain'],
    ]);
    expect(scenes[2]!.settings.heading).toBe('Sharing a board');
  });

  it('plans a tour without a language model: it opens on the first screenshot and shows each of the others, even five in 15 s', async () => {
    const images = [0, 1, 2, 3, 4].map((index) => image(index, index === 2 ? 'hero' : 'gallery'));
    const plan = await new EmbeddedPlanner().plan({ prompt: 'Create a product tour using the screenshots provided in order', durationSeconds: 15, multiScene: true, fps: 30, language: 'en', materials: { images, documents: [] } });
    const shown = plan.scenes.filter((scene) => scene.kind === 'image').map((scene) => scene.settings.image);
    expect(shown).toEqual(['image-0', 'image-1', 'image-2', 'image-3', 'image-4']);
    expect(plan.scenes[0]).toMatchObject({ role: 'hook', kind: 'image', settings: { image: 'image-0', mode: 'contain' } });
  });
});
