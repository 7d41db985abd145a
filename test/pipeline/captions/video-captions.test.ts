import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideoBody } from '../../../src/pipeline/create/create-video-schema.js';
import { NARRATION_LEAD } from '../../../src/pipeline/speech/fit-timeline.js';
import { resolveTheme } from '../../../src/pipeline/theme/resolve-theme.js';
import { createVideo } from '../../../src/pipeline/videos/create-video.js';
import type { SceneRow, VideoUpdate } from '../../../src/store/videos-store.js';
import { bearer, createAccountWithKey, createTestApp, createTestNode, type TestNode } from '../../helpers/test-node.js';
import { toolError } from '../../mcp/mcp-helpers.js';
import { expectReadableCues, parseSrt, parseVtt } from './caption-parsers.js';

const THEME = resolveTheme({ prompt: 'bees', animationStyle: 'plain' });
const SCRIPTS = [
  'Honey bees visit up to two million flowers to make a single pound of honey. Each forager makes only a twelfth of a teaspoon in her whole life.',
  'Back at the hive, house bees fan the nectar dry; then they seal each cell with wax.',
];

/** A scene row narrated with `script` at 15 characters a second (or silent without one). */
function scene(videoId: string, position: number, script: string | null, changes: Partial<SceneRow> = {}): SceneRow {
  const words = script ? [...script.matchAll(/\S+/g)].map((match) => ({ start: 0.05 + match.index / 15, index: match.index, length: match[0].length })) : null;
  const seconds = script ? 0.05 + script.length / 15 + 0.1 : null;
  return {
    id: `scn_${videoId}_${position}`, video_id: videoId, position, title: `Scene ${position}`, role: 'body', kind: 'title',
    duration_seconds: seconds ? seconds + 0.8 + 0.013 : 2.5, settings: '{}', source: null, compiled: null, writer: null, committed_at: null,
    narration: script, narration_audio: script ? `videos/${videoId}/audio/narration-${position}.wav` : null, narration_seconds: seconds,
    narration_words: words ? JSON.stringify(words) : null, audit: null, authoring: null,
    ...changes,
  };
}

describe('GET /v1/videos/{id}/captions and get_captions', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let key: string;
  let accountId: string;
  let url: string;

  beforeAll(async () => {
    node = createTestNode();
    let clock = 0;
    app = await createTestApp(node.ctx, { rateLimit: { now: () => (clock += 61_000) } });
    url = `${await app.listen({ host: '127.0.0.1', port: 0 })}/mcp`;
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  /** A job of a fresh account, with a plan whose sound is `audio`, in the state `update` says. */
  async function job(audio: { narration: boolean; language: string } | undefined, scripts: (string | null)[], update: VideoUpdate = { status: 'completed' }, changes: (position: number) => Partial<SceneRow> = () => ({})): Promise<string> {
    const made = await createAccountWithKey(node.ctx);
    key = made.key.key;
    accountId = made.account.id;
    const principal = { account: node.ctx.accounts.get(accountId)!, key: null };
    const { body } = await createVideo(node.ctx, principal, createVideoBody.parse({ prompt: 'How bees make honey: foragers collect nectar, house bees fan it dry.' }), { enqueue: () => undefined });
    const id = body.id as string;
    if (audio) {
      const plan = { title: 'Bees', theme: THEME, planner: 'test', audio: { ...audio, music: true, sfx: false, voice: 'en-us', bpm: 100, mood: 'calm', seed: 1 } };
      node.ctx.videos.update(id, { plan: JSON.stringify(plan), scenes_planned: scripts.length, ...update });
      scripts.forEach((script, position) => node.ctx.videos.insertScene(scene(id, position, script, changes(position))));
    } else node.ctx.videos.update(id, update);
    return id;
  }

  const get = (path: string) => app.inject({ method: 'GET', url: path, headers: bearer(key) });

  /** Each narrated scene's narration window on the timeline: the scene's frame-rounded start plus the lead. */
  function windows(id: string): { start: number; end: number }[] {
    const row = node.ctx.videos.get(id)!;
    let frames = 0;
    return node.ctx.videos.scenes(id).flatMap((entry) => {
      const start = frames / row.fps + NARRATION_LEAD;
      frames += Math.max(1, Math.round(entry.duration_seconds * row.fps));
      return entry.narration_seconds ? [{ start, end: start + entry.narration_seconds }] : [];
    });
  }

  it('answers a SubRip file by default, named after the job, in the narration\'s language, with cues inside each scene\'s narration', async () => {
    const id = await job({ narration: true, language: 'en' }, [SCRIPTS[0]!, null, SCRIPTS[1]!]);
    const response = await get(`/v1/videos/${id}/captions`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-subrip; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${id}.srt"`);
    expect(response.headers['content-language']).toBe('en');
    const cues = parseSrt(response.body);
    expectReadableCues(cues, windows(id), 42);
    expect(cues.map((cue) => cue.lines.join(' ')).join(' ')).toBe(SCRIPTS.join(' '));
    // The third scene's narration starts after the silent second scene: its first cue starts there.
    const third = windows(id)[1]!;
    expect(cues.find((cue) => cue.lines.join(' ').startsWith('Back at the hive'))!.start).toBeGreaterThanOrEqual(third.start);
  });

  it('answers WebVTT with format=vtt, the same cues as the SubRip file', async () => {
    const id = await job({ narration: true, language: 'de' }, [SCRIPTS[0]!]);
    const vtt = await get(`/v1/videos/${id}/captions?format=vtt`);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.headers['content-disposition']).toBe(`attachment; filename="${id}.vtt"`);
    expect(vtt.headers['content-language']).toBe('de');
    expect(parseVtt(vtt.body)).toEqual(parseSrt((await get(`/v1/videos/${id}/captions?format=srt`)).body));
  });

  it('refuses an unknown format with 400 naming the formats', async () => {
    const id = await job({ narration: true, language: 'en' }, [SCRIPTS[0]!]);
    const response = await get(`/v1/videos/${id}/captions?format=ass`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'invalid_request', details: [expect.objectContaining({ field: 'querystring.format' })] });
    expect(response.json().error.message).toMatch(/srt.*vtt/);
  });

  it('answers 404 not_found for a job without narration (music only)', async () => {
    const id = await job({ narration: false, language: 'en' }, [null, null]);
    const response = await get(`/v1/videos/${id}/captions`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({ code: 'not_found', message: expect.stringMatching(/no narration/) });
  });

  it('answers 409 not_ready before the narration exists, and for an edit whose changed scene is not spoken again yet', async () => {
    const queued = await job(undefined, [], { status: 'queued' });
    expect((await get(`/v1/videos/${queued}/captions`)).json().error).toMatchObject({ code: 'not_ready', status: 409 });
    const respeaking = await job({ narration: true, language: 'en' }, SCRIPTS, { status: 'processing', phase: 'planning' }, (position) =>
      position === 1 ? { narration_audio: null, narration_seconds: null, narration_words: null } : {},
    );
    expect((await get(`/v1/videos/${respeaking}/captions`)).statusCode).toBe(409);
    // Once the job has ended, what was spoken is captioned.
    node.ctx.videos.update(respeaking, { status: 'failed' });
    const ended = await get(`/v1/videos/${respeaking}/captions`);
    expect(ended.statusCode).toBe(200);
    expect(parseSrt(ended.body).map((cue) => cue.lines.join(' ')).join(' ')).toBe(SCRIPTS[0]);
  });

  it('answers 404 for another account\'s job', async () => {
    const id = await job({ narration: true, language: 'en' }, [SCRIPTS[0]!]);
    key = (await createAccountWithKey(node.ctx)).key.key;
    expect((await get(`/v1/videos/${id}/captions`)).statusCode).toBe(404);
  });

  it('get_captions answers the same file as structured content with a summary, and not_found as a tool error', async () => {
    const id = await job({ narration: true, language: 'en' }, SCRIPTS);
    const rest = await get(`/v1/videos/${id}/captions?format=vtt`);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
    try {
      const answer = (await client.callTool({ name: 'get_captions', arguments: { id, format: 'vtt' } })) as CallToolResult;
      expect(answer.isError).toBeFalsy();
      expect(answer.structuredContent).toEqual({ video_id: id, format: 'vtt', language: 'en', cues: parseVtt(rest.body).length, captions: rest.body });
      expect((answer.content[0] as { text: string }).text).toMatch(new RegExp(`^Captions of video ${id} in en: \\d+ cues as WebVTT`));
      const silent = await job({ narration: false, language: 'en' }, [null]);
      expect(toolError(await client.callTool({ name: 'get_captions', arguments: { id: silent } }))).toMatchObject({ code: 'not_found' });
    } finally {
      await client.close();
    }
  });

  it('poster: 409 with nothing to take a still from, 400 for a time past the end or an unknown format', async () => {
    const queued = await job(undefined, [], { status: 'queued' });
    expect((await get(`/v1/videos/${queued}/poster`)).json().error).toMatchObject({ code: 'not_ready', status: 409 });
    const planned = await job({ narration: true, language: 'en' }, SCRIPTS, { status: 'processing', phase: 'generating' });
    expect((await get(`/v1/videos/${planned}/poster?time=1`)).json().error).toMatchObject({ code: 'not_ready' });
    const past = await get(`/v1/videos/${planned}/poster?time=600`);
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toMatch(/^time: must be from 0 to [\d.]+ seconds/);
    expect((await get(`/v1/videos/${planned}/poster?format=gif`)).json().error.details).toEqual([expect.objectContaining({ field: 'querystring.format' })]);
    expect((await get(`/v1/videos/${planned}/poster?time=-1`)).statusCode).toBe(400);
  });
});
