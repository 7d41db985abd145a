import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
import { build, type Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/package-root.js';
import { compileScene, SCENE_IMPORT_ALLOWLIST } from '../../src/render/scene-code/compile-scene.js';

// The player entry exactly as scripts/build-app.mjs builds it (its second entry: a classic script).
const FILE_LOADERS = Object.fromEntries(['.woff', '.woff2', '.ttf', '.otf', '.png', '.jpg', '.jpeg', '.gif', '.webp', '.svg', '.ico'].map((ext) => [ext, 'file' as const]));

const scratch = path.join(PACKAGE_ROOT, 'node_modules', '.cache');

describe('the preview frame bundle (app/player/player-frame.tsx)', () => {
  let outDir: string;
  let metafile: Metafile;
  let js: string;
  let css: string;

  beforeAll(async () => {
    mkdirSync(scratch, { recursive: true });
    outDir = mkdtempSync(path.join(scratch, 'player-bundle-'));
    const result = await build({
      absWorkingDir: PACKAGE_ROOT,
      entryPoints: ['app/player/player-frame.tsx'],
      outdir: outDir,
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      jsx: 'automatic',
      entryNames: 'player-[hash]',
      assetNames: '[name]-[hash]',
      loader: FILE_LOADERS,
      define: { 'process.env.NODE_ENV': '"production"' },
      metafile: true,
      logLevel: 'silent',
    });
    metafile = result.metafile;
    const files = readdirSync(outDir);
    js = readFileSync(path.join(outDir, files.find((file) => file.endsWith('.js'))!), 'utf8');
    css = readFileSync(path.join(outDir, files.find((file) => file.endsWith('.css'))!), 'utf8');
  }, 120_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('is one classic script with nothing left to import at run time (an opaque origin cannot load modules)', () => {
    // A module (import/export at the top) would throw here: vm.Script parses classic scripts only.
    expect(() => new Script(js)).not.toThrow();
    const scripts = Object.entries(metafile.outputs).filter(([file]) => file.endsWith('.js'));
    expect(scripts).toHaveLength(1);
    expect(scripts[0]![1].imports.filter((item) => !item.path.endsWith('.woff2') && !item.path.endsWith('.woff'))).toEqual([]);
    expect(js).not.toMatch(/\bimport\s*\(\s*["'`]/);
  });

  it('evaluates scenes with the render\'s module and carries every module of the allowlist, and no server code', () => {
    const inputs = Object.keys(metafile.inputs);
    expect(inputs).toContain('compositions/scene-module.ts');
    expect(inputs).toContain('compositions/kit/index.ts');
    expect(inputs).not.toContain('compositions/scene-host.tsx');
    for (const name of SCENE_IMPORT_ALLOWLIST) {
      if (name === '@kit') continue;
      const pkg = name.split('/').slice(0, name.startsWith('@') ? 2 : 1).join('/');
      expect({ name, bundled: inputs.some((input) => input.startsWith(`node_modules/${pkg}/`)) }).toEqual({ name, bundled: true });
    }
    expect(inputs.filter((input) => input.startsWith('src/') || input.startsWith('node:'))).toEqual([]);
  });

  it('ships the kit\'s fonts as files beside it, never from the network', () => {
    const urls = [...css.matchAll(/url\(([^)]+)\)/g)].map((match) => match[1]!.replace(/["']/g, ''));
    expect(urls.length).toBeGreaterThan(40);
    const files = new Set(readdirSync(outDir));
    for (const url of urls) expect({ url, shipped: !/^[a-z]+:/i.test(url) && files.has(url.replace(/^\.\//, '')) }).toEqual({ url, shipped: true });
    expect(css).toMatch(/font-family:\s*"?Inter"?/);
  });
});

describe('scene evaluation shared by renders and the preview (compositions/scene-module.ts)', () => {
  let dir: string;
  let module: { ALLOWED_MODULES: Record<string, unknown>; evaluateScene: (code: string) => unknown };

  beforeAll(async () => {
    mkdirSync(scratch, { recursive: true });
    dir = mkdtempSync(path.join(scratch, 'scene-module-'));
    const entry = path.join(dir, 'entry.ts');
    writeFileSync(entry, `export { ALLOWED_MODULES, evaluateScene } from ${JSON.stringify(path.join(PACKAGE_ROOT, 'compositions', 'scene-module.ts'))};\n`);
    // Bundled for node with the kit's stylesheets left out: the module graph is the frame's.
    await build({ entryPoints: [entry], outfile: path.join(dir, 'scene-module.mjs'), bundle: true, format: 'esm', platform: 'node', jsx: 'automatic', loader: { '.css': 'empty' }, logLevel: 'silent' });
    module = await import(pathToFileURL(path.join(dir, 'scene-module.mjs')).href);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('resolves exactly the modules the scene code check allows', () => {
    expect(Object.keys(module.ALLOWED_MODULES).sort()).toEqual([...SCENE_IMPORT_ALLOWLIST].sort());
  });

  it('turns checked scene code into its component', async () => {
    const { code } = await compileScene(`
      import { AbsoluteFill, useCurrentFrame } from 'remotion';
      import { Heading } from '@kit';
      export default function Scene({ theme, settings }) {
        const frame = useCurrentFrame();
        return <AbsoluteFill style={{ opacity: frame / 30 }}><Heading theme={theme} text={String(settings.headline)} /></AbsoluteFill>;
      }`);
    expect(typeof module.evaluateScene(code)).toBe('function');
  });

  it('refuses code that imports outside the allowlist or exports no component', () => {
    expect(() => module.evaluateScene('const fs = require("node:fs"); module.exports.default = () => fs;')).toThrow('scene code imports "node:fs", which is not allowed');
    expect(() => module.evaluateScene('module.exports.other = () => null;')).toThrow('scene code has no default-exported component');
  });
});
