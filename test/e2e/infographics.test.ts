import { createHmac } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summarizeAccount } from '../../src/accounts/accounts.js';
import { webhookSecretOf } from '../../src/accounts/api-keys.js';
import { startRuntime } from '../../src/node-runtime.js';
import { generateInfographic } from '../../src/pipeline/infographics/generate-infographic.js';
import { requestInfographicRender } from '../../src/pipeline/infographics/infographic-renders.js';
import { findFfmpeg } from '../../src/render/ffmpeg/find-ffmpeg.js';
import { probeVideo, runBinary } from '../../src/render/ffmpeg/run-ffmpeg.js';
import { newId } from '../../src/store/ids.js';
import { exitOf, startServe } from '../helpers/run-service.js';
import { createAccountWithKey, createTestNode } from '../helpers/test-node.js';
import { E2E_CACHE_DIR, startE2eNode, type E2eNode } from './e2e-node.js';
import { startReceiver, type Delivery } from './webhook-receiver.js';
import { infographicSeconds } from '../../src/pipeline/infographics/infographic-duration.js';

const ffmpeg = findFfmpeg()!;
const downloads = mkdtempSync(path.join(tmpdir(), 'e2e-infographics-'));
const PROMPT = 'How teams ship software. 62% of teams ship weekly. 48% of teams ship daily. 35% of teams ship on every merge.';
const NEW_PRIMARY = { r: 0xe1, g: 0x1d, b: 0x48 };
const PLAIN_PRIMARY = { r: 0x25, g: 0x63, b: 0xeb };

/** Pixels of a frame within a small distance of a color. */
async function pixelsNear(file: string, color: { r: number; g: number; b: number }): Promise<number> {
  const { data } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = 0; i < data.length; i += 3) {
    if (Math.abs(data[i]! - color.r) + Math.abs(data[i + 1]! - color.g) + Math.abs(data[i + 2]! - color.b) < 45) count += 1;
  }
  return count;
}

/** Every key at any depth of a JSON value (inside a settings schema, the JSON Schema keyword `$schema` is the schema's own). */
function keysOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) keysOf(item, out);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key !== '$schema') out.push(key);
      keysOf(item, out);
    }
  }
  return out;
}

const CAMEL = /^[a-z][a-zA-Z0-9]*$/;
const SNAKE = /^[a-z][a-z0-9_]*$/;

describe('infographics end to end', () => {
  let e2e: E2eNode;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  /** Every infographic response and event body seen, for the camelCase walk. */
  const camelBodies: unknown[] = [];
  let secret: string;

  const call = async (method: string, route: string, body?: unknown) => {
    const response = await e2e.request(method, route, body);
    camelBodies.push(response.body);
    return response;
  };
  const deliveryFor = async (renderId: string, timeoutMs = 120_000): Promise<Delivery> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = receiver.deliveries.find((delivery) => delivery.json.data.renderId === renderId);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no webhook for render ${renderId}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    e2e = await startE2eNode();
    secret = webhookSecretOf(e2e.node.ctx, e2e.node.ctx.apiKeys.listForAccount(e2e.accountId)[0]!);
  });
  afterAll(async () => {
    await e2e?.close();
    await receiver?.close();
  });

  it('generates, then renders with settingsValues: render.completed verifies, and the MP4 shows the new color and headline', async () => {
    const body = { prompt: PROMPT, dimensions: { width: 320, height: 180 }, duration: 2, animationStyle: 'plain', webhookUrl: receiver.url };
    const generated = await e2e.request('POST', '/v1/infographics/generate', body, { 'idempotency-key': 'first-generate' });
    camelBodies.push(generated.body);
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    // The same Idempotency-Key and body answers the first answer and creates nothing; another body is a conflict.
    const projects = () => e2e.node.ctx.db.prepare('SELECT COUNT(*) FROM infographic_projects').pluck().get();
    const count = projects();
    expect((await e2e.request('POST', '/v1/infographics/generate', body, { 'idempotency-key': 'first-generate' })).body).toEqual(generated.body);
    expect((await e2e.request('POST', '/v1/infographics/generate', { ...body, duration: 3 }, { 'idempotency-key': 'first-generate' })).status).toBe(409);
    expect(projects()).toBe(count);
    const { projectId, versionId, version } = generated.body;
    expect(generated.body.status).toBe('ready');
    expect(version).toMatchObject({ versionId, status: 'ready', dimensions: { width: 320, height: 180 }, duration: 2 });
    expect(version.settings).toMatchObject({ headline: 'How teams ship software', visual: 'bar', item1Value: 62, item2Value: 48, item3Value: 35, unit: '%', primaryColor: '#2563EB' });
    expect(version.settingsSchema.properties.primaryColor).toMatchObject({ type: 'string', format: 'color', default: '#2563EB' });
    expect(version.settingsSchema.properties.headingFont.enum).toContain('Playfair Display');
    // The scene was test-rendered and audited before the answer.
    const stored = e2e.node.ctx.infographics.getVersion(versionId)!;
    expect(JSON.parse(stored.audit!).issues).toEqual([]);
    expect(e2e.node.ctx.db.prepare("SELECT millicredits FROM ledger_entries WHERE reference = ? AND kind = 'charge'").all(versionId)).toEqual([{ millicredits: -2000 }]);

    const settingsValues = { headline: 'Shipping, measured', primaryColor: '#E11D48' };
    const queued = await call('POST', `/v1/infographics/${projectId}/render`, { versionId, dimensions: { width: 400, height: 224 }, fps: 24, settingsValues });
    expect(queued.status).toBe(202);
    expect(queued.body).toEqual({ renderId: expect.any(String), projectId, versionId, status: 'queued' });
    const renderId = queued.body.renderId as string;

    const delivery = await deliveryFor(renderId);
    camelBodies.push(delivery.json);
    expect(delivery.json).toMatchObject({
      event: 'render.completed',
      data: { projectId, versionId, renderId, url: expect.stringContaining('/files/'), dimensions: { width: 400, height: 224 }, fps: 24, duration: 2 },
      timestamp: expect.any(String),
    });
    expect(() => new Webhook(secret).verify(delivery.body, delivery.headers)).not.toThrow();
    expect(delivery.headers['x-service-signature']).toBe(createHmac('sha256', secret).update(delivery.body).digest('hex'));

    const response = await fetch(delivery.json.data.url as string);
    expect(response.status).toBe(200);
    const file = path.join(downloads, `${renderId}.mp4`);
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const probe = await probeVideo(ffmpeg, file);
    expect(probe).toMatchObject({ width: 400, height: 224, fps: 24 });
    expect(Math.abs(probe.durationSeconds - 2)).toBeLessThan(0.1);
    const frame = path.join(downloads, `${renderId}.png`);
    await runBinary(ffmpeg.ffmpeg, ['-y', '-v', 'error', '-ss', '1.2', '-i', file, '-frames:v', '1', frame]);
    // The bars are exactly the primary color: the new one shows, the pack's is gone.
    expect(await pixelsNear(frame, NEW_PRIMARY)).toBeGreaterThan(400);
    expect(await pixelsNear(frame, PLAIN_PRIMARY)).toBeLessThan(20);

    const render = await call('GET', `/v1/infographics/${projectId}/renders/${renderId}`);
    expect(render.body).toMatchObject({ status: 'completed', settingsValues, settings: { ...version.settings, ...settingsValues } });
    expect(render.body.url).toContain('/files/');
    // The version is unchanged; the render used one plan render and one credit.
    expect((await call('GET', `/v1/infographics/${projectId}/versions/${versionId}`)).body.settings).toEqual(version.settings);
    expect(e2e.node.ctx.db.prepare('SELECT millicredits, kind FROM ledger_entries WHERE reference = ?').all(renderId)).toEqual([{ millicredits: -1000, kind: 'charge' }]);
    expect(e2e.node.ctx.db.prepare('SELECT renders FROM render_usage WHERE reference = ?').all(renderId)).toEqual([{ renders: 1 }]);
  });

  it('lasts as long as its text takes to read when no duration is asked, and 15 s when that is less', async () => {
    const wordy = 'Why our remote team works well: every meeting has a written agenda shared a day before it starts. Decisions are written down in one searchable place that everyone can read. New colleagues get a buddy for their first month who answers any question. We keep four hours a day free of meetings so people can focus on deep work. Every quarter the whole team meets in person for three days of planning and fun.';
    const long = await call('POST', '/v1/infographics/generate', { prompt: wordy, dimensions: { width: 320, height: 180 } });
    expect(long.status, JSON.stringify(long.body)).toBe(200);
    expect(long.body.version.duration).toBe(infographicSeconds(undefined, long.body.version.settings));
    expect(long.body.version.duration).toBeGreaterThan(15);
    const short = await call('POST', '/v1/infographics/generate', { prompt: PROMPT, dimensions: { width: 320, height: 180 } });
    expect(short.body.version.duration).toBe(15);
    // Its renders follow their own settings' text (the render route's test covers them).
    const options = e2e.node.ctx.db.prepare('SELECT options FROM infographic_projects WHERE id = ?').pluck().get(long.body.projectId) as string;
    expect(JSON.parse(options)).toMatchObject({ duration: long.body.version.duration, durationFollowsText: true });
  });

  it('starts a render at once with render: true, at the version\'s size and 30 fps', async () => {
    const generated = await call('POST', '/v1/infographics/generate', {
      prompt: 'Our year in numbers. Revenue hit $4.2 million. Builds got 3x faster.',
      dimensions: { width: 256, height: 256 },
      duration: 1,
      brandSettings: { primaryColor: '#0F766E', headingFont: 'Playfair Display', visualStyle: '3d', brandName: 'Nimbus' },
      webhookUrl: receiver.url,
      render: true,
    });
    expect(generated.status).toBe(200);
    expect(generated.body.renderId).toMatch(/^rnd_/);
    expect(generated.body.version.settings).toMatchObject({ visual: 'figures', kicker: 'Nimbus', primaryColor: '#0F766E', headingFont: 'Playfair Display' });
    const delivery = await deliveryFor(generated.body.renderId);
    camelBodies.push(delivery.json);
    expect(delivery.json).toMatchObject({ event: 'render.completed', data: { dimensions: { width: 256, height: 256 }, fps: 30, duration: 1 } });
  });

  it('delivers render.failed for a render that fails, and the ledger shows the charge and its refund', async () => {
    const generated = await call('POST', '/v1/infographics/generate', { prompt: PROMPT, dimensions: { width: 320, height: 180 }, duration: 1, webhookUrl: receiver.url });
    const { projectId, versionId } = generated.body;
    // Force the failure: the stored scene code now throws when the page evaluates it.
    e2e.node.ctx.db.prepare('UPDATE infographic_versions SET compiled = ? WHERE id = ?').run('throw new Error("forced render failure");', versionId);
    const before = summarizeAccount(e2e.node.ctx, e2e.accountId).balance;
    const queued = await call('POST', `/v1/infographics/${projectId}/render`, { versionId });
    expect(queued.status).toBe(202);
    const renderId = queued.body.renderId as string;
    const delivery = await deliveryFor(renderId);
    camelBodies.push(delivery.json);
    expect(delivery.json).toMatchObject({
      event: 'render.failed',
      data: { projectId, versionId, renderId, dimensions: { width: 320, height: 180 }, fps: 30, duration: 1, error: { code: 'render_failed', message: expect.stringContaining('forced render failure') } },
    });
    expect(delivery.json.data.url).toBeUndefined();
    expect(() => new Webhook(secret).verify(delivery.body, delivery.headers)).not.toThrow();
    expect(e2e.node.ctx.db.prepare('SELECT millicredits, kind FROM ledger_entries WHERE reference = ? ORDER BY id').all(renderId)).toEqual([
      { millicredits: -1000, kind: 'charge' },
      { millicredits: 1000, kind: 'refund' },
    ]);
    expect(summarizeAccount(e2e.node.ctx, e2e.accountId).balance).toBe(before);
    expect(e2e.node.ctx.db.prepare('SELECT COUNT(*) FROM render_usage WHERE reference = ?').pluck().get(renderId)).toBe(0);
    const render = await call('GET', `/v1/infographics/${projectId}/renders/${renderId}`);
    expect(render.body).toMatchObject({ status: 'failed', error: { code: 'render_failed' } });
  });

  it('refunds a render that fails after a restart of service serve exactly once, and fails a version left generating with its refund', async () => {
    // A node of its own, stopped and started as a crash would leave it.
    const node = createTestNode({ allowPrivateUrls: true, cacheDir: E2E_CACHE_DIR });
    try {
      const { ctx } = node;
      const { account } = await createAccountWithKey(ctx, 'ultimate', 50);
      const first = startRuntime(ctx);
      const generated = await generateInfographic(ctx, { account: ctx.accounts.get(account.id)!, key: null }, { prompt: PROMPT, dimensions: { width: 320, height: 180 }, duration: 1, webhookUrl: receiver.url }, { pool: first.pool, cacheDir: E2E_CACHE_DIR });
      const { projectId, versionId } = generated.body;
      ctx.db.prepare('UPDATE infographic_versions SET compiled = ? WHERE id = ?').run('throw new Error("forced render failure");', versionId);
      // Charged and `rendering` when the process died; a second version charged and `generating`.
      const render = requestInfographicRender(ctx, { account: ctx.accounts.get(account.id)!, key: null }, projectId, { versionId });
      ctx.infographics.updateRender(render.id, { status: 'rendering', started_at: new Date().toISOString() });
      const stuck = newId('ifv');
      ctx.db
        .prepare("INSERT INTO infographic_versions SELECT ?, project_id, 2, 'generating', width, height, duration_seconds, content, theme, assets, settings, settings_schema, NULL, NULL, NULL, NULL, charge_millicredits, NULL, NULL, created_at, NULL FROM infographic_versions WHERE id = ?")
        .run(stuck, versionId);
      ctx.ledger.append({ account_id: account.id, millicredits: -2000, kind: 'charge', reason: 'version 2', reference: stuck, created_at: new Date().toISOString() });
      await first.stop();

      // `service serve` takes the work up: the render fails again and is refunded; a second start changes nothing.
      for (let start = 0; start < 2; start += 1) {
        const serve = await startServe(['--allow-private-urls'], { SERVICE_DATA_DIR: node.dataDir, SERVICE_CACHE_DIR: E2E_CACHE_DIR, SERVICE_LOG_LEVEL: 'warn' });
        const deadline = Date.now() + 60_000;
        while (ctx.infographics.getRender(render.id)!.status !== 'failed' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
        if (start === 1) await new Promise((resolve) => setTimeout(resolve, 1500));
        const exited = exitOf(serve.child);
        serve.child.kill('SIGTERM');
        expect(await exited).toBe(0);
      }
      expect(ctx.infographics.getRender(render.id)).toMatchObject({ status: 'failed', error_code: 'render_failed' });
      expect(ctx.db.prepare('SELECT millicredits, kind FROM ledger_entries WHERE reference = ? ORDER BY id').all(render.id)).toEqual([
        { millicredits: -1000, kind: 'charge' },
        { millicredits: 1000, kind: 'refund' },
      ]);
      expect(ctx.db.prepare("SELECT event FROM webhook_outbox WHERE json_extract(payload, '$.data.renderId') = ?").all(render.id)).toEqual([{ event: 'render.failed' }]);
      expect(ctx.infographics.getVersion(stuck)).toMatchObject({ status: 'failed', error_code: 'interrupted' });
      expect(ctx.db.prepare('SELECT millicredits, kind FROM ledger_entries WHERE reference = ? ORDER BY id').all(stuck)).toEqual([
        { millicredits: -2000, kind: 'charge' },
        { millicredits: 2000, kind: 'refund' },
      ]);
      expect(summarizeAccount(ctx, account.id).balance).toBe(48);
    } finally {
      node.cleanup();
    }
  });

  it('lists every project once across pages, newest first', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await call('GET', `/v1/infographics?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.projects).toHaveLength(1);
      seen.push(page.body.projects[0].projectId);
      cursor = page.body.nextCursor;
    } while (cursor);
    const all = e2e.node.ctx.db.prepare('SELECT id FROM infographic_projects WHERE account_id = ? ORDER BY created_at DESC, id DESC').pluck().all(e2e.accountId);
    expect(seen).toEqual(all);
    expect(seen.length).toBeGreaterThanOrEqual(3);
  });

  it('names fields in camelCase on every infographic response and event, and in snake_case on every video one', async () => {
    camelBodies.push((await e2e.request('POST', '/v1/infographics/ifg_missing/render', { versionId: 'x' })).body);
    camelBodies.push((await e2e.request('POST', '/v1/infographics/generate', { prompt: 'x', dimensions: { width: 1, height: 1 } })).body);
    const camelKeys = camelBodies.flatMap((body) => keysOf(body));
    expect(camelKeys.length).toBeGreaterThan(100);
    expect(camelKeys.filter((key) => !CAMEL.test(key))).toEqual([]);
    expect(camelKeys).toEqual(expect.arrayContaining(['projectId', 'versionId', 'renderId', 'settingsSchema', 'settingsValues', 'nextCursor', 'latestVersionId', 'createdAt']));

    const videoBodies: unknown[] = [];
    const created = await e2e.request('POST', '/v1/videos', { prompt: 'A square in motion', model: 'model-3', duration: 5, dimensions: { width: 320, height: 180 } });
    videoBodies.push(created.body);
    const job = await e2e.waitFor(created.body.id);
    expect(job.status).toBe('completed');
    for (const route of [`/v1/videos/${job.id}`, '/v1/videos?limit=5', `/v1/videos/${job.id}/frames?max_frames=1`]) videoBodies.push((await e2e.request('GET', route)).body);
    videoBodies.push((await e2e.request('POST', `/v1/videos/${job.id}/cancel`)).body);
    videoBodies.push((await e2e.request('POST', `/v1/videos/${job.id}/render`, { dimensions: { width: 256, height: 144 } })).body);
    videoBodies.push((await e2e.request('POST', '/v1/videos', { prompt: 'x', aspect_ratio: '3:2' })).body);
    const snakeKeys = videoBodies.flatMap((body) => keysOf(body));
    expect(snakeKeys.length).toBeGreaterThan(40);
    expect(snakeKeys.filter((key) => !SNAKE.test(key))).toEqual([]);
    expect(snakeKeys).toEqual(expect.arrayContaining(['project_id', 'created_at', 'estimated_credits', 'next_cursor', 'video_id', 'mime_type']));
  });
});
