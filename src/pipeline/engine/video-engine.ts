import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { quotaMonth, summarizeAccount } from '../../accounts/accounts.js';
import { toCredits } from '../../accounts/credits.js';
import type { SourceDocument } from '../../documents/read-document.js';
import { ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import { ensureBundle } from '../../render/bundle/ensure-bundle.js';
import { RenderError, type RenderPool } from '../../render/render-pool.js';
import { SceneCodeError } from '../../render/scene-code/compile-scene.js';
import { auditFindings, testRenderScene, type TestedScene } from '../../render/scene-code/test-render-scene.js';
import { signFileUrl } from '../../security/signed-urls.js';
import { newId, nowIso } from '../../store/ids.js';
import type { SceneRow, VideoRenderRow, VideoRow, VideoUpdate } from '../../store/videos-store.js';
import { enqueueWebhook, type WebhookEvent } from '../../webhooks/enqueue-webhook.js';
import { rendersNeeded, type ResolvedVideoOptions } from '../create/resolve-video-options.js';
import { AudioThread } from '../audio/audio-thread.js';
import type { MusicMood, SpokenWord } from '../audio/audio-protocol.js';
import { prepareClientAudio } from '../audio/client-audio.js';
import { makeSoundtrack } from '../audio/make-soundtrack.js';
import { pickMusicStyle } from '../audio/synthesize-music.js';
import { DOCUMENTS_FILE, prepareMaterials, type JobMaterials } from '../materials/prepare-materials.js';
import { enhancePromptEmbedded } from '../providers/embedded/embedded-enhancer.js';
import { espeakSettings, findEmbeddedVoice, type EspeakSettings } from '../speech/espeak-voice.js';
import { fitTimeline, NARRATION_LEAD, NARRATION_TAIL } from '../speech/fit-timeline.js';
import type { NarrationLanguage } from '../speech/languages.js';
import { readAudioIntent, stripDirectives } from '../speech/read-audio-intent.js';
import { captionChunks, wantsCaptions } from '../speech/caption-chunks.js';
import { EmbeddedPlanner } from '../providers/embedded/embedded-planner.js';
import { EmbeddedSceneWriter, fallbackSceneCode } from '../providers/embedded/embedded-scene-writer.js';
import type { PlannedScene, SceneWriter, StoryPlanner } from '../providers/provider-types.js';
import { resolveTheme, type SceneTheme } from '../theme/resolve-theme.js';
import { renderJobMp4, sceneInputProps, type RenderShape } from '../videos/render-job.js';
import { baseUrlOf } from '../videos/video-view.js';
import { describeFailure } from './describe-failure.js';
import { WorkQueue } from './work-queue.js';
import { isTerminal, nextStatus, type JobTrigger } from './job-states.js';

/** Options of a {@link VideoEngine}. */
export interface VideoEngineOptions {
  ctx: NodeContext;
  pool: RenderPool;
  /** Where the compositions bundle is cached. @default <dataDir>/cache */
  cacheDir?: string;
  /** Woken after a webhook is written. */
  webhooks?: { notify(): void };
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The speech and mix thread; one is made on first use when unset. */
  audio?: AudioThread;
  /** Jobs worked on at once. @default 1 */
  concurrency?: number;
  /** How often `last_activity_at` is refreshed while a job is alive. @default 15000 */
  heartbeatMs?: number;
  planner?: StoryPlanner;
  sceneWriter?: SceneWriter;
  /** Base of links in webhooks; set by `serve` once the port is known. */
  baseUrl?: () => string;
}

/** Where the create request stored each fetched attachment, by field (`images[0]`, `audio[1]`, ...). */
function attachmentPaths(row: VideoRow): Map<string, string> {
  const createdWith = JSON.parse(row.options) as { attachments?: { field: string; path: string }[] };
  return new Map((createdWith.attachments ?? []).map((attachment) => [attachment.field, attachment.path]));
}

/** The plan as stored on the job: the arc plus the theme and sound chosen for it. */
export interface StoredPlan {
  title: string;
  theme: SceneTheme;
  planner: string;
  audio?: StoredAudio;
  /** Prepared asset files by name, relative to files/ (images, the brand logo). */
  assets?: Record<string, string>;
  /** The attached images and the role each was given. */
  images?: { name: string; field: string; role: string }[];
}

/** The sound of a job, decided at planning. */
export interface StoredAudio {
  narration: boolean;
  music: boolean;
  sfx: boolean;
  language: NarrationLanguage;
  voice: string;
  bpm: number;
  mood: MusicMood;
  seed: number;
  /** A client music track (WAV under files/) and its beat grid; it replaces the score. */
  clientMusic?: { path: string; bpm: number; offset: number };
  /** A client voiceover (WAV under files/), placed at the start. */
  voiceover?: string;
  /** Client sound effects (WAVs under files/). */
  clientSfx?: string[];
}

/** A voice that suits each style pack (any voice speaks every language). */
const PACK_VOICES: Record<string, string> = {
  'corporate-clean': 'embedded-grace',
  'bold-kinetic': 'embedded-leo',
  'playful-pop': 'embedded-mia',
  'tech-neon': 'embedded-max',
  'editorial-serif': 'embedded-owen',
  'warm-organic': 'embedded-zoe',
  'luxury-noir': 'embedded-noah',
  'pastel-soft': 'embedded-mia',
  'data-minimal': 'embedded-max',
  'retro-wave': 'embedded-leo',
};

function pickVoiceFor(packId: string): string {
  return PACK_VOICES[packId] ?? 'embedded-ava';
}

/** A job's music seed: stable for the job, different between jobs. */
function seedOf(id: string): number {
  let hash = 2166136261;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/**
 * Shortens the longest script one step: drops its last sentence, else cuts its sentence to the
 * first clause, else to two thirds of its words (at least four). False when nothing is left to cut.
 */
export function shortenScripts(scripts: string[]): boolean {
  const order = scripts.map((script, index) => ({ script, index })).sort((a, b) => b.script.length - a.script.length);
  for (const { script, index } of order) {
    const sentences = script.split(/(?<=[.!?。！？])\s+/).filter(Boolean);
    if (sentences.length >= 2) {
      scripts[index] = sentences.slice(0, -1).join(' ');
      return true;
    }
    const clauses = script.split(/[,;:，、]\s*/).filter(Boolean);
    if (clauses.length >= 2) {
      scripts[index] = `${clauses[0]!.replace(/[.!?。！？]+$/, '')}.`;
      return true;
    }
    const words = script.replace(/[.!?。！？]+$/, '').split(/\s+/);
    if (words.length > 5) {
      scripts[index] = `${words.slice(0, Math.max(4, Math.floor((words.length * 2) / 3))).join(' ')}.`;
      return true;
    }
  }
  return false;
}

class CancelSignal extends Error {
  constructor() {
    super('job canceled');
    this.name = 'CancelSignal';
  }
}

/** Times a scene writer may try before its scene is replaced by the fallback template. */
const WRITE_ATTEMPTS = 2;

/**
 * The job engine: takes queued video jobs in order (p-queue), moves them through planning,
 * scene generation, finishing and rendering, writing a checkpoint to SQLite after every step, so
 * a restarted process goes on where the last one stopped. Every status change goes through the
 * transition table; terminal ones charge committed work and write their webhook in the same
 * transaction.
 */
export class VideoEngine {
  private readonly ctx: NodeContext;
  private readonly queue: WorkQueue;
  private readonly running = new Map<string, AbortController>();
  private readonly planner: StoryPlanner;
  private readonly writer: SceneWriter;
  private readonly cacheDir: string;
  private ownAudio: AudioThread | undefined;

  constructor(private readonly options: VideoEngineOptions) {
    this.ctx = options.ctx;
    this.queue = new WorkQueue(options.concurrency ?? 1);
    this.planner = options.planner ?? new EmbeddedPlanner();
    this.writer = options.sceneWriter ?? new EmbeddedSceneWriter();
    this.cacheDir = options.cacheDir ?? this.ctx.config.cacheDir;
  }

  /** Takes up every job and re-render a stopped process left unfinished, oldest first. */
  start(): void {
    for (const row of this.ctx.videos.listUnfinished()) this.enqueue(row.id);
    for (const render of this.ctx.videos.listUnfinishedRenders()) this.enqueueRender(render.id);
  }

  /**
   * Re-renders a completed job at a new shape (`POST /v1/videos/{id}/render`): checks the state and
   * the render quota, queues the render and returns its row. The job stays `completed`; its
   * download link moves to the new MP4 when the render finishes.
   */
  rerender(id: string, shape: RenderShape): VideoRenderRow {
    const row = this.ctx.videos.get(id);
    if (!row) throw new ServiceError('not_found', `video ${id} not found`);
    if (row.status !== 'completed') throw new ServiceError('not_renderable', `video ${id} is ${row.status}; only a completed job can be rendered`);
    const needed = rendersNeeded(shape.width, shape.height);
    const summary = summarizeAccount(this.ctx, row.account_id);
    if (summary.renders_remaining < needed) {
      throw new ServiceError('insufficient_credits', `the render quota is spent: ${summary.renders_used} of ${summary.monthly_renders} renders used this month`);
    }
    const render: VideoRenderRow = {
      id: newId('rnd'),
      video_id: id,
      status: 'queued',
      width: shape.width,
      height: shape.height,
      fps: shape.fps,
      renders_used: needed,
      output_path: null,
      error_message: null,
      created_at: nowIso(),
      finished_at: null,
    };
    this.ctx.videos.insertRender(render);
    this.enqueueRender(render.id);
    return render;
  }

  private enqueueRender(renderId: string): void {
    this.queue.add(renderId, () => this.runRender(renderId));
  }

  private async runRender(renderId: string): Promise<void> {
    const render = this.ctx.videos.getRender(renderId);
    if (!render || render.status === 'completed' || render.status === 'failed') return;
    const row = this.ctx.videos.get(render.video_id)!;
    const controller = new AbortController();
    this.running.set(renderId, controller);
    try {
      this.ctx.videos.updateRender(renderId, { status: 'rendering' });
      const { relativePath } = await renderJobMp4(this.ctx, this.options.pool, row, render, {
        cacheDir: this.cacheDir,
        fileName: `${renderId}.mp4`,
        signal: controller.signal,
      });
      this.ctx.db.transaction(() => {
        const now = nowIso();
        this.ctx.videos.updateRender(renderId, { status: 'completed', output_path: relativePath, finished_at: now });
        this.ctx.videos.update(row.id, { output_path: relativePath, width: render.width, height: render.height, fps: render.fps, updated_at: now });
        this.ctx.ledger.recordRenders({ account_id: row.account_id, renders: render.renders_used, reference: renderId, month: quotaMonth(), created_at: now });
      })();
    } catch (error) {
      if (this.queue.stopped) return;
      this.options.logger?.error({ videoId: row.id, renderId, err: error }, 're-render failed');
      this.ctx.videos.updateRender(renderId, { status: 'failed', error_message: describeFailure(error).message, finished_at: nowIso() });
    } finally {
      this.running.delete(renderId);
    }
  }

  /** Queues a job for work (once). */
  enqueue(id: string): void {
    this.queue.add(id, () => this.run(id));
  }

  /** Resolves when every queued and running job has finished. */
  async idle(): Promise<void> {
    await this.queue.idle();
  }

  /**
   * Cancels a job per the transition table: at once when queued or paused; cooperatively while
   * processing or rendering (the flag is set and the running work is aborted). Terminal: 409.
   */
  cancel(id: string): VideoRow {
    const row = this.ctx.videos.get(id);
    if (!row) throw new ServiceError('not_found', `video ${id} not found`);
    if (isTerminal(row.status)) {
      throw new ServiceError('not_cancelable', `video ${id} is already ${row.status}`);
    }
    if (row.status === 'queued' || row.status === 'awaiting_approval') {
      if (!this.running.has(id)) {
        this.finish(id, 'cancel', {});
        return this.ctx.videos.get(id)!;
      }
    }
    if (!row.cancel_requested) this.ctx.videos.update(id, { cancel_requested: 1, updated_at: nowIso(), phase_detail: 'Canceling' });
    this.running.get(id)?.abort(new CancelSignal());
    return this.ctx.videos.get(id)!;
  }

  /** Stops taking jobs and aborts running ones without changing their status, so a restart resumes them. */
  async stop(): Promise<void> {
    this.queue.stop();
    for (const controller of this.running.values()) controller.abort(new Error('engine stopping'));
    await this.queue.idle();
    if (!this.options.audio) await this.ownAudio?.close();
  }

  private async run(id: string): Promise<void> {
    const controller = new AbortController();
    this.running.set(id, controller);
    const heartbeat = setInterval(() => {
      const row = this.ctx.videos.get(id);
      if (row?.cancel_requested) controller.abort(new CancelSignal());
      this.ctx.videos.update(id, { last_activity_at: nowIso() });
    }, this.options.heartbeatMs ?? 15_000);
    heartbeat.unref();
    try {
      let row = this.ctx.videos.get(id);
      if (!row || isTerminal(row.status) || row.status === 'awaiting_approval') return;
      if (row.cancel_requested) throw new CancelSignal();
      if (row.status === 'queued') {
        this.transition(id, 'start', { phase: 'planning', phase_detail: 'Writing the story plan', started_at: nowIso() });
      }
      row = this.ctx.videos.get(id)!;
      if (row.status === 'processing') {
        await this.planStage(id, controller.signal);
        await this.generateStage(id, controller.signal);
        await this.finishingStage(id, controller.signal);
        if (row.render) {
          this.transition(id, 'generation_done_render', { phase: null, phase_detail: 'Rendering the MP4' });
        }
      }
      row = this.ctx.videos.get(id)!;
      if (row.status === 'rendering') await this.renderStage(id, controller.signal);
      this.finish(id, 'succeed', { phase: null, phase_detail: 'Done' });
    } catch (error) {
      if (this.queue.stopped && !(controller.signal.reason instanceof CancelSignal)) {
        this.options.logger?.info({ videoId: id }, 'job interrupted by shutdown; it resumes on the next start');
        return;
      }
      const row = this.ctx.videos.get(id);
      if (!row || isTerminal(row.status)) return;
      if (error instanceof CancelSignal || controller.signal.reason instanceof CancelSignal || row.cancel_requested) {
        this.finish(id, 'cancel', { phase_detail: 'Canceled' });
      } else {
        const { code, message } = describeFailure(error);
        this.options.logger?.error({ videoId: id, err: error }, 'video job failed');
        this.finish(id, 'fail', { error_code: code, error_message: message, phase_detail: 'Failed' });
      }
    } finally {
      clearInterval(heartbeat);
      this.running.delete(id);
    }
  }

  private options_(row: VideoRow): ResolvedVideoOptions {
    return JSON.parse(row.options) as ResolvedVideoOptions;
  }

  private progress(id: string, changes: VideoUpdate): void {
    // Progress is not a job-record write: updated_at stays as it is (the spec's rule).
    this.ctx.videos.update(id, { ...changes, last_activity_at: nowIso() });
  }

  private checkCancel(id: string, signal: AbortSignal): void {
    if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new CancelSignal();
    if (this.ctx.videos.get(id)?.cancel_requested) throw new CancelSignal();
  }

  /** The job's images (prepared as assets), documents (read at create) and brand logo. */
  private async materials(id: string, row: VideoRow, brandLogoPath: string | undefined): Promise<JobMaterials> {
    const options = this.options_(row);
    const attachments = attachmentPaths(row);
    const images = options.images.flatMap((image, index) => {
      const file = attachments.get(`images[${index}]`);
      return file ? [{ field: `images[${index}]`, path: file, ...(image.context ? { context: image.context } : {}) }] : [];
    });
    const documentsFile = path.join(this.ctx.filesDir, 'videos', id, 'inputs', DOCUMENTS_FILE);
    const documents = existsSync(documentsFile) ? (JSON.parse(readFileSync(documentsFile, 'utf8')) as SourceDocument[]) : [];
    return prepareMaterials(this.ctx.filesDir, path.posix.join('videos', id, 'assets'), { images, documents, ...(brandLogoPath ? { brandLogoPath } : {}) });
  }

  /** Plans the story (once: the plan is a checkpoint) and writes the scene list. */
  private async planStage(id: string, signal: AbortSignal): Promise<void> {
    const row = this.ctx.videos.get(id)!;
    if (row.plan) return;
    const options = this.options_(row);
    let prompt = row.prompt;
    if (options.enhancePrompt && !row.enhanced_prompt) {
      const enhanced = enhancePromptEmbedded(row.prompt);
      this.progress(id, { enhanced_prompt: enhanced, phase_detail: 'Enhancing the prompt' });
    }
    prompt = this.ctx.videos.get(id)!.enhanced_prompt ?? prompt;
    this.checkCancel(id, signal);
    const language = options.narrationLanguage ?? (await this.audioThread().detectLanguage(row.prompt));
    const brand = options.brandKitId ? this.ctx.brandKits.get(options.brandKitId) : undefined;
    const brandColors = brand ? (JSON.parse(brand.colors) as Record<string, string>) : {};
    const brandFonts = brand ? (JSON.parse(brand.fonts) as Record<string, string>) : {};
    const brandName = options.brandSettings?.brandName ?? brand?.name;
    const brandDescription = options.brandSettings?.brandDescription ?? (brand?.description || undefined);
    const materials = await this.materials(id, row, brand?.logo_path ?? undefined);
    const plan = await this.planner.plan(
      {
        prompt: stripDirectives(options.enhancePrompt ? row.prompt : prompt),
        durationSeconds: options.durationSeconds,
        multiScene: options.multiScene,
        fps: options.fps,
        language,
        materials: { images: materials.images, documents: materials.documents, ...(materials.logo ? { logo: materials.logo } : {}), ...(brandName ? { brandName } : {}), ...(brandDescription ? { brandDescription } : {}) },
      },
      signal,
    );
    this.checkCancel(id, signal);
    const theme = resolveTheme({
      prompt: row.prompt,
      animationStyle: options.animationStyle,
      backgroundColor: options.backgroundColor,
      brandColors: {
        primary: options.brandSettings?.primaryColor ?? brandColors.primary,
        secondary: options.brandSettings?.secondaryColor ?? brandColors.secondary,
        accent: options.brandSettings?.accentColor ?? brandColors.accent,
      },
      brandFonts: { heading: options.brandSettings?.headingFont ?? brandFonts.heading, body: options.brandSettings?.bodyFont ?? brandFonts.body },
      ...(options.brandSettings?.visualStyle ? { visualStyle: options.brandSettings.visualStyle } : {}),
      ...(brandName ? { brandName } : {}),
      documentKinds: materials.documents.map((doc) => doc.kind),
    });

    // Client audio first: a music track replaces the score and sets the beat grid; a voiceover
    // replaces the narration and the scenes fit around it.
    const attachments = attachmentPaths(row);
    const clientItems = options.audio.map((item, index) => ({
      role: item.role,
      path: attachments.get(`audio[${index}]`) ?? '',
    })).filter((item) => item.path);
    const client = clientItems.length > 0 ? await prepareClientAudio(this.ctx, id, clientItems, signal) : { sfx: [] };
    let target = options.durationSeconds;
    if (client.voiceover) target = Math.min(options.durationSeconds * 2, Math.max(target, client.voiceover.seconds + 0.5));

    // Sound: what the request says, then what the prompt says where the request left it unset.
    const intent = readAudioIntent(row.prompt);
    const narrationOn = options.narration && !client.voiceover && !(options.narrationSource === 'default' && intent.narration === false);
    const musicOn = options.music && !client.music && !(options.musicSource === 'default' && intent.music === false);
    const voice = findEmbeddedVoice(options.narrationVoice ?? pickVoiceFor(theme.id)) ?? findEmbeddedVoice('embedded-ava')!;
    const style = pickMusicStyle(row.prompt, theme.id);
    const audio: StoredAudio = {
      narration: narrationOn,
      music: musicOn,
      sfx: options.sfx,
      language,
      voice: voice.id,
      bpm: style.bpm,
      mood: style.mood,
      seed: seedOf(id),
      ...(client.music ? { clientMusic: { path: client.music.path, bpm: client.music.grid.bpm, offset: client.music.grid.offset } } : {}),
      ...(client.voiceover ? { voiceover: client.voiceover.path } : {}),
      ...(client.sfx.length > 0 ? { clientSfx: client.sfx.map((clip) => clip.path) } : {}),
    };

    // Narration first, so scene durations follow the speech.
    const speech: ({ path: string; seconds: number; words: SpokenWord[] } | undefined)[] = plan.scenes.map(() => undefined);
    if (narrationOn) {
      const audioDir = path.posix.join('videos', id, 'audio');
      mkdirSync(path.join(this.ctx.filesDir, audioDir), { recursive: true });
      const scripts = plan.scenes.map((scene) => scene.narration);
      let rate = 1;
      for (let round = 0; round < 10; round += 1) {
        for (const [index, script] of scripts.entries()) {
          if (!script.trim()) continue;
          this.checkCancel(id, signal);
          this.progress(id, { phase_detail: `Narrating scene ${index + 1} of ${scripts.length}` });
          const file = path.posix.join(audioDir, `narration-${index}.wav`);
          const settings = espeakSettings(voice, language);
          const spoken = await this.speak(script, { ...settings, wordsPerMinute: Math.round(settings.wordsPerMinute * rate) }, path.join(this.ctx.filesDir, file));
          speech[index] = { path: file, seconds: spoken.durationSeconds, words: spoken.words };
        }
        const needed = speech.reduce((sum, clip) => sum + (clip ? clip.seconds + NARRATION_LEAD + NARRATION_TAIL : 1), 0);
        if (needed <= target * 1.05) break;
        // Too long for the target: shorten the longest script (a sentence, then a clause, then words),
        // then speak a little faster, and as a last resort let a scene go without narration.
        if (shortenScripts(scripts)) continue;
        if (rate < 1.3) {
          rate += 0.15;
          continue;
        }
        const longest = scripts.reduce((best, script, index) => (index > 0 && script.length > (scripts[best]?.length ?? 0) ? index : best), scripts.length > 1 ? 1 : 0);
        scripts[longest] = '';
        speech[longest] = undefined;
      }
      plan.scenes.forEach((scene, index) => (scene.narration = scripts[index]!));
    }
    const durations = fitTimeline({
      planned: plan.scenes.map((scene) => scene.durationSeconds),
      needed: speech.map((clip) => (clip ? clip.seconds + NARRATION_LEAD + NARRATION_TAIL : 0)),
      target,
      fps: options.fps,
      beats: client.music ? { bpm: client.music.grid.bpm, offset: client.music.grid.offset } : musicOn ? { bpm: audio.bpm, offset: 0 } : undefined,
    });
    plan.scenes.forEach((scene, index) => (scene.durationSeconds = durations[index]!));
    if (narrationOn && wantsCaptions(row.prompt)) {
      plan.scenes.forEach((scene, index) => {
        const clip = speech[index];
        if (clip) scene.settings = { ...scene.settings, captions: captionChunks(scene.narration, clip.words, NARRATION_LEAD, clip.seconds) };
      });
    }

    const stored: StoredPlan = {
      title: plan.title,
      theme,
      planner: this.planner.name,
      audio,
      assets: materials.assets,
      images: materials.images.map(({ name, field, role }) => ({ name, field, role })),
    };
    this.ctx.db.transaction(() => {
      this.ctx.videos.deleteUncommittedScenes(id);
      plan.scenes.forEach((scene: PlannedScene, position: number) => {
        this.ctx.videos.insertScene({
          id: newId('scn'),
          video_id: id,
          position,
          title: scene.title,
          role: scene.role,
          kind: scene.kind,
          duration_seconds: scene.durationSeconds,
          settings: JSON.stringify(scene.settings),
          source: null,
          compiled: null,
          writer: null,
          committed_at: null,
          narration: scene.narration || null,
          narration_audio: speech[position]?.path ?? null,
          narration_seconds: speech[position]?.seconds ?? null,
          narration_words: speech[position] ? JSON.stringify(speech[position]!.words) : null,
          audit: null,
        });
      });
      this.progress(id, {
        plan: JSON.stringify(stored),
        scenes_planned: plan.scenes.length,
        phase: 'generating',
        phase_detail: `Planned ${plan.scenes.length} scene${plan.scenes.length === 1 ? '' : 's'}: ${plan.title}`,
      });
    })();
  }

  /** Writes, compiles, checks and test-renders each scene not yet committed, committing them one by one. */
  private async generateStage(id: string, signal: AbortSignal): Promise<void> {
    const row = this.ctx.videos.get(id)!;
    const plan = JSON.parse(row.plan!) as StoredPlan;
    const scenes = this.ctx.videos.scenes(id);
    const pending = scenes.filter((scene) => !scene.committed_at);
    if (pending.length === 0) return;
    this.progress(id, { phase: 'generating', phase_detail: 'Preparing the scene kit' });
    await ensureBundle(this.cacheDir);
    const checkDir = mkdtempSync(path.join(tmpdir(), `scene-check-${id}-`));
    try {
      for (const scene of pending) {
        this.checkCancel(id, signal);
        const label = `scene ${scene.position + 1} of ${scenes.length}: ${scene.title}`;
        this.progress(id, { phase_detail: `Writing ${label}` });
        const planned: PlannedScene = {
          role: scene.role as PlannedScene['role'],
          kind: scene.kind as PlannedScene['kind'],
          title: scene.title,
          durationSeconds: scene.duration_seconds,
          settings: JSON.parse(scene.settings) as Record<string, unknown>,
          narration: scene.narration ?? '',
        };
        let committed: { source: string; compiled: string; writer: string; audit: string | null } | undefined;
        let previousError: string | undefined;
        for (let attempt = 0; attempt < WRITE_ATTEMPTS && !committed; attempt += 1) {
          try {
            const source = await this.writer.writeScene({ scene: planned, position: scene.position, sceneCount: scenes.length, previousError }, signal);
            const checked = await this.checkScene(source, row, scene, plan.theme, checkDir, signal);
            if (checked.audit && checked.audit.issues.length > 0) throw new SceneCodeError(auditFindings(checked.audit));
            committed = { source, compiled: checked.code, writer: this.writer.name, audit: checked.audit ? JSON.stringify(checked.audit) : null };
          } catch (error) {
            if (!(error instanceof SceneCodeError || error instanceof RenderError)) throw error;
            previousError = error.message;
            this.options.logger?.warn({ videoId: id, sceneId: scene.id, err: error }, 'scene failed its checks; rewriting');
          }
        }
        if (!committed) {
          // Replaced by a plain kit template showing the scene's title: never rendered broken.
          const source = fallbackSceneCode();
          const fallbackScene = { ...scene, settings: JSON.stringify({ title: scene.title }) };
          const checked = await this.checkScene(source, row, fallbackScene, plan.theme, checkDir, signal);
          if (checked.audit && checked.audit.issues.length > 0) {
            this.options.logger?.warn({ videoId: id, sceneId: scene.id, issues: checked.audit.issues }, 'the fallback scene has layout issues');
          }
          this.ctx.db.prepare('UPDATE scenes SET settings = ? WHERE id = ?').run(fallbackScene.settings, scene.id);
          committed = { source, compiled: checked.code, writer: 'fallback', audit: checked.audit ? JSON.stringify(checked.audit) : null };
        }
        this.checkCancel(id, signal);
        this.ctx.db.transaction(() => {
          this.ctx.videos.commitScene(scene.id, { ...committed!, committed_at: nowIso() });
          const count = this.ctx.videos.scenes(id).filter((s) => s.committed_at).length;
          this.progress(id, { scenes_committed: count, phase_detail: `Committed ${label}` });
        })();
      }
    } finally {
      rmSync(checkDir, { recursive: true, force: true });
    }
  }

  /** The scene's test render (see testRenderScene): compiled code and the middle frame's audit. */
  private checkScene(source: string, row: VideoRow, scene: SceneRow, theme: SceneTheme, dir: string, signal: AbortSignal): Promise<TestedScene> {
    const { code: _code, ...props } = sceneInputProps(this.ctx.filesDir, row, scene, row);
    return testRenderScene(this.options.pool, this.cacheDir, source, { ...props, theme }, dir, { name: scene.id, signal });
  }

  /** The soundtrack and final checks (sound arrives with the speech and music work). */
  private async finishingStage(id: string, signal: AbortSignal): Promise<void> {
    this.checkCancel(id, signal);
    this.progress(id, { phase: 'finishing', phase_detail: 'Final checks' });
    const scenes = this.ctx.videos.scenes(id);
    const missing = scenes.filter((scene) => !scene.committed_at || !scene.compiled);
    if (scenes.length === 0 || missing.length > 0) {
      throw new Error(`${missing.length} of ${scenes.length} scenes are not committed`);
    }
    const row = this.ctx.videos.get(id)!;
    if (row.soundtrack_path) return;
    const plan = JSON.parse(row.plan!) as StoredPlan;
    const sound = plan.audio;
    if (!sound || !(sound.narration || sound.music || sound.sfx || sound.clientMusic || sound.voiceover || sound.clientSfx)) return;
    this.progress(id, { phase_detail: 'Mixing the soundtrack' });
    const soundtrack = await makeSoundtrack(this.ctx, this.audioThread(), row, scenes, sound, signal);
    this.progress(id, { soundtrack_path: soundtrack, phase_detail: 'Final checks' });
  }

  private speak(text: string, settings: EspeakSettings, file: string): Promise<{ durationSeconds: number; words: SpokenWord[] }> {
    // One retry: a speech failure fails the job loudly rather than leaving a silent scene.
    return this.audioThread()
      .speak(text, settings, file)
      .catch(() => this.audioThread().speak(text, settings, file));
  }

  private audioThread(): AudioThread {
    this.ownAudio ??= this.options.audio ?? new AudioThread();
    return this.ownAudio;
  }

  /** Renders the committed scenes to the job's MP4 and checks it with ffprobe. */
  private async renderStage(id: string, signal: AbortSignal): Promise<void> {
    const row = this.ctx.videos.get(id)!;
    let lastWrite = 0;
    const { relativePath } = await renderJobMp4(this.ctx, this.options.pool, row, { width: row.width, height: row.height, fps: row.fps }, {
      cacheDir: this.cacheDir,
      fileName: `${id}.mp4`,
      signal,
      onProgress: (progress, _renderedFrames, totalFrames) => {
        if (Date.now() - lastWrite < 1000) return;
        lastWrite = Date.now();
        this.progress(id, {
          phase_detail: `Rendering the MP4: ${Math.floor(progress * 100)}%`,
          frames_done: Math.round(progress * totalFrames),
          frames_total: totalFrames,
        });
      },
    });
    this.progress(id, { output_path: relativePath });
  }

  private transition(id: string, trigger: JobTrigger, changes: VideoUpdate): void {
    this.ctx.db.transaction(() => {
      const row = this.ctx.videos.get(id)!;
      const to = nextStatus(row.status, trigger);
      if (!to) throw new Error(`video ${id}: no transition from ${row.status} on ${trigger}`);
      const now = nowIso();
      this.ctx.videos.update(id, { ...changes, status: to, updated_at: now, last_activity_at: now });
    })();
  }

  /**
   * A terminal transition: status, the charge for committed work, render usage and the webhook
   * event, all in one transaction (so a crash never charges without finishing, or twice).
   */
  private finish(id: string, trigger: 'succeed' | 'fail' | 'cancel', changes: VideoUpdate): void {
    let wroteWebhook = false;
    this.ctx.db.transaction(() => {
      const row = this.ctx.videos.get(id)!;
      if (isTerminal(row.status)) return;
      const to = nextStatus(row.status, trigger);
      if (!to) throw new Error(`video ${id}: no transition from ${row.status} on ${trigger}`);
      const now = nowIso();
      const cost = this.committedCost(row);
      this.ctx.videos.update(id, { ...changes, status: to, updated_at: now, last_activity_at: now, finished_at: now, credits_cost_millicredits: cost });
      if (cost > 0) {
        this.ctx.ledger.append({ account_id: row.account_id, millicredits: -cost, kind: 'charge', reason: `video ${id} (${row.model})`, reference: id, created_at: now });
      }
      const done = this.ctx.videos.get(id)!;
      if (to === 'completed' && done.output_path) {
        this.ctx.ledger.recordRenders({ account_id: row.account_id, renders: rendersNeeded(row.width, row.height), reference: id, month: quotaMonth(), created_at: now });
      }
      const event: WebhookEvent = to === 'completed' ? 'video.completed' : to === 'failed' ? 'video.failed' : 'video.canceled';
      const data: Record<string, unknown> = { videoId: id, projectId: row.project_id, creditsCost: toCredits(cost) };
      if (to === 'completed' && done.output_path) data.downloadUrl = signFileUrl(this.ctx.keys.downloads, this.baseUrl(), done.output_path);
      if (to === 'failed') data.error = { code: done.error_code, message: done.error_message };
      const key = row.api_key_id ? this.ctx.apiKeys.get(row.api_key_id) : undefined;
      const url = row.webhook_url ?? key?.webhook_url ?? null;
      wroteWebhook = enqueueWebhook(this.ctx, { accountId: row.account_id, apiKeyId: row.api_key_id, event, data, url }) !== undefined;
    })();
    if (wroteWebhook) this.options.webhooks?.notify();
  }

  /**
   * What a job owes for its committed work: multi-scene jobs pay the estimate in proportion to the
   * seconds of scenes committed; single-scene jobs pay their flat price once their scene is committed.
   */
  private committedCost(row: VideoRow): number {
    const scenes = this.ctx.videos.scenes(row.id);
    const total = scenes.reduce((sum, scene) => sum + scene.duration_seconds, 0);
    const committed = scenes.filter((scene) => scene.committed_at).reduce((sum, scene) => sum + scene.duration_seconds, 0);
    if (total <= 0 || committed <= 0) return 0;
    return Math.round((row.estimated_millicredits * committed) / total);
  }

  private baseUrl(): string {
    return this.options.baseUrl?.() ?? baseUrlOf(this.ctx);
  }
}
