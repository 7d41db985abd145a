import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { createAccount } from '../../accounts/accounts.js';
import { resolveConfig } from '../../config/resolve-config.js';
import { ServiceError } from '../../errors/service-error.js';
import { openNode } from '../../node-context.js';
import { isTerminal } from '../../pipeline/engine/job-states.js';
import { createVideo } from '../../pipeline/videos/create-video.js';
import { prepareBrowser } from '../../render/browser/find-browser.js';
import { probeVideo, requireFfmpeg } from '../../render/ffmpeg/run-ffmpeg.js';
import { details, print, reportError } from '../output.js';
import { jobProgress, snapshotOfRow } from '../job-progress.js';
import { ProgressBar } from '../progress-bar.js';
import { openDataDir } from '../with-node.js';
import { dimensionsOption } from './videos.js';
import { numberOption } from './accounts.js';

/**
 * `service smoke`: renders a short, small video end to end on this machine (in a throwaway data
 * dir unless told otherwise) and checks it with ffprobe; exits non-zero on any fault. What a CI
 * pipeline runs after installing the node.
 */
export function smokeCommand(): Command {
  return new Command('smoke')
    .description('render a short small video end to end and check it with ffprobe (exit 1 on any fault)')
    .option('--dimensions <WxH>', 'size', dimensionsOption, { width: 320, height: 180 })
    .option('--duration <seconds>', 'length', numberOption, 6)
    .option('--data-dir <dir>', 'data dir to use (default: a temporary one, removed after)')
    .option('--cache-dir <dir>', 'bundle cache (default: inside the data dir)')
    .option('--json', 'print JSON', false)
    .action(async (options) => {
      const temporary = options.dataDir ? undefined : mkdtempSync(path.join(tmpdir(), 'service-smoke-'));
      const config = resolveConfig({ dataDir: options.dataDir ?? temporary, cacheDir: options.cacheDir, logLevel: 'silent' });
      // A temporary data dir is gone when the command ends: only one the user named is announced.
      const ctx = temporary ? openNode(config) : openDataDir(config, 'create');
      const started = Date.now();
      const { startRuntime } = await import('../../node-runtime.js');
      const runtime = startRuntime(ctx, { resume: false });
      const bar = new ProgressBar({ json: options.json });
      try {
        // Fail in a second, with what to install, rather than after planning a job that cannot render.
        const browser = await prepareBrowser(ctx.config.browserExecutable).catch((error: unknown) => {
          throw new ServiceError('service_unavailable', (error as Error).message);
        });
        const account = await createAccount(ctx, { name: 'Smoke test', email: `smoke-${Date.now()}@localhost`, plan: 'ultimate', credits: 100 });
        const { width, height } = options.dimensions as { width: number; height: number };
        const answer = await createVideo(
          ctx,
          { account: ctx.accounts.get(account.id)!, key: null },
          {
            prompt: 'A smoke test of the render node. It plans scenes, writes scene code, renders segments and joins them. 100% offline.',
            dimensions: { width, height },
            duration: options.duration,
            render: true,
          },
          { enqueue: (id) => runtime.engine.enqueue(id) },
        );
        let row = ctx.videos.get(answer.body.id)!;
        while (!isTerminal(row.status)) {
          bar.update(jobProgress(snapshotOfRow(row), { render: true }));
          await new Promise((resolve) => setTimeout(resolve, 250));
          row = ctx.videos.get(answer.body.id)!;
        }
        bar.update(jobProgress(snapshotOfRow(row), { render: true }));
        bar.done();
        if (row.status !== 'completed' || !row.output_path) {
          throw new ServiceError('internal_error', `smoke video ended ${row.status}: ${row.error_message ?? 'no MP4'}`);
        }
        const probe = await probeVideo(requireFfmpeg(ctx.config.ffmpegPath), path.join(ctx.filesDir, row.output_path));
        const problems = [
          probe.codec !== 'h264' && `codec is ${probe.codec}, not h264`,
          (probe.width !== width || probe.height !== height) && `size is ${probe.width}x${probe.height}, not ${width}x${height}`,
          Math.abs(probe.fps - 30) > 0.01 && `frame rate is ${probe.fps}, not 30`,
          // The length the job made: the one asked, or longer where its narration, spoken whole, needs more (the job says so).
          Math.abs(probe.durationSeconds - row.duration_seconds) > row.duration_seconds * 0.1 && `length is ${probe.durationSeconds} s, not the job's ${row.duration_seconds} s ±10%`,
        ].filter(Boolean);
        if (problems.length > 0) throw new ServiceError('internal_error', `smoke video is wrong: ${problems.join('; ')}`);
        const report = { ok: true, video_id: row.id, scenes: row.scenes_committed, ...probe, browser: `${browser.version} (${browser.source})`, seconds: (Date.now() - started) / 1000, cores: availableParallelism() };
        print(report, options, () => `smoke test passed\n${details(report)}`);
      } catch (error) {
        bar.done();
        reportError(error, options);
      } finally {
        await runtime.stop();
        ctx.close();
        if (temporary) rmSync(temporary, { recursive: true, force: true });
      }
    });
}
