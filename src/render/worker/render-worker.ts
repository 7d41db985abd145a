// A render worker: a child process that keeps one headless browser open and renders scenes for
// the render pool. It holds a core while it works, which is why it is not the server process.
import { writeFileSync } from 'node:fs';
import { openBrowser, renderFrames, renderMedia, selectComposition } from '@remotion/renderer';
import { browserStartProblem } from '../browser/find-browser.js';
import { unpackBundledBrowser } from '../browser/bundled-browser.js';
import type { RenderTask, TaskMessage, WorkerBrowserConfig, WorkerMessage } from './render-protocol.js';
import { SEGMENT_ENCODING } from './render-protocol.js';
import { serveVideoAssets } from './video-assets.js';

type Browser = Awaited<ReturnType<typeof openBrowser>>;
type Composition = Awaited<ReturnType<typeof selectComposition>>;

const config = JSON.parse(process.env.SERVICE_RENDER_WORKER ?? '{}') as WorkerBrowserConfig;
const browserOptions = {
  browserExecutable: config.executable,
  chromeMode: config.chromeMode,
  chromiumOptions: {},
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

/** The task's composition sized and timed for its props (selected once per bundle). */
async function compositionFor(task: RenderTask, puppeteerInstance: Browser): Promise<Composition> {
  const id = task.type === 'stills' ? (task.composition ?? 'scene') : 'scene';
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

async function run(id: number, task: RenderTask): Promise<number> {
  const puppeteerInstance = await getBrowser();
  const composition = await compositionFor(task, puppeteerInstance);
  const onBrowserLog = task.inputProps.audit
    ? (log: { text: string }) => {
        if (log.text.startsWith(AUDIT_LOG_PREFIX)) send({ id, type: 'audit', audit: JSON.parse(log.text.slice(AUDIT_LOG_PREFIX.length)) });
      }
    : undefined;
  if (task.type === 'stills') {
    // One page renders every frame asked for (a page per still would load the bundle and the
    // fonts again for each).
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
    return task.frames.length;
  }

  let rendered = 0;
  await renderMedia({
    serveUrl: task.serveUrl,
    composition,
    inputProps: task.inputProps,
    outputLocation: task.outputPath,
    muted: true,
    concurrency: config.concurrency,
    puppeteerInstance,
    ...(onBrowserLog ? { onBrowserLog } : {}),
    ...SEGMENT_ENCODING,
    ...browserOptions,
    onProgress: ({ progress, renderedFrames }) => {
      rendered = renderedFrames;
      send({ id, type: 'progress', progress, renderedFrames });
    },
  });
  return rendered;
}

/** Runs a task with its video assets (footage clips) served over loopback for the task's length. */
async function runServed(id: number, task: RenderTask): Promise<number> {
  const served = await serveVideoAssets(task.inputProps);
  try {
    return await run(id, { ...task, inputProps: served.inputProps });
  } finally {
    served.release();
  }
}

process.on('message', (message: TaskMessage) => {
  runServed(message.id, message.task).then(
    (renderedFrames) => send({ id: message.id, type: 'done', renderedFrames }),
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
