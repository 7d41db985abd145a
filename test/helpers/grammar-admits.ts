import type { Llama, LlamaGrammar, LlamaModel } from 'node-llama-cpp';
import { LlamaGrammarEvaluationState } from 'node-llama-cpp';

type Json = Record<string, unknown>;

/**
 * A value with its object keys in the order a schema lists them: the order a grammar made from the
 * schema writes them in (node-llama-cpp writes every property, in order), so an answer written by
 * another server in another order can be put to the grammar as the grammar would have written it.
 */
export function inSchemaOrder(value: unknown, schema: Json | undefined): unknown {
  if (!schema || value === null || typeof value !== 'object') return value;
  const variants = (schema.oneOf ?? schema.anyOf) as Json[] | undefined;
  if (variants) return inSchemaOrder(value, variantOf(value, variants));
  if (Array.isArray(value)) return value.map((item) => inSchemaOrder(item, schema.items as Json | undefined));
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const record = value as Record<string, unknown>;
  const ordered: Record<string, unknown> = {};
  for (const key of Object.keys(properties)) if (key in record) ordered[key] = inSchemaOrder(record[key], properties[key]);
  for (const key of Object.keys(record)) if (!(key in ordered)) ordered[key] = record[key];
  return ordered;
}

function variantOf(value: object, variants: Json[]): Json | undefined {
  if (Array.isArray(value)) return variants.find((variant) => variant.type === 'array');
  const record = value as Record<string, unknown>;
  const objects = variants.filter((variant) => variant.type === 'object');
  return (
    objects.find((variant) => {
      const properties = (variant.properties ?? {}) as Record<string, Json>;
      return Object.entries(properties).every(([key, child]) => !('const' in child) || record[key] === child.const) && Object.keys(record).every((key) => key in properties);
    }) ?? objects[0]
  );
}

/**
 * Whether llama.cpp's grammar engine admits `text` as a whole answer: each of its tokens (in the
 * model's vocabulary) may follow the ones before under `grammar`, and the grammar may end after the
 * last. Undefined when it does; else the text up to the first token the grammar refuses.
 */
export function grammarRefusal(llama: Llama, model: LlamaModel, grammar: LlamaGrammar, text: string): string | undefined {
  // node-llama-cpp's JSON grammars end an answer with four newlines.
  const tokens = model.tokenize(`${text}\n\n\n\n`, false, 'trimLeadingSpace');
  const state = new LlamaGrammarEvaluationState({ model, grammar });
  // The engine's own check, as sampling uses it (node-llama-cpp keeps it internal).
  const sampler = (llama as unknown as { _bindings: { AddonSampler: { canBeNextTokenForGrammarEvaluationState(state: unknown, token: number): boolean; acceptGrammarEvaluationStateToken(state: unknown, token: number): void } } })._bindings.AddonSampler;
  const native = (state as unknown as { _state: unknown })._state;
  for (const [index, token] of tokens.entries()) {
    if (!sampler.canBeNextTokenForGrammarEvaluationState(native, token)) return model.detokenize(tokens.slice(0, index + 1));
    sampler.acceptGrammarEvaluationStateToken(native, token);
  }
  return sampler.canBeNextTokenForGrammarEvaluationState(native, model.tokens.eos!) ? undefined : `${text} (the grammar does not end here)`;
}
