#!/usr/bin/env node
// Records a real model's answers to the node's own model requests, for the recorded-plans test set
// (test/fixtures/recorded-plans): each case of cases.json goes through the node's planner, edit
// reader or critique, as built in dist/, against an OpenAI-compatible endpoint (a GPU box's vLLM or
// Ollama, a hosted model, or a loopback relay a person answers through), and every answer the model
// gave is written to <case>.json beside the cases, with the request it answered.
//
//   npm run build
//   node scripts/record-model-answers.mjs --base-url http://127.0.0.1:8765/v1 --model relay-model [--only name,name] [--fixtures dir]
//
// --fixtures names another folder with its own cases.json (the gallery's fresh requests: docs/gallery/fresh).
//
// A plan case records the plan and then the picture choice the node asks of the model after it
// (picture_choices: one call for the video, with the search's candidates). --pictures records only
// that choice for cases whose plan is already recorded: their recorded plan answers are replayed to
// the node's planner, and the choice it then asks is sent to the endpoint and appended.
//
// Cases already recorded are kept unless named with --only.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import http from 'node:http';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { 'base-url': { type: 'string' }, model: { type: 'string', default: 'relay-model' }, only: { type: 'string' }, 'timeout-s': { type: 'string', default: '1800' }, fixtures: { type: 'string' }, pictures: { type: 'boolean', default: false } } });
const fixtures = values.fixtures ? path.resolve(values.fixtures) : path.join(root, 'test/fixtures/recorded-plans');
if (!values['base-url']) {
  console.error('usage: record-model-answers.mjs --base-url <OpenAI-compatible /v1 URL> [--model name] [--only a,b]');
  process.exit(2);
}
const only = values.only ? new Set(values.only.split(',')) : undefined;

const { createAiSdkModel } = await import(path.join(root, 'dist/pipeline/providers/llm/ai-sdk-model.js'));
const { ModelPlanner } = await import(path.join(root, 'dist/pipeline/providers/llm/model-planner.js'));
const { modelEditReader } = await import(path.join(root, 'dist/pipeline/edit/model-edit-reader.js'));
const { ModelSceneWriter } = await import(path.join(root, 'dist/pipeline/providers/llm/model-scene-writer.js'));
const { choosePictures } = await import(path.join(root, 'dist/pipeline/materials/picture-choice.js'));
const { recordedPlanRequest, RECORDED_EDIT_SOURCE, RECORDED_CRITIQUE } = await import(path.join(root, 'scripts/recorded-cases.mjs'));

const cases = JSON.parse(readFileSync(path.join(fixtures, 'cases.json'), 'utf8'));

/** A model whose every exchange with the server is kept: the request body and the answer the model gave. */
function recordingModel() {
  const calls = [];
  const fetchAndKeep = async (url, init) => {
    const response = await postWithoutTimeout(String(url), init);
    const text = response.text;
    const body = JSON.parse(init.body);
    const message = JSON.parse(text).choices?.[0]?.message ?? {};
    const answer = message.tool_calls?.length
      ? { toolCalls: message.tool_calls.map((call) => ({ name: call.function.name, input: JSON.parse(call.function.arguments) })) }
      : body.response_format ? { object: JSON.parse(message.content) } : { text: message.content };
    // Images sent with a request are named, not kept: a fixture holds what the model answered.
    const user = JSON.parse(JSON.stringify(body.messages.at(-1)?.content ?? null), (_, value) => (typeof value === 'string' && value.startsWith('data:image/') ? '<image>' : value));
    calls.push({ request: { system: body.messages.find((m) => m.role === 'system')?.content, user, response_format: body.response_format, tools: body.tools }, answer });
    return new Response(text, { status: response.status, headers: { 'content-type': 'application/json' } });
  };
  const model = createAiSdkModel(
    { provider: 'openai-compatible', model: values.model, baseUrl: values['base-url'], apiKey: process.env.OPENAI_API_KEY ?? 'relay' },
    { fetch: fetchAndKeep, defaultTimeoutMs: Number(values['timeout-s']) * 1000, maxRetries: 0, outputRetries: 0, acceptsImages: true },
  );
  return { model, calls };
}

/** A POST that waits as long as the answer takes (fetch gives up on headers after 300 s; a person answering may take longer). */
function postWithoutTimeout(url, init) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: Object.fromEntries(new Headers(init.headers).entries()) }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 500, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    init.signal?.addEventListener('abort', () => request.destroy(init.signal.reason), { once: true });
    request.end(init.body);
  });
}

/** What a request asks for: its structured answer's schema name, else a tool call or text. */
const kindOf = (request) => request?.response_format?.json_schema?.name ?? (request?.tools ? 'tools' : 'text');

/** A model that answers each request with the next recorded answer of the same answer format (a plan's replay). */
function replayingModel(recorded) {
  const used = new Map();
  const fetchRecorded = async (_url, init) => {
    const kind = kindOf(JSON.parse(init.body));
    const same = recorded.filter((call) => kindOf(call.request) === kind);
    const at = used.get(kind) ?? 0;
    used.set(kind, at + 1);
    const answer = same[Math.min(at, same.length - 1)]?.answer;
    if (!answer) return new Response(JSON.stringify({ error: { message: `no recorded ${kind} answer` } }), { status: 400, headers: { 'content-type': 'application/json' } });
    const message = answer.toolCalls
      ? { role: 'assistant', content: null, tool_calls: answer.toolCalls.map((call, n) => ({ id: `call_${n}`, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.input) } })) }
      : { role: 'assistant', content: answer.object ? JSON.stringify(answer.object) : answer.text };
    const text = JSON.stringify({ id: 'replay', object: 'chat.completion', created: 0, model: values.model, choices: [{ index: 0, message, finish_reason: answer.toolCalls ? 'tool_calls' : 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } });
    return new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return createAiSdkModel(
    { provider: 'openai-compatible', model: values.model, baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'replay' },
    { fetch: fetchRecorded, defaultTimeoutMs: 60_000, maxRetries: 0, outputRetries: 0, acceptsImages: true },
  );
}

const isPictureCall = (call) => kindOf(call.request) === 'picture_choices';

function save(name, input, calls) {
  writeFileSync(path.join(fixtures, `${name}.json`), `${JSON.stringify({ name, recorded: new Date().toISOString().slice(0, 10), model: values.model, input, calls }, null, 2)}\n`);
  console.log(`recorded ${name}: ${calls.length} call(s)`);
}

const recordedFile = (name) => path.join(fixtures, `${name}.json`);
const wanted = (name) => (only ? only.has(name) : !existsSync(recordedFile(name)));
const work = [];
if (values.pictures) {
  // Only the picture choice, after the recorded plan (replayed), for cases that lack one.
  for (const item of cases.plans.filter((entry) => existsSync(recordedFile(entry.name)) && (!only || only.has(entry.name)))) {
    const recorded = JSON.parse(readFileSync(recordedFile(item.name), 'utf8'));
    if (!only && recorded.calls.some(isPictureCall)) continue;
    work.push(async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'record-'));
      const request = await recordedPlanRequest(item, dir);
      const planCalls = recorded.calls.filter((call) => !isPictureCall(call));
      const plan = await new ModelPlanner(replayingModel(planCalls)).plan(request);
      const { model, calls } = recordingModel();
      await choosePictures(model, plan.scenes, request.language);
      save(item.name, recorded.input ?? item, [...planCalls, ...calls]);
    });
  }
}
for (const item of values.pictures ? [] : cases.plans.filter((entry) => wanted(entry.name))) {
  work.push(async () => {
    const { model, calls } = recordingModel();
    const dir = mkdtempSync(path.join(tmpdir(), 'record-'));
    const request = await recordedPlanRequest(item, dir);
    const plan = await new ModelPlanner(model).plan(request);
    await choosePictures(model, plan.scenes, request.language);
    save(item.name, item, calls);
  });
}
for (const item of values.pictures ? [] : (cases.edits ?? []).filter((entry) => wanted(entry.name))) {
  work.push(async () => {
    const { model, calls } = recordingModel();
    await modelEditReader(model).read(item.instruction, RECORDED_EDIT_SOURCE);
    save(item.name, item, calls);
  });
}
if (!values.pictures && !values.fixtures && wanted('critique-title')) {
  work.push(async () => {
    const { model, calls } = recordingModel();
    const still = readFileSync(path.join(root, RECORDED_CRITIQUE.still));
    await new ModelSceneWriter(model).critique({ ...RECORDED_CRITIQUE.request, stills: [{ frame: 45, data: new Uint8Array(still), mimeType: 'image/jpeg' }] });
    save('critique-title', { still: RECORDED_CRITIQUE.still }, calls);
  });
}
// Several at once: whoever answers sees the next request while writing one.
const results = await Promise.allSettled(work.map((run) => run()));
for (const result of results) if (result.status === 'rejected') console.error(`failed: ${result.reason?.stack ?? result.reason}`);
