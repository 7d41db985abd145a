import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppManifest as Manifest } from '../../scripts/build-app.mjs';

describe('scripts/build-app.mjs', () => {
  let outDir: string;
  let manifest: Manifest;

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'app-build-'));
    manifest = await buildApp({ outDir });
  }, 120_000);

  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
  });

  it('writes manifest.json mapping both entries to content-hashed files that exist', async () => {
    const written = JSON.parse(await readFile(path.join(outDir, 'manifest.json'), 'utf8')) as Manifest;
    expect(written).toEqual(manifest);
    expect(manifest.main.js).toMatch(/^main-[A-Z0-9]{8}\.js$/);
    expect(manifest.main.css).toMatch(/^main-[A-Z0-9]{8}\.css$/);
    expect(manifest.player.js).toMatch(/^player-[A-Z0-9]{8}\.js$/);
    for (const file of [manifest.main.js, manifest.main.css, manifest.player.js, manifest.player.css]) {
      if (file !== undefined) expect(existsSync(path.join(outDir, file)), file).toBe(true);
    }
  });

  it('bundles the player as a classic script (IIFE) and the app without imports left to resolve', async () => {
    const player = await readFile(path.join(outDir, manifest.player.js), 'utf8');
    const main = await readFile(path.join(outDir, manifest.main.js), 'utf8');
    expect(player.trimStart()).toMatch(/^("use strict";)?\(\(\)=>\{/);
    expect(player).not.toMatch(/^\s*import[\s{*"]/m);
    expect(main).not.toMatch(/\bfrom\s*"(react|react-dom)/);
  });

  it('builds React for production with no source maps', async () => {
    const main = await readFile(path.join(outDir, manifest.main.js), 'utf8');
    expect(main).not.toContain('process.env.NODE_ENV');
    expect(main).not.toContain('react.development');
    const files = await readdir(outDir);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  it('emits fonts referenced from the CSS as hashed files beside it', async () => {
    const cssFiles = [manifest.main.css, manifest.player.css].filter((file): file is string => file !== undefined);
    const urls = (await Promise.all(cssFiles.map((file) => readFile(path.join(outDir, file), 'utf8'))))
      .flatMap((css) => [...css.matchAll(/url\(["']?([^"')]+)["']?\)/g)].map((match) => match[1]!))
      .filter((url) => !url.startsWith('data:'));
    for (const url of urls) {
      expect(url).toMatch(/^\.\/[\w.-]+-[A-Z0-9]{8}\.\w+$/);
      expect(existsSync(path.join(outDir, url)), url).toBe(true);
    }
  });

  it('replaces what a previous build left', async () => {
    const again = await buildApp({ outDir });
    expect(again).toEqual(manifest);
    const scripts = (await readdir(outDir)).filter((file) => file.endsWith('.js'));
    expect(scripts.sort()).toEqual([manifest.main.js, manifest.player.js].sort());
  });
});
