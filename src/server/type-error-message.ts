// What a field takes, in the node's words, read from the same zod schema that validates it (as
// JSON Schema, the form the OpenAPI document and MCP tool listings already show): its type, enum
// values, ranges and lengths, the first clause of its description, and an example (the schema's
// own `examples`, its default, an example its description gives, or one built from its type). A
// type error then reads `takes an object { width, height } (exact canvas size in pixels), for
// example {"width":1280,"height":720}; got the string "1280x720"` instead of the validator's text.
import { z } from 'zod';

/** A JSON Schema node, as `z.toJSONSchema` writes it. */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  description?: string;
  examples?: unknown[];
  default?: unknown;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

const converted = new WeakMap<z.ZodType, JsonSchema>();

/** The request side of a schema as JSON Schema, converted once per schema. */
function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  let json = converted.get(schema);
  if (!json) {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    converted.set(schema, json);
  }
  return json;
}

/** Follows a `$ref` (`#` or `#/$defs/name`, what zod writes for reused and recursive schemas). */
function resolved(node: JsonSchema, root: JsonSchema): JsonSchema {
  for (let depth = 0; node.$ref !== undefined && depth < 16; depth += 1) {
    const ref: string = node.$ref;
    const next: JsonSchema | undefined = ref === '#' ? root : ref.startsWith('#/$defs/') ? root.$defs?.[ref.slice('#/$defs/'.length)] : undefined;
    if (!next) return {};
    // A ref with siblings (zod puts a field's description beside it) keeps them.
    const { $ref: _ref, ...siblings } = node;
    node = { ...next, ...siblings };
  }
  return node;
}

const branchesOf = (node: JsonSchema): JsonSchema[] => node.anyOf ?? node.oneOf ?? [];

/** The schema one step down: an object's property, an array's item, a record's value, through unions. */
function childOf(node: JsonSchema, step: PropertyKey, root: JsonSchema): JsonSchema | undefined {
  const here = resolved(node, root);
  if (typeof step === 'number' || /^\d+$/.test(String(step))) {
    const index = Number(step);
    if (here.prefixItems?.[index]) return here.prefixItems[index];
    if (here.items && !Array.isArray(here.items)) return here.items;
  }
  if (typeof step === 'string') {
    if (here.properties?.[step]) return here.properties[step];
    if (typeof here.additionalProperties === 'object') return here.additionalProperties;
  }
  for (const branch of [...branchesOf(here), ...(here.allOf ?? [])]) {
    const child = childOf(branch, step, root);
    if (child) return child;
  }
  return undefined;
}

/** The JSON Schema of the field at `path` in `schema`, or undefined when the path leaves it. */
function fieldSchema(schema: z.ZodType, path: readonly PropertyKey[]): { node: JsonSchema; root: JsonSchema } | undefined {
  const root = jsonSchemaOf(schema);
  let node: JsonSchema | undefined = root;
  for (const step of path) {
    node = childOf(node, step, root);
    if (!node) return undefined;
  }
  return { node: resolved(node, root), root };
}

const quote = (value: unknown) => JSON.stringify(value);

/** A range in words: "from 5 to 120", "of at least 1", "above 0". */
function range(node: JsonSchema): string {
  const low = node.minimum !== undefined ? { value: node.minimum, open: false } : node.exclusiveMinimum !== undefined ? { value: node.exclusiveMinimum, open: true } : undefined;
  const high = node.maximum !== undefined ? { value: node.maximum, open: false } : node.exclusiveMaximum !== undefined ? { value: node.exclusiveMaximum, open: true } : undefined;
  if (low && high && !low.open && !high.open) return ` from ${low.value} to ${high.value}`;
  const parts = [low && (low.open ? `above ${low.value}` : `of at least ${low.value}`), high && (high.open ? `below ${high.value}` : `of at most ${high.value}`)].filter(Boolean);
  return parts.length ? ` ${parts.join(' and ')}` : '';
}

/** A length bound in words: " of 1 to 200 characters", " of at most 20 items". */
function bounds(min: number | undefined, max: number | undefined, unit: string): string {
  if (min !== undefined && min > 0 && max !== undefined) return min === max ? ` of exactly ${min} ${unit}` : ` of ${min} to ${max} ${unit}`;
  if (max !== undefined) return ` of at most ${max} ${unit}`;
  if (min !== undefined && min > 1) return ` of at least ${min} ${unit}`;
  if (min === 1 && unit === 'characters') return ' that is not empty';
  return '';
}

const STRING_FORMATS: Record<string, string> = {
  uri: 'a URL',
  url: 'a URL',
  email: 'an email address',
  'date-time': 'a date and time (ISO 8601)',
  date: 'a date (YYYY-MM-DD)',
  uuid: 'a UUID',
};

/** What a schema node takes, in words: `an object { width, height }`, `one of "16:9", "9:16"`, `true or false`. */
function takes(node: JsonSchema, root: JsonSchema, depth = 0): string {
  const here = resolved(node, root);
  const branches = branchesOf(here);
  // A union of single values ("24", "25", …) reads as the list it is.
  const literals = branches.map((branch) => resolved(branch, root)).map((branch) => (branch.const !== undefined ? [branch.const] : branch.enum?.length === 1 ? branch.enum : undefined));
  if (branches.length > 1 && literals.every(Boolean)) return `one of ${literals.map((values) => quote(values![0])).join(', ')}`;
  if (branches.length > 0) {
    const words = [...new Set(branches.map((branch) => takes(branch, root, depth)))];
    return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')}, or ${words.at(-1)}`;
  }
  if (here.const !== undefined) return quote(here.const);
  if (here.enum) return here.enum.length === 1 ? quote(here.enum[0]) : `one of ${here.enum.map(quote).join(', ')}`;
  const types = Array.isArray(here.type) ? here.type : here.type ? [here.type] : [];
  if (types.length > 1) return types.map((type) => takes({ ...here, type }, root, depth)).join(' or ');
  switch (types[0]) {
    case 'string': {
      const base = (here.format && STRING_FORMATS[here.format]) ?? 'a string';
      return `${base}${bounds(here.minLength, here.maxLength, 'characters')}`;
    }
    case 'integer':
    case 'number': {
      const whole = types[0] === 'integer';
      const noun = here.multipleOf === 2 && whole ? 'an even whole number' : whole ? 'a whole number' : 'a number';
      const step = here.multipleOf !== undefined && !(here.multipleOf === 2 && whole) && !(here.multipleOf === 1 && whole) ? ` in steps of ${here.multipleOf}` : '';
      return `${noun}${range(here)}${step}`;
    }
    case 'boolean':
      return 'true or false';
    case 'null':
      return 'null';
    case 'array': {
      const item = here.items && !Array.isArray(here.items) && depth < 1 ? `, each ${takes(here.items, root, depth + 1)}` : '';
      return `an array${bounds(here.minItems, here.maxItems, 'items')}${item}`;
    }
    case 'object': {
      const keys = Object.keys(here.properties ?? {});
      if (keys.length > 0) return `an object { ${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ', …' : ''} }`;
      if (typeof here.additionalProperties === 'object' && Object.keys(here.additionalProperties).length > 0 && depth < 1) return `an object whose values are each ${takes(here.additionalProperties, root, depth + 1)}`;
      return 'an object';
    }
    default:
      return 'any value';
  }
}

/** The description's `@default` value, when it is JSON ("@default false", '@default "model-5"'). */
function describedDefault(description: string | undefined): unknown {
  const written = /@default\s+(\{[^{}]*\}|\[[^[\]]*\]|"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|true|false|null)(?![^\s.,;])/.exec(description ?? '')?.[1];
  if (written === undefined) return undefined;
  try {
    return JSON.parse(written) as unknown;
  } catch {
    return undefined;
  }
}

/** An example a description gives: `for example "2d"`, `e.g. no_language_model`, `(vid_...)` is not one. */
function describedExample(description: string | undefined): string | undefined {
  const match = /\b(?:for example|e\.g\.)[:,]?\s+(?:"([^"]+)"|'([^']+)'|([^\s,;)]+[^\s,;).]))/i.exec(description ?? '');
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** A value the node would take for this schema node: its own example, its default, or one built from its type. */
function exampleOf(node: JsonSchema, root: JsonSchema, depth = 0): unknown {
  const here = resolved(node, root);
  if (here.examples && here.examples.length > 0) return here.examples[0];
  if (here.default !== undefined) return here.default;
  const stated = describedDefault(here.description);
  if (stated !== undefined) return stated;
  if (here.const !== undefined) return here.const;
  if (here.enum && here.enum.length > 0) return here.enum[0];
  const branches = branchesOf(here).filter((branch) => resolved(branch, root).type !== 'null');
  if (branches.length > 0) return branches.map((branch) => exampleOf(branch, root, depth)).find((example) => example !== undefined);
  const type = Array.isArray(here.type) ? here.type.find((item) => item !== 'null') : here.type;
  switch (type) {
    case 'string': {
      const described = describedExample(here.description);
      if (described !== undefined) return described;
      if (here.format === 'uri' || here.format === 'url') return 'https://example.com/file';
      if (here.format === 'email') return 'ada@example.com';
      if (here.format === 'date-time') return '2025-01-31T09:00:00Z';
      if (here.format === 'date') return '2025-01-31';
      // A free text without an example of its own gets none: a made-up "text" would say nothing.
      return undefined;
    }
    case 'integer':
    case 'number': {
      const step = here.multipleOf ?? (type === 'integer' ? 1 : undefined);
      let value = here.minimum ?? (here.exclusiveMinimum !== undefined ? here.exclusiveMinimum + (step ?? 1) : here.maximum !== undefined && here.maximum < 1 ? here.maximum : 1);
      if (step !== undefined) value = Math.ceil(value / step) * step;
      return value;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      if (depth >= 3 || !here.items || Array.isArray(here.items)) return [];
      const item = exampleOf(here.items, root, depth + 1);
      return item === undefined ? undefined : [item];
    case 'object': {
      if (depth >= 3) return {};
      const properties = here.properties ?? {};
      const required = (here.required ?? []).filter((key) => properties[key]);
      // An object of optional fields is shown with its first, so the example says something.
      const shown = required.length > 0 ? required : Object.keys(properties).slice(0, 1);
      if (shown.length === 0 && typeof here.additionalProperties === 'object') return { key: exampleOf(here.additionalProperties, root, depth + 1) };
      const entries = shown.map((key) => [key, exampleOf(properties[key]!, root, depth + 1)] as const);
      return entries.some(([, value]) => value === undefined) ? undefined : Object.fromEntries(entries);
    }
    default:
      return undefined;
  }
}

/**
 * The first clause of a description, without its `@default`, when it is short enough to stand in
 * a message: "Exact canvas size in pixels; takes precedence…" gives "exact canvas size in pixels".
 */
function descriptionClause(description: string | undefined): string | undefined {
  if (!description) return undefined;
  const text = description.replace(/\s*@default\b.*$/s, '').trim();
  let depth = 0;
  let end = text.length;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (char === '(' || char === '[' || char === '{') depth += 1;
    else if (char === ')' || char === ']' || char === '}') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (char === ';' || char === ':' || (char === '.' && /\s/.test(text[i + 1] ?? ' ') && !/\b(?:e\.g|i\.e|etc|vs)$/i.test(text.slice(0, i))))) {
      end = i;
      break;
    }
  }
  const clause = text.slice(0, end).trim();
  if (clause === '' || clause.length > 140) return undefined;
  // "Exact canvas size" reads on in a sentence as "exact canvas size"; "AI footage" and "HTTPS URL" keep their capitals.
  return /^\p{Lu}[\p{Ll}\s]/u.test(clause) ? clause[0]!.toLowerCase() + clause.slice(1) : clause;
}

/** A value as the message names it: `the string "1280x720"`, `the number 42`, `true`, `null`, `an array of 2 items`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : `an array of ${value.length} item${value.length === 1 ? '' : 's'}`;
  switch (typeof value) {
    case 'string':
      return value === '' ? 'an empty string' : `the string ${quote(value.length > 60 ? `${value.slice(0, 57)}…` : value)}`;
    case 'number':
      return `the number ${value}`;
    case 'boolean':
      return String(value);
    case 'object':
      return 'an object';
    default:
      return `a ${typeof value}`;
  }
}

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Whether a description clause only restates what the type already says ("24, 25, 30, 50 or 60"). */
function restates(clause: string, what: string): boolean {
  const said = new Set([...wordsOf(what), 'or', 'and', 'a', 'an']);
  return wordsOf(clause).every((word) => said.has(word));
}

/**
 * What the field at `path` of `schema` takes, in the node's words, with an example:
 * `takes an object { width, height } (exact canvas size in pixels), for example {"width":1280,"height":720}`.
 * Undefined when the path is not in the schema.
 */
export function fieldTakes(schema: z.ZodType, path: readonly PropertyKey[]): string | undefined {
  const field = fieldSchema(schema, path);
  if (!field) return undefined;
  const what = takes(field.node, field.root);
  const clause = descriptionClause(field.node.description);
  // A description that only repeats the type ("Width in pixels: an even whole number…") adds its first clause; one that restates it adds nothing.
  const about = clause && !restates(clause, what) ? ` (${clause})` : '';
  const example = exampleOf(field.node, field.root);
  return `takes ${what}${about}${example === undefined ? '' : `, for example ${quote(example)}`}`;
}

/**
 * The message for a value of the wrong type (or a missing required one) at `path`:
 * `takes …, for example …; got the string "1280x720"`, or `is required; takes …, for example …`.
 */
export function typeErrorMessage(schema: z.ZodType, path: readonly PropertyKey[], value: unknown, fallback: string): string {
  const what = fieldTakes(schema, path);
  if (what === undefined) return fallback;
  return value === undefined ? `is required; ${what}` : `${what}; got ${describeValue(value)}`;
}
