import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runService } from '../../helpers/run-service.js';

/** The poll responses a node gives for a rendered two-scene job, one per GET, as the engine moves it. */
const POLLS: Record<string, unknown>[] = [
  { status: 'processing', phase: 'planning', phase_detail: 'Writing the story plan', progress: { scenes_committed: 0, scenes_planned: 0 } },
  { status: 'processing', phase: 'generating', phase_detail: 'Committed scene 1 of 2: Hearts', progress: { scenes_committed: 1, scenes_planned: 2 } },
  { status: 'processing', phase: 'finishing', phase_detail: 'Mixing the soundtrack', progress: { scenes_committed: 2, scenes_planned: 2 } },
  { status: 'rendering', phase_detail: 'Rendering the MP4: 50%', progress: { scenes_committed: 2, scenes_planned: 2, frames_done: 30, frames_total: 60 } },
  { status: 'completed', phase_detail: 'Done', progress: { scenes_committed: 2, scenes_planned: 2 }, credits_cost: 1 },
];

const STAGES = ['queued', 'planning', 'generating', 'finishing', 'rendering', 'done'];

describe('service create --url --wait', () => {
  let server: Server;
  let url: string;
  let polls = 0;
  beforeAll(async () => {
    // A node's REST API as far as `create --url` uses it: create, then poll.
    server = createServer((request, response) => {
      const reply = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.headers.authorization !== 'Bearer sk_test') return reply(401, { error: { code: 'unauthorized', message: 'bad key', status: 401 } });
      if (request.method === 'POST' && request.url === '/v1/videos') return reply(202, { id: 'vid_remote', status: 'queued', model: 'model-5', estimated_credits: 1 });
      if (request.method === 'GET' && request.url === '/v1/videos/vid_remote') {
        const state = POLLS[Math.min(polls, POLLS.length - 1)]!;
        polls += 1;
        return reply(200, { id: 'vid_remote', model: 'model-5', prompt: 'Octopuses', scenes: [], ...state });
      }
      reply(404, { error: { code: 'not_found', message: 'no such route', status: 404 } });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('prints line progress off a terminal that only moves forward and names one stage at a time', async () => {
    const result = await runService(['create', 'Octopuses', '--render', '--wait', '--url', url, '--key', 'sk_test']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/status:\s+completed/);
    const lines = result.stderr.trimEnd().split('\n');
    expect(result.stderr).not.toContain('\r');
    const percents = lines.map((line) => Number(/^\[ *(\d+)%\] /.exec(line)?.[1]));
    expect(percents.every(Number.isFinite), result.stderr).toBe(true);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    // The planning phase is named by the step the node says it is on (it also narrates, which is no planning).
    expect(lines[0]).toMatch(/^\[ *\d+%\] writing the story plan$/);
    const stages = lines.slice(1).map((line) => line.replace(/^\[ *\d+%\] /, '').split(' ')[0]);
    expect(stages).toEqual(['generating', 'finishing', 'rendering', 'done']);
    for (const line of lines.slice(1)) {
      expect(STAGES.filter((stage) => line.includes(stage)), line).toHaveLength(1);
      expect(line.match(/%/g)!.length, line).toBeLessThanOrEqual(2);
    }
    expect(lines).toContain(`[${String(percents[3]).padStart(3)}%] rendering 50% (frame 30/60)`);
    expect(percents.at(-1)).toBe(100);
  });

  it('without --wait prints the queued job and exits 0', async () => {
    const result = await runService(['create', 'Octopuses', '--url', url, '--key', 'sk_test']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe('queued vid_remote (1 credits estimated); poll it with GET /v1/videos/vid_remote');
  });
});

describe('service edit --url', () => {
  let server: Server;
  let url: string;
  let polls = 0;
  const edits: unknown[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      const reply = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method === 'POST' && request.url === '/v1/videos/vid_source/edit') {
        let body = '';
        request.on('data', (chunk) => (body += chunk));
        request.on('end', () => {
          edits.push(JSON.parse(body));
          reply(202, { id: 'vid_edit', status: 'queued', model: 'model-5', estimated_credits: 0.5 });
        });
        return;
      }
      if (request.method === 'POST' && request.url === '/v1/videos/vid_busy/edit') return reply(409, { error: { code: 'not_editable', message: 'video vid_busy is processing; edit a finished video', status: 409 } });
      if (request.method === 'GET' && request.url === '/v1/videos/vid_edit') {
        const state = POLLS[Math.min(polls, POLLS.length - 1)]!;
        polls += 1;
        return reply(200, { id: 'vid_edit', model: 'model-5', prompt: 'make the title red', parent_id: 'vid_source', scenes: [], ...state });
      }
      reply(404, { error: { code: 'not_found', message: 'no such route', status: 404 } });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts the change (render with --render), waits with progress until the edit job ends, and reports it', async () => {
    const result = await runService(['edit', 'vid_source', 'make the title red', '--render', '--wait', '--url', url, '--key', 'sk_test']);
    expect(result.code, result.stderr).toBe(0);
    expect(edits).toEqual([{ prompt: 'make the title red', render: true }]);
    expect(result.stdout).toMatch(/status:\s+completed/);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe('[100%] done');
  });

  it('without --wait prints the queued edit; a refusal exits 1 with the node\'s error', async () => {
    const queued = await runService(['edit', 'vid_source', 'make the title red', '--url', url, '--key', 'sk_test']);
    expect(queued.code, queued.stderr).toBe(0);
    expect(queued.stdout).toMatch(/^queued edit vid_edit of vid_source \(0\.5 credits estimated\)/);
    const busy = await runService(['edit', 'vid_busy', 'make the title red', '--url', url, '--key', 'sk_test', '--json']);
    expect(busy.code).toBe(1);
    expect(JSON.parse(busy.stderr).error).toMatchObject({ code: 'not_editable', status: 409 });
  });
});
