import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadStylePacks } from '../../src/catalog/style-packs.js';
import { renderGallery, sceneFor } from './gallery/gallery.js';

/** Share of pixels whose color differs by more than `threshold` in any channel. */
async function differingShare(a: string, b: string, threshold = 40): Promise<number> {
  const [left, right] = await Promise.all([a, b].map((file) => sharp(file).removeAlpha().raw().toBuffer()));
  let differing = 0;
  for (let i = 0; i < left!.length; i += 3) {
    if (Math.abs(left![i]! - right![i]!) > threshold || Math.abs(left![i + 1]! - right![i + 1]!) > threshold || Math.abs(left![i + 2]! - right![i + 2]!) > threshold) differing += 1;
  }
  return differing / (left!.length / 3);
}

describe('style packs', () => {
  it('render the same scene visibly differently, every pair of packs', async () => {
    const packs = loadStylePacks().packs.map((pack) => pack.id);
    expect(packs.length).toBeGreaterThanOrEqual(8);
    const cases = packs.map((pack) => ({
      name: `pack-${pack}`,
      pack,
      code: sceneFor('TitleCard'),
      settings: { title: 'Why bees matter to every garden', subtitle: 'Pollination, honey and biodiversity in one minute', kicker: 'Nature' },
    }));
    const shots = await renderGallery(cases, [{ label: '480x270', width: 480, height: 270 }]);
    const pairs: { name: string; share: number }[] = [];
    for (let i = 0; i < shots.length; i += 1) {
      for (let j = i + 1; j < shots.length; j += 1) {
        pairs.push({ name: `${shots[i]!.pack} vs ${shots[j]!.pack}`, share: await differingShare(shots[i]!.file, shots[j]!.file) });
      }
    }
    pairs.sort((a, b) => a.share - b.share);
    console.log(`closest packs: ${pairs.slice(0, 5).map((pair) => `${pair.name} ${(pair.share * 100).toFixed(1)}%`).join(', ')}`);
    // At least 5% of the frame looks different between any two packs (beyond JPEG noise, which is under 0.1%).
    for (const pair of pairs) expect(pair.share, pair.name).toBeGreaterThan(0.05);
  }, 300_000);
});
