import { z } from 'zod';

/** A JSON Schema object. */
export type JsonSchemaObject = Record<string, unknown>;

/**
 * A zod schema as JSON Schema without its `$schema` line: the request side (`input`: defaults
 * optional) or the response side (`output`). OpenAPI 3.1 takes draft 2020-12 (zod's default); MCP
 * tool schemas are draft 7, as the SDK's own `McpServer` emits, for the widest client support.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output', target: 'draft-2020-12' | 'draft-7' = 'draft-2020-12'): JsonSchemaObject {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, target, unrepresentable: 'any' }) as JsonSchemaObject;
  return rest;
}
