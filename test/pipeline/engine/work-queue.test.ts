import { Queue, QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WorkQueue, type WorkTransport } from '../../../src/pipeline/engine/work-queue.js';
import { BullMQTransport } from '../../../src/queue/bullmq-transport.js';
import { HAS_REDIS_SERVER, startRedisServer, type RedisServer } from '../../queue/redis-server.js';

let redis: RedisServer | undefined;
let queues = 0;

beforeAll(async () => {
  if (HAS_REDIS_SERVER) redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});

/** A BullMQ transport on its own queue of the test's Redis. */
function bullmq(concurrency = 1): BullMQTransport {
  queues += 1;
  return new BullMQTransport({ url: redis!.url, prefix: 'work-queue-test', queueName: `jobs-${queues}`, concurrency });
}

const transports: [string, () => WorkTransport | number, boolean][] = [
  ['in process', () => 1, true],
  ['BullMQ', () => bullmq(), HAS_REDIS_SERVER],
];

describe.each(transports)('WorkQueue over %s', (_name, transport, available) => {
  it.runIf(available)('runs an id once while it waits, and once more when it is added while running', async () => {
    const queue = new WorkQueue(transport());
    const runs: string[] = [];
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    queue.add('a', async () => {
      runs.push('a1');
      started();
      await gate;
    });
    queue.add('a', async () => void runs.push('ignored: still waiting'));
    await running;
    // Running now: added again, it runs once more after this run, however often it is added.
    queue.add('a', async () => void runs.push('a2'));
    queue.add('a', async () => void runs.push('a3'));
    release();
    await queue.idle();
    expect(runs).toEqual(['a1', 'a3']);
    await queue.close();
  });

  it.runIf(available)('runs work in the order it was added, one at a time', async () => {
    const queue = new WorkQueue(transport());
    const events: string[] = [];
    for (const id of ['a', 'b', 'c']) {
      queue.add(id, async () => {
        events.push(`start ${id}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        events.push(`end ${id}`);
      });
    }
    await queue.idle();
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    await queue.close();
  });

  it.runIf(available)('runs nothing added after stop, and drops what waits when it stops', async () => {
    const queue = new WorkQueue(transport());
    const runs: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    queue.add('a', async () => {
      runs.push('a');
      started();
      await gate;
    });
    queue.add('b', async () => void runs.push('b'));
    await running;
    queue.stop();
    queue.add('c', async () => void runs.push('c'));
    release();
    await queue.idle();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs).toEqual(['a']);
    await queue.close();
  });
});

describe.skipIf(!HAS_REDIS_SERVER)('BullMQTransport', () => {
  it('puts each job in Redis while it waits and runs, and removes it when done', async () => {
    const transport = bullmq();
    const queueName = `jobs-${queues}`;
    const queue = new WorkQueue(transport);
    const inspect = new Queue(queueName, { connection: { url: redis!.url }, prefix: 'work-queue-test' });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    queue.add('vid_1', async () => {
      started();
      await gate;
    });
    queue.add('vid_2', async () => {});
    await running;
    // The second add reaches Redis a moment later (submit does not wait for it).
    await vi.waitFor(async () => {
      const active = await inspect.getJobs(['active']);
      const waiting = await inspect.getJobs(['waiting']);
      expect(active.map((job) => job.data)).toEqual([{ id: 'vid_1' }]);
      expect(waiting.map((job) => job.data)).toEqual([{ id: 'vid_2' }]);
    }, { timeout: 10_000 });
    release();
    await queue.idle();
    // BullMQ removes a finished job just after its processor returns.
    await vi.waitFor(async () => expect(await inspect.getJobCounts('waiting', 'active', 'completed', 'failed')).toEqual({ waiting: 0, active: 0, completed: 0, failed: 0 }), { timeout: 10_000 });
    await queue.close();
    await inspect.close();
  });

  it('ends at once a job a stopped process left in Redis (its work is not in this process)', async () => {
    const transport = bullmq();
    const queueName = `jobs-${queues}`;
    const inspect = new Queue(queueName, { connection: { url: redis!.url }, prefix: 'work-queue-test' });
    const events = new QueueEvents(queueName, { connection: { url: redis!.url }, prefix: 'work-queue-test' });
    await events.waitUntilReady();
    const ended = new Promise<string>((resolve) => events.on('completed', ({ jobId }) => resolve(jobId)));
    await inspect.add('work', { id: 'vid_old' }, { jobId: 'vid_old.left-by-a-dead-process', removeOnComplete: true });
    const queue = new WorkQueue(transport);
    const runs: string[] = [];
    queue.add('vid_new', async () => void runs.push('vid_new'));
    await queue.idle();
    expect(await ended).toBe('vid_old.left-by-a-dead-process');
    expect(runs).toEqual(['vid_new']);
    await queue.close();
    await events.close();
    await inspect.close();
  });

  it('runs the work here when Redis cannot take it', async () => {
    const errors: unknown[] = [];
    const transport = new BullMQTransport({ url: redis!.url, queueName: 'closed', onError: (error) => errors.push(error) });
    await transport.close();
    const queue = new WorkQueue(transport);
    const runs: string[] = [];
    queue.add('a', async () => void runs.push('a'));
    await queue.idle();
    expect(runs).toEqual(['a']);
    expect(String(errors[0])).toMatch(/closed/);
  });
});

describe('BullMQTransport without Redis', () => {
  it('runs the work here when Redis does not take it in time, and says why', async () => {
    const errors: unknown[] = [];
    const transport = new BullMQTransport({ url: 'redis://127.0.0.1:1', queueName: 'unreachable', submitTimeoutMs: 300, onError: (error) => errors.push(error) });
    const queue = new WorkQueue(transport);
    const runs: string[] = [];
    queue.add('vid_1', async () => void runs.push('vid_1'));
    queue.add('vid_2', async () => void runs.push('vid_2'));
    await queue.idle();
    expect(runs).toEqual(['vid_1', 'vid_2']);
    expect(errors.map(String)).toEqual(['Error: Redis did not take job vid_1 within 0.3 s', 'Error: Redis did not take job vid_2 within 0.3 s']);
    await queue.close();
  });
});

describe('WorkQueue failures', () => {
  it('hands work that throws to onError instead of leaving an unhandled rejection (which ends the process), and goes on', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const errors: [string, unknown][] = [];
      const queue = new WorkQueue(1, (id, error) => errors.push([id, error]));
      const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      const ran: string[] = [];
      queue.add('a', async () => {
        throw full;
      });
      queue.add('b', async () => {
        ran.push('b');
      });
      await queue.idle();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(errors).toEqual([['a', full]]);
      expect(ran).toEqual(['b']);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
