import { describe, expect, it } from 'vitest';
import { resolveTheme } from '../../src/pipeline/theme/resolve-theme.js';
import { renderGallery, sceneFor } from './gallery/gallery.js';

describe('kit fonts', () => {
  it('fails the render loudly when a theme names a font the kit does not ship, instead of falling back', async () => {
    const theme = resolveTheme({ prompt: '', animationStyle: 'plain' });
    const broken = { name: 'unshipped-font', code: sceneFor('TitleCard'), settings: { title: 'Hello' }, pack: 'plain', theme: { fonts: { heading: 'Comic Sans MS', body: theme.fonts.body } } };
    await expect(renderGallery([broken], [{ label: 'small', width: 320, height: 180 }])).rejects.toThrow(/font "Comic Sans MS" is not shipped/);
  });

  it('loads the faces for the scripts a scene shows (Cyrillic and Greek text draw in the pack font)', async () => {
    const shots = await renderGallery(
      [{ name: 'scripts', code: sceneFor('TitleCard'), settings: { title: 'Привет, мир', subtitle: 'Καλημέρα κόσμε' }, pack: 'corporate-clean' }],
      [{ label: 'small', width: 640, height: 360 }],
    );
    expect(shots[0]!.audit.fonts.sort()).toEqual(['Inter', 'Montserrat']);
    expect(shots[0]!.audit.issues).toEqual([]);
  });
});
