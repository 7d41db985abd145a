import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LanguageModelError, type LanguageModel } from '../../../../src/pipeline/providers/llm/language-model.js';
import { createLocalLlamaModel } from '../../../../src/pipeline/providers/llm/local-llama.js';
import { buildTinyGguf, writeTinyGguf } from '../../../helpers/tiny-gguf.js';

const SCENE_KINDS = ['title', 'bullets', 'chart', 'close'] as const;
const planSchema = z.object({
  title: z.string().max(40),
  scenes: z
    .array(z.object({ kind: z.enum(SCENE_KINDS), title: z.string().max(30), narration: z.string().max(60) }))
    .min(1)
    .max(3),
});

// One thread: llama.cpp's spinning workers crawl when other test files share the cores.
const OPTIONS = { gpu: false, threads: 1, contextSize: 2048 } as const;

function planRequest() {
  return { system: 'You plan short videos.', prompt: 'Explain how tides work.', schema: planSchema, schemaName: 'story_plan' };
}

async function rejection(promise: Promise<unknown>): Promise<LanguageModelError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LanguageModelError);
  return error as LanguageModelError;
}

describe('createLocalLlamaModel', () => {
  let dir: string;
  let modelPath: string;
  let model: LanguageModel;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'local-llama-'));
    modelPath = await writeTinyGguf(path.join(dir, 'tiny.gguf'));
    model = createLocalLlamaModel(modelPath, OPTIONS);
  });
  afterAll(async () => {
    await model?.close?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loads a GGUF and returns a plan of the schema under its JSON-schema grammar', async () => {
    expect(model).toMatchObject({ id: `local:${modelPath}`, acceptsImages: false });
    const answer = await model.generateObject(planRequest());
    expect(planSchema.parse(answer.object)).toEqual(answer.object);
    expect(answer.object.scenes.length).toBeGreaterThanOrEqual(1);
    expect(answer.object.scenes.length).toBeLessThanOrEqual(3);
    for (const scene of answer.object.scenes) expect(SCENE_KINDS).toContain(scene.kind);
    expect(answer.usage.inputTokens).toBeGreaterThan(0);
    expect(answer.usage.outputTokens).toBeGreaterThan(0);
    expect(answer.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('generates free text with its usage', async () => {
    const answer = await model.generateText({ system: 'Be brief.', prompt: 'Say hello.', maxOutputTokens: 16 });
    expect(typeof answer.text).toBe('string');
    expect(answer.usage.outputTokens).toBeGreaterThan(0);
    expect(answer.usage.outputTokens).toBeLessThanOrEqual(16);
  });

  it('refuses images: a local model takes text only', async () => {
    const error = await rejection(
      model.generateText({ system: 's', prompt: 'p', images: [{ data: new Uint8Array([1]), mimeType: 'image/png' }] }),
    );
    expect(error.kind).toBe('unavailable');
  });

  it('fails with invalid_output when the answer breaks a rule the grammar cannot express', async () => {
    const schema = z.object({ title: z.string().max(20).refine((title) => title === 'exactly this title', 'not the agreed title') });
    const error = await rejection(model.generateObject({ ...planRequest(), schema, schemaName: 'strict_title' }));
    expect(error.kind).toBe('invalid_output');
    expect(error.message).toMatch(/strict_title does not match the schema: title: not the agreed title/);
  });

  it('fails with invalid_output when the output token limit cuts the JSON short', async () => {
    const error = await rejection(model.generateObject({ ...planRequest(), maxOutputTokens: 3 }));
    expect(error.kind).toBe('invalid_output');
    expect(error.message).toMatch(/incomplete JSON/);
  });

  it('times out a call that waits behind a running one, and the model serves the next call', async () => {
    const running = model.generateObject(planRequest());
    const error = await rejection(model.generateObject({ ...planRequest(), timeoutMs: 1 }));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toMatch(/timed out after 1 ms/);
    await expect(running).resolves.toMatchObject({ object: { title: expect.any(String) } });
    await expect(model.generateObject(planRequest())).resolves.toMatchObject({ object: { scenes: expect.any(Array) } });
  });

  it("stops a generation when the caller's signal aborts, throwing its reason", async () => {
    const controller = new AbortController();
    const reason = new Error('job cancelled');
    // A 1500-character string takes far longer to write than the 30 ms before the abort.
    const long = z.object({ text: z.string().min(1500).max(1600) });
    const call = model.generateObject({ ...planRequest(), schema: long, schemaName: 'long_text', signal: controller.signal });
    setTimeout(() => controller.abort(reason), 30);
    await expect(call).rejects.toBe(reason);
    await expect(model.generateText({ system: 's', prompt: 'again', maxOutputTokens: 4 })).resolves.toMatchObject({ text: expect.any(String) });
  });

  it('times out while loading, before any generation', async () => {
    const fresh = createLocalLlamaModel(modelPath, OPTIONS);
    try {
      const error = await rejection(fresh.generateText({ system: 's', prompt: 'p', timeoutMs: 1 }));
      expect(error).toMatchObject({ kind: 'unavailable', message: expect.stringMatching(/timed out/) });
    } finally {
      await fresh.close?.();
    }
  });
});

describe('createLocalLlamaModel failure paths', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'local-llama-bad-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function failureOf(file: string) {
    const model = createLocalLlamaModel(file, OPTIONS);
    try {
      return await rejection(model.generateObject(planRequest()));
    } finally {
      await model.close?.();
    }
  }

  it('names a missing file', async () => {
    const file = path.join(dir, 'nowhere.gguf');
    expect(await failureOf(file)).toMatchObject({ kind: 'unavailable', message: `model file not found: ${file}` });
  });

  it('refuses a file that is not GGUF, naming it', async () => {
    const file = path.join(dir, 'notes.gguf');
    writeFileSync(file, 'this is a text file, not a model\n');
    const error = await failureOf(file);
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe(`not a GGUF model file (it does not start with "GGUF"): ${file}`);
  });

  it('refuses a directory', async () => {
    expect(await failureOf(dir)).toMatchObject({ kind: 'unavailable', message: expect.stringContaining(dir) });
  });

  it("reports llama.cpp's refusal of a truncated GGUF", async () => {
    const file = path.join(dir, 'truncated.gguf');
    writeFileSync(file, buildTinyGguf().subarray(0, 5000));
    const error = await failureOf(file);
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain(`cannot load model ${file}`);
  });

  it('loads a file that appears after a failed call', async () => {
    const file = path.join(dir, 'later.gguf');
    const model = createLocalLlamaModel(file, OPTIONS);
    try {
      expect((await rejection(model.generateText({ system: 's', prompt: 'p' }))).message).toContain('not found');
      await writeTinyGguf(file);
      await expect(model.generateText({ system: 's', prompt: 'p', maxOutputTokens: 4 })).resolves.toMatchObject({ text: expect.any(String) });
    } finally {
      await model.close?.();
    }
  });
});
