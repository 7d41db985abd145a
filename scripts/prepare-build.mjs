#!/usr/bin/env node
// The first half of the `prepare` script: builds dist/ (the TypeScript and the web app). npm runs
// `prepare` on `npm install`, and again whenever `npx service …` is run in a checkout: npm links the
// checkout into its npx cache as a package and prepares it there, which rebuilt a checkout that
// `npm install` had just built (a minute or more, silently). So under `npm exec` a checkout
// that is already built is not built again; `npm install` (or `npm run build`) always builds.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What the build's outputs are: the CLI the `service` bin loads, and the app's manifest. */
export const BUILT = ['dist/cli/main.js', 'dist/app/manifest.json'];

/**
 * Whether `prepare` builds: always, except when npm runs it for `npx`/`npm exec` and the checkout is built.
 * @param {NodeJS.ProcessEnv} env
 * @param {string} [at] the package root
 */
export function needsBuild(env, at = root) {
  return env.npm_command !== 'exec' || !BUILT.every((file) => existsSync(path.join(at, file)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!needsBuild(process.env)) {
    console.log('service: already built (npx prepares the checkout again; `npm run build` rebuilds it)');
  } else {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const built = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
    process.exit(built.status ?? 1);
  }
}
