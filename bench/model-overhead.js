#!/usr/bin/env node
// What the node adds to a language model's latency: the plan stage (`ModelPlanner.plan`: prompt
// building, the AI SDK call, schema validation, post-processing) and, when the node has one, the
// scene-code writer with the compile and static check of its answer (the test render and layout
// audit that follow are renders, measured by the render benches), against the model server's own
// response time as a client sees it (the same request body the SDK sent, posted with a bare fetch),
// all in this one run, calls alternating. The model server is a fake OpenAI Chat Completions server
// on 127.0.0.1 in this process that answers after a fixed delay, so every millisecond above the
// baseline is the node's. The fake server also stamps when each request arrived and when its answer
// left, which splits the node's time into before sending and after the answer. Prints figures and
// ratios; asserts nothing.
import { createServer } from 'node:http';
import { createLanguageModel } from '../dist/pipeline/providers/llm/create-language-model.js';
import { ModelPlanner } from '../dist/pipeline/providers/llm/model-planner.js';
import { compileScene } from '../dist/render/scene-code/compile-scene.js';

const CALLS = Number(process.env.BENCH_CALLS ?? 20);
/** How long the fake model server takes to answer, as a model generating would. */
const DELAY_MS = Number(process.env.BENCH_MODEL_DELAY_MS ?? 400);
const WARMUP = 3;

const PROMPT =
  'Explain how coffee gets from farm to cup, 30 seconds, vertical. Cherries are picked, dried and hulled. Beans are roasted at about 200 degrees. 2.25 billion cups are drunk every day. Visit roastery.example.com';

/** A plan as a capable model returns it for PROMPT: matches the planner's schema. */
const PLAN = {
  title: 'From Farm to Cup',
  scenes: [
    { kind: 'title', title: 'From Farm to Cup', subtitle: 'The journey of every coffee bean', narration: 'Every cup of coffee starts as a bright red cherry on a farm far away.', seconds: 5 },
    {
      kind: 'steps',
      heading: 'On the farm',
      steps: ['Cherries are picked by hand', 'Dried in the sun', 'Hulled to free the bean'],
      narration: 'Ripe cherries are picked, dried in the sun for weeks, then hulled to free the green bean inside.',
      seconds: 7,
    },
    { kind: 'stat', value: 200, prefix: '', suffix: '°C', label: 'Roasting temperature', narration: 'At the roastery the beans are heated to about two hundred degrees, where their flavor develops.', seconds: 6 },
    { kind: 'stat', value: 2.25, prefix: '', suffix: 'bn', label: 'Cups drunk every day', narration: 'The result is drunk two and a quarter billion times every single day.', seconds: 6 },
    { kind: 'cta', message: 'Taste the journey', action: 'Visit roastery.example.com', narration: 'Taste the whole journey yourself at roastery dot example dot com.', seconds: 6 },
  ],
};

/** Scene code as a model writes it against the scene contract. */
const SCENE_CODE = `\`\`\`tsx
import React from 'react';
import { AbsoluteFill, interpolate, useCurrentFrame } from 'remotion';
import { Steps } from '@kit';

export default function Scene({ theme, settings }) {
  const frame = useCurrentFrame();
  const opacity = interpolate(frame, [0, 15], [0, 1], { extrapolateRight: 'clamp' });
  return (
    <AbsoluteFill style={{ backgroundColor: theme.background, opacity }}>
      <Steps theme={theme} heading={String(settings.heading ?? '')} steps={(settings.steps ?? []).map(String)} />
    </AbsoluteFill>
  );
}
\`\`\``;

// The fake model server. Structured-output requests (`response_format`) get the plan, others the
// scene code; the last body of each kind is kept so the baseline can send exactly the same bytes.
const lastBody = {};
const received = { plan: 0, scene: 0 };
const stamps = { arrived: 0, answered: 0 };
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    stamps.arrived = performance.now();
    const text = Buffer.concat(chunks).toString('utf8');
    const body = JSON.parse(text);
    const structured = body.response_format !== undefined;
    lastBody[structured ? 'plan' : 'scene'] = text;
    received[structured ? 'plan' : 'scene'] += 1;
    const answer = JSON.stringify({
      id: `chatcmpl-${Date.now()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content: structured ? JSON.stringify(PLAN) : SCENE_CODE }, finish_reason: 'stop', logprobs: null }],
      usage: { prompt_tokens: Math.ceil(text.length / 4), completion_tokens: 600, total_tokens: Math.ceil(text.length / 4) + 600 },
    });
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(answer);
      stamps.answered = performance.now();
    }, DELAY_MS);
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${server.address().port}/v1`;

const model = await createLanguageModel({ provider: 'openai-compatible', model: 'qwen2.5-coder-32b', baseUrl, apiKey: undefined });
const planner = new ModelPlanner(model);
const planRequest = { prompt: PROMPT, durationSeconds: 30, multiScene: true, fps: 30, language: 'en' };

// The scene-code writer, when this build has one.
let sceneWriter;
let sceneNote = '';
try {
  const module = await import('../dist/pipeline/providers/llm/model-scene-writer.js');
  const Writer = Object.values(module).find((value) => typeof value === 'function' && typeof value.prototype?.writeScene === 'function');
  if (Writer) sceneWriter = new Writer(model);
  else sceneNote = 'model-scene-writer.js exports no class with writeScene';
} catch (error) {
  sceneNote = error.code === 'ERR_MODULE_NOT_FOUND' ? 'no scene-code writer in this build (dist/pipeline/providers/llm/model-scene-writer.js)' : `scene-code writer unusable: ${error.message}`;
}

/** One timed call, with the node's time before the request reached the server and after its answer left. */
async function timed(work) {
  const started = performance.now();
  await work();
  const ended = performance.now();
  return { total: ended - started, before: stamps.arrived - started, after: ended - stamps.answered };
}

/** The model server's response time as a client sees it: the same request body, a bare fetch, the answer parsed. */
const rawCall = (kind) => async () => {
  const response = await fetch(`${baseUrl}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: lastBody[kind] });
  const answer = await response.json();
  if (response.status !== 200 || !answer.choices?.[0]?.message) throw new Error(`raw call answered ${response.status}`);
};

const planCall = async () => {
  const plan = await planner.plan(planRequest);
  if (plan.scenes.length === 0) throw new Error('empty plan');
};

let plannedScene;
const sceneCall = async () => {
  const code = await sceneWriter.writeScene({ scene: plannedScene, position: 1, sceneCount: 5 });
  // Compile and static check: the node's work on each answer before the test render.
  const compiled = await compileScene(code);
  if (!compiled.imports.includes('@kit')) throw new Error('scene code lost its imports');
};

// Warm-up (JIT, sockets), and the first calls give the bodies the baseline replays.
for (let i = 0; i < WARMUP; i++) await planCall();
plannedScene = (await planner.plan(planRequest)).scenes[1];
if (sceneWriter) {
  try {
    for (let i = 0; i < WARMUP; i++) await sceneCall();
  } catch (error) {
    sceneNote = `scene-code writer failed on the fake answer: ${error.message}`;
    sceneWriter = undefined;
  }
}

const samples = { planRaw: [], plan: [], sceneRaw: [], scene: [] };
received.plan = received.scene = 0;
for (let i = 0; i < CALLS; i++) {
  samples.planRaw.push(await timed(rawCall('plan')));
  samples.plan.push(await timed(planCall));
  if (sceneWriter) {
    samples.sceneRaw.push(await timed(rawCall('scene')));
    samples.scene.push(await timed(sceneCall));
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const stats = (list) => ({
  p50: median(list.map((s) => s.total)),
  mean: mean(list.map((s) => s.total)),
  before: median(list.map((s) => s.before)),
  after: median(list.map((s) => s.after)),
});
const pct = (value, base) => `${value >= 0 ? '+' : ''}${((value / base) * 100).toFixed(2)}%`;

console.log(`${CALLS} calls each, alternating; fake OpenAI-compatible server on loopback answering after ${DELAY_MS} ms`);
console.log(`plan request ${lastBody.plan.length} bytes, answer ${JSON.stringify(PLAN).length} bytes of plan JSON${lastBody.scene ? `; scene request ${lastBody.scene.length} bytes, answer ${SCENE_CODE.length} bytes of TSX` : ''}`);
const rows = [['plan', samples.planRaw, samples.plan, 'ModelPlanner.plan']];
if (sceneWriter) rows.push(['scene', samples.sceneRaw, samples.scene, `${sceneWriter.constructor.name} + compileScene`]);
for (const [kind, rawSamples, nodeSamples, name] of rows) {
  const raw = stats(rawSamples);
  const node = stats(nodeSamples);
  const line = (label, r) =>
    `  ${label.padEnd(34)} p50 ${r.p50.toFixed(1).padStart(7)} ms  mean ${r.mean.toFixed(1).padStart(7)} ms  before send ${r.before.toFixed(2).padStart(6)} ms  after answer ${r.after.toFixed(2).padStart(6)} ms`;
  // Above 2 per pair, the node asked the server more than once per call (an output retry).
  console.log(`${kind} stage (${((received[kind] - rawSamples.length) / nodeSamples.length).toFixed(2)} model requests per node call)`);
  console.log(line('model server (raw fetch, baseline)', raw));
  console.log(line(name, node));
  console.log(
    `  node overhead: p50 ${(node.p50 - raw.p50).toFixed(1)} ms (${pct(node.p50 - raw.p50, raw.p50)})  mean ${(node.mean - raw.mean).toFixed(1)} ms (${pct(node.mean - raw.mean, raw.mean)})  ratio vs baseline ${(node.p50 / raw.p50).toFixed(3)}  (target: under 5%)`,
  );
}
if (!sceneWriter) console.log(`scene stage: skipped, ${sceneNote}`);

await model.close?.();
server.closeAllConnections();
await new Promise((resolve) => server.close(resolve));
