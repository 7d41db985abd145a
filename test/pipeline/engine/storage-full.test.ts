import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AudioError, AudioThread } from '../../../src/pipeline/audio/audio-thread.js';
import { applyTransition } from '../../../src/pipeline/engine/apply-transition.js';
import { VideoEngine } from '../../../src/pipeline/engine/video-engine.js';
import { narrateStage } from '../../../src/pipeline/stages/narrate.js';
import { planStage, storePlan } from '../../../src/pipeline/stages/plan.js';
import { createVideo } from '../../../src/pipeline/videos/create-video.js';
import { DiskSpace } from '../../../src/storage/disk-space.js';
import { nowIso } from '../../../src/store/ids.js';
import { createAccountWithKey, snapshotDatabase } from '../../helpers/test-node.js';
import { stageFixture, type StageFixture } from '../stages/stage-helpers.js';

const MB = 1024 * 1024;

/** Waits until `done` holds, polling. */
async function until(done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the engine on a full disk', () => {
  let fixture: StageFixture;
  /** The free space the node's statfs reads (the e2e test fills a real tmpfs; here the reading is set). */
  let free: number;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeEach(() => {
    fixture = stageFixture();
    free = 1000 * MB;
    fixture.node.ctx.disk = new DiskSpace(fixture.node.dataDir, 10 * MB, () => ({ freeBytes: free, totalBytes: 2000 * MB }));
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
  });
  afterEach(async () => {
    process.off('unhandledRejection', onUnhandled);
    await fixture.close();
  });

  /** A processing job with its plan stored and every scene committed: what is left is the soundtrack and the terminal write. */
  async function jobReadyToFinish(): Promise<string> {
    const { ctx } = fixture.node;
    const id = await fixture.createJob({ prompt: 'How tides work. The moon pulls the oceans. Twice a day the water rises.', duration: 20, narration: false, music: false });
    applyTransition(ctx, id, 'start', { phase: 'planning', started_at: nowIso() });
    const stage = fixture.stage(id);
    const draft = await planStage(stage);
    storePlan(stage, draft!, await narrateStage(stage, draft!));
    for (const scene of ctx.videos.scenes(id)) {
      ctx.videos.commitScene(scene.id, { source: 'committed', compiled: 'compiled', writer: 'embedded', committed_at: nowIso(), audit: null, authoring: null });
    }
    return id;
  }

  it('keeps a job whose terminal write hits SQLITE_FULL in memory, uncharged, keeps the node up, and records it once space is back', async () => {
    const { ctx } = fixture.node;
    const id = await jobReadyToFinish();
    // The ledger insert of the charge is the write that does not fit (the database's disk is full).
    const append = ctx.ledger.append.bind(ctx.ledger);
    let full = true;
    ctx.ledger.append = (entry) => {
      if (full) throw new Database.SqliteError('database or disk is full', 'SQLITE_FULL');
      return append(entry);
    };
    const engine = new VideoEngine({ ctx, pool: fixture.pool, audio: fixture.audio, providers: { planner: fixture.planner, sceneWriter: fixture.writer, enhancer: fixture.enhancer }, storageRetryMs: 25 });
    try {
      engine.start();
      await engine.idle();
      // The transaction rolled back: still processing, nothing charged, no webhook, the node serving.
      const paused = ctx.videos.get(id)!;
      expect(paused.status).toBe('processing');
      expect(paused.credits_cost_millicredits ?? 0).toBe(0);
      expect(ctx.ledger.entries(paused.account_id).filter((entry) => entry.reference === id && entry.kind === 'charge')).toEqual([]);
      expect(engine.pausedForStorage().map((pause) => [pause.id, pause.error.code, pause.error.status])).toEqual([[id, 'storage_full', 503]]);
      expect(ctx.disk.failed).toBe(true);
      expect(unhandled).toEqual([]);

      // Space is back (the write fits again): the timer sees it and records the completion, charged once.
      full = false;
      await until(() => ctx.videos.get(id)!.status === 'completed');
      const job = ctx.videos.get(id)!;
      expect(job.credits_cost_millicredits).toBe(job.estimated_millicredits);
      expect(ctx.ledger.entries(job.account_id).filter((entry) => entry.reference === id && entry.kind === 'charge').map((entry) => entry.millicredits)).toEqual([-job.estimated_millicredits]);
      expect(engine.pausedForStorage()).toEqual([]);
      expect(ctx.disk.failed).toBe(false);
    } finally {
      await engine.stop();
    }
  });

  it('starts nothing on a short disk: the job waits as stored, says why, and runs from its checkpoints once space is back', async () => {
    const { ctx } = fixture.node;
    const id = await jobReadyToFinish();
    const planned = fixture.planner.requests.length;
    free = 2 * MB;
    const engine = new VideoEngine({ ctx, pool: fixture.pool, audio: fixture.audio, providers: { planner: fixture.planner, sceneWriter: fixture.writer, enhancer: fixture.enhancer }, storageRetryMs: 25 });
    try {
      engine.start();
      await engine.idle();
      const paused = ctx.videos.get(id)!;
      expect(paused.status).toBe('processing');
      expect(paused.error_code).toBe('storage_full');
      expect(paused.phase_detail).toContain('2.0 MB free');
      expect(engine.pausedForStorage().map((pause) => pause.id)).toEqual([id]);

      free = 500 * MB;
      await until(() => ctx.videos.get(id)!.status === 'completed');
      const job = ctx.videos.get(id)!;
      expect(job.error_code).toBeNull();
      expect(fixture.planner.requests).toHaveLength(planned);
      expect(job.credits_cost_millicredits).toBe(job.estimated_millicredits);
    } finally {
      await engine.stop();
    }
  });

  it('takes a child process failure on a short disk (the audio worker says only "failed") for storage_full, not audio_failed', async () => {
    const { ctx } = fixture.node;
    /** eSpeak's worker failing to write its WAV: the message names no code. */
    class SpeechOnFullDisk extends AudioThread {
      override speak(): Promise<never> {
        free = 0;
        return Promise.reject(new AudioError('writing the narration failed'));
      }
    }
    const { account } = await createAccountWithKey(ctx);
    const engine = new VideoEngine({ ctx, pool: fixture.pool, audio: new SpeechOnFullDisk(), storageRetryMs: 60_000 });
    try {
      const answer = await createVideo(ctx, { account: ctx.accounts.get(account.id)!, key: null }, { prompt: 'How tides work. The moon pulls the oceans.', duration: 10 }, { enqueue: (id) => engine.enqueue(id) });
      await engine.idle();
      const job = ctx.videos.get(answer.body.id)!;
      expect(job.status).toBe('processing');
      expect(job.error_code).toBe('storage_full');
      expect(job.credits_cost_millicredits ?? 0).toBe(0);
      expect(engine.pausedForStorage().map((pause) => pause.error.code)).toEqual(['storage_full']);
      // A create while the disk is short is refused before it writes.
      const before = snapshotDatabase(ctx);
      await expect(createVideo(ctx, { account: ctx.accounts.get(account.id)!, key: null }, { prompt: 'Another one.', duration: 10 })).rejects.toMatchObject({ code: 'storage_full', status: 503 });
      expect(snapshotDatabase(ctx)).toEqual(before);
      // Cancel takes a paused job at once.
      expect(engine.cancel(job.id).status).toBe('canceled');
      expect(engine.pausedForStorage()).toEqual([]);
    } finally {
      await engine.stop();
    }
  });
});
