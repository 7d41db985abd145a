// Whole jobs planned by a capable model (plans recorded through the model relay for the gallery's
// new requests, docs/gallery/fresh), narrated by the embedded voice and rendered small, held to what
// a designed explainer frame is: held frames carry content in at least 30% of their pixels (the
// median over the scenes that are not title cards), no stretch of the video stands still for more
// than 3.5 s, and no element shows a stand-in letter.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg } from '../../src/render/ffmpeg/find-ffmpeg.js';
import { measureVideo } from '../../src/render/quality/frame-measures.js';
import { startFakeOpenAIServer, type FakeModelServer } from '../helpers/fake-model-servers.js';
import { recordedPlans } from '../../scripts/gallery-sheets.mjs';
import { startE2eNode, type E2eNode } from './e2e-node.js';

const FRESH = path.resolve(import.meta.dirname, '../../docs/gallery/fresh');
const CASES = (JSON.parse(readFileSync(path.join(FRESH, 'cases.json'), 'utf8')) as { plans: { name: string; prompt: string }[] }).plans;

/** The requests held to the measures: a data story, a how-to and a message exchange, at 16:9. */
const MEASURED = ['11-trees-for-donors', '09-overnight-oats', '07-oauth-login'];

const ffmpeg = findFfmpeg()!;
let e2e: E2eNode;
let openai: FakeModelServer;
let downloads: string;

beforeAll(async () => {
  openai = await startFakeOpenAIServer({ apiKey: 'sk-designed-frames' });
  e2e = await startE2eNode({ config: { llm: 'openai:gpt-4.1', llmBaseUrl: openai.url }, env: { OPENAI_API_KEY: 'sk-designed-frames' } });
  downloads = mkdtempSync(path.join(tmpdir(), 'designed-frames-'));
}, 60_000);
afterAll(async () => {
  await e2e?.close();
  await openai?.close();
  rmSync(downloads, { recursive: true, force: true });
});

describe('frames a motion designer would sign, from a capable model’s plans', () => {
  it.each(MEASURED)('%s: held frames carry content, nothing stands still for long, no stand-in letters', async (name) => {
    const request = CASES.find((entry) => entry.name === name)!;
    const plans = recordedPlans(JSON.parse(readFileSync(path.join(FRESH, `${name}.json`), 'utf8')));
    expect(plans.length).toBeGreaterThan(0);
    // The plan (and its revision, when the model was asked again), then the pictures: the model keeps the search's picks.
    openai.enqueue(...plans.map((plan) => ({ object: plan })), { object: { choices: [] } });
    const created = await e2e.request('POST', '/v1/videos', { prompt: request.prompt, dimensions: { width: 480, height: 270 }, render: true });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const job = await e2e.waitFor(created.body.id, undefined, 15 * 60_000);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');

    const response = await fetch(job.download_url);
    const file = path.join(downloads, `${name}.mp4`);
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    let at = 0;
    const scenes = e2e.node.ctx.videos.scenes(created.body.id).map((scene) => {
      const span = { start: at, end: at + scene.duration_seconds, title: ['title', 'cta', 'logo'].includes(scene.kind) };
      at = span.end;
      return span;
    });
    const measures = await measureVideo(ffmpeg, file, { width: 480, height: 270, fps: 30 }, scenes);
    const report = `${name}: content ${measures.sceneShares.map((share) => share.toFixed(2)).join(', ')}; longest still ${measures.longestStill.seconds} s at ${measures.longestStill.from} s`;
    console.log(report);
    expect(measures.medianShare, report).toBeGreaterThanOrEqual(0.3);
    expect(measures.longestStill.seconds, report).toBeLessThanOrEqual(3.5);
    // What each element shows: a picture, a step number, never a letter standing in for a picture.
    const names = (job.scenes as { visual: { names: string[] } }[]).flatMap((scene) => scene.visual.names);
    expect(names.filter((entry) => entry.startsWith('initial '))).toEqual([]);
  }, 20 * 60_000);
});
