import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../../package-root.js';

/** Where `npm run build` puts the web app. @default `<package>/dist/app` */
export const DEFAULT_APP_DIST_DIR = path.join(PACKAGE_ROOT, 'dist', 'app');

/** An entry's built files, as names inside the dist folder. */
export interface AppEntryFiles {
  js: string;
  css?: string;
}

/** The built web app: its entries (`dist/app/manifest.json`) and every file that may be served. */
export interface AppBuild {
  dir: string;
  main: AppEntryFiles;
  player: AppEntryFiles;
  files: ReadonlySet<string>;
}

/** Why the web app cannot be served, when it cannot. */
export type AppBuildState = { built: true; build: AppBuild } | { built: false; reason: string };

// Flat, content-hashed names as scripts/build-app.mjs writes them: nothing that could climb out.
const FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

function entryOf(manifest: Record<string, unknown>, key: string, files: ReadonlySet<string>): AppEntryFiles | string {
  const entry = manifest[key] as Partial<Record<string, unknown>> | undefined;
  const js = entry?.js;
  const css = entry?.css;
  if (typeof js !== 'string' || !files.has(js)) return `manifest.json names no built script for "${key}"`;
  if (css !== undefined && (typeof css !== 'string' || !files.has(css))) return `manifest.json names a missing stylesheet for "${key}"`;
  return typeof css === 'string' ? { js, css } : { js };
}

/**
 * Reads the built web app once, at start: `manifest.json` (entry → hashed file names) and the
 * folder's file list. A missing folder (a checkout before `npm run build`) or a broken manifest
 * gives the reason instead, which `/app` shows as a 503 page.
 */
export function loadAppBuild(dir: string = DEFAULT_APP_DIST_DIR): AppBuildState {
  let files: Set<string>;
  let manifest: Record<string, unknown>;
  try {
    files = new Set(readdirSync(dir, { withFileTypes: true }).filter((item) => item.isFile() && FILE_NAME.test(item.name)).map((item) => item.name));
    manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  } catch {
    return { built: false, reason: `the web app is not built (no ${path.join(dir, 'manifest.json')})` };
  }
  if (typeof manifest !== 'object' || manifest === null) return { built: false, reason: 'dist/app/manifest.json is not an object' };
  const main = entryOf(manifest, 'main', files);
  if (typeof main === 'string') return { built: false, reason: main };
  const player = entryOf(manifest, 'player', files);
  if (typeof player === 'string') return { built: false, reason: player };
  return { built: true, build: { dir, main, player, files } };
}

/** Whether a name is a servable file of the build. */
export function isBuiltFile(build: AppBuild, name: string): boolean {
  return FILE_NAME.test(name) && build.files.has(name);
}
