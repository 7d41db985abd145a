// A render worker: a child process that keeps one headless browser open and renders scenes for
// the render pool. It holds a core while it works, which is why it is not the server process.
import { writeFileSync } from 'node:fs';
import { openBrowser, renderFrames, selectComposition } from '@remotion/renderer';
import { browserStartProblem } from '../browser/find-browser.js';
import { unpackBundledBrowser } from '../browser/bundled-browser.js';
import { captureAll, holdPlan, rangePlan, splitProbe, type FrameProbe, type HoldPlan } from './hold-plan.js';
import type { RenderTask, SceneInputProps, TaskMessage, WorkerBrowserConfig, WorkerMessage } from './render-protocol.js';
import { CAPTURE_JPEG_QUALITY } from './render-protocol.js';
import { SegmentEncoder } from './segment-encoder.js';
import { hasVideoAssets, serveVideoAssets } from './video-assets.js';

type Browser = Awaited<ReturnType<typeof openBrowser>>;
type Composition = Awaited<ReturnType<typeof selectComposition>>;

const config = JSON.parse(process.env.SERVICE_RENDER_WORKER ?? '{}') as WorkerBrowserConfig;
const browserOptions = {
  browserExecutable: config.executable,
  chromeMode: config.chromeMode,
  chromiumOptions: config.gl ? { gl: config.gl } : {},
  logLevel: 'error' as const,
};

let browser: Browser | undefined;
const compositions = new Map<string, Composition>();

async function getBrowser(): Promise<Browser> {
  if (!browser) {
    try {
      if (config.unpackFrom) await unpackBundledBrowser({ archive: config.unpackFrom, executable: config.executable });
      browser = await openBrowser('chrome', browserOptions);
    } catch (error) {
      throw new Error(browserStartProblem({ executable: config.executable }, error));
    }
  }
  return browser;
}

async function resetBrowser(): Promise<void> {
  const old = browser;
  browser = undefined;
  compositions.clear();
  await old?.close({ silent: true }).catch(() => undefined);
}

/** A composition sized and timed for the props (selected once per bundle). */
async function compositionFor(id: string, serveUrl: string, inputProps: SceneInputProps, puppeteerInstance: Browser): Promise<Composition> {
  let base = compositions.get(`${id} ${serveUrl}`);
  if (!base) {
    base = await selectComposition({ serveUrl, id, inputProps, puppeteerInstance, ...browserOptions });
    compositions.set(`${id} ${serveUrl}`, base);
  }
  const { width, height, fps, durationInFrames } = inputProps;
  return { ...base, width, height, fps, durationInFrames, props: inputProps };
}

function send(message: WorkerMessage): void {
  process.send?.(message);
}

/** The prefix the scene host logs layout audits with (compositions/audit/layout-audit.ts). */
const AUDIT_LOG_PREFIX = '[kit-audit] ';
/** The prefix the probe composition logs its report with (compositions/probe-host.tsx). */
const PROBE_LOG_PREFIX = '[kit-probe] ';
/** How long the probe may take to walk a timeline's frames. */
const PROBE_TIMEOUT_MS = 300_000;

type SegmentsTask = Extract<RenderTask, { type: 'segments' }>;

/** The `timeline` composition's props for a batch: its scenes one after another. */
function timelineProps(task: SegmentsTask): SceneInputProps {
  const first = task.scenes[0]!.inputProps;
  return {
    code: first.code,
    theme: first.theme,
    settings: {},
    assets: {},
    width: first.width,
    height: first.height,
    fps: first.fps,
    durationInFrames: task.scenes.reduce((sum, scene) => sum + scene.inputProps.durationInFrames, 0),
    scenes: task.scenes.map(({ inputProps }) => ({ code: inputProps.code, theme: inputProps.theme, settings: inputProps.settings, assets: inputProps.assets, durationInFrames: inputProps.durationInFrames })),
  };
}

/** Walks the timeline's frames in one page and reports which change (see compositions/probe-host.tsx). */
async function probeTimeline(serveUrl: string, inputProps: SceneInputProps, puppeteerInstance: Browser): Promise<FrameProbe> {
  const composition = await compositionFor('probe', serveUrl, inputProps, puppeteerInstance);
  let report: FrameProbe | undefined;
  await renderFrames({
    serveUrl,
    composition,
    inputProps,
    frames: [0],
    outputDir: null,
    imageFormat: 'jpeg',
    concurrency: 1,
    timeoutInMilliseconds: PROBE_TIMEOUT_MS,
    puppeteerInstance,
    ...browserOptions,
    onBrowserLog: (log) => {
      if (log.text.startsWith(PROBE_LOG_PREFIX)) report = JSON.parse(log.text.slice(PROBE_LOG_PREFIX.length)) as FrameProbe;
    },
    onStart: () => undefined,
    onFrameUpdate: () => undefined,
    onFrameBuffer: () => undefined,
  });
  if (!report || report.frames !== inputProps.durationInFrames) throw new Error('the frame probe sent no report');
  return report;
}

/**
 * Each scene's capture plan: from the probe, so still stretches are captured once and held (and a
 * camera moving over a still stage is its captured picture moved, see hold-plan.ts); every
 * frame when a scene plays video clips (their pictures are not in the page's markup), when the
 * task asks for it, or when the probe fails. A scene with a frame range gets its whole-scene plan
 * cut to the range (see {@link rangePlan}).
 */
async function scenePlans(task: SegmentsTask, original: SegmentsTask, timeline: SceneInputProps, puppeteerInstance: Browser): Promise<HoldPlan[]> {
  const plans = await wholeScenePlans(task, original, timeline, puppeteerInstance);
  const size = { width: timeline.width, height: timeline.height };
  return plans.map((plan, index) => {
    const range = task.scenes[index]!.frameRange;
    return range ? rangePlan(plan, range[0], range[1], size) : plan;
  });
}

/** Each scene's plan over all its frames (see {@link scenePlans}). */
async function wholeScenePlans(task: SegmentsTask, original: SegmentsTask, timeline: SceneInputProps, puppeteerInstance: Browser): Promise<HoldPlan[]> {
  const lengths = task.scenes.map((scene) => scene.inputProps.durationInFrames);
  if (task.captureAll || original.scenes.some((scene) => hasVideoAssets(scene.inputProps))) return lengths.map(captureAll);
  // A frame range (a task of one scene) needs only its own frames walked.
  const range = task.scenes.length === 1 ? task.scenes[0]!.frameRange : undefined;
  try {
    const size = { width: timeline.width, height: timeline.height };
    return splitProbe(await probeTimeline(task.serveUrl, range ? { ...timeline, probeRange: range } : timeline, puppeteerInstance), lengths).map((probe) => holdPlan(probe, size));
  } catch (error) {
    console.error('render worker: frame probe failed, capturing every frame', error);
    return lengths.map(captureAll);
  }
}

/**
 * Renders scenes to their segments as one timeline: captures the frames the plans name (pages in
 * parallel) and streams each scene's frames to its own encoder in timeline order, each held picture
 * repeated for the frames it holds. An encoder starts with its scene's first frame and finishes
 * with its last, so only the scenes being captured have one running. A scene with a frame range
 * (a task of one scene) is probed whole, but only its range's frames are captured and encoded.
 * Returns the frames captured and held.
 */
async function renderSegments(id: number, task: SegmentsTask, original: SegmentsTask, puppeteerInstance: Browser): Promise<{ captured: number; held: number }> {
  assertOneSceneWithRange(task);
  const timeline = timelineProps(task);
  const plans = await scenePlans(task, original, timeline, puppeteerInstance);
  // Where each scene starts on the timeline (a ranged scene's plan covers only part of it).
  const offsets: number[] = [];
  task.scenes.reduce((offset, scene) => (offsets.push(offset), offset + scene.inputProps.durationInFrames), 0);
  const capture = plans.flatMap((plan, index) => plan.capture.map((frame) => frame + offsets[index]!));
  const output = plans.reduce((sum, plan) => sum + plan.source.length, 0);
  const held = output - capture.length;
  send({ id, type: 'plan', capture, frames: output });
  const composition = await compositionFor('timeline', task.serveUrl, timeline, puppeteerInstance);
  const { width, height, fps } = timeline;
  const encoders: (SegmentEncoder | undefined)[] = task.scenes.map(() => undefined);
  const arrived = task.scenes.map(() => 0);
  const finished: Promise<void>[] = [];
  let captured = 0;
  try {
    await renderFrames({
      serveUrl: task.serveUrl,
      composition,
      inputProps: timeline,
      frames: capture,
      outputDir: null,
      imageFormat: 'jpeg',
      jpegQuality: CAPTURE_JPEG_QUALITY,
      concurrency: Math.min(config.concurrency, capture.length),
      puppeteerInstance,
      ...browserOptions,
      onStart: () => undefined,
      onFrameUpdate: () => undefined,
      onFrameBuffer: (buffer, frame) => {
        const scene = offsets.findLastIndex((offset) => offset <= frame);
        const encoder = (encoders[scene] ??= new SegmentEncoder(task.ffmpeg, task.scenes[scene]!.outputPath, { width, height, fps }, plans[scene]!, config.encoder));
        encoder.add(frame - offsets[scene]!, buffer);
        arrived[scene] = arrived[scene]! + 1;
        if (arrived[scene] === plans[scene]!.capture.length) finished.push(encoder.finish());
        captured += 1;
        send({ id, type: 'progress', progress: captured / capture.length, renderedFrames: captured, heldFrames: held });
      },
    });
    await Promise.all(finished);
    if (finished.length !== task.scenes.length) throw new Error(`only ${finished.length} of ${task.scenes.length} segments were captured`);
  } catch (error) {
    for (const encoder of encoders) encoder?.abort();
    throw error;
  }
  return { captured, held };
}

async function run(id: number, task: RenderTask, original: RenderTask): Promise<{ captured: number; held: number }> {
  const puppeteerInstance = await getBrowser();
  if (task.type === 'segment' || task.type === 'segments') return renderSegments(id, asSegments(task), asSegments(original as typeof task), puppeteerInstance);
  const composition = await compositionFor(task.composition ?? 'scene', task.serveUrl, task.inputProps, puppeteerInstance);
  const onBrowserLog = task.inputProps.audit
    ? (log: { text: string }) => {
        if (log.text.startsWith(AUDIT_LOG_PREFIX)) send({ id, type: 'audit', audit: JSON.parse(log.text.slice(AUDIT_LOG_PREFIX.length)) });
      }
    : undefined;
  // One page renders every still asked for (a page per still would load the bundle and the fonts
  // again for each); a task of many frames (a transparent render's) may ask for a few pages.
  let done = 0;
  await renderFrames({
    serveUrl: task.serveUrl,
    composition,
    inputProps: task.inputProps,
    frames: task.frames,
    outputDir: null,
    imageFormat: task.imageFormat,
    concurrency: Math.max(1, Math.min(task.concurrency ?? 1, config.concurrency, task.frames.length)),
    puppeteerInstance,
    ...(onBrowserLog ? { onBrowserLog } : {}),
    ...browserOptions,
    onStart: () => undefined,
    onFrameUpdate: () => undefined,
    onFrameBuffer: (buffer, frame) => {
      writeFileSync(task.outputPaths[task.frames.indexOf(frame)]!, buffer);
      done += 1;
      send({ id, type: 'progress', progress: done / task.frames.length, renderedFrames: done });
    },
  });
  return { captured: task.frames.length, held: 0 };
}

/**
 * A frame range renders part of one scene's segment; several scenes on one timeline with ranges
 * would leave gaps in it, so a ranged task holds exactly one scene.
 */
function assertOneSceneWithRange(task: SegmentsTask): void {
  if (task.scenes.length > 1 && task.scenes.some((scene) => scene.frameRange)) {
    throw new Error(`a segments task with a frame range must hold exactly one scene, got ${task.scenes.length}`);
  }
}

/** A single segment as a batch of one. */
function asSegments(task: Extract<RenderTask, { type: 'segment' | 'segments' }>): SegmentsTask {
  if (task.type === 'segments') return task;
  return { type: 'segments', serveUrl: task.serveUrl, ffmpeg: task.ffmpeg, scenes: [{ inputProps: task.inputProps, outputPath: task.outputPath }], ...(task.captureAll ? { captureAll: true } : {}) };
}

/** Runs a task with its video assets (footage clips) served over loopback for the task's length. */
async function runServed(id: number, task: RenderTask): Promise<{ captured: number; held: number }> {
  if (task.type === 'segments') {
    const served = await Promise.all(task.scenes.map((scene) => serveVideoAssets(scene.inputProps)));
    try {
      return await run(id, { ...task, scenes: task.scenes.map((scene, index) => ({ ...scene, inputProps: served[index]!.inputProps })) }, task);
    } finally {
      for (const entry of served) entry.release();
    }
  }
  const served = await serveVideoAssets(task.inputProps);
  try {
    return await run(id, { ...task, inputProps: served.inputProps }, task);
  } finally {
    served.release();
  }
}

process.on('message', (message: TaskMessage) => {
  runServed(message.id, message.task).then(
    ({ captured, held }) => send({ id: message.id, type: 'done', renderedFrames: captured, heldFrames: held }),
    async (error: unknown) => {
      // A failed render may have left the browser broken: start a fresh one for the next task.
      await resetBrowser();
      send({ id: message.id, type: 'error', message: error instanceof Error ? error.message : String(error) });
    },
  );
});

// A failed render can leave a browser-side promise rejected after its task has already answered
// (the page closing under a pending call). That must not take the worker and its next task down.
process.on('unhandledRejection', (reason) => {
  console.error('render worker: unhandled rejection after a task', reason);
});

process.on('disconnect', () => {
  void resetBrowser().finally(() => process.exit(0));
});
