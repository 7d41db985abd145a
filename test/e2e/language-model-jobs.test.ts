// Video jobs planned by a language model, end to end: a node configured with --llm (and
// --llm-premium) against real local HTTP servers speaking the OpenAI Chat Completions and
// Anthropic Messages protocols, rendering the MP4 and checking what each job ran.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { ModelPlan } from '../../src/pipeline/providers/llm/model-planner.js';
import type { SceneAuthoring } from '../../src/pipeline/stages/scene-authoring.js';
import { startFakeAnthropicServer, startFakeOpenAIServer, type FakeModelServer } from '../helpers/fake-model-servers.js';
import { startE2eNode, type E2eNode } from './e2e-node.js';

const SIZE = { width: 320, height: 180 };

/** What a capable model answers for "Explain how a heat pump works": its own words, the request's facts. */
const HEAT_PUMP: ModelPlan = {
  title: 'How a heat pump works',
  scenes: [
    { kind: 'title', title: 'How a heat pump works', subtitle: 'Moving heat instead of making it', narration: 'A heat pump warms a home by moving heat, not by burning fuel.', seconds: 4 },
    { kind: 'steps', heading: 'The cycle', steps: ['Refrigerant absorbs outdoor heat', 'A compressor makes it hotter', 'Indoor coils release the heat'], narration: 'Refrigerant absorbs heat from outside air. A compressor makes it hotter. Indoor coils release it.', seconds: 7 },
    { kind: 'kinetic', text: 'Three units of heat for one of power', narration: 'Each unit of electricity moves about three units of heat.', seconds: 4 },
  ],
};

/** A premium model's answer for a bakery teaser. */
const BAKERY: ModelPlan = {
  title: 'Sourdough at Maple Street Bakery',
  scenes: [
    { kind: 'title', title: 'Sourdough, slow-made', subtitle: 'Maple Street Bakery', narration: 'Meet the new sourdough from Maple Street Bakery.', seconds: 4 },
    { kind: 'bullets', heading: 'Why it tastes better', items: ['Fermented for 48 hours', 'Baked every morning'], narration: 'It ferments for forty-eight hours and is baked every morning.', seconds: 6 },
    { kind: 'cta', message: 'Fresh from the oven', action: 'Order at maple.example', narration: 'Order yours today.', seconds: 4 },
  ],
};

/** Scene code the premium model writes first for the bakery's opening: an import outside the allowlist. */
const BROKEN_TITLE = `import React from 'react';
import { readFileSync } from 'node:fs';
import { TitleCard } from '@kit';

export default function Scene({ theme, settings }) {
  return <TitleCard theme={theme} title={readFileSync('/etc/hostname', 'utf8')} />;
}
`;

/** Its repair: a kit component over the scene's settings, laid out from the canvas. */
const REPAIRED_TITLE = `import React from 'react';
import { TitleCard, useLayout } from '@kit';

export default function Scene({ theme, settings }) {
  const layout = useLayout();
  return <TitleCard theme={theme} title={String(settings.title)} subtitle={settings.subtitle ? String(settings.subtitle) : undefined} kicker={layout.orientation === 'portrait' ? undefined : 'Fresh'} />;
}
`;

/** The bakery's body scene, as a model answers it: prose around a fenced block. */
const BULLETS = `import React from 'react';
import { BulletList } from '@kit';

export default function Scene({ theme, settings }) {
  return <BulletList theme={theme} heading={String(settings.heading)} items={settings.items.map(String)} numbered />;
}
`;

/** A second draft of the bakery's body scene: the same settings as numbered steps. */
const STEPS = `import React from 'react';
import { StepList } from '@kit';

export default function Scene({ theme, settings }) {
  return <StepList theme={theme} heading={String(settings.heading)} steps={settings.items.map(String)} />;
}
`;

/** The critique's revision of the opening: no kicker on any canvas. */
const REVISED_TITLE = `import React from 'react';
import { TitleCard } from '@kit';

export default function Scene({ theme, settings }) {
  return <TitleCard theme={theme} title={String(settings.title)} subtitle={settings.subtitle ? String(settings.subtitle) : undefined} />;
}
`;

/** The text of the last user turn of a recorded Anthropic Messages request. */
function lastUserText(server: FakeModelServer, index: number): string {
  const { messages } = server.requests[index]!.body as { messages: { role: string; content: string | { type: string; text?: string }[] }[] };
  const content = messages.filter((message) => message.role === 'user').at(-1)!.content;
  return typeof content === 'string' ? content : content.map((part) => part.text ?? '').join('');
}

let openai: FakeModelServer;
let anthropic: FakeModelServer;
let e2e: E2eNode;

beforeAll(async () => {
  openai = await startFakeOpenAIServer();
  anthropic = await startFakeAnthropicServer({ apiKey: 'ak-test-123456' });
  e2e = await startE2eNode({
    config: { llm: 'openai-compatible:qwen2.5-coder:32b', llmBaseUrl: openai.url, llmPremium: 'anthropic:claude-sonnet-4-5', llmPremiumBaseUrl: anthropic.url },
    env: { ANTHROPIC_API_KEY: 'ak-test-123456' },
  });
});
afterAll(async () => {
  await e2e?.close();
  await openai?.close();
  await anthropic?.close();
});

/** The stored plan and scenes of a job, as the node recorded them. */
function recorded(id: string) {
  const row = e2e.node.ctx.videos.get(id)!;
  const scenes = e2e.node.ctx.db.prepare('SELECT kind, title, settings, narration, writer, source, authoring, committed_at FROM scenes WHERE video_id = ? ORDER BY position').all(id) as { kind: string; title: string; settings: string; narration: string | null; writer: string | null; source: string | null; authoring: string | null; committed_at: string | null }[];
  return {
    plan: JSON.parse(row.plan!) as { planner: string; title: string },
    scenes: scenes.map((scene) => ({ ...scene, settings: JSON.parse(scene.settings) as Record<string, unknown>, authoring: scene.authoring ? (JSON.parse(scene.authoring) as SceneAuthoring) : null })),
  };
}

describe('a node with a language model', () => {
  it('enhances the prompt and plans the story with the model, then renders what it planned', async () => {
    const brief = 'Explain the heat pump cycle for homeowners: absorb, compress, release; the three-to-one efficiency.';
    openai.enqueue({ text: brief }, { object: HEAT_PUMP });
    const created = await e2e.request('POST', '/v1/videos', { prompt: 'Explain how a heat pump works. It moves about 3 units of heat per unit of electricity.', duration: 15, dimensions: SIZE, render: true, enhance_prompt: true });
    expect(created.status).toBe(202);
    const job = await e2e.waitFor(created.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job.enhanced_prompt).toBe(brief);
    expect(job.warnings).toEqual([]);
    expect(job.scenes.map((scene: { title: string }) => scene.title)).toEqual(['How a heat pump works', 'The cycle', 'Three units of heat for one of power']);

    const { plan, scenes } = recorded(created.body.id);
    expect(plan.planner).toBe('model:openai-compatible:qwen2.5-coder:32b');
    // model-5 fills the kit templates: the model plans, it does not write scene code.
    expect(scenes.map((scene) => scene.writer)).toEqual(['embedded', 'embedded', 'embedded']);
    expect(scenes[1]).toMatchObject({ kind: 'steps', settings: { heading: 'The cycle', steps: ['Refrigerant absorbs outdoor heat', 'A compressor makes it hotter', 'Indoor coils release the heat'] } });
    expect(scenes[1]!.narration).toContain('compressor');

    // The model was asked with the node's rules and a JSON schema, after the enhance call.
    const planRequest = openai.requests.at(-1)!.body as { messages: { content: string }[]; response_format?: { type: string } };
    expect(planRequest.response_format?.type).toBe('json_schema');
    expect(planRequest.messages.at(-1)!.content).toContain('Explain how a heat pump works');

    // The MP4's frames show the scenes: not blank.
    const frames = await e2e.request('GET', `/v1/videos/${created.body.id}/frames?max_frames=3`);
    expect(frames.status).toBe(200);
    for (const frame of frames.body.frames as { data: string }[]) {
      const stats = await sharp(Buffer.from(frame.data, 'base64')).stats();
      expect(Math.max(...stats.channels.map((channel) => channel.stdev))).toBeGreaterThan(8);
    }
  }, 240_000);

  it('keeps the moments a model marks as film as designed scenes on a node without a video model: not asked for film, nothing drawn in its place, no footage_drawn', async () => {
    const filmed: ModelPlan = {
      title: 'Heat from cold air',
      scenes: [
        { kind: 'title', title: 'Heat from cold air', picture: 'snowflake', film: true, narration: 'Even winter air holds heat.', seconds: 4 },
        { kind: 'flow', title: 'The refrigerant loop', shape: 'cycle', nodes: [{ label: 'Outdoor air', picture: 'snowflake' }, { label: 'Compressor' }, { label: 'Warm rooms', picture: 'house' }], narration: 'Refrigerant takes heat from outside, a compressor raises it, and the rooms get it.', seconds: 6 },
      ],
    };
    // The plan, then its pictures (the model keeps the search's picks).
    openai.enqueue({ object: filmed }, { object: { choices: [] } });
    const created = await e2e.request('POST', '/v1/videos', { prompt: 'Explain how a heat pump works', duration: 10, dimensions: SIZE });
    expect(created.status).toBe(202);
    const job = await e2e.waitFor(created.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    const planRequest = openai.requests.at(-1)!.body as { messages: { content: string }[] };
    expect(planRequest.messages.at(-1)!.content).not.toContain('Film shots');
    const { scenes } = recorded(created.body.id);
    expect(scenes.map((scene) => scene.kind)).toEqual(['title', 'flow']);
    expect(scenes[0]!.settings.picture).toBe('fluent-emoji-flat:snowflake');
    expect(job.warnings.map((warning: { code: string }) => warning.code)).not.toContain('footage_drawn');
    expect(job.scenes.map((scene: { visual: { kind: string } }) => scene.visual.kind)).toEqual(['illustration', 'diagram']);
    // Nothing priced as film.
    expect(created.body.estimate_breakdown.map((part: { part: string }) => part.part)).not.toContain('ai_video');
    expect(job.credits_cost).toBe(created.body.estimated_credits);
  }, 240_000);

  it('model-6 plans with the premium model (Anthropic Messages), keeps the best of three drafts, repairs what fails its checks and lets the model critique the frames; model-5 uses the node\'s model', async () => {
    const before = openai.requests.length;
    anthropic.enqueue(
      { object: BAKERY },
      // Scene 1: three drafts with an import outside the allowlist, then the repair; the critique sees the frames and revises.
      { text: BROKEN_TITLE },
      { text: BROKEN_TITLE },
      { text: BROKEN_TITLE },
      { text: REPAIRED_TITLE },
      { toolCalls: [{ name: 'revise_scene', input: { problems: ['The kicker crowds the headline on a small canvas'], code: REVISED_TITLE } }] },
      // Scene 2: two drafts pass (one wrapped in prose), one does not; the critique's revision fails its checks and so does its
      // one repair round, so the kept draft stays.
      { text: `Here is the scene:\n\n\`\`\`tsx\n${BULLETS}\`\`\`\n` },
      { text: STEPS },
      { text: BROKEN_TITLE },
      { toolCalls: [{ name: 'revise_scene', input: { problems: ['Too plain'], code: 'export default function Scene() { return <div>; }' } }] },
      { text: BROKEN_TITLE },
      // Scene 3: wrong in every draft and all three repairs (a syntax error, then forbidden imports): the kit template of its kind takes over.
      { text: 'export default function Scene({ theme }) { return <div>; }' },
      { text: 'export default function Scene({ theme }) { return <div>; }' },
      { text: 'export default function Scene({ theme }) { return <div>; }' },
      { text: BROKEN_TITLE },
      { text: BROKEN_TITLE },
      { text: BROKEN_TITLE },
    );
    const created = await e2e.request('POST', '/v1/videos', { prompt: 'Make a vertical teaser for Maple Street Bakery\'s new sourdough. It ferments for 48 hours. Order at maple.example', model: 'model-6', duration: 15, dimensions: SIZE });
    expect(created.status).toBe(202);
    const job = await e2e.waitFor(created.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(anthropic.pending()).toBe(0);
    const { plan, scenes } = recorded(created.body.id);
    expect(plan.planner).toBe('model:anthropic:claude-sonnet-4-5');
    expect(openai.requests.length).toBe(before);
    expect(anthropic.requests).toHaveLength(17);
    expect(anthropic.requests[0]!.headers['x-api-key']).toBe('ak-test-123456');
    // The action the prompt named stays on the closing button.
    expect(scenes.at(-1)).toMatchObject({ kind: 'cta', settings: { message: 'Fresh from the oven', action: 'Order at maple.example' } });

    // Scene 1: three drafts asked for with its settings; the repair request carried the code and the finding.
    for (const index of [1, 2, 3]) expect(lastUserText(anthropic, index)).toContain('"Sourdough, slow-made"');
    expect(lastUserText(anthropic, 2)).toMatch(/draft \d of 3/);
    const repair = lastUserText(anthropic, 4);
    expect(repair).toContain(BROKEN_TITLE);
    expect(repair).toContain('scene code imports "node:fs"');
    // The critique was shown the three test frames as images and offered the two tools.
    const critique = anthropic.requests[5]!.body as { tools: { name: string }[]; messages: { content: { type: string }[] }[] };
    expect(critique.tools.map((tool) => tool.name).sort()).toEqual(['approve_scene', 'revise_scene']);
    expect(critique.messages.at(-1)!.content.filter((part) => part.type === 'image')).toHaveLength(3);
    expect(lastUserText(anthropic, 5)).toContain(REPAIRED_TITLE);
    expect(scenes[0]).toMatchObject({ writer: 'model:anthropic:claude-sonnet-4-5', source: REVISED_TITLE });
    expect(scenes[0]!.authoring).toMatchObject({ candidates: 3, passed: 0, repairs: 1, critique: 'revised', problems: ['The kicker crowds the headline on a small canvas'] });
    // Scene 2: the better-scoring of the two passing drafts was kept; the broken revision was not.
    expect(scenes[1]!.writer).toBe('model:anthropic:claude-sonnet-4-5');
    expect([BULLETS, STEPS]).toContain(scenes[1]!.source);
    // The broken revision went back once with its finding before it was rejected.
    expect(lastUserText(anthropic, 10)).toContain('export default function Scene() { return <div>; }');
    expect(scenes[1]!.authoring).toMatchObject({ candidates: 3, passed: 2, repairs: 1, critique: 'revision_rejected' });
    expect(scenes[1]!.authoring!.chosen).toBeTypeOf('number');
    expect(scenes[1]!.authoring!.score!.issues).toBe(0);
    // Scene 3's repair rounds each carried the last finding; then it fell back to the CTA kit template.
    expect(lastUserText(anthropic, 15)).toMatch(/Expected|Unexpected|Unterminated|closing/);
    expect(scenes[2]!.writer).toBe('embedded');
    expect(scenes[2]!.source).toContain('CallToAction');
    expect(scenes.every((scene) => scene.committed_at)).toBe(true);

    const catalog = await e2e.request('GET', '/v1/models');
    const byId = Object.fromEntries((catalog.body.models as { id: string; backed_by: { planner: string }; available: boolean }[]).map((model) => [model.id, model]));
    expect(byId['model-5']).toMatchObject({ available: true, backed_by: { planner: 'openai-compatible:qwen2.5-coder:32b', scene_writer: 'embedded' } });
    expect(byId['model-6']).toMatchObject({ available: true, backed_by: { planner: 'anthropic:claude-sonnet-4-5', scene_writer: 'anthropic:claude-sonnet-4-5' } });
  }, 300_000);

  it('reads an edit with the model (structured operations), and with the rule grammar when the model cannot answer', async () => {
    openai.enqueue({ object: HEAT_PUMP });
    const created = await e2e.request('POST', '/v1/videos', { prompt: 'Explain how a heat pump works. It moves about 3 units of heat per unit of electricity.', duration: 12, dimensions: SIZE, narration: false, music: false });
    expect((await e2e.waitFor(created.body.id)).status).toBe('completed');

    const before = openai.requests.length;
    openai.enqueue({ object: { operations: [{ op: 'retext', scene: 3, text: 'Three times the heat' }] } });
    const edited = await e2e.request('POST', `/v1/videos/${created.body.id}/edit`, { prompt: 'make the last line punchier, like "three times the heat"' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(202);
    const job = await e2e.waitFor(edited.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job.edit).toMatchObject({ read_by: 'model:openai-compatible:qwen2.5-coder:32b', regenerated: [2], reused: [{ position: 0, from: 0 }, { position: 1, from: 1 }] });
    expect(JSON.parse(e2e.node.ctx.videos.scenes(edited.body.id)[2]!.settings).text).toBe('Three times the heat');
    // The model was asked with the source's scenes and the change, for the operations' schema.
    const asked = openai.requests[before]!.body as { messages: { content: string }[]; response_format?: { type: string; json_schema?: { name: string } } };
    expect(asked.response_format?.json_schema?.name).toBe('edit_operations');
    expect(asked.messages.at(-1)!.content).toContain('Scene 2 (body, steps');
    expect(asked.messages.at(-1)!.content).toContain('like "three times the heat"');

    // The model is down: the grammar reads what it can.
    openai.enqueue({ status: 503, message: 'overloaded' }, { status: 503, message: 'overloaded' }, { status: 503, message: 'overloaded' });
    const fallback = await e2e.request('POST', `/v1/videos/${created.body.id}/edit`, { prompt: 'remove the last scene' });
    expect(fallback.status, JSON.stringify(fallback.body)).toBe(202);
    const removed = await e2e.waitFor(fallback.body.id);
    expect(removed.status, JSON.stringify(removed.error)).toBe('completed');
    expect(removed.edit.read_by).toBe('grammar');
    expect(removed.scenes).toHaveLength(2);
  }, 180_000);

  it('fails a job whose model is unavailable with model_unavailable, charging nothing', async () => {
    // The model answers 503 to the first call and both retries.
    openai.enqueue({ status: 503, message: 'overloaded' }, { status: 503, message: 'overloaded' }, { status: 503, message: 'overloaded' });
    const balance = (await e2e.request('GET', '/v1/account')).body.balance as number;
    const created = await e2e.request('POST', '/v1/videos', { prompt: 'Explain how tides work', duration: 15, dimensions: SIZE });
    const job = await e2e.waitFor(created.body.id);
    expect(job.status).toBe('failed');
    expect(job.error.code).toBe('model_unavailable');
    expect(job.error.message).toMatch(/503|overloaded|unavailable/i);
    expect((await e2e.request('GET', '/v1/account')).body.balance).toBe(balance);
  }, 120_000);

  it('fails a job whose model answers no plan with model_output_invalid', async () => {
    openai.enqueue({ raw: 'Sure! Here is a plan: first a title, then…' }, { raw: '{"title": "Tides"' });
    const created = await e2e.request('POST', '/v1/videos', { prompt: 'Explain how tides work', duration: 15, dimensions: SIZE });
    const job = await e2e.waitFor(created.body.id);
    expect(job.status).toBe('failed');
    expect(job.error.code).toBe('model_output_invalid');
  }, 120_000);
});

describe('a node whose operator chose --llm-fallback embedded', () => {
  let server: FakeModelServer;
  let fallback: E2eNode;
  beforeAll(async () => {
    server = await startFakeOpenAIServer();
    fallback = await startE2eNode({ config: { llm: 'openai-compatible:qwen2.5-coder:32b', llmBaseUrl: server.url, llmFallback: 'embedded' } });
  });
  afterAll(async () => {
    await fallback?.close();
    await server?.close();
  });

  it('plans with the embedded planner when the model fails, and says so in warnings', async () => {
    server.enqueue({ status: 401, message: 'invalid api key' });
    const created = await fallback.request('POST', '/v1/videos', { prompt: 'Explain how a heat pump works. It moves 3 units of heat per unit of electricity.', duration: 15, dimensions: SIZE });
    const job = await fallback.waitFor(created.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job.warnings.map((warning: { code: string }) => warning.code)).toEqual(['model_fallback']);
    expect(job.warnings[0].message).toContain('planned from the prompt\'s own words');
    const row = fallback.node.ctx.videos.get(created.body.id)!;
    expect((JSON.parse(row.plan!) as { planner: string }).planner).toBe('embedded');
  }, 120_000);

  it('fills model-6 scenes from kit templates when the model cannot write their code', async () => {
    // Three drafts of each of the three scenes: every one refused.
    server.enqueue({ object: HEAT_PUMP }, ...Array.from({ length: 9 }, () => ({ status: 401, message: 'invalid api key' })));
    const created = await fallback.request('POST', '/v1/videos', { prompt: 'Explain how a heat pump works. It moves 3 units of heat per unit of electricity.', model: 'model-6', duration: 15, dimensions: SIZE });
    const job = await fallback.waitFor(created.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(server.pending()).toBe(0);
    const writers = fallback.node.ctx.db.prepare('SELECT writer FROM scenes WHERE video_id = ? ORDER BY position').all(created.body.id) as { writer: string }[];
    expect(writers.map((scene) => scene.writer)).toEqual(['embedded', 'embedded', 'embedded']);
    expect((JSON.parse(fallback.node.ctx.videos.get(created.body.id)!.plan!) as { planner: string }).planner).toBe('model:openai-compatible:qwen2.5-coder:32b');
  }, 120_000);
});
