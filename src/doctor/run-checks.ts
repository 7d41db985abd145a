import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ServiceConfig } from '../config/resolve-config.js';
import { BROWSER_FIX, BrowserStartError, findBrowser, prepareBrowser } from '../render/browser/find-browser.js';
import { renderAcceleration } from '../render/acceleration.js';
import { ffmpegVersion, findFfmpeg } from '../render/ffmpeg/find-ffmpeg.js';
import { describeFootageSetting, type FootageSetting } from '../pipeline/providers/footage/footage-config.js';
import { describeStillSetting } from '../pipeline/providers/stills/stills-config.js';
import Database from 'better-sqlite3';
import { hasDatabase, openDatabase } from '../store/open-database.js';

/** The outcome of one check. `warn` does not stop the node; `fail` does. */
export interface CheckResult {
  name: string;
  status: 'ok' | 'warn' | 'fail';
  detail: string;
  /** What to do about it, when it is not ok. */
  fix?: string;
}

/** Oldest Node.js the node runs on. */
export const MIN_NODE_VERSION = [20, 19] as const;

/** The closest folder at or above `dir` that exists. */
function nearestExisting(dir: string): string {
  let at = path.resolve(dir);
  while (!existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  return at;
}

function check(name: string, run: () => string, fix: string, status: 'warn' | 'fail' = 'fail'): CheckResult {
  try {
    return { name, status: 'ok', detail: run() };
  } catch (error) {
    return { name, status, detail: error instanceof Error ? error.message.split('\n')[0]! : String(error), fix };
  }
}

/**
 * Everything the node needs from the machine and the providers it is configured with, each with the
 * fix when it is missing. `refused` holds the lines of settings `serve` would refuse (see
 * `resolveDoctorConfig`); each stands in place of the check of those settings.
 */
export async function runChecks(config: ServiceConfig, refused: readonly CheckResult[] = []): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const refusedLine = (name: string) => refused.find((result) => result.name === name);

  results.push(
    check('node', () => {
      const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
      const [needMajor, needMinor] = MIN_NODE_VERSION;
      if (major < needMajor || (major === needMajor && minor < needMinor)) {
        throw new Error(`Node.js ${process.versions.node} is older than ${needMajor}.${needMinor}`);
      }
      return `Node.js ${process.versions.node}`;
    }, `install Node.js ${MIN_NODE_VERSION.join('.')} or newer`),
  );

  // Doctor only looks: a data dir that does not exist yet is not made here (serve makes it).
  results.push(
    check('data dir', () => {
      if (!existsSync(config.dataDir)) {
        const parent = nearestExisting(config.dataDir);
        accessSync(parent, constants.W_OK);
        return `${config.dataDir} does not exist yet; \`service serve\` makes it (${parent} is writable)`;
      }
      const probe = path.join(config.dataDir, `.doctor-${process.pid}`);
      writeFileSync(probe, 'ok');
      rmSync(probe);
      return `${config.dataDir} is writable`;
    }, 'choose a writable directory with --data-dir or SERVICE_DATA_DIR'),
  );

  results.push(
    check('database', () => {
      const existing = hasDatabase(config.dataDir);
      const db = existing ? openDatabase(config.dataDir, { readOnly: true }) : new Database(':memory:');
      try {
        const version = db.prepare('SELECT sqlite_version()').pluck().get() as string;
        if (!existing) return `SQLite ${version}; no database in the data dir yet (\`service serve\` makes it)`;
        const journal = db.pragma('journal_mode', { simple: true }) as string;
        return `SQLite ${version}, journal ${journal}`;
      } finally {
        db.close();
      }
    }, 'reinstall with `npm install` so better-sqlite3 is built for this Node.js (needs python3, make and g++)'),
  );

  results.push(await browserCheck(config));

  results.push(
    check('ffmpeg', () => {
      const ffmpeg = findFfmpeg(config.ffmpegPath);
      if (!ffmpeg) throw new Error('no FFmpeg found');
      return `${ffmpegVersion(ffmpeg)} (${ffmpeg.source})`;
    }, 'run `npm install` (Remotion\'s compositor package ships FFmpeg) or set SERVICE_FFMPEG_PATH'),
  );

  results.push(
    refusedLine('render') ??
      check('render', () => renderAcceleration(config).summary, 'install the NVIDIA driver (libcuda) for NVENC, or use --render-accel cpu', 'warn'),
  );

  results.push(
    check('fonts', () => {
      const families = execFileSync('fc-list', [':', 'family'], { encoding: 'utf8', timeout: 15_000 })
        .split('\n')
        .filter(Boolean);
      if (families.length === 0) throw new Error('fontconfig lists no fonts');
      return `${new Set(families).size} font families on the system (fallback for scripts the kit's fonts lack)`;
    }, 'install system fonts: apt-get install fontconfig fonts-dejavu-core fonts-noto-core'),
  );

  const speechRefused = refusedLine('speech model');
  if (speechRefused) {
    results.push(speechRefused);
  } else if (config.speech) {
    // One short call speaks "Hello.": a bad key, voice or base URL shows before a job needs it.
    const { speechProviderOf } = await import('../pipeline/speech/node-voices.js');
    const { checkSpeechProvider } = await import('../pipeline/speech/providers/check-speech-provider.js');
    const { describeSpeechSetting } = await import('../pipeline/speech/providers/speech-config.js');
    const described = describeSpeechSetting(config.speech);
    const result = await checkSpeechProvider(speechProviderOf(config)!, { timeoutMs: 30_000 });
    results.push(
      result.ok
        ? { name: 'speech model', status: 'ok', detail: `${described}: spoke "Hello." with ${result.voice} in ${result.latencyMs} ms` }
        : {
            name: 'speech model',
            status: config.speechFallback === 'embedded' ? 'warn' : 'fail',
            detail: `${described}: ${result.problem}${config.speechFallback === 'embedded' ? ' (jobs fall back to the embedded engine, with a warning)' : ' (narrated jobs fail with audio_failed)'}`,
            fix: 'check --speech, --speech-base-url and the key variable it names, or run without --speech for the embedded engine',
          },
    );
  } else {
    results.push({ name: 'speech model', status: 'ok', detail: 'embedded engine (eSpeak NG, 74 languages); --speech names a neural voice model (see docs/voices.md)' });
  }
  const modelRefused = refusedLine('language model');
  if (modelRefused) {
    results.push(modelRefused);
  } else if (config.languageModel) {
    // Loaded only here, so the CLI starts without the AI SDK.
    const { checkLanguageModel } = await import('../pipeline/providers/llm/check-language-model.js');
    results.push(await checkLanguageModel('language model', config.languageModel));
    if (config.premiumLanguageModel) results.push(await checkLanguageModel('premium model', config.premiumLanguageModel, { premium: true }));
  } else {
    // Nothing matters more to what the videos say: said even though the node runs without one.
    const { NO_LANGUAGE_MODEL } = await import('../pipeline/providers/llm/model-config.js');
    results.push({ name: 'language model', status: 'warn', ...NO_LANGUAGE_MODEL });
  }
  const premiumRefused = refusedLine('premium model');
  if (premiumRefused) results.push(premiumRefused);
  const queueRefused = refusedLine('queue');
  if (queueRefused) results.push(queueRefused);
  else if (config.queueUrl) results.push(...(await scaleOutChecks(config.queueUrl, config)));
  const footageRefused = refusedLine('footage');
  if (footageRefused) results.push(footageRefused);
  else if (config.footage) results.push(footageCheck(config.footage));
  const imageRefused = refusedLine('image model');
  // Like the video model, the image model charges per call: named, not called.
  if (imageRefused) {
    results.push(imageRefused);
  } else if (config.imageModel) {
    results.push({ name: 'image model', status: 'ok', detail: `cast portraits and storyboard stills are made by ${describeStillSetting(config.imageModel)} (not called by this check); a still it cannot make is drawn by the kit` });
  }
  results.push(...refused.filter((line) => !results.includes(line)));
  return results;
}

/** The render queue's Redis and the shared bucket, each reached for real (a PING; a probe object written, read and deleted). */
export async function scaleOutChecks(queueUrl: string, config: ServiceConfig): Promise<CheckResult[]> {
  const [{ SegmentQueue }, { openStore }] = await Promise.all([import('../queue/segment-queue.js'), import('../storage/store-config.js')]);
  const queue = new SegmentQueue({ url: queueUrl });
  const results: CheckResult[] = [];
  try {
    const redis = await queue.check();
    const health = await queue.health();
    const workers = health.reachable ? health.workers : 0;
    const counted = `${redis}; ${workers} render worker${workers === 1 ? '' : 's'} connected`;
    // Renders wait (and say so) while no worker is up: a warning, not a failure.
    results.push(workers > 0 ? { name: 'queue', status: 'ok', detail: counted } : { name: 'queue', status: 'warn', detail: counted, fix: 'start `service worker --queue … --store …` on a render machine; renders wait until one connects' });
  } catch (error) {
    results.push({ name: 'queue', status: 'fail', detail: (error as Error).message, fix: 'start Redis where --queue (SERVICE_QUEUE) points, or correct the URL' });
  } finally {
    await queue.close();
  }
  const store = openStore(config.store, { localRoot: path.join(config.dataDir, 'files') });
  try {
    results.push({ name: 'store', status: 'ok', detail: await store.check() });
  } catch (error) {
    results.push({ name: 'store', status: 'fail', detail: (error as Error).message, fix: 'check --store (SERVICE_STORE), AWS_ENDPOINT_URL_S3, AWS_REGION and the AWS keys' });
  }
  return results;
}

/**
 * The video model `ai_video` footage is filmed with. It is not called: a video model charges per
 * clip, so the line says which model jobs would use.
 */
function footageCheck(setting: FootageSetting): CheckResult {
  return { name: 'footage', status: 'ok', detail: `ai_video shots are filmed by ${describeFootageSetting(setting)} (not called by this check); a clip it cannot make falls back to the kit's drawn shot` };
}

/** The browser renders will use, started once, so a machine that lacks Chromium's libraries is told what to install. */
async function browserCheck(config: ServiceConfig): Promise<CheckResult> {
  try {
    const browser = await prepareBrowser(config.browserExecutable);
    const fallback = browser.source === 'bundled' ? findBrowser(undefined, { bundled: undefined }) : undefined;
    return { name: 'browser', status: 'ok', detail: `${browser.version} at ${browser.executable} (${browser.source}${fallback ? `; ${fallback.source} at ${fallback.executable} too` : ''})` };
  } catch (error) {
    const detail = error instanceof BrowserStartError ? error.reason : (error as Error).message.replace(`: ${BROWSER_FIX}`, '');
    return { name: 'browser', status: 'fail', detail, fix: BROWSER_FIX };
  }
}
