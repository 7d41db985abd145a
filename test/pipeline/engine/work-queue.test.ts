import { describe, expect, it } from 'vitest';
import { WorkQueue } from '../../../src/pipeline/engine/work-queue.js';

describe('WorkQueue', () => {
  it('runs an id once while it waits, and once more when it is added while running', async () => {
    const queue = new WorkQueue(1);
    const runs: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    queue.add('a', async () => {
      runs.push('a1');
      await gate;
    });
    queue.add('a', async () => void runs.push('ignored: still waiting'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Running now: added again, it runs once more after this run, however often it is added.
    queue.add('a', async () => void runs.push('a2'));
    queue.add('a', async () => void runs.push('a3'));
    release();
    await queue.idle();
    expect(runs).toEqual(['a1', 'a3']);
  });

  it('runs nothing added after stop', async () => {
    const queue = new WorkQueue(1);
    const runs: string[] = [];
    queue.stop();
    queue.add('a', async () => void runs.push('a'));
    await queue.idle();
    expect(runs).toEqual([]);
  });
});
