import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLanguageModel } from '../../../../src/pipeline/providers/llm/create-language-model.js';
import { createAiSdkModel } from '../../../../src/pipeline/providers/llm/ai-sdk-model.js';
import { LanguageModelError } from '../../../../src/pipeline/providers/llm/language-model.js';
import type { RemoteLanguageModelSetting } from '../../../../src/pipeline/providers/llm/model-config.js';
import { startFakeAnthropicServer, startFakeGoogleServer, startFakeOpenAIServer, type FakeModelServer } from '../../../helpers/fake-model-servers.js';

const KEY = 'sk-test-0123456789abcdef';
const planSchema = z.object({ title: z.string(), scenes: z.array(z.object({ kind: z.string(), seconds: z.number() })) });
const plan = { title: 'How tides work', scenes: [{ kind: 'title', seconds: 4 }, { kind: 'diagram', seconds: 8 }] };
const objectRequest = { system: 'You plan videos.', prompt: 'Explain tides', schema: planSchema, schemaName: 'story_plan' };

const servers: FakeModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function openai(options: Parameters<typeof startFakeOpenAIServer>[0] = {}) {
  const server = await startFakeOpenAIServer(options);
  servers.push(server);
  return server;
}
async function anthropic(options: Parameters<typeof startFakeAnthropicServer>[0] = {}) {
  const server = await startFakeAnthropicServer(options);
  servers.push(server);
  return server;
}
const setting = (provider: RemoteLanguageModelSetting['provider'], model: string, server: FakeModelServer, apiKey: string | null = KEY): RemoteLanguageModelSetting => ({
  provider,
  model,
  baseUrl: server.url,
  apiKey: apiKey ?? undefined,
});

async function failure(promise: Promise<unknown>): Promise<LanguageModelError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(LanguageModelError);
  return error as LanguageModelError;
}

describe('createAiSdkModel: openai (Chat Completions)', () => {
  it('returns a schema-valid object sent as a json_schema response format, with the key as Bearer', async () => {
    const server = await openai({ apiKey: KEY });
    server.enqueue({ object: plan, usage: { input: 120, output: 40 } });
    const model = createAiSdkModel(setting('openai', 'gpt-4.1', server));
    const answer = await model.generateObject(objectRequest);
    expect(answer.object).toEqual(plan);
    expect(answer.usage).toEqual({ inputTokens: 120, outputTokens: 40 });
    expect(answer.latencyMs).toBeGreaterThanOrEqual(0);
    const [request] = server.requests;
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request!.body.model).toBe('gpt-4.1');
    expect(request!.body.response_format.type).toBe('json_schema');
    expect(request!.body.response_format.json_schema.name).toBe('story_plan');
    expect(request!.body.response_format.json_schema.schema.properties.scenes.type).toBe('array');
    expect(request!.body.messages[0]).toEqual({ role: 'system', content: 'You plan videos.' });
  });

  it('returns text and passes images as data URLs when the model takes them', async () => {
    const server = await openai();
    server.enqueue({ text: 'The headline overlaps the chart.' });
    const model = createAiSdkModel(setting('openai', 'gpt-4o', server));
    expect(model.acceptsImages).toBe(true);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const answer = await model.generateText({ system: 'Critique.', prompt: 'What looks wrong?', images: [{ data: png, mimeType: 'image/png' }] });
    expect(answer.text).toBe('The headline overlaps the chart.');
    const user = server.requests[0]!.body.messages[1];
    expect(user.content[0]).toEqual({ type: 'text', text: 'What looks wrong?' });
    expect(user.content[1].type).toBe('image_url');
    expect(user.content[1].image_url.url).toBe(`data:image/png;base64,${Buffer.from(png).toString('base64')}`);
  });

  it('refuses images for a model that does not take them, without calling it', async () => {
    const server = await openai();
    const model = createAiSdkModel(setting('openai-compatible', 'qwen2.5-coder:32b', server));
    expect(model.acceptsImages).toBe(false);
    const error = await failure(model.generateText({ system: 's', prompt: 'p', images: [{ data: new Uint8Array([1]), mimeType: 'image/png' }] }));
    expect(error.kind).toBe('unavailable');
    expect(server.requests).toHaveLength(0);
  });

  it('reports a 401 as a refused key, naming the URL and the variable but never the key', async () => {
    const server = await openai({ apiKey: 'sk-the-right-one-000000' });
    const model = createAiSdkModel(setting('openai', 'gpt-4.1', server));
    const error = await failure(model.generateText({ system: 's', prompt: 'p' }));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('refused the API key');
    expect(error.message).toContain(server.url);
    expect(error.message).toContain('OPENAI_API_KEY');
    expect(error.message).not.toContain(KEY);
    expect(error.message).not.toContain(KEY.slice(0, 6));
    expect(server.requests).toHaveLength(1);
  });

  it('retries a 429 honouring retry-after-ms, then succeeds', async () => {
    const server = await openai();
    server.enqueue({ status: 429, message: 'Rate limit reached', headers: { 'retry-after-ms': '20' } }, { text: 'OK' });
    const model = createAiSdkModel(setting('openai', 'gpt-4.1', server));
    const answer = await model.generateText({ system: 's', prompt: 'p' });
    expect(answer.text).toBe('OK');
    expect(server.requests).toHaveLength(2);
  });

  it('gives up on repeated 5xx after the retries with unavailable', async () => {
    const server = await openai();
    const busy = { status: 503, message: 'overloaded', headers: { 'retry-after-ms': '5' } };
    server.enqueue(busy, busy, busy);
    const model = createAiSdkModel(setting('openai', 'gpt-4.1', server), { maxRetries: 2 });
    const error = await failure(model.generateText({ system: 's', prompt: 'p' }));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('after 3 attempts');
    expect(error.message).toContain('503');
    expect(server.requests).toHaveLength(3);
  });

  it('fails with unavailable when the server does not answer in time', async () => {
    const server = await openai();
    server.enqueue({ text: 'late', delayMs: 5_000 });
    const model = createAiSdkModel(setting('openai', 'gpt-4.1', server));
    const error = await failure(model.generateText({ system: 's', prompt: 'p', timeoutMs: 200 }));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('within 200 ms');
  });

  it('takes its time limit from the setting (--llm-timeout), and says in the error which setting to raise', async () => {
    const server = await openai();
    server.enqueue({ text: 'late', delayMs: 5_000 });
    const model = await createLanguageModel({ ...setting('openai', 'gpt-4.1', server), timeoutMs: 1_000 }, { maxRetries: 0 });
    const started = performance.now();
    const error = await failure(model.generateText({ system: 's', prompt: 'p' }));
    expect(performance.now() - started).toBeLessThan(4_000);
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('did not answer within 1 s');
    expect(error.message).toContain('--llm-timeout (SERVICE_LLM_TIMEOUT)');
  });

  it('throws the caller\'s abort reason when the caller cancels', async () => {
    const server = await openai();
    server.enqueue({ text: 'late', delayMs: 5_000 });
    const model = createAiSdkModel(setting('openai', 'gpt-4.1', server));
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('job cancelled')), 50);
    await expect(model.generateText({ system: 's', prompt: 'p', signal: controller.signal })).rejects.toThrow('job cancelled');
  });

  it('names the URL when nothing listens there', async () => {
    const server = await openai();
    const url = server.url;
    await server.close();
    servers.pop();
    const model = createAiSdkModel({ provider: 'openai-compatible', model: 'llama3', baseUrl: url, apiKey: undefined }, { maxRetries: 0 });
    const error = await failure(model.generateText({ system: 's', prompt: 'p' }));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain(`cannot reach ${url}`);
  });

  it('asks again once when the answer does not match the schema, then reports invalid_output', async () => {
    const server = await openai();
    server.enqueue({ raw: '{"title": "Tides", "scenes": [' }, { object: { title: 3 } });
    const model = createAiSdkModel(setting('openai', 'gpt-4.1', server));
    const error = await failure(model.generateObject(objectRequest));
    expect(error.kind).toBe('invalid_output');
    expect(server.requests).toHaveLength(2);
  });

  it('accepts a valid answer on the second attempt after malformed JSON', async () => {
    const server = await openai();
    server.enqueue({ raw: 'Sure! Here is the plan: {' }, { object: plan, usage: { input: 10, output: 5 } });
    const model = createAiSdkModel(setting('openai', 'gpt-4.1', server));
    const answer = await model.generateObject(objectRequest);
    expect(answer.object).toEqual(plan);
    expect(answer.usage.outputTokens).toBeGreaterThan(5);
  });
});

describe('createAiSdkModel: openai-compatible', () => {
  it('sends json_schema structured output without an Authorization header when no key is set', async () => {
    const server = await openai();
    server.enqueue({ object: plan });
    const model = createAiSdkModel(setting('openai-compatible', 'qwen2.5-coder:32b', server, null));
    expect((await model.generateObject(objectRequest)).object).toEqual(plan);
    const request = server.requests[0]!;
    expect(request.headers.authorization).toBeUndefined();
    expect(request.body.model).toBe('qwen2.5-coder:32b');
    expect(request.body.response_format.type).toBe('json_schema');
    expect(request.body.response_format.json_schema.strict).toBe(true);
  });

  it('falls back to JSON mode with the schema in the instructions when json_schema is rejected, and stays there', async () => {
    const server = await openai({ rejectJsonSchema: true });
    server.enqueue({ object: plan }, { object: plan });
    const model = createAiSdkModel(setting('openai-compatible', 'mistral-7b', server, null));
    expect((await model.generateObject(objectRequest)).object).toEqual(plan);
    expect((await model.generateObject(objectRequest)).object).toEqual(plan);
    const formats = server.requests.map((request) => request.body.response_format.type);
    expect(formats).toEqual(['json_schema', 'json_object', 'json_object']);
    const system = server.requests[1]!.body.messages[0].content as string;
    expect(system).toContain('You plan videos.');
    expect(system).toContain('"scenes"');
  });

  it('returns text from a vision model with images', async () => {
    const server = await openai();
    server.enqueue({ text: 'fine' });
    const model = createAiSdkModel(setting('openai-compatible', 'qwen2.5-vl:7b', server, null));
    expect(model.acceptsImages).toBe(true);
    const answer = await model.generateText({ system: 's', prompt: 'look', images: [{ data: new Uint8Array([0xff, 0xd8, 0xff]), mimeType: 'image/jpeg' }] });
    expect(answer.text).toBe('fine');
    expect(server.requests[0]!.body.messages[1].content[1].image_url.url).toMatch(/^data:image\/jpeg;base64,/);
  });
});

describe('createAiSdkModel: anthropic (Messages)', () => {
  it('returns an object answered through the forced json tool on models without native structured output', async () => {
    const server = await anthropic({ apiKey: KEY });
    server.enqueue({ object: plan, usage: { input: 50, output: 20 } });
    const model = createAiSdkModel(setting('anthropic', 'claude-sonnet-4-20250514', server));
    const answer = await model.generateObject(objectRequest);
    expect(answer.object).toEqual(plan);
    expect(answer.usage).toEqual({ inputTokens: 50, outputTokens: 20 });
    const request = server.requests[0]!;
    expect(request.path).toBe('/v1/messages');
    expect(request.headers['x-api-key']).toBe(KEY);
    expect(request.body.tool_choice.type).toBe('any');
    expect(request.body.tools).toHaveLength(1);
    expect(request.body.tools[0].name).toBe('json');
    expect(request.body.tools[0].input_schema.properties.title.type).toBe('string');
  });

  it('returns an object as JSON text on models with native structured output', async () => {
    const server = await anthropic({ apiKey: KEY });
    server.enqueue({ object: plan });
    const model = createAiSdkModel(setting('anthropic', 'claude-sonnet-4-5', server));
    expect((await model.generateObject(objectRequest)).object).toEqual(plan);
    expect(server.requests[0]!.body.output_config.format.type).toBe('json_schema');
  });

  it('returns text with images as base64 image blocks', async () => {
    const server = await anthropic({ apiKey: KEY });
    server.enqueue({ text: 'Looks designed.' });
    const model = createAiSdkModel(setting('anthropic', 'claude-sonnet-4-5', server));
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const answer = await model.generateText({ system: 'Critique.', prompt: 'Frame 1', images: [{ data: png, mimeType: 'image/png' }] });
    expect(answer.text).toBe('Looks designed.');
    const request = server.requests[0]!;
    expect(request.body.system[0].text).toBe('Critique.');
    const image = request.body.messages[0].content.find((part: { type: string }) => part.type === 'image');
    expect(image.source).toEqual({ type: 'base64', media_type: 'image/png', data: Buffer.from(png).toString('base64') });
  });

  it('reports a refused key without the key', async () => {
    const server = await anthropic({ apiKey: 'another-key-entirely' });
    const model = createAiSdkModel(setting('anthropic', 'claude-sonnet-4-5', server));
    const error = await failure(model.generateText({ system: 's', prompt: 'p' }));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('refused the API key');
    expect(error.message).toContain('ANTHROPIC_API_KEY');
    expect(error.message).not.toContain(KEY);
  });

  it('reports a tool answer that does not match the schema as invalid_output', async () => {
    const server = await anthropic({ apiKey: KEY });
    server.enqueue({ object: { title: 'x' } }, { object: { scenes: 'none' } });
    const model = createAiSdkModel(setting('anthropic', 'claude-sonnet-4-20250514', server));
    const error = await failure(model.generateObject(objectRequest));
    expect(error.kind).toBe('invalid_output');
    expect(server.requests).toHaveLength(2);
  });
});

describe('createAiSdkModel: google (Gemini)', () => {
  it('returns an object asked for as JSON with the response schema, and text with images', async () => {
    const server = await startFakeGoogleServer({ apiKey: KEY });
    servers.push(server);
    server.enqueue({ object: plan, usage: { input: 30, output: 12 } }, { text: 'All good.' });
    const model = createAiSdkModel(setting('google', 'gemini-2.5-flash', server));
    const answer = await model.generateObject(objectRequest);
    expect(answer.object).toEqual(plan);
    expect(answer.usage).toEqual({ inputTokens: 30, outputTokens: 12 });
    const first = server.requests[0]!;
    expect(first.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(first.headers['x-goog-api-key']).toBe(KEY);
    expect(first.body.generationConfig.responseMimeType).toBe('application/json');
    expect(first.body.generationConfig.responseSchema.properties.scenes).toBeDefined();

    const text = await model.generateText({ system: 's', prompt: 'look', images: [{ data: new Uint8Array([1, 2]), mimeType: 'image/png' }] });
    expect(text.text).toBe('All good.');
    const parts = server.requests[1]!.body.contents[0].parts;
    expect(parts[1].inlineData).toEqual({ mimeType: 'image/png', data: Buffer.from([1, 2]).toString('base64') });
  });
});

describe('createAiSdkModel: callTool (the visual critique\'s tools)', () => {
  const tools = {
    approve_scene: { description: 'Looks right.', input: z.object({ notes: z.string() }) },
    revise_scene: { description: 'Fix it.', input: z.object({ problems: z.array(z.string()).min(1), code: z.string() }) },
  };
  const image = { data: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), mimeType: 'image/jpeg' as const };

  it('offers the tools with tool_choice required and images in the user turn, and returns the call (OpenAI Chat Completions)', async () => {
    const server = await openai({ apiKey: KEY });
    server.enqueue({ toolCalls: [{ name: 'revise_scene', input: { problems: ['clipped headline'], code: 'export default () => null;' } }] });
    const model = createAiSdkModel(setting('openai', 'gpt-4.1', server));
    const answer = await model.callTool!({ system: 'You review scenes.', prompt: 'Review this scene', images: [image], tools });
    expect(answer).toMatchObject({ tool: 'revise_scene', input: { problems: ['clipped headline'], code: 'export default () => null;' } });
    const body = server.requests[0]!.body as { tools: { function: { name: string } }[]; tool_choice: unknown; messages: { role: string; content: { type: string }[] }[] };
    expect(body.tools.map((tool) => tool.function.name)).toEqual(['approve_scene', 'revise_scene']);
    expect(body.tool_choice).toBe('required');
    expect(body.messages.at(-1)!.content.map((part) => part.type)).toEqual(['text', 'image_url']);
  });

  it('asks again when the call does not match the tool\'s schema, then fails with invalid_output (Anthropic Messages)', async () => {
    const server = await anthropic({ apiKey: KEY });
    server.enqueue(
      { toolCalls: [{ name: 'revise_scene', input: { problems: [] } }] },
      { toolCalls: [{ name: 'revise_scene', input: { code: 42 } }] },
    );
    const model = createAiSdkModel(setting('anthropic', 'claude-sonnet-4-5', server));
    const error = await failure(model.callTool!({ system: 'You review scenes.', prompt: 'Review', tools }));
    expect(error.kind).toBe('invalid_output');
    expect(error.message).toContain('revise_scene');
    expect(server.requests).toHaveLength(2);
    expect((server.requests[0]!.body as { tool_choice: { type: string } }).tool_choice.type).toBe('any');
  });

  it('takes a valid call after an invalid one', async () => {
    const server = await anthropic({ apiKey: KEY });
    server.enqueue({ toolCalls: [{ name: 'approve_scene', input: {} }] }, { toolCalls: [{ name: 'approve_scene', input: { notes: 'clear and centered' } }] });
    const model = createAiSdkModel(setting('anthropic', 'claude-sonnet-4-5', server));
    expect(await model.callTool!({ system: 's', prompt: 'p', tools })).toMatchObject({ tool: 'approve_scene', input: { notes: 'clear and centered' } });
  });

  it('refuses images for a model that takes none, without calling it', async () => {
    const server = await openai({ apiKey: KEY });
    const model = createAiSdkModel(setting('openai', 'gpt-3.5-turbo', server));
    const error = await failure(model.callTool!({ system: 's', prompt: 'p', images: [image], tools }));
    expect(error.kind).toBe('unavailable');
    expect(server.requests).toHaveLength(0);
  });

  it('streams a structured answer from an OpenAI-compatible server when the caller follows progress, counting tokens as they come', async () => {
    const server = await openai();
    server.enqueue({ object: plan, chunkDelayMs: 2 });
    const model = createAiSdkModel(setting('openai-compatible', 'qwen2.5-7b', server, null));
    const seen: number[] = [];
    const answer = await model.generateObject({ ...objectRequest, onProgress: (tokens) => seen.push(tokens) });
    expect(answer.object).toEqual(plan);
    expect((server.requests[0]!.body as { stream?: boolean }).stream).toBe(true);
    expect(seen.length).toBeGreaterThan(5);
    expect(seen).toEqual(seen.map((_, index) => index + 1));
    // Without a progress listener, the same call is one answer.
    server.enqueue({ object: plan });
    await model.generateObject(objectRequest);
    expect((server.requests[1]!.body as { stream?: boolean }).stream).toBeUndefined();
  });

  it('lets a streaming model that keeps writing run past the time limit, and stops one that stalls', async () => {
    const server = await openai();
    const model = createAiSdkModel(setting('openai-compatible', 'qwen2.5-7b', server, null), { maxRetries: 0 });
    // About 20 pieces 60 ms apart: over a second in all, never 400 ms without a token.
    server.enqueue({ object: plan, chunkDelayMs: 60 });
    const started = performance.now();
    const answer = await model.generateObject({ ...objectRequest, timeoutMs: 400, onProgress: () => undefined });
    expect(answer.object).toEqual(plan);
    expect(performance.now() - started).toBeGreaterThan(400);
    server.enqueue({ object: plan, chunkDelayMs: 1_000 });
    const error = await failure(model.generateObject({ ...objectRequest, timeoutMs: 400, onProgress: () => undefined }));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('did not answer within 400 ms');
  });
});
