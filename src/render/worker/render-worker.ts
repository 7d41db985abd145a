// A render worker: a child process that keeps one headless browser open and renders scenes for
// the render pool. It holds a core while it works, which is why it is not the server process.
import { writeFileSync } from 'node:fs';
import { openBrowser, renderFrames, selectComposition } from '@remotion/renderer';
import { browserStartProblem } from '../browser/find-browser.js';
import { unpackBundledBrowser } from '../browser/bundled-browser.js';
import { captureAll, holdPlan, type FrameProbe, type HoldPlan } from './hold-plan.js';
import type { RenderTask, TaskMessage, WorkerBrowserConfig, WorkerMessage } from './render-protocol.js';
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

/** A composition sized and timed for the task's props (selected once per bundle). */
async function compositionFor(id: string, task: RenderTask, puppeteerInstance: Browser): Promise<Composition> {
  let base = compositions.get(`${id} ${task.serveUrl}`);
  if (!base) {
    base = await selectComposition({ serveUrl: task.serveUrl, id, inputProps: task.inputProps, puppeteerInstance, ...browserOptions });
    compositions.set(`${id} ${task.serveUrl}`, base);
  }
  const { width, height, fps, durationInFrames } = task.inputProps;
  return { ...base, width, height, fps, durationInFrames, props: task.inputProps };
}

function send(message: WorkerMessage): void {
  process.send?.(message);
}

/** The prefix the scene host logs layout audits with (compositions/audit/layout-audit.ts). */
const AUDIT_LOG_PREFIX = '[kit-audit] ';
/** The prefix the probe composition logs its report with (compositions/probe-host.tsx). */
const PROBE_LOG_PREFIX = '[kit-probe] ';
/** How long the probe may take to walk a scene's frames. */
const PROBE_TIMEOUT_MS = 120_000;

/** Walks the scene's frames in one page and reports which change (see compositions/probe-host.tsx). */
async function probeScene(task: Extract<RenderTask, { type: 'segment' }>, puppeteerInstance: Browser): Promise<FrameProbe> {
  const composition = await compositionFor('probe', task, puppeteerInstance);
  let report: FrameProbe | undefined;
  await renderFrames({
    serveUrl: task.serveUrl,
    composition,
    inputProps: task.inputProps,
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
  if (!report || report.frames !== task.inputProps.durationInFrames) throw new Error('the frame probe sent no report');
  return report;
}

/**
 * The capture plan of a segment: from the probe, so still stretches are captured once and held;
 * every frame when the scene plays video clips (their pictures are not in the page's markup), when
 * the task asks for it, or when the probe fails.
 */
async function segmentPlan(task: Extract<RenderTask, { type: 'segment' }>, original: RenderTask, puppeteerInstance: Browser): Promise<HoldPlan> {
  const frames = task.inputProps.durationInFrames;
  if (task.captureAll || hasVideoAssets(original.inputProps)) return captureAll(frames);
  try {
    return holdPlan(await probeScene(task, puppeteerInstance));
  } catch (error) {
    console.error('render worker: frame probe failed, capturing every frame', error);
    return captureAll(frames);
  }
}

/**
 * Renders a segment: captures the frames the plan names (pages in parallel) and encodes them in
 * timeline order, each held picture repeated for the frames it holds. Returns the frames captured.
 */
async function renderSegment(id: number, task: Extract<RenderTask, { type: 'segment' }>, original: RenderTask, puppeteerInstance: Browser): Promise<{ captured: number; held: number }> {
  const plan = await segmentPlan(task, original, puppeteerInstance);
  const held = plan.source.length - plan.capture.length;
  send({ id, type: 'plan', capture: plan.capture, frames: plan.source.length });
  const composition = await compositionFor('scene', task, puppeteerInstance);
  const { width, height, fps } = task.inputProps;
  const encoder = new SegmentEncoder(task.ffmpeg, task.outputPath, { width, height, fps }, plan, config.encoder);
  let captured = 0;
  try {
    await renderFrames({
      serveUrl: task.serveUrl,
      composition,
      inputProps: task.inputProps,
      frames: plan.capture,
      outputDir: null,
      imageFormat: 'jpeg',
      jpegQuality: CAPTURE_JPEG_QUALITY,
      concurrency: Math.min(config.concurrency, plan.capture.length),
      puppeteerInstance,
      ...browserOptions,
      onStart: () => undefined,
      onFrameUpdate: () => undefined,
      onFrameBuffer: (buffer, frame) => {
        encoder.add(frame, buffer);
        captured += 1;
        send({ id, type: 'progress', progress: captured / plan.capture.length, renderedFrames: captured, heldFrames: held });
      },
    });
    await encoder.finish();
  } catch (error) {
    encoder.abort();
    throw error;
  }
  return { captured, held };
}

async function run(id: number, task: RenderTask, original: RenderTask): Promise<{ captured: number; held: number }> {
  const puppeteerInstance = await getBrowser();
  if (task.type === 'segment') return renderSegment(id, task, original, puppeteerInstance);
  const composition = await compositionFor(task.composition ?? 'scene', task, puppeteerInstance);
  const onBrowserLog = task.inputProps.audit
    ? (log: { text: string }) => {
        if (log.text.startsWith(AUDIT_LOG_PREFIX)) send({ id, type: 'audit', audit: JSON.parse(log.text.slice(AUDIT_LOG_PREFIX.length)) });
      }
    : undefined;
  // One page renders every still asked for (a page per still would load the bundle and the fonts
  // again for each).
  let done = 0;
  await renderFrames({
    serveUrl: task.serveUrl,
    composition,
    inputProps: task.inputProps,
    frames: task.frames,
    outputDir: null,
    imageFormat: task.imageFormat,
    concurrency: 1,
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

/** Runs a task with its video assets (footage clips) served over loopback for the task's length. */
async function runServed(id: number, task: RenderTask): Promise<{ captured: number; held: number }> {
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
