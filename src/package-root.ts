import { accessSync, constants, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding this package's package.json, found from this module (works from src and dist). */
export const PACKAGE_ROOT: string = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));

function findPackageRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${start}`);
    dir = parent;
  }
  return dir;
}

/** The version in package.json. */
export const SERVICE_VERSION: string = (
  JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

/**
 * The package's own cache, `node_modules/.cache/service`: build artefacts that depend only on
 * this installed version (the compositions bundle, the unpacked bundled browser), made by
 * `npm install` and shared by every data dir. Undefined when the package folder is read-only.
 */
export function packageCacheDir(): string | undefined {
  const dir = path.join(PACKAGE_ROOT, 'node_modules', '.cache', 'service');
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return dir;
  } catch {
    return undefined;
  }
}
