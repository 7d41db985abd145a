import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runService } from '../helpers/run-service.js';
import { findFfmpeg } from '../../src/render/ffmpeg/find-ffmpeg.js';
import { probeVideo } from '../../src/render/ffmpeg/run-ffmpeg.js';
import { E2E_CACHE_DIR, startE2eNode, type E2eNode } from './e2e-node.js';

function run(args: string[]) {
  return runService(args, { env: { SERVICE_CACHE_DIR: E2E_CACHE_DIR } });
}

/** The progress lines a command printed on stderr off a terminal: overall percent and label. */
function progressLines(stderr: string): { percent: number; label: string }[] {
  return stderr
    .split('\n')
    .map((line) => /^\[ *(\d+)%\] (.+)$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => ({ percent: Number(match[1]), label: match[2]! }));
}

/** Seconds of a file's first audio stream, or undefined when it has none. */
async function audioSeconds(file: string): Promise<number | undefined> {
  const { stdout } = await promisify(execFile)(findFfmpeg()!.ffprobe, ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=duration', '-of', 'csv=p=0', file]);
  return stdout.trim() ? Number(stdout.trim()) : undefined;
}

describe('service smoke', () => {
  it('renders a short small video, checks it with ffprobe and exits 0', async () => {
    const result = await run(['smoke', '--json', '--cache-dir', E2E_CACHE_DIR]);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ ok: true, codec: 'h264', width: 320, height: 180, fps: 30 });
    // With nothing configured it renders with the browser `npm install` brought (Linux x64).
    if (process.platform === 'linux' && process.arch === 'x64') expect(report.browser).toMatch(/\(bundled\)$/);
  });

  it('exits non-zero at once when the machine cannot render, saying what to install', async () => {
    const child = await runService(['smoke', '--cache-dir', E2E_CACHE_DIR], { env: { SERVICE_BROWSER_EXECUTABLE: '/nonexistent/chromium' } });
    expect(child.code).toBe(1);
    expect(child.stderr.trim()).toMatch(/^error: Chromium at \/nonexistent\/chromium cannot start \(the executable does not exist\): install Debian's headless Chromium \(`apt-get install chromium-headless-shell`/);
  });
});

describe('local commands on a fresh data dir', () => {
  it('make the owner account the first time, as serve does, and say so with its key once; listing makes none', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'service-cli-fresh-'));
    try {
      const listed = await run(['infographics', 'list', '--json', '--data-dir', dataDir]);
      expect(listed.code).toBe(1);
      expect(listed.stderr).toContain(`no data dir at ${dataDir}: nothing to list`);
      expect(readdirSync(dataDir)).toEqual([]);
      const first = await run(['create', 'Three facts about octopuses. They have three hearts, blue blood and nine brains.', '--dimensions', '320x180', '--duration', '6', '--json', '--data-dir', dataDir]);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stderr).toContain(`Creating the data dir at ${dataDir}\n`);
      expect(first.stderr).toMatch(/Created the owner account acc_\w+ \(plan ultimate, 1000 credits\)/);
      expect(first.stderr).toMatch(/mvk_/);
      expect(JSON.parse(first.stdout)).toMatchObject({ status: 'queued' });
      const second = await run(['create', 'Two facts about owls. They cannot move their eyes and they fly silently.', '--dimensions', '320x180', '--duration', '6', '--json', '--data-dir', dataDir]);
      expect(second.code, second.stderr).toBe(0);
      expect(second.stderr).not.toContain('Created the owner account');
      expect(second.stderr).not.toContain('Creating the data dir');
      const jobs = JSON.parse((await run(['jobs', 'list', '--json', '--data-dir', dataDir])).stdout);
      expect(jobs).toHaveLength(2);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
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
  /** The job the first test makes, which the edit test changes. */
  let sourceId: string;

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
    sourceId = job.id;
  });

  it('edits a video with service edit: --out builds the edit now at the source\'s own size; a change it cannot read exits 1 and writes nothing', async () => {
    expect(sourceId).toBeDefined();
    const file = path.join(out, 'edited.mp4');
    const edited = await run(['edit', sourceId, 'change the background to dark blue', '--out', file, '--json', ...d()]);
    expect(edited.code, edited.stderr).toBe(0);
    const job = JSON.parse(edited.stdout);
    expect(job).toMatchObject({ status: 'completed', parent_id: sourceId, dimensions: { width: 320, height: 180 } });
    // The edit starts from the job, not from the 200x200 re-render made before it.
    expect(await probeVideo(findFfmpeg()!, file)).toMatchObject({ codec: 'h264', width: 320, height: 180, fps: 30 });

    const before = JSON.parse((await run(['jobs', 'list', '--json', ...d()])).stdout).length;
    const refused = await run(['edit', sourceId, 'make it pop somehow', '--json', ...d()]);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stderr).error.code).toBe('invalid_request');
    const queued = await run(['edit', sourceId, "make the title say 'Octopus facts'", ...d()]);
    expect(queued.code, queued.stderr).toBe(0);
    expect(queued.stdout).toMatch(/^queued edit vid_\S+ of vid_\S+ \([\d.]+ credits estimated\)/);
    expect(JSON.parse((await run(['jobs', 'list', '--json', ...d()])).stdout).length).toBe(before + 1);
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

describe('one render path for a job', () => {
  let e2e: E2eNode;
  let out: string;
  beforeAll(async () => {
    e2e = await startE2eNode();
    out = mkdtempSync(path.join(tmpdir(), 'service-cli-sound-out-'));
  });
  afterAll(async () => {
    await e2e.close();
    rmSync(out, { recursive: true, force: true });
  });

  it('keeps the narration and music when `service render` and POST /v1/videos/{id}/render render at another size, with forward-only progress', async () => {
    const d = ['--data-dir', e2e.node.dataDir];
    const created = await run(['create', 'Why octopuses are clever. They open jars. They use coconut shells as tools.', '--dimensions', '320x180', '--duration', '5', '--render', '--wait', '--account', e2e.accountId, ...d]);
    expect(created.code, created.stderr).toBe(0);
    const id = /^id:\s+(vid_\S+)/m.exec(created.stdout)![1]!;
    // Off a terminal the bar prints lines: each names one stage, and the percent never goes back.
    const createLines = progressLines(created.stderr);
    const percents = createLines.map((line) => line.percent);
    expect(percents, created.stderr).toEqual([...percents].sort((a, b) => a - b));
    const stages = [...new Set(createLines.map((line) => line.label.split(' ')[0]))];
    // While planning, the bar names the job's own step ("writing the story plan", "narrating scene 1 of 2").
    expect(createLines[0]!.label, created.stderr).toMatch(/^(?:planning|writing the story plan|narrating scene \d+ of \d+)/);
    expect(stages, created.stderr).toEqual(expect.arrayContaining(['generating', 'rendering', 'done']));
    expect(stages.indexOf('rendering')).toBeGreaterThan(stages.indexOf('generating'));
    expect(createLines.at(-1)).toEqual({ percent: 100, label: 'done' });
    // The engine's render reports its frames through the job row.
    expect(createLines.some((line) => /^rendering \d+% \(frame \d+\/\d+\)( · \d+ frames captured, \d+ held, \d+ frames\/s)?$/.test(line.label)), created.stderr).toBe(true);
    expect(created.stderr).not.toMatch(/processing|Rendering the MP4/);

    const { body: job } = await e2e.request('GET', `/v1/videos/${id}`);
    expect(job).toMatchObject({ status: 'completed', audio: { narration: true, music: true } });
    const ffmpeg = findFfmpeg()!;
    const firstFile = path.join(e2e.node.ctx.filesDir, e2e.node.ctx.videos.get(id)!.output_path!);
    expect(await probeVideo(ffmpeg, firstFile)).toMatchObject({ width: 320, height: 180, hasAudio: true });

    const cliFile = path.join(out, 'small.mp4');
    const rendered = await run(['render', id, '--dimensions', '256x144', '--out', cliFile, ...d]);
    expect(rendered.code, rendered.stderr).toBe(0);
    const cliProbe = await probeVideo(ffmpeg, cliFile);
    expect(cliProbe).toMatchObject({ width: 256, height: 144, fps: 30, hasAudio: true });
    expect(await audioSeconds(cliFile)).toBeCloseTo(cliProbe.durationSeconds, 0);
    const renderLines = progressLines(rendered.stderr);
    expect(renderLines.map((line) => line.percent)).toEqual(renderLines.map((line) => line.percent).sort((a, b) => a - b));
    expect(renderLines.at(-1)).toEqual({ percent: 100, label: 'done' });
    // The foreground render says how its frames were made: captured from the browser, or held.
    for (const line of renderLines.slice(0, -1)) expect(line.label).toMatch(/^rendering \d+% \(frame \d+\/\d+\) · \d+ frames captured, \d+ held, \d+ frames\/s$/);

    // The foreground render is one of the job's renders; the job keeps its own size and MP4.
    const afterCli = (await e2e.request('GET', `/v1/videos/${id}`)).body;
    expect(afterCli).toMatchObject({ dimensions: { width: 320, height: 180 } });
    expect(afterCli.renders.map((render: { original: boolean; status: string; dimensions: unknown }) => [render.original, render.status, render.dimensions])).toEqual([
      [true, 'completed', { width: 320, height: 180 }],
      [false, 'completed', { width: 256, height: 144 }],
    ]);

    const queued = await e2e.request('POST', `/v1/videos/${id}/render`, { dimensions: { width: 256, height: 144 } });
    expect(queued.status).toBe(202);
    const renderId = queued.body.renders.at(-1).id;
    const done = await e2e.waitFor(id, (polled) => ['completed', 'failed'].includes(polled.renders.find((render: { id: string }) => render.id === renderId)?.status));
    expect(done.renders.find((render: { id: string }) => render.id === renderId)).toMatchObject({ status: 'completed', dimensions: { width: 256, height: 144 } });
    const restFile = path.join(e2e.node.ctx.filesDir, e2e.node.ctx.videos.getRender(renderId)!.output_path!);
    const restProbe = await probeVideo(ffmpeg, restFile);
    expect(restProbe).toMatchObject({ width: 256, height: 144, hasAudio: true });
    expect(await audioSeconds(restFile)).toBeCloseTo(restProbe.durationSeconds, 0);
  });
});
