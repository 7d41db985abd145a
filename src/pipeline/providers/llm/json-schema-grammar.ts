import { z } from 'zod';

/** A JSON Schema value as node-llama-cpp's `createGrammarForJsonSchema` reads it. */
export type GrammarJsonSchema = Record<string, unknown>;

/**
 * The JSON Schema of a zod schema in the subset node-llama-cpp turns into a GBNF grammar: no
 * `$schema`, `anyOf` spelled `oneOf`, and `enum` without a redundant `type` beside it. Constraints
 * the grammar cannot hold (minimum, pattern, min lengths it does not enforce) are still checked by
 * the zod schema on the parsed answer.
 */
export function grammarJsonSchema(schema: z.ZodType): GrammarJsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as GrammarJsonSchema;
  return simplify(json) as GrammarJsonSchema;
}

function simplify(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(simplify);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$schema') continue;
    out[key === 'anyOf' ? 'oneOf' : key] = simplify(child);
  }
  if ('enum' in out) delete out.type;
  return out;
}
