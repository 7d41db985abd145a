import { describe, expect, it } from 'vitest';
import { SceneCodeError } from '../../../src/render/scene-code/compile-scene.js';
import { checkRevision } from '../../../src/pipeline/stages/scene-authoring.js';

/** Checks that pass only the sources listed, recording what they were asked. */
function checks(passing: string[]) {
  const seen: { source: string; label: string }[] = [];
  const check = async (source: string, label: 'revised' | 'revised-repair') => {
    seen.push({ source, label });
    return passing.includes(source) ? { source, ok: true } : { error: new SceneCodeError(`the layout audit of the middle frame found: overflow in ${source}`) };
  };
  return { seen, check };
}

describe('checkRevision', () => {
  it('keeps a revision that passes its checks without a repair round', async () => {
    const { seen, check } = checks(['revision']);
    let repairs = 0;
    const kept = await checkRevision('revision', check, async () => {
      repairs += 1;
      return 'repaired';
    });
    expect(kept).toEqual({ source: 'revision', ok: true });
    expect(repairs).toBe(0);
    expect(seen.map((entry) => entry.label)).toEqual(['revised']);
  });

  it('gives a rejected revision its findings for one repair round, and keeps the repair when it passes', async () => {
    const { seen, check } = checks(['repaired']);
    const asked: { source: string; error: string }[] = [];
    const kept = await checkRevision('revision', check, async (source, error) => {
      asked.push({ source, error: error.message });
      return 'repaired';
    });
    expect(asked).toEqual([{ source: 'revision', error: 'the layout audit of the middle frame found: overflow in revision' }]);
    expect(kept).toEqual({ source: 'repaired', ok: true });
    expect(seen).toEqual([
      { source: 'revision', label: 'revised' },
      { source: 'repaired', label: 'revised-repair' },
    ]);
  });

  it('rejects the revision after one failed repair round (no second round)', async () => {
    const { seen, check } = checks([]);
    let repairs = 0;
    const kept = await checkRevision('revision', check, async () => {
      repairs += 1;
      return `repaired${repairs}`;
    });
    expect(kept).toBeUndefined();
    expect(repairs).toBe(1);
    expect(seen).toHaveLength(2);
  });

  it('rejects the revision when its repair cannot be written as valid code', async () => {
    const { check } = checks([]);
    await expect(
      checkRevision('revision', check, async () => {
        throw new SceneCodeError('the model wrote no module');
      }),
    ).resolves.toBeUndefined();
  });
});
