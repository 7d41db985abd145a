import { ServiceError, type ErrorDetail } from '../errors/service-error.js';

const FORBIDDEN = 'forbidden key ("__proto__" and "constructor.prototype" could change what every object inherits)';

/** Where the first own `__proto__` key, or `constructor` key holding `prototype`, sits in a parsed value. */
export function forbiddenKeyPath(value: unknown, root: string): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path: root }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push({ value: current[i], path: `${path}.${i}` });
      continue;
    }
    if (Object.hasOwn(current, '__proto__')) return `${path}.__proto__`;
    const record = current as Record<string, unknown>;
    if (Object.hasOwn(record, 'constructor')) {
      const holder = record.constructor;
      if (typeof holder === 'object' && holder !== null && Object.hasOwn(holder, 'prototype')) return `${path}.constructor.prototype`;
    }
    const keys = Object.keys(record);
    for (let i = keys.length - 1; i >= 0; i -= 1) stack.push({ value: record[keys[i]!], path: `${path}.${keys[i]}` });
  }
  return undefined;
}

/** The 400 for a forbidden key at `field`, with the same message on REST and MCP. */
export function forbiddenKeyError(field: string): ServiceError {
  const details: ErrorDetail[] = [{ field, message: FORBIDDEN }];
  return new ServiceError('invalid_request', `${field}: ${FORBIDDEN}`, { details });
}

/** The charset parameter of a Content-Type, lowercased, if there is one. */
function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType ?? '');
  return match ? match[1]!.toLowerCase() : undefined;
}

/**
 * Parses a JSON request body the one way REST and `/mcp` share: UTF-8 only (RFC 8259; any other
 * charset is 415), an empty or broken body is 400 with the parser's reason, and an own `__proto__`
 * key or a `constructor.prototype` anywhere is 400 naming where (what Fastify's secure-json-parse
 * refuses, with the field it was found at). `JSON.parse` itself only makes own properties, so the
 * parsed value is safe to read either way; the keys are refused so no later merge can be tricked.
 */
export function parseJsonBody(text: string, contentType: string | undefined): unknown {
  const charset = charsetOf(contentType);
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw new ServiceError('unsupported_media_type', `JSON bodies must be UTF-8 (RFC 8259); charset "${charset}" is not accepted`);
  }
  if (text.trim() === '') throw new ServiceError('invalid_request', 'body is empty but Content-Type is application/json; send a JSON object');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ServiceError('invalid_request', `body is not valid JSON: ${(error as SyntaxError).message}`, { cause: error });
  }
  // Keys can only be forbidden when their names, or escapes that could spell them, are in the text.
  if (text.includes('__proto__') || text.includes('constructor') || text.includes('\\u')) {
    const field = forbiddenKeyPath(value, 'body');
    if (field) throw forbiddenKeyError(field);
  }
  return value;
}
