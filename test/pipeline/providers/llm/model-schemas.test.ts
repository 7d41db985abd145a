import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { getLlama, type Llama, type LlamaModel } from 'node-llama-cpp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { editOperationsSchema } from '../../../../src/pipeline/edit/edit-operations.js';
import { grammarJsonSchema } from '../../../../src/pipeline/providers/llm/json-schema-grammar.js';
import { fromModelAnswer, modelJsonSchema } from '../../../../src/pipeline/providers/llm/model-json-schema.js';
import { maxPlanScenes, modelPlanSchemaFor } from '../../../../src/pipeline/providers/llm/model-plan-schema.js';
import { CRITIQUE_TOOLS } from '../../../../src/pipeline/providers/llm/model-scene-writer.js';
import { grammarRefusal, inSchemaOrder } from '../../../helpers/grammar-admits.js';
import { writeTinyGguf } from '../../../helpers/tiny-gguf.js';

/** Every schema the node sends a language model, by the name it is sent under. */
const SCHEMAS: Record<string, z.ZodType> = {
  story_plan: modelPlanSchemaFor(maxPlanScenes(120)),
  edit_operations: editOperationsSchema,
  approve_scene: CRITIQUE_TOOLS.approve_scene.input,
  revise_scene: CRITIQUE_TOOLS.revise_scene.input,
};

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/recorded-plans');

interface RecordedCall {
  request: { response_format?: { json_schema?: { name?: string } } };
  answer: { object?: unknown; toolCalls?: { name: string; input: unknown }[]; text?: string };
}

/** Each structured answer a real model gave to the node's requests (test/fixtures/recorded-plans), with the schema it answered. */
function recordedAnswers(): { file: string; schema: string; value: unknown }[] {
  return readdirSync(FIXTURES)
    .filter((file) => file.endsWith('.json') && file !== 'cases.json')
    .flatMap((file) =>
      (JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')) as { calls: RecordedCall[] }).calls.flatMap((call) => {
        if (call.answer.toolCalls) return call.answer.toolCalls.map((tool) => ({ file, schema: tool.name, value: tool.input }));
        const name = call.request.response_format?.json_schema?.name;
        return name && call.answer.object !== undefined ? [{ file, schema: name, value: call.answer.object }] : [];
      }),
    );
}

/** The places in a JSON Schema that no answer, or no grammar, can satisfy: an allOf, an object open to other keys or not requiring all of its own. */
function unsatisfiable(node: unknown, at = '#'): string[] {
  if (Array.isArray(node)) return node.flatMap((child, index) => unsatisfiable(child, `${at}/${index}`));
  if (!node || typeof node !== 'object') return [];
  const schema = node as Record<string, unknown>;
  const found: string[] = [];
  if ('allOf' in schema) found.push(`${at}: allOf`);
  if (schema.type === 'object' && schema.properties) {
    if (schema.additionalProperties !== false) found.push(`${at}: open object`);
    const keys = Object.keys(schema.properties as object);
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const optional = keys.filter((key) => !required.has(key));
    if (optional.length > 0) found.push(`${at}: optional ${optional.join(', ')}`);
  }
  return [...found, ...Object.entries(schema).flatMap(([key, child]) => (key === 'properties' ? Object.entries(child as object).flatMap(([name, value]) => unsatisfiable(value, `${at}/properties/${name}`)) : unsatisfiable(child, `${at}/${key}`)))];
}

describe('the schemas the node sends a model', () => {
  const answers = recordedAnswers();

  it('have recorded real answers for each schema', () => {
    const seen = new Set(answers.map((answer) => answer.schema));
    for (const name of ['story_plan', 'edit_operations']) expect(seen, name).toContain(name);
    // The critique answers with one of its two tools.
    expect(['approve_scene', 'revise_scene'].some((name) => seen.has(name))).toBe(true);
  });

  it.each(Object.keys(SCHEMAS))('%s: every object is closed and requires all its properties, with no allOf', (name) => {
    expect(unsatisfiable(modelJsonSchema(SCHEMAS[name]!))).toEqual([]);
  });

  it('a scene is one closed object per kind, each carrying the shared fields', () => {
    const json = modelJsonSchema(SCHEMAS.story_plan!) as { properties: { scenes: { items: { anyOf?: { properties: Record<string, unknown> }[]; oneOf?: { properties: Record<string, unknown> }[] } } } };
    const variants = json.properties.scenes.items.oneOf ?? json.properties.scenes.items.anyOf!;
    expect(variants.length).toBe(25);
    for (const variant of variants) expect(Object.keys(variant.properties)).toEqual(expect.arrayContaining(['kind', 'picture', 'narration', 'seconds', 'film', 'facts']));
  });

  it.each(recordedAnswers().map((answer) => [`${answer.file} ${answer.schema}`, answer] as const))('%s: the recorded answer validates against the emitted JSON Schema (ajv) and reads back through zod', (_, answer) => {
    const schema = SCHEMAS[answer.schema]!;
    const validate = new Ajv({ strict: false, allErrors: true }).compile(modelJsonSchema(schema));
    expect(validate(answer.value), JSON.stringify(validate.errors)).toBe(true);
    expect(schema.safeParse(fromModelAnswer(answer.value, schema)).success).toBe(true);
  });

  describe("under node-llama-cpp's grammar", () => {
    let dir: string;
    let llama: Llama;
    let model: LlamaModel;
    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'schema-grammar-'));
      llama = await getLlama({ build: 'never', gpu: false });
      model = await llama.loadModel({ modelPath: await writeTinyGguf(path.join(dir, 'tiny.gguf')) });
    });
    afterAll(async () => {
      await model?.dispose();
      rmSync(dir, { recursive: true, force: true });
    });

    it.each(Object.keys(SCHEMAS))('%s: the grammar is not null', async (name) => {
      const grammar = await llama.createGrammarForJsonSchema(grammarJsonSchema(SCHEMAS[name]!) as never);
      expect(grammar.grammar).not.toMatch(/::= "\[" null/);
    });

    it('refuses what the schema does not allow: an unknown kind, a left-out field, a key of its own', async () => {
      const json = grammarJsonSchema(SCHEMAS.edit_operations!);
      const grammar = await llama.createGrammarForJsonSchema(json as never);
      const admitted = { operations: [{ op: 'set_length', seconds: 20 }] };
      expect(grammarRefusal(llama, model, grammar, JSON.stringify(inSchemaOrder(admitted, json)))).toBeUndefined();
      expect(grammarRefusal(llama, model, grammar, JSON.stringify({ operations: [{ op: 'explode', seconds: 20 }] }))).toBe('{"operations":[{"op":"e');
      expect(grammarRefusal(llama, model, grammar, JSON.stringify({ operations: [{ op: 'retime', scene: 2 }] }))).toBe('{"operations":[{"op":"retime","scene":2}');
      expect(grammarRefusal(llama, model, grammar, JSON.stringify({ operations: [{ op: 'set_length', seconds: 20, why: 'x' }] }))).toBe('{"operations":[{"op":"set_length","seconds":20,');
    });

    it.each(recordedAnswers().map((answer) => [`${answer.file} ${answer.schema}`, answer] as const))('%s: the grammar admits the recorded answer, keys in schema order', async (_, answer) => {
      const json = grammarJsonSchema(SCHEMAS[answer.schema]!);
      const grammar = await llama.createGrammarForJsonSchema(json as never);
      expect(grammarRefusal(llama, model, grammar, JSON.stringify(inSchemaOrder(answer.value, json)))).toBeUndefined();
    });
  });
});
