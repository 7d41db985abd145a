import { getPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { RENDER_WORKER_NICENESS, RenderPool } from '../../src/render/render-pool.js';
import type { RenderTask } from '../../src/render/worker/render-protocol.js';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'timed-worker.mjs');
const PRIORITY_WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'priority-worker.mjs');

function task(ms: number): RenderTask {
  return {
    type: 'stills',
    serveUrl: 'unused',
    inputProps: { code: '', theme: {}, settings: { ms }, assets: {}, width: 2, height: 2, fps: 1, durationInFrames: 1 },
    frames: [0],
    outputPaths: ['unused'],
    imageFormat: 'jpeg',
  };
}

describe('the render pool', () => {
  let pool: RenderPool | undefined;
  afterEach(async () => {
    await pool?.close();
  });

  it('runs routine tasks one at a time on a pool of one, in order', async () => {
    pool = new RenderPool({ size: 1, workerScript: WORKER, browserExecutable: process.execPath });
    const events: string[] = [];
    const run = (name: string, ms: number) => pool!.run(task(ms), { onProgress: () => events.push(`start ${name}`) }).then(() => events.push(`end ${name}`));
    await Promise.all([run('a', 150), run('b', 10)]);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('starts an urgent task at once on a spare worker while a long routine task runs, and ahead of queued routine ones', async () => {
    pool = new RenderPool({ size: 1, workerScript: WORKER, browserExecutable: process.execPath });
    const events: string[] = [];
    const run = (name: string, ms: number, urgent = false) => pool!.run(task(ms), { urgent, onProgress: () => events.push(`start ${name}`) }).then(() => events.push(`end ${name}`));
    const long = run('long', 1500);
    const queued = run('queued', 10);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await run('urgent', 10, true);
    // The urgent task finished while the long one was still running; the queued routine task had not started.
    expect(events).toEqual(['start long', 'start urgent', 'end urgent']);
    await Promise.all([long, queued]);
    expect(events).toEqual(['start long', 'start urgent', 'end urgent', 'end long', 'start queued', 'end queued']);
  });

  it('puts an urgent task ahead of queued routine tasks when no spare is free', async () => {
    pool = new RenderPool({ size: 1, workerScript: WORKER, browserExecutable: process.execPath });
    // The order the pool dispatched tasks in (its task ids count up at dispatch): two workers'
    // start messages may arrive in either order, the dispatch order may not vary.
    const dispatched: { name: string; id: number }[] = [];
    const run = (name: string, ms: number, urgent = false) => pool!.run(task(ms), { urgent, onProgress: (_progress, id) => dispatched.push({ name, id }) });
    const all = [run('a', 600), run('u1', 600, true), run('b', 10), run('c', 10), run('u2', 10, true)];
    await Promise.all(all);
    const order = dispatched.sort((x, y) => x.id - y.id).map((entry) => entry.name);
    // u1 takes the spare; u2 waits for the first free worker and still goes before b and c.
    expect(order).toEqual(['a', 'u1', 'u2', 'b', 'c']);
  });

  it('runs its workers, and the processes they start, below the server\'s priority so the API keeps a core', async () => {
    pool = new RenderPool({ size: 1, workerScript: PRIORITY_WORKER, browserExecutable: process.execPath });
    let workerNice: number | undefined;
    const childNice = await pool.run(task(0), { onProgress: (_progress, nice) => (workerNice = nice) });
    const expected = Math.min(19, getPriority() + RENDER_WORKER_NICENESS);
    expect(expected).toBeGreaterThan(getPriority());
    expect(workerNice).toBe(expected);
    expect(childNice).toBe(expected);
    // The spare worker an urgent task starts is lowered too.
    const busy = pool.run(task(0));
    const urgentNice = await pool.run(task(0), { urgent: true });
    await busy;
    expect(urgentNice).toBe(expected);
  });
});
