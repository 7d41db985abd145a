import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveTheme } from '../../src/pipeline/theme/resolve-theme.js';
import { ensureBundle } from '../../src/render/bundle/ensure-bundle.js';
import { RenderPool } from '../../src/render/render-pool.js';
import { compileScene } from '../../src/render/scene-code/compile-scene.js';
import { E2E_CACHE_DIR } from './e2e-node.js';
import { MEDIA_ASSETS } from './gallery/cases-media.js';
import { sceneFor } from './gallery/gallery.js';

// A 2 s FootageShot at 320x180 rendered through the real scene path (scene code → esbuild → the
// `scene` composition in a render worker), every frame as a lossless PNG.
const WIDTH = 320;
const HEIGHT = 180;
const FPS = 30;
const FRAMES = 2 * FPS;
const ALL_FRAMES = Array.from({ length: FRAMES }, (_, frame) => frame);

/** An RGB picture: its pixels and size. */
interface Picture {
  data: Buffer;
  width: number;
  height: number;
}

async function readPicture(file: string, blur?: number): Promise<Picture> {
  const image = sharp(file).removeAlpha();
  const { data, info } = await (blur ? image.blur(blur) : image).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Mean absolute difference of two pictures over a region (0..255 per channel), the whole picture by default. */
function meanDifference(a: Picture, b: Picture, region = { left: 0, top: 0, right: a.width, bottom: a.height }): number {
  let sum = 0;
  let count = 0;
  for (let y = region.top; y < region.bottom; y += 1) {
    for (let x = region.left; x < region.right; x += 1) {
      const i = (y * a.width + x) * 3;
      for (let c = 0; c < 3; c += 1) sum += Math.abs(a.data[i + c]! - b.data[i + c]!);
      count += 3;
    }
  }
  return sum / count;
}

function quadrants(width: number, height: number) {
  const midX = Math.floor(width / 2);
  const midY = Math.floor(height / 2);
  return [
    { name: 'top left', left: 0, top: 0, right: midX, bottom: midY },
    { name: 'top right', left: midX, top: 0, right: width, bottom: midY },
    { name: 'bottom left', left: 0, top: midY, right: midX, bottom: height },
    { name: 'bottom right', left: midX, top: midY, right: width, bottom: height },
  ];
}

describe('FootageShot', () => {
  // FOOTAGE_OUT keeps the frames for a look.
  const dir = process.env.FOOTAGE_OUT ?? mkdtempSync(path.join(tmpdir(), 'footage-shot-'));
  let pool: RenderPool;
  let serveUrl: string;

  beforeAll(async () => {
    serveUrl = await ensureBundle(E2E_CACHE_DIR);
    pool = new RenderPool({ size: 1, frameConcurrency: 2 });
  });

  afterAll(async () => {
    await pool?.close();
    if (!process.env.FOOTAGE_OUT) rmSync(dir, { recursive: true, force: true });
  });

  /** Renders frames of a 2 s shot (every frame by default) and returns the PNG paths, indexed by frame. */
  async function renderShot(name: string, pack: string, settings: Record<string, unknown>, assets: Record<string, string>, frames = ALL_FRAMES): Promise<string[]> {
    const { code } = await compileScene(sceneFor('FootageShot', ['image']));
    const files: string[] = [];
    for (const frame of frames) files[frame] = path.join(dir, `${name}-${String(frame).padStart(3, '0')}.png`);
    await pool.run({
      type: 'stills',
      serveUrl,
      inputProps: { code, theme: resolveTheme({ prompt: '', animationStyle: pack }), settings, assets, width: WIDTH, height: HEIGHT, fps: FPS, durationInFrames: FRAMES },
      frames,
      outputPaths: frames.map((frame) => files[frame]!),
      imageFormat: 'png',
    });
    return files;
  }

  // Both packs enter and leave with a fade, which changes the whole frame at once.
  const SHOTS: { name: string; pack: string; settings: Record<string, unknown>; assets: Record<string, string> }[] = [
    {
      name: 'photo',
      pack: 'warm-organic',
      settings: { image: 'photo-landscape', description: 'A lake at dusk under the hills', move: 'pan-right', caption: 'Lake Bled at dusk' },
      assets: { 'photo-landscape': MEDIA_ASSETS['photo-landscape']! },
    },
    { name: 'drawn', pack: 'luxury-noir', settings: { description: 'A rocket launch at dawn for a startup', move: 'push-in' }, assets: {} },
  ];
  const rendered = new Map<string, string[]>();

  for (const shot of SHOTS) {
    describe(`${shot.name === 'photo' ? 'with an image' : 'drawn from its description'}`, () => {
      it('changes every frame of the shot, in every quadrant, from start to end', async () => {
        const files = await renderShot(shot.name, shot.pack, shot.settings, shot.assets);
        rendered.set(shot.name, files);
        const pictures = await Promise.all(files.map((file) => readPicture(file)));
        const low: string[] = [];
        for (let frame = 1; frame < FRAMES; frame += 1) {
          const whole = meanDifference(pictures[frame - 1]!, pictures[frame]!);
          if (whole < 1.5) low.push(`frames ${frame - 1}→${frame}: ${whole.toFixed(2)}`);
          for (const quadrant of quadrants(WIDTH, HEIGHT)) {
            const part = meanDifference(pictures[frame - 1]!, pictures[frame]!, quadrant);
            if (part < 0.8) low.push(`frames ${frame - 1}→${frame} ${quadrant.name}: ${part.toFixed(2)}`);
          }
        }
        expect(low).toEqual([]);
      });

      // Grain alone changes every frame; blurred, the grain averages out and what is left is the
      // camera, the parallax and the light.
      it('moves the picture itself on every frame, not only its grain', async () => {
        const files = rendered.get(shot.name) ?? (await renderShot(shot.name, shot.pack, shot.settings, shot.assets));
        const blurred = await Promise.all(files.map((file) => readPicture(file, 3)));
        const still: string[] = [];
        for (let frame = 1; frame < FRAMES; frame += 1) {
          const moved = meanDifference(blurred[frame - 1]!, blurred[frame]!);
          if (moved < 0.8) still.push(`frames ${frame - 1}→${frame}: ${moved.toFixed(3)}`);
        }
        expect(still).toEqual([]);
        // Over the shot the camera travels far: the first and last settled frames differ widely.
        expect(meanDifference(blurred[16]!, blurred[FRAMES - 16]!)).toBeGreaterThan(6);
      });
    });
  }

  // Every camera move keeps the picture moving in the middle and near the end of the shot, not only where it starts.
  it.each(['push-in', 'pull-out', 'pan-left', 'pan-right', 'tilt-up', 'tilt-down', 'orbit'])('keeps the picture moving mid-shot and late in the shot: %s', async (move) => {
    const pairs = [20, 40];
    const frames = pairs.flatMap((frame) => [frame, frame + 1]);
    const files = await renderShot(`move-${move}`, 'plain', { description: 'Coffee beans roasting in a small shop', move }, {}, frames);
    for (const frame of pairs) {
      const [a, b] = await Promise.all([readPicture(files[frame]!, 3), readPicture(files[frame + 1]!, 3)]);
      expect(meanDifference(a, b), `frames ${frame}→${frame + 1}`).toBeGreaterThan(0.8);
    }
  });

  it('renders the same pixels twice (deterministic grain, light and camera)', async () => {
    const shot = SHOTS[0]!;
    const first = rendered.get(shot.name) ?? (await renderShot(shot.name, shot.pack, shot.settings, shot.assets));
    const frames = [0, 17, 30, 45, FRAMES - 1];
    const again = await renderShot(`${shot.name}-again`, shot.pack, shot.settings, shot.assets, frames);
    for (const frame of frames) {
      const [a, b] = await Promise.all([readPicture(first[frame]!), readPicture(again[frame]!)]);
      expect(a.data.equals(b.data), `frame ${frame}`).toBe(true);
    }
  });
});
