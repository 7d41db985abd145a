import type { z } from 'zod';
import { modelJsonSchema } from './model-json-schema.js';

/** A JSON Schema value as node-llama-cpp's `createGrammarForJsonSchema` reads it. */
export type GrammarJsonSchema = Record<string, unknown>;

/**
 * The {@link modelJsonSchema} of a zod schema in the subset node-llama-cpp turns into a GBNF
 * grammar: `anyOf` spelled `oneOf`, and `const` and `enum` without a redundant `type` beside them.
 * Constraints the grammar cannot hold (minimum, pattern) are still checked by the zod schema on the
 * parsed answer.
 */
export function grammarJsonSchema(schema: z.ZodType): GrammarJsonSchema {
  return simplify(modelJsonSchema(schema)) as GrammarJsonSchema;
}

function simplify(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(simplify);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) out[key === 'anyOf' ? 'oneOf' : key] = simplify(child);
  if ('enum' in out || 'const' in out) delete out.type;
  return out;
}
