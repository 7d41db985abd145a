import { describe, expect, it } from 'vitest';
import type { FrameAudit } from '../../src/render/render-pool.js';
import { scoreTestedScene } from '../../src/render/scene-code/score-scene.js';

/** A 1280x720 frame's audit: its findings, lowest contrast and layout measures. */
const audit = (frame: number, overrides: Omit<Partial<FrameAudit>, 'issues'> & { issues?: number } = {}): FrameAudit => {
  const { issues = 0, ...rest } = overrides;
  return {
    frame,
    width: 1280,
    height: 720,
    texts: 2,
    minContrast: 6,
    fonts: ['Inter'],
    largestText: 0.08,
    content: { width: 0.8, height: 0.7 },
    visualArea: 0.15,
    ...rest,
    issues: Array.from({ length: issues }, () => ({ kind: 'overflow' as const, element: 'h1', detail: 'text overflows its box by 12 px' })),
  };
};
const frames = (overrides: Omit<Partial<FrameAudit>, 'issues'> & { issues?: number } = {}) => [audit(52, overrides), audit(74, overrides), audit(119, overrides)];

describe('scoreTestedScene', () => {
  it('ranks fewer audit findings first, then contrast up to 7:1', async () => {
    const clean = await scoreTestedScene({ audits: frames() });
    const finding = await scoreTestedScene({ audits: [audit(52, { minContrast: 12 }), audit(74, { minContrast: 12, issues: 1 }), audit(119, { minContrast: 12 })] });
    const lowContrast = await scoreTestedScene({ audits: [audit(52, { minContrast: 4.6 }), audit(74), audit(119)] });
    expect(finding.issues).toBe(1);
    expect(lowContrast.minContrast).toBe(4.6);
    expect(clean.value).toBeGreaterThan(finding.value);
    expect(clean.value).toBeGreaterThan(lowContrast.value);
    // Contrast past 7:1 earns nothing more.
    expect((await scoreTestedScene({ audits: frames({ minContrast: 15 }) })).value).toBe((await scoreTestedScene({ audits: frames({ minContrast: 7 }) })).value);
  });

  it('prefers a layout that fills the safe area with larger text over a small content box with more visual', async () => {
    // A drawn placeholder: a small block of busy drawing in the middle, small type.
    const placeholder = await scoreTestedScene({ audits: frames({ content: { width: 0.4, height: 0.35 }, largestText: 0.04, visualArea: 0.14 }) });
    // The subject drawn over the canvas: content spans the safe area, the headline large.
    const filled = await scoreTestedScene({ audits: frames({ content: { width: 0.84, height: 0.72 }, largestText: 0.08, visualArea: 0.1 }) });
    expect(filled.coverage).toBeGreaterThan(0.75);
    expect(placeholder.coverage).toBeLessThan(0.25);
    expect(filled.value).toBeGreaterThan(placeholder.value);
  });

  it('scores from the audit alone: the same audits score the same whatever the pixels', async () => {
    const a = await scoreTestedScene({ audits: frames() });
    const b = await scoreTestedScene({ audits: frames() });
    expect(a).toEqual(b);
    expect(a).not.toHaveProperty('detail');
  });

  it('never gives a layout more than the contrast and findings can outweigh', async () => {
    const best = await scoreTestedScene({ audits: frames({ content: { width: 1, height: 1 }, largestText: 0.2, visualArea: 1 }) });
    const empty = await scoreTestedScene({ audits: frames({ content: { width: 0, height: 0 }, largestText: 0, visualArea: 0, issues: 0 }) });
    const withFinding = await scoreTestedScene({ audits: [audit(52, { content: { width: 1, height: 1 }, largestText: 0.2, visualArea: 1, issues: 1 }), audit(74), audit(119)] });
    expect(best.value - empty.value).toBeLessThanOrEqual(20);
    expect(withFinding.value).toBeLessThan(empty.value);
  });
});
