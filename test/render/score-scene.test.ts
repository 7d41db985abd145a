import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { FrameAudit } from '../../src/render/render-pool.js';
import { scoreTestedScene } from '../../src/render/scene-code/score-scene.js';

const dir = mkdtempSync(path.join(tmpdir(), 'score-scene-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A 160x90 JPEG: one flat color, or a flat color with a block of stripes drawn on it. */
async function still(name: string, detailed: boolean): Promise<string> {
  const file = path.join(dir, `${name}.jpeg`);
  const base = sharp({ create: { width: 160, height: 90, channels: 3, background: '#12233a' } });
  const stripes = Buffer.from(`<svg width="120" height="60">${Array.from({ length: 12 }, (_, i) => `<rect x="${i * 10}" y="0" width="5" height="60" fill="#f5c542"/>`).join('')}</svg>`);
  await (detailed ? base.composite([{ input: stripes, left: 20, top: 15 }]) : base).jpeg().toFile(file);
  return file;
}

const audit = (frame: number, minContrast: number, issues = 0): FrameAudit => ({
  frame, width: 160, height: 90, texts: 2, minContrast, fonts: ['Inter'], largestText: 0.1, content: { width: 0.8, height: 0.6 }, visualArea: 0,
  issues: Array.from({ length: issues }, () => ({ kind: 'overflow', element: 'h1', detail: 'text overflows its box by 12 px' })),
});

describe('scoreTestedScene', () => {
  it('ranks fewer audit findings first, then contrast up to 7:1, then a used canvas over an empty one', async () => {
    const empty = await still('empty', false);
    const used = await still('used', true);
    const frames = (file: string) => [0, 5, 10].map((frame) => ({ frame, path: file }));
    const clean = await scoreTestedScene({ audits: [audit(0, 6), audit(5, 6), audit(10, 6)], stills: frames(used) });
    const finding = await scoreTestedScene({ audits: [audit(0, 12), audit(5, 12, 1), audit(10, 12)], stills: frames(used) });
    const lowContrast = await scoreTestedScene({ audits: [audit(0, 4.6), audit(5, 6), audit(10, 6)], stills: frames(used) });
    const blank = await scoreTestedScene({ audits: [audit(0, 6), audit(5, 6), audit(10, 6)], stills: frames(empty) });
    const overCap = await scoreTestedScene({ audits: [audit(0, 15), audit(5, 15), audit(10, 15)], stills: frames(empty) });

    expect(finding.issues).toBe(1);
    expect(lowContrast.minContrast).toBe(4.6);
    expect(used).not.toBe(empty);
    expect(clean.detail).toBeGreaterThan(blank.detail);
    expect(clean.value).toBeGreaterThan(finding.value);
    expect(clean.value).toBeGreaterThan(lowContrast.value);
    expect(clean.value).toBeGreaterThan(blank.value);
    // Contrast past 7:1 earns nothing more: a blank canvas at 15:1 still loses to a used one at 7:1.
    const usedAtCap = await scoreTestedScene({ audits: [audit(0, 7), audit(5, 7), audit(10, 7)], stills: frames(used) });
    expect(usedAtCap.value).toBeGreaterThan(overCap.value);
  });
});
