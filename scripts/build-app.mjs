#!/usr/bin/env node
// Builds the web app (app/) into dist/app/: the single-page app as an ES module and the sandboxed
// preview frame as a classic script (its opaque origin cannot load module scripts from /app/assets
// without CORS on every import), CSS bundled, fonts and images as files, every name content-hashed,
// and dist/app/manifest.json mapping each entry to its files (served at /app/assets/<file>).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Entries of the app: manifest key, source, output format. */
const ENTRIES = [
  { key: 'main', source: 'app/main.tsx', format: 'esm' },
  { key: 'player', source: 'app/player/player-frame.tsx', format: 'iife' },
];

const FILE_LOADERS = Object.fromEntries(
  ['.woff', '.woff2', '.ttf', '.otf', '.png', '.jpg', '.jpeg', '.gif', '.webp', '.svg', '.ico'].map((ext) => [ext, 'file']),
);

/**
 * Builds every entry into `outDir` and writes its manifest; returns the manifest.
 * @param {{ outDir?: string, appRoot?: string }} [options] outDir default `dist/app`, appRoot default the package root
 */
export async function buildApp(options = {}) {
  const appRoot = options.appRoot ?? root;
  const outDir = options.outDir ?? path.join(appRoot, 'dist', 'app');
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const manifest = {};
  for (const entry of ENTRIES) {
    const result = await build({
      absWorkingDir: appRoot,
      entryPoints: [entry.source],
      outdir: outDir,
      bundle: true,
      format: entry.format,
      platform: 'browser',
      target: 'es2022',
      minify: true,
      sourcemap: false,
      jsx: 'automatic',
      entryNames: `${entry.key}-[hash]`,
      assetNames: '[name]-[hash]',
      chunkNames: `${entry.key}-chunk-[hash]`,
      loader: FILE_LOADERS,
      define: { 'process.env.NODE_ENV': '"production"' },
      metafile: true,
      logLevel: 'warning',
    });
    manifest[entry.key] = entryFiles(result.metafile, outDir, appRoot);
  }
  await writeFile(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** The entry's script and its bundled stylesheet, as file names relative to the output folder. */
function entryFiles(metafile, outDir, appRoot) {
  const relative = (output) => path.relative(outDir, path.resolve(appRoot, output));
  const [output, meta] = Object.entries(metafile.outputs).find(([name, info]) => info.entryPoint && name.endsWith('.js')) ?? [];
  if (output === undefined) throw new Error('esbuild produced no script for an app entry');
  return meta.cssBundle === undefined ? { js: relative(output) } : { js: relative(output), css: relative(meta.cssBundle) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const manifest = await buildApp();
  process.stdout.write(`app built: ${JSON.stringify(manifest)}\n`);
}
