import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { pruneOldBundles } from '../../src/render/bundle/ensure-bundle.js';

const dir = mkdtempSync(path.join(tmpdir(), 'service-prune-bundles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('removes bundles of other kit versions untouched for a day, and keeps the current, recent and half-built ones', () => {
  const bundles = path.join(dir, 'bundles');
  const make = (name: string, ageHours: number) => {
    mkdirSync(path.join(bundles, name), { recursive: true });
    const when = new Date(Date.now() - ageHours * 3600_000);
    utimesSync(path.join(bundles, name), when, when);
  };
  make('current', 48);
  make('old', 48);
  make('recent', 2);
  make('next.tmp-1-2', 48);
  pruneOldBundles(path.join(bundles, 'current'));
  expect(readdirSync(bundles).sort()).toEqual(['current', 'next.tmp-1-2', 'recent']);
});
