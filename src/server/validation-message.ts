import type { z } from 'zod';
import { nearestField } from '../errors/nearest-field.js';
import { ServiceError, type ErrorDetail } from '../errors/service-error.js';
import { describeValue, typeErrorMessage } from './type-error-message.js';

/** The zod internals the field lookup reads: each schema's definition (`zod/v4/core`'s `$ZodType`). */
interface ZodDefinition {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
}

function definitionOf(schema: z.ZodType): ZodDefinition {
  return (schema as unknown as { _zod: { def: ZodDefinition } })._zod.def;
}

/** The schema under optional, nullable, default, pipe (its input side) and lazy wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let depth = 0; depth < 32; depth += 1) {
    const def = definitionOf(current);
    const inner = def.innerType ?? (def.type === 'pipe' ? def.in : def.type === 'lazy' ? def.getter?.() : undefined);
    if (!inner) return current;
    current = inner;
  }
  return current;
}

/** The field names of the object schema at `path` inside `schema`, or none when it is not a known object. */
function fieldsAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let current: z.ZodType | undefined = unwrap(schema);
  for (const step of path) {
    const def = definitionOf(current);
    if (def.type === 'object' && typeof step === 'string') current = def.shape?.[step];
    else if (def.type === 'array' && typeof step === 'number') current = def.element;
    else if (def.type === 'record') current = def.valueType;
    else return [];
    if (!current) return [];
    current = unwrap(current);
  }
  const def = definitionOf(current);
  return def.type === 'object' ? Object.keys(def.shape ?? {}) : [];
}

/** The value at `path` inside `input`, or undefined where the path leaves it. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const step of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[step];
  }
  return current;
}

/**
 * Whether a zod issue says the value is of the wrong type (or missing): a plain type error, or a
 * union none of whose branches takes the value itself (each refuses it at its root, as a type or
 * as a literal), so the union's whole range is what to say.
 */
function isTypeIssue(issue: z.ZodError['issues'][number]): boolean {
  if (issue.code === 'invalid_type') return true;
  return (
    issue.code === 'invalid_union' &&
    issue.errors.length > 0 &&
    issue.errors.every((branch) => branch.some((inner) => (inner.code === 'invalid_type' || inner.code === 'invalid_value') && inner.path.length === 0))
  );
}

/**
 * Every refused field of a zod error, one detail per field (the first problem of each), in the
 * order zod found them. `part` names the request part the fields are under (`body`, `querystring`,
 * `params`, or `arguments` for MCP tools); an unknown field gets the nearest known field of its
 * object as a suggestion (see {@link nearestField}). A value of the wrong type, or a missing one,
 * is explained from the schema: what the field takes, an example, and what it got (`input`, the
 * value that was parsed; see {@link typeErrorMessage}).
 */
export function validationDetails(error: z.ZodError, part: string, schema: z.ZodType, input?: unknown): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  const add = (detail: ErrorDetail) => {
    if (seen.has(detail.field)) return;
    seen.add(detail.field);
    details.push(detail);
  };
  for (const issue of error.issues) {
    const at = [part, ...issue.path.map(String)].join('.');
    if (issue.code !== 'unrecognized_keys') {
      const value = valueAt(input, issue.path);
      const message = isTypeIssue(issue)
        ? typeErrorMessage(schema, issue.path, value, issue.message)
        : issue.code === 'invalid_value' && value !== undefined
          ? `${issue.message}; got ${describeValue(value)}`
          : issue.message;
      add({ field: at, message });
      continue;
    }
    const known = fieldsAt(schema, issue.path);
    for (const key of issue.keys) {
      const suggestion = nearestField(key, known);
      add({
        field: `${at}.${key}`,
        message: suggestion === undefined ? 'unknown field' : `unknown field (did you mean "${suggestion}"?)`,
        ...(suggestion === undefined ? {} : { suggestion }),
      });
    }
  }
  return details;
}

/** The 400 for refused fields: a message naming each as `field: problem`, joined by `; `, and the details beside it. */
export function invalidFields(details: ErrorDetail[]): ServiceError {
  return new ServiceError('invalid_request', details.map((detail) => `${detail.field}: ${detail.message}`).join('; '), { details });
}
