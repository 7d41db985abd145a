import type { Logger } from 'pino';
import { findBrowser, prepareBrowser } from '../render/browser/find-browser.js';
import { bundleIsBuilt, ensureBundle } from '../render/bundle/ensure-bundle.js';

/** What {@link warmUpRendering} needs of the node's settings. */
export interface WarmUpSettings {
  cacheDir: string;
  browserExecutable?: string;
}

/** Where the warm-up's lines for people go: `serve` passes stdout for progress, stderr for warnings. */
export interface WarmUpOutput {
  say: (line: string) => void;
  warn: (line: string) => void;
}

function seconds(started: number): string {
  return ((performance.now() - started) / 1000).toFixed(1);
}

/**
 * Makes ready, in the background, what the first render would otherwise wait for: the compositions
 * bundle (built by `npm install`, again when the kit changed or the install could not) and the
 * browser (the bundled one is unpacked once, then started to see that it runs). `serve` calls it
 * right after listening, so the first job does not wait, and a machine that cannot render says so
 * at start. When there is something to build or unpack it says so at once and again when done,
 * since both take long enough (a minute, a few seconds) to look like a hang; when both are
 * already there it prints nothing. Resolves when both are settled; failures are reported, not thrown.
 */
export function warmUpRendering(settings: WarmUpSettings, logger: Logger, output: WarmUpOutput): Promise<void> {
  const bundleStarted = performance.now();
  const buildsBundle = !bundleIsBuilt(settings.cacheDir);
  if (buildsBundle) output.say('service: preparing the render bundle (first start with this kit; about a minute, renders wait for it) ...\n');
  const bundle = ensureBundle(settings.cacheDir).then(
    (dir) => {
      if (buildsBundle) output.say(`service: render bundle ready in ${seconds(bundleStarted)} s\n`);
      logger.info({ bundle: dir }, 'compositions bundle ready');
    },
    (error: unknown) => logger.error({ err: error }, 'could not build the compositions bundle; jobs will fail until this is fixed'),
  );

  const browserStarted = performance.now();
  const unpacks = findBrowser(settings.browserExecutable)?.unpackFrom !== undefined;
  if (unpacks) output.say('service: unpacking the bundled Chromium (first start, a few seconds) ...\n');
  const browser = prepareBrowser(settings.browserExecutable).then(
    (ready) => {
      if (unpacks) output.say(`service: Chromium ready in ${seconds(browserStarted)} s\n`);
      logger.info({ browser: ready.executable, source: ready.source, version: ready.version }, 'browser ready');
    },
    (error: unknown) => {
      // Say now, not at the first job, when this machine cannot render.
      output.warn(`warning: renders will fail: ${(error as Error).message}\n`);
      logger.warn({ err: error }, 'no browser can render here');
    },
  );
  return Promise.all([bundle, browser]).then(() => undefined);
}
