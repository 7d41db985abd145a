import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runService } from '../helpers/run-service.js';
import { findFfmpeg } from '../../src/render/ffmpeg/find-ffmpeg.js';
import { probeVideo } from '../../src/render/ffmpeg/run-ffmpeg.js';
import { E2E_CACHE_DIR } from './e2e-node.js';

function run(args: string[]) {
  return runService(args, { env: { SERVICE_CACHE_DIR: E2E_CACHE_DIR } });
}

describe('service smoke', () => {
  it('renders a short small video, checks it with ffprobe and exits 0', async () => {
    const result = await run(['smoke', '--json', '--cache-dir', E2E_CACHE_DIR]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, codec: 'h264', width: 320, height: 180, fps: 30 });
  });

  it('exits non-zero when the machine cannot render', async () => {
    const child = await runService(['smoke', '--cache-dir', E2E_CACHE_DIR], { env: { SERVICE_BROWSER_EXECUTABLE: '/nonexistent/chromium' } });
    expect(child.code).toBe(1);
    expect(child.stderr).toMatch(/error: smoke video ended failed/);
  });
});

describe('service create, render and jobs', () => {
  let dataDir: string;
  let out: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'service-cli-videos-'));
    out = mkdtempSync(path.join(tmpdir(), 'service-cli-out-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  });
  const d = () => ['--data-dir', dataDir];

  it('creates a video with --wait --out, lists and shows it, re-renders it at another size, and refuses to cancel it', async () => {
    const account = JSON.parse((await run(['accounts', 'create', '--name', 'CLI', '--email', 'cli@example.com', '--plan', 'ultimate', '--credits', '50', '--json', ...d()])).stdout);
    const file = path.join(out, 'first.mp4');
    const created = await run(['create', 'Three facts about octopuses. They have three hearts, blue blood and nine brains.', '--dimensions', '320x180', '--duration', '6', '--out', file, '--account', account.id, '--json', ...d()]);
    expect(created.code, created.stderr).toBe(0);
    const job = JSON.parse(created.stdout);
    expect(job).toMatchObject({ status: 'completed', dimensions: { width: 320, height: 180 } });
    expect(existsSync(file)).toBe(true);
    const ffmpeg = findFfmpeg()!;
    expect(await probeVideo(ffmpeg, file)).toMatchObject({ codec: 'h264', width: 320, height: 180, fps: 30 });

    const listed = JSON.parse((await run(['jobs', 'list', '--json', ...d()])).stdout);
    expect(listed.map((item: { id: string }) => item.id)).toEqual([job.id]);
    const shown = JSON.parse((await run(['jobs', 'show', job.id, '--json', ...d()])).stdout);
    expect(shown).toMatchObject({ id: job.id, status: 'completed' });

    const rendered = path.join(out, 'square.mp4');
    const render = await run(['render', job.id, '--dimensions', '200x200', '--out', rendered, '--json', ...d()]);
    expect(render.code, render.stderr).toBe(0);
    expect(await probeVideo(ffmpeg, rendered)).toMatchObject({ width: 200, height: 200, fps: 30 });

    const cancel = await run(['jobs', 'cancel', job.id, '--json', ...d()]);
    expect(cancel.code).toBe(1);
    expect(JSON.parse(cancel.stderr).error.code).toBe('not_cancelable');
  });
});

describe('service infographics', () => {
  let dataDir: string;
  let out: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'service-cli-infographics-'));
    out = mkdtempSync(path.join(tmpdir(), 'service-cli-infographics-out-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  });
  const d = () => ['--data-dir', dataDir];

  it('generates with --out, renders again with --set, lists and shows the project, and refuses a bad setting', async () => {
    const account = JSON.parse((await run(['accounts', 'create', '--name', 'CLI', '--email', 'cli-ig@example.com', '--plan', 'ultimate', '--credits', '20', '--json', ...d()])).stdout);
    const file = path.join(out, 'teams.mp4');
    const generated = await run(['infographics', 'generate', 'How teams ship. 62% ship weekly. 48% ship daily. 35% ship on merge.', '--dimensions', '320x180', '--duration', '1', '--out', file, '--account', account.id, '--json', ...d()]);
    expect(generated.code, generated.stderr).toBe(0);
    const render = JSON.parse(generated.stdout);
    expect(render).toMatchObject({ status: 'completed', dimensions: { width: 320, height: 180 }, fps: 30, duration: 1 });
    const ffmpeg = findFfmpeg()!;
    expect(await probeVideo(ffmpeg, file)).toMatchObject({ codec: 'h264', width: 320, height: 180, fps: 30 });

    const listed = JSON.parse((await run(['infographics', 'list', '--account', account.id, '--json', ...d()])).stdout);
    expect(listed).toEqual([expect.objectContaining({ projectId: render.projectId, latestVersionId: render.versionId })]);

    const again = path.join(out, 'again.mp4');
    const rerender = await run(['infographics', 'render', render.projectId, '--set', 'headline=Shipping, measured', '--set', 'primaryColor=#E11D48', '--fps', '24', '--out', again, '--json', ...d()]);
    expect(rerender.code, rerender.stderr).toBe(0);
    expect(JSON.parse(rerender.stdout)).toMatchObject({ status: 'completed', fps: 24, settings: { headline: 'Shipping, measured', primaryColor: '#E11D48' } });
    expect(await probeVideo(ffmpeg, again)).toMatchObject({ width: 320, height: 180, fps: 24 });

    const refused = await run(['infographics', 'render', render.projectId, '--set', 'primaryColor=crimson', ...d()]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('error: settingsValues.primaryColor: must be a hex color');

    const shown = JSON.parse((await run(['infographics', 'show', render.projectId, '--json', ...d()])).stdout);
    expect(shown.versions).toHaveLength(1);
    expect(shown.renders.map((r: { status: string }) => r.status)).toEqual(['completed', 'completed']);
  });
});
