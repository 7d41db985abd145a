import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { imageRole, type ImageShape } from '../../../src/pipeline/materials/image-roles.js';
import {
  DOCUMENTS_FILE,
  prepareMaterials,
  referencedAssets,
  sceneAssetUrls,
} from '../../../src/pipeline/materials/prepare-materials.js';
import type { SourceDocument } from '../../../src/documents/read-document.js';

const photo: ImageShape = { width: 1600, height: 900, hasAlpha: false, format: 'jpeg' };
const smallTransparentPng: ImageShape = { width: 400, height: 200, hasAlpha: true, format: 'png' };
const smallSvg: ImageShape = { width: 120, height: 40, hasAlpha: true, format: 'svg' };

describe('imageRole', () => {
  it.each([
    ['Acme logo', 'logo'],
    ['app icon', 'logo'],
    ['paper texture', 'background'],
    ['Jane Doe, CEO', 'team'],
    ['our founders', 'team'],
    ['product packshot', 'product'],
    ['dashboard screenshot', 'product'],
    ['cover photo', 'hero'],
    ['key visual', 'hero'],
  ])('reads the context %j as %s', (context, role) => {
    expect(imageRole(context, photo, true)).toBe(role);
  });

  it('checks the context words in order: logo, background, team, product, hero', () => {
    expect(imageRole('logo on a product background', photo, false)).toBe('logo');
    expect(imageRole('team photo on a plain background', photo, false)).toBe('background');
    expect(imageRole('our CEO holding the product', photo, false)).toBe('team');
    expect(imageRole('product hero shot', photo, false)).toBe('product');
  });

  it('matches whole words only', () => {
    // "iconic" is not "icon", "teammate" not "team", "productive" not "product".
    expect(imageRole('an iconic skyline', photo, false)).toBe('hero');
    expect(imageRole('teammates productive at dawn', photo, true)).toBe('gallery');
  });

  it('takes a small transparent PNG or a small SVG without telling words as the logo', () => {
    expect(imageRole(undefined, smallTransparentPng, false)).toBe('logo');
    expect(imageRole(undefined, smallSvg, true)).toBe('logo');
    expect(imageRole('sunset over the lake', smallTransparentPng, false)).toBe('logo');
    expect(imageRole(undefined, { width: 600, height: 600, hasAlpha: true, format: 'webp' }, false)).toBe('logo');
  });

  it('does not take a large transparent image or a small opaque photo as the logo', () => {
    expect(imageRole(undefined, { width: 1200, height: 800, hasAlpha: true, format: 'png' }, false)).toBe('hero');
    expect(imageRole(undefined, { width: 2000, height: 400, hasAlpha: true, format: 'svg' }, false)).toBe('hero');
    expect(imageRole(undefined, { width: 300, height: 200, hasAlpha: false, format: 'jpeg' }, false)).toBe('hero');
  });

  it('takes a large transparent image as the logo when the request is about a logo, never an opaque photo', () => {
    expect(imageRole(undefined, { width: 1200, height: 800, hasAlpha: true, format: 'png' }, false, true)).toBe('logo');
    expect(imageRole(undefined, { width: 1200, height: 800, hasAlpha: false, format: 'jpeg' }, false, true)).toBe('hero');
  });

  it('takes the first other image as the hero and the rest as the gallery', () => {
    expect(imageRole(undefined, photo, false)).toBe('hero');
    expect(imageRole(undefined, photo, false)).toBe('hero');
    expect(imageRole(undefined, photo, true)).toBe('gallery');
    expect(imageRole('sunset over the lake', photo, true)).toBe('gallery');
  });
});

describe('prepareMaterials', () => {
  let filesDir: string;
  const videoId = 'vid_test';
  const inputs = () => path.join(filesDir, 'videos', videoId, 'inputs');
  /** Writes `bytes` under the job's inputs and returns the path relative to files/. */
  const input = (name: string, bytes: Buffer | string) => {
    writeFileSync(path.join(inputs(), name), bytes);
    return path.posix.join('videos', videoId, 'inputs', name);
  };
  const jpeg = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
  const transparentPng = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
  const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" fill="#e11d48"/></svg>';

  beforeEach(() => {
    filesDir = mkdtempSync(path.join(tmpdir(), 'materials-'));
    mkdirSync(inputs(), { recursive: true });
  });
  afterEach(() => rmSync(filesDir, { recursive: true, force: true }));

  it('names the documents file documents.json', () => {
    expect(DOCUMENTS_FILE).toBe('documents.json');
  });

  it('shrinks a 4000×1000 JPEG to 2560 wide in its own 4:1 ratio, as WebP under the job\'s assets', async () => {
    const source = input('wide.jpg', await jpeg(4000, 1000));
    const materials = await prepareMaterials(filesDir, `videos/${videoId}/assets`, { images: [{ field: 'images[0]', path: source }], documents: [] });
    expect(materials.assets).toEqual({ 'image-0': `videos/${videoId}/assets/image-0.webp` });
    const out = await sharp(path.join(filesDir, materials.assets['image-0']!)).metadata();
    expect([out.format, out.width, out.height]).toEqual(['webp', 2560, 640]);
    expect(materials.images).toEqual([{ name: 'image-0', field: 'images[0]', role: 'hero', width: 4000, height: 1000 }]);
  });

  it('does not enlarge a small photo', async () => {
    const source = input('small.jpg', await jpeg(320, 200));
    const materials = await prepareMaterials(filesDir, `videos/${videoId}/assets`, { images: [{ field: 'images[0]', path: source }], documents: [] });
    const out = await sharp(path.join(filesDir, materials.assets['image-0']!)).metadata();
    expect([out.width, out.height]).toEqual([320, 200]);
  });

  it('turns an EXIF-rotated JPEG upright', async () => {
    // Stored 200×100, left half red and right half blue, with orientation 6 (rotate 90° clockwise
    // to view): upright it is 100×200, red on top.
    const red = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const stored = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#0000ff' } })
      .composite([{ input: red, left: 0, top: 0 }])
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(stored).metadata()).orientation).toBe(6);
    const source = input('rotated.jpg', stored);
    const materials = await prepareMaterials(filesDir, `videos/${videoId}/assets`, { images: [{ field: 'images[0]', path: source }], documents: [] });
    expect(materials.images[0]).toMatchObject({ width: 100, height: 200 });
    const file = path.join(filesDir, materials.assets['image-0']!);
    const meta = await sharp(file).metadata();
    expect([meta.width, meta.height]).toEqual([100, 200]);
    expect(meta.orientation ?? 1).toBe(1);
    const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const [topR, , topB] = pixel(50, 20);
    const [bottomR, , bottomB] = pixel(50, 180);
    expect(topR).toBeGreaterThan(200);
    expect(topB).toBeLessThan(60);
    expect(bottomB).toBeGreaterThan(200);
    expect(bottomR).toBeLessThan(60);
  });

  it('keeps a small SVG as the same vector file', async () => {
    const source = input('mark.svg', SVG);
    const materials = await prepareMaterials(filesDir, `videos/${videoId}/assets`, { images: [{ field: 'images[0]', path: source }], documents: [] });
    expect(materials.assets).toEqual({ 'image-0': `videos/${videoId}/assets/image-0.svg` });
    expect(readFileSync(path.join(filesDir, materials.assets['image-0']!), 'utf8')).toBe(SVG);
    expect(materials.images[0]).toMatchObject({ role: 'logo', width: 120, height: 40 });
    expect(materials.logo).toBe('image-0');
  });

  it('reads roles in order: a transparent mark is the logo, the first photo the hero, the rest the gallery', async () => {
    const images = [
      { field: 'images[0]', path: input('a.png', await transparentPng(300, 100)) },
      { field: 'images[1]', path: input('b.jpg', await jpeg(1200, 800)) },
      { field: 'images[2]', path: input('c.jpg', await jpeg(1200, 800)) },
      { field: 'images[3]', path: input('d.jpg', await jpeg(1200, 800)), context: 'Jane Doe, CEO' },
      { field: 'images[4]', path: input('e.jpg', await jpeg(1200, 800)) },
    ];
    const materials = await prepareMaterials(filesDir, `videos/${videoId}/assets`, { images, documents: [] });
    expect(materials.images.map((image) => [image.name, image.field, image.role])).toEqual([
      ['image-0', 'images[0]', 'logo'],
      ['image-1', 'images[1]', 'hero'],
      ['image-2', 'images[2]', 'gallery'],
      ['image-3', 'images[3]', 'team'],
      ['image-4', 'images[4]', 'gallery'],
    ]);
    expect(materials.images[3]!.context).toBe('Jane Doe, CEO');
    expect(materials.images[0]).not.toHaveProperty('context');
    expect(materials.logo).toBe('image-0');
  });

  it('lets a context that names the hero take it from an earlier photo', async () => {
    const images = [
      { field: 'images[0]', path: input('a.jpg', await jpeg(1200, 800)), context: 'hero banner' },
      { field: 'images[1]', path: input('b.jpg', await jpeg(1200, 800)) },
    ];
    const materials = await prepareMaterials(filesDir, `videos/${videoId}/assets`, { images, documents: [] });
    expect(materials.images.map((image) => image.role)).toEqual(['hero', 'gallery']);
  });

  it('prepares a brand kit logo as asset "logo", preferred over an attached logo', async () => {
    mkdirSync(path.join(filesDir, 'brand-kits', 'bk_1'), { recursive: true });
    writeFileSync(path.join(filesDir, 'brand-kits', 'bk_1', 'logo.png'), await transparentPng(240, 80));
    const materials = await prepareMaterials(filesDir, `videos/${videoId}/assets`, {
      images: [{ field: 'images[0]', path: input('mark.svg', SVG), context: 'logo' }],
      documents: [],
      brandLogoPath: 'brand-kits/bk_1/logo.png',
    });
    expect(materials.logo).toBe('logo');
    expect(materials.assets.logo).toBe(`videos/${videoId}/assets/logo.webp`);
    const out = await sharp(path.join(filesDir, materials.assets.logo!)).metadata();
    expect([out.format, out.width, out.height, out.hasAlpha]).toEqual(['webp', 240, 80, true]);
    expect(materials.images.map((image) => image.role)).toEqual(['logo']);
  });

  it('has no logo when neither the brand nor the images give one', async () => {
    const materials = await prepareMaterials(filesDir, `videos/${videoId}/assets`, { images: [{ field: 'images[0]', path: input('a.jpg', await jpeg(800, 600)) }], documents: [] });
    expect(materials).not.toHaveProperty('logo');
  });

  it('passes the documents through', async () => {
    const documents: SourceDocument[] = [{ field: 'documents[0]', kind: 'text', text: 'Bees make honey.', truncated: false }];
    const materials = await prepareMaterials(filesDir, `videos/${videoId}/assets`, { images: [], documents });
    expect(materials).toEqual({ images: [], documents, assets: {} });
  });
});

describe('referencedAssets', () => {
  const assets = { 'image-0': 'videos/v/assets/image-0.webp', 'image-1': 'videos/v/assets/image-1.webp', logo: 'videos/v/assets/logo.svg' };

  it('finds asset names at any depth, in strings only', () => {
    const settings = {
      heading: 'image-0 is not a name here',
      grid: { images: ['image-1', 'missing'], nested: [{ deep: [['logo']] }] },
      'image-0': 'a key is not a reference',
      count: 3,
      flag: true,
      none: null,
    };
    expect([...referencedAssets(settings, assets)].sort()).toEqual(['image-1', 'logo']);
  });

  it('finds nothing in settings that name no asset', () => {
    expect(referencedAssets({ text: 'Hello', items: ['a', 'b'] }, assets).size).toBe(0);
    expect(referencedAssets({ text: 'toString', other: '__proto__' }, assets).size).toBe(0);
  });
});

describe('sceneAssetUrls', () => {
  let filesDir: string;
  beforeEach(() => {
    filesDir = mkdtempSync(path.join(tmpdir(), 'scene-assets-'));
  });
  afterEach(() => rmSync(filesDir, { recursive: true, force: true }));

  it('gives data URLs with the right MIME type for the referenced assets only', async () => {
    const videoId = 'vid_urls';
    const inputs = path.join(filesDir, 'videos', videoId, 'inputs');
    mkdirSync(inputs, { recursive: true });
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#22aa66' } }).jpeg().toFile(path.join(inputs, 'photo.jpg'));
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#aa2266' } }).jpeg().toFile(path.join(inputs, 'other.jpg'));
    writeFileSync(path.join(inputs, 'mark.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50"><circle cx="25" cy="25" r="20"/></svg>');
    const { assets } = await prepareMaterials(filesDir, `videos/${videoId}/assets`, {
      images: [
        { field: 'images[0]', path: `videos/${videoId}/inputs/photo.jpg` },
        { field: 'images[1]', path: `videos/${videoId}/inputs/other.jpg` },
        { field: 'images[2]', path: `videos/${videoId}/inputs/mark.svg` },
      ],
      documents: [],
    });
    const urls = sceneAssetUrls(filesDir, assets, { image: 'image-0', cta: { logo: 'image-2' }, heading: 'A photo' });
    expect(Object.keys(urls).sort()).toEqual(['image-0', 'image-2']);
    const decode = (url: string, mime: string) => {
      const prefix = `data:${mime};base64,`;
      expect(url.startsWith(prefix)).toBe(true);
      return Buffer.from(url.slice(prefix.length), 'base64');
    };
    expect(decode(urls['image-0']!, 'image/webp').equals(readFileSync(path.join(filesDir, assets['image-0']!)))).toBe(true);
    expect(decode(urls['image-2']!, 'image/svg+xml').equals(readFileSync(path.join(filesDir, assets['image-2']!)))).toBe(true);
  });

  it('gives image/png and image/jpeg for assets stored as such, and nothing for no reference', () => {
    mkdirSync(path.join(filesDir, 'a'), { recursive: true });
    writeFileSync(path.join(filesDir, 'a', 'x.png'), 'png-bytes');
    writeFileSync(path.join(filesDir, 'a', 'y.JPG'), 'jpg-bytes');
    const assets = { x: 'a/x.png', y: 'a/y.JPG' };
    expect(sceneAssetUrls(filesDir, assets, ['x', 'y'])).toEqual({
      x: `data:image/png;base64,${Buffer.from('png-bytes').toString('base64')}`,
      y: `data:image/jpeg;base64,${Buffer.from('jpg-bytes').toString('base64')}`,
    });
    expect(sceneAssetUrls(filesDir, assets, { text: 'nothing here' })).toEqual({});
  });
});
