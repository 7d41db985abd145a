// scripts/prepare-build.mjs: `npm install` always builds; `npx service …` (npm exec, which links the
// checkout into npm's cache and prepares it again) does not rebuild a built checkout.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { BUILT, needsBuild } from '../../scripts/prepare-build.mjs';
import { PACKAGE_ROOT } from '../../src/package-root.js';

const built = mkdtempSync(path.join(tmpdir(), 'service-prepare-'));
for (const file of BUILT) {
  mkdirSync(path.dirname(path.join(built, file)), { recursive: true });
  writeFileSync(path.join(built, file), '');
}
const bare = mkdtempSync(path.join(tmpdir(), 'service-prepare-bare-'));
afterAll(() => {
  rmSync(built, { recursive: true, force: true });
  rmSync(bare, { recursive: true, force: true });
});

it('builds on npm install and npm ci, and under npm exec only a checkout that is not built yet', () => {
  expect(needsBuild({ npm_command: 'install' }, built)).toBe(true);
  expect(needsBuild({ npm_command: 'ci' }, built)).toBe(true);
  expect(needsBuild({}, built)).toBe(true);
  expect(needsBuild({ npm_command: 'exec' }, bare)).toBe(true);
  expect(needsBuild({ npm_command: 'exec' }, built)).toBe(false);
});

it('under npm exec in this built checkout, says so and exits at once without running the build', () => {
  const run = spawnSync(process.execPath, ['scripts/prepare-build.mjs'], { cwd: PACKAGE_ROOT, env: { ...process.env, npm_command: 'exec' }, encoding: 'utf8', timeout: 20_000 });
  expect(run.status).toBe(0);
  expect(run.stdout).toContain('already built');
  expect(run.stdout).not.toContain('tsc');
});
