import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { STING_CASES } from './gallery/cases-mockups.js';
import { renderGallery, type GallerySize } from './gallery/gallery.js';

/** One size keeps it fast; the reveal's timing does not depend on the canvas. */
const SIZE: GallerySize = { label: '16x9', width: 1280, height: 720 };
const FRAMES = [20, 45, 90];

/** Each case's still at a frame, as raw pixels. */
async function stillsAt(frame: number): Promise<Map<string, Buffer>> {
  const shots = await renderGallery(STING_CASES, [SIZE], frame);
  const out = new Map<string, Buffer>();
  for (const shot of shots) out.set(shot.name, await sharp(readFileSync(shot.file)).resize(320, 180).raw().toBuffer());
  return out;
}

/** Mean absolute difference of two stills' channels (0 to 255). */
function difference(a: Buffer, b: Buffer): number {
  let total = 0;
  for (let i = 0; i < a.length; i += 1) total += Math.abs(a[i]! - b[i]!);
  return total / a.length;
}

describe('the logo sting', () => {
  it('visibly progresses through its reveal: the stills at frames 20, 45 and 90 of 150 differ', async () => {
    const stills: Map<string, Buffer>[] = [];
    // Sequential: the gallery's stills of one case share a file name.
    for (const frame of FRAMES) stills.push(await stillsAt(frame));
    const flat: string[] = [];
    for (const galleryCase of STING_CASES) {
      const [early, middle, late] = stills.map((byName) => byName.get(galleryCase.name)!);
      const steps = [difference(early!, middle!), difference(middle!, late!)];
      for (const [i, step] of steps.entries()) if (step < 1) flat.push(`${galleryCase.name}: frames ${FRAMES[i]} and ${FRAMES[i + 1]} differ by ${step.toFixed(2)}`);
    }
    expect(flat).toEqual([]);
  }, 300_000);
});
