import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imagePalette } from '../../../src/pipeline/edit/image-palette.js';

type Rgb = [number, number, number];
/** A 200x100 PNG of horizontal bands: each colour covers its share of the rows (with a little noise). */
async function bands(parts: [Rgb, number][], alpha = 255): Promise<Buffer> {
  const width = 200;
  const height = 100;
  const pixels = Buffer.alloc(width * height * 4);
  let state = 7;
  const noise = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 24) % 9 - 4;
  let row = 0;
  for (const [colour, share] of parts) {
    const rows = Math.round(share * height);
    for (let y = row; y < Math.min(height, row + rows); y += 1) {
      for (let x = 0; x < width; x += 1) {
        const i = (y * width + x) * 4;
        for (let c = 0; c < 3; c += 1) pixels[i + c] = Math.max(0, Math.min(255, colour[c]! + noise()));
        pixels[i + 3] = alpha;
      }
    }
    row += rows;
  }
  return sharp(pixels, { raw: { width, height, channels: 4 } }).png().toBuffer();
}

const rgb = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const near = (hex: string, colour: Rgb) => Math.hypot(...rgb(hex).map((v, i) => v - colour[i]!));

describe('imagePalette', () => {
  it('takes the dominant colour as primary, the next distinct one as secondary, the remaining one as accent', async () => {
    const orange: Rgb = [232, 112, 26];
    const navy: Rgb = [27, 42, 74];
    const teal: Rgb = [20, 180, 160];
    const palette = await imagePalette(await bands([[orange, 0.6], [navy, 0.3], [teal, 0.1]]));
    expect(palette.primary).toMatch(/^#[0-9A-F]{6}$/);
    expect(near(palette.primary, orange)).toBeLessThan(12);
    expect(near(palette.secondary, navy)).toBeLessThan(12);
    expect(near(palette.accent, teal)).toBeLessThan(12);
  });

  it('prefers a colour over a larger white or grey backdrop', async () => {
    const red: Rgb = [210, 30, 40];
    const palette = await imagePalette(await bands([[[250, 250, 250], 0.8], [red, 0.2]]));
    expect(near(palette.primary, red)).toBeLessThan(12);
    expect(near(palette.secondary, [250, 250, 250])).toBeLessThan(12);
  });

  it('makes shades of the primary when the image has one colour', async () => {
    const green: Rgb = [40, 160, 60];
    const palette = await imagePalette(await bands([[green, 1]]));
    expect(near(palette.primary, green)).toBeLessThan(12);
    expect(near(palette.secondary, green)).toBeGreaterThan(40);
    expect(new Set([palette.primary, palette.secondary, palette.accent]).size).toBe(3);
  });

  it('refuses an image with no opaque pixel', async () => {
    await expect(imagePalette(await bands([[[10, 10, 10], 1]], 0))).rejects.toThrow(/no opaque pixels/);
  });
});
