import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandKit } from '../../src/catalog/brand-kits.js';
import { canonicalFontFamily, FONTS_FILE, shippedFonts, unknownFontProblem } from '../../src/catalog/fonts.js';
import { loadStylePacks } from '../../src/catalog/style-packs.js';
import { ServiceError } from '../../src/errors/service-error.js';
import { PACKAGE_ROOT } from '../../src/package-root.js';
import { createAccountWithKey, createTestNode, snapshotDatabase, type TestNode } from '../helpers/test-node.js';

const packageJson = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
const families = shippedFonts().map((font) => font.family);

describe('shippedFonts', () => {
  it('reads compositions/styles/fonts.json', () => {
    expect(FONTS_FILE).toBe(path.join(PACKAGE_ROOT, 'compositions', 'styles', 'fonts.json'));
    expect(shippedFonts().length).toBeGreaterThan(0);
  });

  it('lists each family once, whatever the case', () => {
    const keys = families.map((family) => family.toLowerCase());
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('ships every font a style pack names, spelled as shipped', () => {
    for (const pack of loadStylePacks().packs) {
      expect(families, `${pack.id} heading`).toContain(pack.fonts.heading);
      expect(families, `${pack.id} body`).toContain(pack.fonts.body);
    }
  });

  it.each(shippedFonts().map((font) => [font.family, font] as const))('bundles %s from its @fontsource package, in every listed weight', (family, font) => {
    expect(font.package).toMatch(/^@fontsource\//);
    expect(Object.keys(packageJson.dependencies)).toContain(font.package);
    const dir = path.join(PACKAGE_ROOT, 'node_modules', ...font.package.split('/'));
    for (const weight of font.weights) {
      const css = path.join(dir, `${weight}.css`);
      expect(existsSync(css), css).toBe(true);
      // The family the CSS registers is the one scenes ask for.
      expect(readFileSync(css, 'utf8')).toContain(`font-family: '${family}'`);
    }
  });

  it('has the kit import exactly the listed weights', () => {
    const kit = readFileSync(path.join(PACKAGE_ROOT, 'compositions', 'kit', 'fonts.ts'), 'utf8');
    const imported = [...kit.matchAll(/^import '(@fontsource\/[^']+)\/(\d+)\.css';$/gm)].map((match) => `${match[1]}/${match[2]}`).sort();
    const listed = shippedFonts().flatMap((font) => font.weights.map((weight) => `${font.package}/${weight}`)).sort();
    expect(imported).toEqual(listed);
  });

  it('depends on no @fontsource package it does not ship', () => {
    const dependencies = Object.keys(packageJson.dependencies).filter((name) => name.startsWith('@fontsource/'));
    expect(dependencies.sort()).toEqual(shippedFonts().map((font) => font.package).sort());
  });
});

describe('canonicalFontFamily', () => {
  it.each([
    ['Inter', 'Inter'],
    ['inter', 'Inter'],
    ['INTER', 'Inter'],
    ['  dm   sans ', 'DM Sans'],
    ['playfair display', 'Playfair Display'],
    ['Ibm Plex Sans', 'IBM Plex Sans'],
  ])('reads %j as %j', (name, family) => {
    expect(canonicalFontFamily(name)).toBe(family);
  });

  it('returns each shipped family unchanged', () => {
    for (const family of families) expect(canonicalFontFamily(family)).toBe(family);
  });

  it.each(['Comic Sans MS', 'Helvetica', 'DMSans', 'Inter Bold', ''])('knows no %j', (name) => {
    expect(canonicalFontFamily(name)).toBeUndefined();
  });
});

describe('unknownFontProblem', () => {
  it('has no problem with a shipped font in any case', () => {
    expect(unknownFontProblem('Inter')).toBeUndefined();
    expect(unknownFontProblem('bebas neue')).toBeUndefined();
  });

  it('names the font and every shipped family', () => {
    const problem = unknownFontProblem('Comic Sans MS');
    expect(problem).toBe(`font "Comic Sans MS" is not shipped with this node; use one of: ${families.join(', ')}`);
  });
});

describe('createBrandKit fonts', () => {
  let node: TestNode;
  let accountId: string;
  let logo: string;
  let logoDir: string;
  beforeAll(async () => {
    node = createTestNode();
    accountId = (await createAccountWithKey(node.ctx)).account.id;
    logoDir = mkdtempSync(path.join(tmpdir(), 'logo-'));
    logo = path.join(logoDir, 'logo.png');
    await sharp({ create: { width: 64, height: 32, channels: 4, background: '#ff0000' } }).png().toFile(logo);
  });
  afterAll(() => {
    node.cleanup();
    rmSync(logoDir, { recursive: true, force: true });
  });

  const kit = (fonts: { headingFont: string; bodyFont: string }) => ({
    accountId,
    name: 'Acme',
    primary: '#112233',
    secondary: '#445566',
    accent: '#778899',
    logoFile: logo,
    ...fonts,
  });

  it('stores fonts in their shipped spelling ("inter" → "Inter")', async () => {
    const created = await createBrandKit(node.ctx, kit({ headingFont: 'inter', bodyFont: '  space   GROTESK ' }));
    expect(created.fonts).toEqual({ heading: 'Inter', body: 'Space Grotesk' });
    expect(JSON.parse(node.ctx.brandKits.get(created.id)!.fonts)).toEqual({ heading: 'Inter', body: 'Space Grotesk' });
  });

  it.each([
    ['headingFont', { headingFont: 'Comic Sans MS', bodyFont: 'Inter' }],
    ['bodyFont', { headingFont: 'Inter', bodyFont: 'Comic Sans MS' }],
  ])('refuses an unknown %s with 400 naming the field and the shipped fonts, writing nothing', async (field, fonts) => {
    const before = snapshotDatabase(node.ctx);
    const brandKitsDir = path.join(node.ctx.filesDir, 'brand-kits');
    const filesBefore = existsSync(brandKitsDir) ? readdirSync(brandKitsDir).sort() : [];
    const error = await createBrandKit(node.ctx, kit(fonts)).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ServiceError);
    const { code, status, message } = error as ServiceError;
    expect([code, status]).toEqual(['invalid_request', 400]);
    expect(message).toBe(`${field}: ${unknownFontProblem('Comic Sans MS')}`);
    expect(snapshotDatabase(node.ctx)).toEqual(before);
    expect(existsSync(brandKitsDir) ? readdirSync(brandKitsDir).sort() : []).toEqual(filesBefore);
  });
});
