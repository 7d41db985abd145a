import { z } from 'zod';

/** A JSON Schema object. */
export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema a model is sent for a zod schema, in the form every way of serving a model can
 * satisfy: a hosted provider's structured output, an OpenAI-compatible server that enforces it with
 * a grammar (vLLM, Ollama, llama.cpp server) and node-llama-cpp's own grammar. Every object is
 * closed (`additionalProperties: false`) and lists every property as required; a property the zod
 * schema lets the model leave out is nullable instead (`null` for "none"), the form OpenAI's strict
 * mode asks for, and the only one a grammar can write (node-llama-cpp writes every property it is
 * given, in order). Unions are `anyOf` of whole objects, never `allOf`, so no part closes another's
 * fields. {@link fromModelAnswer} turns the answer back into the zod schema's input.
 */
export function modelJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io: 'input', target: 'draft-7', unrepresentable: 'any' }) as JsonSchema;
  return closed(json) as JsonSchema;
}

function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed);
  if (node === null || typeof node !== 'object') return node;
  const schema = Object.fromEntries(Object.entries(node as JsonSchema).map(([key, value]) => [key, key === 'properties' ? value : closed(value)])) as JsonSchema;
  if (schema.allOf) throw new Error('a model schema may not use allOf: write each variant whole');
  if (schema.type !== 'object' || !schema.properties) return schema;
  const properties = schema.properties as Record<string, unknown>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return {
    ...schema,
    properties: Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, required.has(key) || acceptsNull(value) ? closed(value) : { anyOf: [closed(value), { type: 'null' }] }])),
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

function acceptsNull(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const node = schema as JsonSchema;
  if (node.type === 'null' || (Array.isArray(node.type) && node.type.includes('null'))) return true;
  const variants = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  return variants?.some(acceptsNull) ?? false;
}

/**
 * A model's answer to a {@link modelJsonSchema} as the zod schema reads it: each `null` the model
 * wrote for a property it could leave out is taken out again. Everything else is left as written,
 * for the zod schema to check.
 */
export function fromModelAnswer(value: unknown, schema: z.ZodType): unknown {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io: 'input', target: 'draft-7', unrepresentable: 'any' }) as JsonSchema;
  return withoutOptionalNulls(value, json);
}

function withoutOptionalNulls(value: unknown, schema: JsonSchema | undefined): unknown {
  if (!schema || value === null || typeof value !== 'object') return value;
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (variants) return withoutOptionalNulls(value, variantFor(value, variants));
  if (Array.isArray(value)) {
    const items = schema.items as JsonSchema | undefined;
    const prefix = schema.prefixItems as JsonSchema[] | undefined;
    return value.map((item, index) => withoutOptionalNulls(item, prefix?.[index] ?? items));
  }
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return value;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (child === null && !required.has(key) && !acceptsNull(properties[key])) continue;
    out[key] = withoutOptionalNulls(child, properties[key]);
  }
  return out;
}

/** The variant of a union a value was written for: the object variant whose constants it has (a scene's `kind`), else the first of its type. */
function variantFor(value: object, variants: JsonSchema[]): JsonSchema | undefined {
  const objects = variants.filter((variant) => variant.type === 'object' || variant.properties);
  if (Array.isArray(value)) return variants.find((variant) => variant.type === 'array');
  const record = value as Record<string, unknown>;
  const fits = (variant: JsonSchema) => {
    const properties = (variant.properties ?? {}) as Record<string, JsonSchema>;
    const constants = Object.entries(properties).filter(([, child]) => 'const' in child);
    return constants.every(([key, child]) => record[key] === child.const) && ((variant.required as string[] | undefined) ?? []).every((key) => key in record);
  };
  return objects.find(fits) ?? objects[0];
}
