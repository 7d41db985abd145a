#!/usr/bin/env node
// The gallery: what the node makes of the requests people write (test/fixtures/user-prompts.ts),
// rendered as whole jobs at the sizes and lengths the node picks itself, one contact sheet each.
//
//   npm run build
//   node scripts/gallery-sheets.mjs --mode embedded|model|fresh [--only 8,9] [--out docs/gallery] [--data-dir DIR]
//
// Each request (0-based index into USER_PROMPTS) becomes a job on an in-process node (its REST API on
// a loopback port, materials served by a loopback file server: `csv` = SALES_CSV, `screenshots` =
// three app screenshots, `logo` = a logo image). One frame a second of the MP4 (taken half a second
// in) is tiled ten a row, each labelled with its second, into <out>/<mode>/<nn>-<slug>.jpg; the job's
// size, length and each scene's `visual.kind` go to <out>/<mode>/index.json, and <out>/README.md is
// written again from the index of both modes.
//
// --mode embedded: no language model (the node's offline default).
// --mode fresh: new everyday requests (docs/gallery/fresh/cases.json) whose plans a capable model
// wrote (recorded through scripts/record-model-answers.mjs --fixtures docs/gallery/fresh into
// <case>.json beside them), replayed the same way, each plan request answered in recorded order and
// the picture choice with the model's recorded choice (scripts/record-model-answers.mjs --pictures);
// three full-size frames of each video (held frames of three scenes) go beside its sheet.
// Every mode measures each video (src/render/quality/frame-measures.ts): the median share of a held
// frame's pixels that carry content over the scenes that are not title cards, and the longest
// stretch without a visible change; both go to the index and the README.
//
// --mode model: the node is run with `openai:gallery-replay` against a Chat Completions server on
// loopback that answers the planner's structured-output request (schema name `story_plan`) with the
// recorded plan <out>/model-plans/<nn>-<slug>.json, and any other request with a 400 error, so the
// node falls back to its own writing. A request without a recording is skipped in this mode.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODES = ['embedded', 'model', 'fresh'];
const COLUMNS = 10;
const THUMB = 240;
const LABEL_HEIGHT = 22;
const GAP = 4;
const JOB_TIMEOUT_MS = 60 * 60 * 1000;
const REPLAY_MODEL = 'gallery-replay';
const REPLAY_KEY = 'sk-gallery-replay-local';

// ---------------------------------------------------------------------------------------------
// Pure parts (tested in test/scripts/gallery-sheets.test.ts).

/** A file name from a prompt: ASCII, lower case, its first words, at most `max` characters. */
export function slugOf(prompt, max = 40) {
  const words = prompt
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > max) break;
    slug = next;
  }
  return slug || words[0]?.slice(0, max) || 'request';
}

/** `<nn>-<slug>` of request `index`. */
export function baseName(index, prompt) {
  return `${String(index).padStart(2, '0')}-${slugOf(prompt)}`;
}

/** A thumbnail's size: `longest` pixels on the longer side, the other side even and in ratio. */
export function thumbSize(width, height, longest = THUMB) {
  const even = (n) => Math.max(2, 2 * Math.round(n / 2));
  return width >= height ? { width: longest, height: even((longest * height) / width) } : { width: even((longest * width) / height), height: longest };
}

/**
 * Where each of `count` tiles of `tile` size goes on a sheet of `columns` a row, each tile with a
 * label strip of `label` pixels below it and `gap` pixels around: the sheet's size and, per tile,
 * its image's and its label's top-left corner.
 */
export function tileLayout(count, tile, { columns = COLUMNS, gap = GAP, label = LABEL_HEIGHT } = {}) {
  const cols = Math.max(1, Math.min(columns, count));
  const rows = Math.ceil(count / cols);
  const cellWidth = tile.width + gap;
  const cellHeight = tile.height + label + gap;
  const tiles = Array.from({ length: count }, (_, index) => {
    const left = gap + (index % cols) * cellWidth;
    const top = gap + Math.floor(index / cols) * cellHeight;
    return { left, top, labelTop: top + tile.height };
  });
  return { width: gap + cols * cellWidth, height: gap + Math.max(rows, 1) * cellHeight, tiles };
}

/** "0:07" for second 7, "1:02" for 62. */
export function secondLabel(second) {
  return `${Math.floor(second / 60)}:${String(second % 60).padStart(2, '0')}`;
}

const escapeCell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');

/**
 * The gallery's README from both modes' results: `requests` the USER_PROMPTS entries, `results`
 * { mode: { [index]: entry } } where an entry is { sheet, width, height, seconds, kinds, makeSeconds }
 * or { skipped: why } or { failed: why } or { refused: why } (a create the node answers 400: a prompt that
 * only names a topic, on a node with no language model).
 */
export function galleryReadme(requests, results, fresh = []) {
  const lines = [
    '# Gallery',
    '',
    'What the node makes of requests written the way people write them (the set of `test/fixtures/user-prompts.ts`),',
    'each rendered as a whole job at the size and length the node chose from the prompt. A contact sheet shows one',
    'frame a second (taken half a second in), labelled with its second. Made by `scripts/gallery-sheets.mjs`:',
    '',
    '```sh',
    'npm run build',
    'node scripts/gallery-sheets.mjs --mode embedded      # no language model (the offline default)',
    'node scripts/gallery-sheets.mjs --mode model         # plans recorded from a model, in model-plans/',
    'node scripts/gallery-sheets.mjs --mode fresh         # new requests (fresh/cases.json) planned by a model, with full-size frames',
    'node scripts/gallery-sheets.mjs --mode embedded --only 8,9   # some requests (0-based indices)',
    '```',
    '',
    'Materials: `csv` is a small CSV of quarterly sales by region, `screenshots` three app screenshots, `logo` a logo image.',
    '',
  ];
  const titles = {
    embedded: [
      'Without a language model (`embedded`)',
      'The node planned and wrote every scene itself, offline. A request that only names a topic is refused with a 400 on such a node (its video would hold that one line for its whole length); the row says so.',
    ],
    model: [
      'With a model\'s plans (`model`)',
      'The planner\'s answer is a plan recorded from a capable model (`model-plans/<nn>-<slug>.json`), replayed by a local server; the node checks it, writes the scenes and renders as it would with the live model.',
    ],
    fresh: [
      'New requests, with a model\'s plans (`fresh`)',
      'Everyday requests the kit was not tuned for (`fresh/cases.json`), planned by a capable model (its answers recorded in `fresh/<case>.json`) and replayed as above; each row links its sheet and three full-size frames. ' +
        'Rendered on 2 December 2026 with the model\'s recorded picture choices replayed too (before, the picture step fell back to the search: a slot machine for an espresso machine). ' +
        'What changed in the kit since the previous render: before/after is two solid colour panels, each with a large picture, its "after" card drawn only as its wipe reveals it; ' +
        'step cards are two fields in the step\'s colour; a single figure and its picture stand on a full-bleed colour field; the stat grid shows one kind of picture; ' +
        'data scenes have a larger heading with a kicker tag; a hub diagram\'s camera visits each spoke as it is named; and every scene leaves by fading its content to the bare background.',
    ],
  };
  for (const mode of MODES) {
    const [title, blurb] = titles[mode];
    const list = mode === 'fresh' ? fresh : requests;
    if (list.length === 0) continue;
    lines.push(`## ${title}`, '', blurb, '', '| # | Request | Materials | Size | Length | Scenes (`visual.kind`) | Content | Still | Sheet |', '|---|---|---|---|---|---|---|---|---|');
    list.forEach((request, index) => {
      const entry = results[mode]?.[index];
      const cells = [String(index), escapeCell(request.prompt), request.materials ?? ''];
      if (!entry) cells.push('', '', 'not rendered yet', '', '', '');
      else if (entry.skipped) cells.push('', '', `skipped: ${escapeCell(entry.skipped)}`, '', '', '');
      else if (entry.failed) cells.push('', '', `failed: ${escapeCell(entry.failed)}`, '', '', '');
      else if (entry.refused) cells.push('', '', `refused (400): ${escapeCell(entry.refused)}`, '', '', '');
      else {
        const content = entry.measures ? `${Math.round(entry.measures.medianShare * 100)}%` : '';
        const still = entry.measures ? `${entry.measures.longestStill.toFixed(1)} s` : '';
        const stills = (entry.stills ?? []).map((file, n) => `[${n + 1}](${file})`).join(' ');
        cells.push(`${entry.width}×${entry.height}`, `${entry.seconds.toFixed(1)} s`, entry.kinds.join(', '), content, still, `[sheet](${entry.sheet})${stills ? ` · frames ${stills}` : ''}`);
      }
      lines.push(`| ${cells.join(' | ')} |`);
    });
    lines.push('');
  }
  lines.push('**Content** is the median, over the scenes that are not title cards, of the share of a held frame\'s pixels (taken 60% of the way through the scene) that differ from its plain field; **Still** is the longest stretch of the video in which nothing visibly changes (0.2% of the pixels moving by 10 levels, sampled ten times a second).', '');
  return `${lines.join('\n')}`;
}

// ---------------------------------------------------------------------------------------------
// The run.

function parseArgs(argv) {
  const args = { mode: 'embedded', only: undefined, out: path.join(ROOT, 'docs/gallery'), dataDir: undefined, readmeOnly: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${flag} needs a value`);
      return next;
    };
    if (flag === '--mode') args.mode = value();
    else if (flag === '--only') args.only = value().split(',').map((n) => Number(n.trim()));
    else if (flag === '--out') args.out = path.resolve(value());
    else if (flag === '--data-dir') args.dataDir = path.resolve(value());
    else if (flag === '--readme-only') args.readmeOnly = true;
    else if (flag === '--help' || flag === '-h') {
      console.log('node scripts/gallery-sheets.mjs --mode embedded|model|fresh [--only 8,9] [--out docs/gallery] [--data-dir DIR] [--readme-only]');
      process.exit(0);
    } else throw new Error(`unknown flag ${flag}`);
  }
  if (!MODES.includes(args.mode)) throw new Error(`--mode must be ${MODES.join(' or ')}`);
  return args;
}

/** USER_PROMPTS and SALES_CSV, from the TypeScript fixture (no imports in it). */
async function loadFixture() {
  const { transform } = await import('esbuild');
  const source = readFileSync(path.join(ROOT, 'test/fixtures/user-prompts.ts'), 'utf8');
  const { code } = await transform(source, { loader: 'ts', format: 'esm' });
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

function readIndex(out, mode) {
  const file = path.join(out, mode, 'index.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

function writeReadme(out, requests) {
  const results = Object.fromEntries(MODES.map((mode) => [mode, readIndex(out, mode)]));
  writeFileSync(path.join(out, 'README.md'), galleryReadme(requests, results, freshCases(out)));
}

/** The fresh requests (`fresh/cases.json`), each with its case name. */
function freshCases(out) {
  const file = path.join(out, 'fresh', 'cases.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).plans : [];
}

/** The plans a model answered in a recorded case (its `story_plan` answers, in order). */
export function recordedPlans(recording) {
  return recordedObjects(recording, 'story_plan');
}

/** The model's picture choice in a recorded case (its last `picture_choices` answer), or undefined. */
export function recordedPictureChoice(recording) {
  return recordedObjects(recording, 'picture_choices').at(-1);
}

/** The structured answers of a recorded case to requests of one schema name, in order. */
function recordedObjects(recording, schemaName) {
  return (recording.calls ?? []).filter((call) => call.request?.response_format?.json_schema?.name === schemaName && call.answer?.object).map((call) => call.answer.object);
}

/** The materials, served from a loopback file server. */
async function startFileServer(salesCsv) {
  const sharp = (await import('sharp')).default;
  const screenshot = (hue, title) =>
    sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800"><rect width="1280" height="800" fill="#f4f6fb"/><rect width="1280" height="96" fill="${hue}"/><text x="48" y="62" font-family="DejaVu Sans" font-size="36" fill="#fff">${title}</text><rect x="48" y="150" width="340" height="600" rx="18" fill="#dfe4ee"/><rect x="440" y="150" width="792" height="270" rx="18" fill="#ffffff" stroke="#c8cfdc" stroke-width="2"/><rect x="440" y="460" width="792" height="290" rx="18" fill="${hue}" opacity="0.35"/></svg>`)).png().toBuffer();
  const logo = await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400"><circle cx="150" cy="200" r="110" fill="#0f766e"/><path d="M95 255 L150 130 L205 255 Z" fill="#fff"/><text x="290" y="235" font-family="DejaVu Sans" font-weight="bold" font-size="96" fill="#0f172a">Northwind</text></svg>')).png().toBuffer();
  const served = {
    '/sales.csv': ['text/csv', salesCsv],
    '/home.png': ['image/png', await screenshot('#2563eb', 'Home')],
    '/projects.png': ['image/png', await screenshot('#16a34a', 'Projects')],
    '/share.png': ['image/png', await screenshot('#db2777', 'Share')],
    '/logo.png': ['image/png', logo],
  };
  const server = createServer((request, response) => {
    const file = served[request.url ?? ''];
    if (file) response.writeHead(200, { 'content-type': file[0] }).end(file[1]);
    else response.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${server.address().port}` };
}

/**
 * A Chat Completions server on loopback: the planner's structured-output request (`story_plan`) gets
 * the current recorded plan, the picture choice (`picture_choices`) the recorded choice where the
 * case has one; anything else a 400, so the node falls back to its own writing (and to the search's
 * pictures).
 */
async function startReplayServer() {
  const state = { plan: undefined, plans: undefined, pictures: undefined, asked: [] };
  const error = (message) => ({ error: { message, type: 'invalid_request_error', param: null, code: null } });
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        return send(400, error('request body is not JSON'));
      }
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) return send(404, error(`no route ${req.method} ${req.url}`));
      const schemaName = body.response_format?.json_schema?.name;
      state.asked.push(schemaName ?? (body.tools ? 'tools' : 'text'));
      const plans = state.plans ?? (state.plan ? [state.plan] : []);
      let answer;
      if (schemaName === 'picture_choices' && state.pictures) answer = state.pictures;
      else if (schemaName === 'story_plan' && plans.length > 0) {
        // The k-th plan request gets the k-th recorded answer (a revision its revision), the last one after that.
        const asked = state.asked.filter((name) => name === 'story_plan').length;
        answer = plans[Math.min(asked - 1, plans.length - 1)];
      }
      if (!answer) return send(400, error('gallery replay: only the story_plan and picture_choices requests are recorded'));
      const content = JSON.stringify(answer);
      send(200, {
        id: `chatcmpl-${Date.now()}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model ?? REPLAY_MODEL,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null }],
        usage: { prompt_tokens: Math.ceil(JSON.stringify(body).length / 4), completion_tokens: Math.ceil(content.length / 4), total_tokens: 0 },
      });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, state, url: `http://127.0.0.1:${server.address().port}/v1` };
}

/** A recorded plan: the plan object itself, or `{ "plan": {...} }`. */
function readPlan(file) {
  const json = JSON.parse(readFileSync(file, 'utf8'));
  return json && typeof json === 'object' && json.plan && Array.isArray(json.plan.scenes) ? json.plan : json;
}

const run = promisify(execFile);

/** One frame a second (half a second in), as thumbnails, then the sheet. */
async function contactSheet(ffmpeg, mp4, width, height, seconds, sheetFile, workDir) {
  const sharp = (await import('sharp')).default;
  const tile = thumbSize(width, height);
  const framesDir = path.join(workDir, 'frames');
  rmSync(framesDir, { recursive: true, force: true });
  mkdirSync(framesDir, { recursive: true });
  // The compositor's FFmpeg has no fps or select filter: the output rate (-r 1) drops the frames between.
  await run(ffmpeg, ['-v', 'error', '-ss', '0.5', '-i', mp4, '-an', '-vf', `scale=${tile.width}:${tile.height}:flags=lanczos`, '-r', '1', '-frames:v', String(Math.max(1, Math.ceil(seconds - 0.5))), path.join(framesDir, '%04d.png')], { maxBuffer: 16 * 1024 * 1024 });
  const frames = readdirSync(framesDir).filter((name) => name.endsWith('.png')).sort();
  if (frames.length === 0) throw new Error(`no frames from ${mp4}`);
  const layout = tileLayout(frames.length, tile);
  const composites = [];
  frames.forEach((name, second) => {
    const place = layout.tiles[second];
    composites.push({ input: path.join(framesDir, name), left: place.left, top: place.top });
    const label = `<svg xmlns="http://www.w3.org/2000/svg" width="${tile.width}" height="${LABEL_HEIGHT}"><text x="${tile.width / 2}" y="${LABEL_HEIGHT - 6}" text-anchor="middle" font-family="DejaVu Sans" font-size="14" fill="#d1d5db">${secondLabel(second)}</text></svg>`;
    composites.push({ input: Buffer.from(label), left: place.left, top: place.labelTop });
  });
  mkdirSync(path.dirname(sheetFile), { recursive: true });
  await sharp({ create: { width: layout.width, height: layout.height, channels: 3, background: '#111827' } })
    .composite(composites)
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(sheetFile);
  return frames.length;
}

/** Three full-size frames of a video: the held frames (60% through) of its second, middle and second-to-last scenes. */
async function fullFrames(ffmpeg, mp4, scenes, dir, name) {
  const picks = [...new Set([1, Math.floor(scenes.length / 2), scenes.length - 2].map((n) => Math.min(Math.max(n, 0), scenes.length - 1)))];
  const files = [];
  for (const [k, n] of picks.entries()) {
    const scene = scenes[n];
    const file = `${name}-${k + 1}.jpg`;
    await run(ffmpeg, ['-v', 'error', '-y', '-ss', String(scene.start + (scene.end - scene.start) * 0.6), '-i', mp4, '-frames:v', '1', '-q:v', '3', path.join(dir, file)]);
    files.push(file);
  }
  return files;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const { USER_PROMPTS, SALES_CSV } = await loadFixture();
  mkdirSync(args.out, { recursive: true });
  if (args.readmeOnly) {
    writeReadme(args.out, USER_PROMPTS);
    console.log(`wrote ${path.relative(process.cwd(), path.join(args.out, 'README.md'))}`);
    return;
  }
  const requests = args.mode === 'fresh' ? freshCases(args.out) : USER_PROMPTS;
  const indices = args.only ?? requests.map((_, index) => index);
  for (const index of indices) if (!requests[index]) throw new Error(`--only ${index}: there are ${requests.length} requests (0-based)`);

  // Which requests this mode can make.
  const todo = [];
  const results = readIndex(args.out, args.mode);
  for (const index of indices) {
    const request = requests[index];
    const name = args.mode === 'fresh' ? request.name : baseName(index, request.prompt);
    if (args.mode === 'fresh') {
      const file = path.join(args.out, 'fresh', `${name}.json`);
      const recording = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
      const plans = recordedPlans(recording);
      const pictures = recordedPictureChoice(recording);
      if (plans.length === 0) {
        console.log(`#${index} ${name}: skipped, no recorded plan at ${path.relative(process.cwd(), file)}`);
        results[index] = { skipped: `no recorded plan (fresh/${name}.json)` };
        continue;
      }
      todo.push({ index, request, name, plans, pictures });
    } else if (args.mode === 'model') {
      const planFile = path.join(args.out, 'model-plans', `${name}.json`);
      if (!existsSync(planFile)) {
        console.log(`#${index} ${name}: skipped, no recorded plan at ${path.relative(process.cwd(), planFile)}`);
        results[index] = { skipped: `no recorded plan (model-plans/${name}.json)` };
        continue;
      }
      let plan;
      try {
        plan = readPlan(planFile);
      } catch (error) {
        console.log(`#${index} ${name}: skipped, ${path.relative(process.cwd(), planFile)} is not JSON: ${error.message}`);
        results[index] = { skipped: `model-plans/${name}.json is not JSON` };
        continue;
      }
      todo.push({ index, request, name, plan });
    } else todo.push({ index, request, name });
  }
  const saveResults = () => {
    mkdirSync(path.join(args.out, args.mode), { recursive: true });
    writeFileSync(path.join(args.out, args.mode, 'index.json'), `${JSON.stringify(results, null, 2)}\n`);
    writeReadme(args.out, USER_PROMPTS);
  };
  if (todo.length === 0) {
    saveResults();
    return;
  }

  const dist = (file) => pathToFileURL(path.join(ROOT, 'dist', file)).href;
  const [{ resolveConfig }, { openNode }, { startRuntime }, { createAccount }, { createApiKey }, { buildApp }, { isTerminal }, { packageCacheDir }, { requireFfmpeg }, { measureVideo }] = await Promise.all([
    import(dist('config/resolve-config.js')),
    import(dist('node-context.js')),
    import(dist('node-runtime.js')),
    import(dist('accounts/accounts.js')),
    import(dist('accounts/api-keys.js')),
    import(dist('server/app.js')),
    import(dist('pipeline/engine/job-states.js')),
    import(dist('package-root.js')),
    import(dist('render/ffmpeg/run-ffmpeg.js')),
    import(dist('render/quality/frame-measures.js')),
  ]);

  const files = await startFileServer(SALES_CSV);
  const replay = args.mode === 'model' || args.mode === 'fresh' ? await startReplayServer() : undefined;
  const ownDataDir = !args.dataDir;
  const dataDir = args.dataDir ?? mkdtempSync(path.join(tmpdir(), 'gallery-sheets-'));
  const workDir = mkdtempSync(path.join(tmpdir(), 'gallery-frames-'));
  const options = { dataDir, logLevel: 'silent', allowPrivateUrls: true, ...(packageCacheDir() ? { cacheDir: packageCacheDir() } : {}) };
  if (replay) Object.assign(options, { llm: `openai:${REPLAY_MODEL}`, llmBaseUrl: replay.url });
  const ctx = openNode(resolveConfig(options, replay ? { OPENAI_API_KEY: REPLAY_KEY } : {}));
  const ffmpeg = requireFfmpeg(ctx.config.ffmpegPath).ffmpeg;
  let port = 0;
  const runtime = startRuntime(ctx, { resume: false, baseUrl: () => `http://127.0.0.1:${port}` });
  let app;
  try {
    app = await buildApp({ ctx, services: runtime, rateLimit: { now: (() => { let clock = 0; return () => (clock += 61_000); })() } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = app.server.address().port;
    const baseUrl = `http://127.0.0.1:${port}`;
    const account = await createAccount(ctx, { name: 'Gallery', email: `gallery-${Date.now()}@example.com`, plan: 'ultimate', credits: 100_000 });
    const { key } = createApiKey(ctx, { accountId: account.id });
    const api = async (method, route, body) => {
      const response = await fetch(baseUrl + route, { method, headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
      return { status: response.status, body: await response.json() };
    };

    console.log(`gallery, mode ${args.mode}: ${todo.length} request(s); data dir ${dataDir}`);
    for (const item of todo) {
      try {
        await makeOne(item);
      } catch (error) {
        console.log(`#${item.index} ${item.name}: ${error?.stack ?? error}`);
        results[item.index] = { failed: String(error?.message ?? error).split('\n')[0] };
        saveResults();
      }
    }
    async function makeOne({ index, request, name, plan, plans, pictures }) {
      if (replay) {
        replay.state.plan = plan;
        replay.state.plans = plans;
        replay.state.pictures = pictures;
        replay.state.asked = [];
      }
      const body = { prompt: request.prompt, render: true };
      if (request.materials === 'csv') body.documents = [{ url: `${files.base}/sales.csv`, mime_type: 'text/csv', file_name: 'sales.csv' }];
      if (request.materials === 'screenshots') body.images = ['home', 'projects', 'share'].map((shot) => ({ url: `${files.base}/${shot}.png` }));
      if (request.materials === 'logo') body.images = [{ url: `${files.base}/logo.png` }];
      const started = performance.now();
      const created = await api('POST', '/v1/videos', body);
      if (created.status === 400 && created.body?.error?.details?.some((detail) => detail.field === 'body.prompt')) {
        // Refused as a user would see it: the prompt gives the node nothing to show but one line.
        console.log(`#${index} ${name}: refused: ${created.body.error.details[0].message}`);
        results[index] = { refused: created.body.error.details[0].message };
        saveResults();
        return;
      }
      if (created.status !== 202) {
        console.log(`#${index} ${name}: create answered ${created.status} ${JSON.stringify(created.body)}`);
        results[index] = { failed: `create answered ${created.status}` };
        saveResults();
        return;
      }
      const id = created.body.id;
      let job;
      let lastDetail = '';
      for (const deadline = Date.now() + JOB_TIMEOUT_MS; ; ) {
        job = (await api('GET', `/v1/videos/${id}`)).body;
        if (isTerminal(job.status)) break;
        const detail = `${job.status} ${job.phase ?? ''} ${job.phase_detail ?? ''}`.trim();
        if (detail !== lastDetail) {
          process.stdout.write(`  #${index} ${((performance.now() - started) / 1000).toFixed(0)} s: ${detail}\n`);
          lastDetail = detail;
        }
        if (Date.now() > deadline) throw new Error(`#${index}: still ${job.status} after ${JOB_TIMEOUT_MS / 60000} min`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      const makeSeconds = (performance.now() - started) / 1000;
      if (job.status !== 'completed' || !job.download_url) {
        const why = job.error?.message ?? job.error ?? job.status;
        console.log(`#${index} ${name}: ${job.status} after ${makeSeconds.toFixed(0)} s: ${JSON.stringify(why)}`);
        results[index] = { failed: typeof why === 'string' ? why : JSON.stringify(why) };
        saveResults();
        return;
      }
      const row = ctx.videos.get(id);
      const mp4 = path.join(workDir, `${name}.mp4`);
      const download = await fetch(new URL(job.download_url, baseUrl));
      if (!download.ok) throw new Error(`#${index}: download answered ${download.status}`);
      writeFileSync(mp4, Buffer.from(await download.arrayBuffer()));
      const sheetRelative = `${args.mode}/${name}.jpg`;
      const kinds = (job.scenes ?? []).map((scene) => scene.visual?.kind ?? '?');
      const seconds = row.duration_seconds ?? (job.scenes ?? []).reduce((sum, scene) => sum + scene.duration_seconds, 0);
      const frames = await contactSheet(ffmpeg, mp4, row.width, row.height, seconds, path.join(args.out, sheetRelative), workDir);
      const visuals = (job.scenes ?? []).map((scene) => ({ title: scene.title, seconds: scene.duration_seconds, kind: scene.visual?.kind, names: scene.visual?.names ?? [] }));
      // Where each scene starts and ends, and which are title cards (the opening and closing cards).
      let at = 0;
      const timed = ctx.videos.scenes(id).map((scene) => {
        const span = { start: at, end: at + scene.duration_seconds, title: ['title', 'cta', 'logo'].includes(scene.kind), kind: scene.kind };
        at = span.end;
        return span;
      });
      const measured = await measureVideo({ ffmpeg }, mp4, { width: row.width, height: row.height, fps: row.fps }, timed);
      const measures = { medianShare: Math.round(measured.medianShare * 1000) / 1000, sceneShares: measured.sceneShares.map((share) => Math.round(share * 1000) / 1000), longestStill: Math.round(measured.longestStill.seconds * 10) / 10, stillFrom: Math.round(measured.longestStill.from * 10) / 10 };
      const stills = args.mode === 'fresh' ? await fullFrames(ffmpeg, mp4, timed, path.join(args.out, args.mode), name) : undefined;
      results[index] = { sheet: sheetRelative, width: row.width, height: row.height, seconds, kinds, makeSeconds: Math.round(makeSeconds), frames, scenes: visuals, measures, ...(stills ? { stills: stills.map((file) => `${args.mode}/${file}`) } : {}), ...(job.warnings?.length ? { warnings: job.warnings.map((warning) => warning.code ?? warning) } : {}) };
      if (replay) {
        const planner = row.plan ? JSON.parse(row.plan).planner : undefined;
        results[index].planner = planner;
        results[index].modelRequests = replay.state.asked;
      }
      saveResults();
      rmSync(mp4, { force: true });
      const extra = replay ? `; planner ${results[index].planner}, model asked: ${replay.state.asked.join(', ') || 'nothing'}` : '';
      for (const [n, scene] of visuals.entries()) console.log(`    ${scene.seconds.toFixed(1).padStart(5)} s  ${scene.kind}  ${Math.round((measures.sceneShares[n] ?? 0) * 100)}%  ${scene.title}  [${scene.names.join(', ')}]`);
      console.log(`    content ${Math.round(measures.medianShare * 100)}% (median, not title cards); longest still ${measures.longestStill} s at ${measures.stillFrom} s`);
      console.log(`#${index} ${name}: made in ${makeSeconds.toFixed(1)} s; ${row.width}x${row.height}, ${seconds.toFixed(1)} s; scenes: ${kinds.join(', ')}${job.warnings?.length ? `; warnings: ${job.warnings.map((warning) => warning.code ?? warning).join(', ')}` : ''}${extra} -> ${path.relative(process.cwd(), path.join(args.out, sheetRelative))}`);
    }
  } finally {
    await app?.close();
    await runtime.stop();
    ctx.close();
    files.server.close();
    replay?.server.close();
    rmSync(workDir, { recursive: true, force: true });
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
