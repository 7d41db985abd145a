import { describe, expect, it } from 'vitest';
import { chargeParts, chargeReason } from '../../../src/pipeline/engine/charge-parts.js';

const estimate = [
  { part: 'base', millicredits: 6000 },
  { part: 'language_model', millicredits: 0, covered_by: 'anthropic', list_millicredits: 1500 },
  { part: 'narration', millicredits: 1500 },
  { part: 'enhance_prompt', millicredits: 0, covered_by: 'anthropic', list_millicredits: 500 },
];

describe('chargeParts', () => {
  it('charges every part in full when all work is committed, covered parts at 0 with covered_by', () => {
    expect(chargeParts(estimate, 7500, 1)).toEqual([
      { part: 'base', millicredits: 6000 },
      { part: 'language_model', millicredits: 0, covered_by: 'anthropic', list_millicredits: 1500 },
      { part: 'narration', millicredits: 1500 },
      { part: 'enhance_prompt', millicredits: 0, covered_by: 'anthropic', list_millicredits: 500 },
    ]);
  });

  it('splits a partial charge in proportion, summing exactly to the charge', () => {
    const parts = chargeParts(estimate, Math.round(7500 / 3), 1 / 3);
    expect(parts.reduce((sum, part) => sum + part.millicredits, 0)).toBe(2500);
    expect(parts.find((part) => part.part === 'language_model')).toEqual({ part: 'language_model', millicredits: 0, covered_by: 'anthropic', list_millicredits: 500 });
    expect(parts.find((part) => part.part === 'base')!.millicredits).toBe(2000);
  });

  it('says in the reason which parts the account\'s keys covered', () => {
    expect(chargeReason('vid_1', 'model-5', chargeParts(estimate, 7500, 1))).toBe(
      'video vid_1 (model-5); language_model covered by your anthropic key, enhance_prompt covered by your anthropic key',
    );
    expect(chargeReason('vid_1', 'model-5', [{ part: 'base', millicredits: 1 }])).toBe('video vid_1 (model-5)');
  });
});
