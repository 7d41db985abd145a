import { z } from 'zod';
import { ERROR_CODES } from '../../errors/service-error.js';
import { toJsonSchema, type JsonSchemaObject } from '../json-schema.js';
import type { RouteDefinition } from '../route-definition.js';

type JsonObject = JsonSchemaObject;

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonObject => toJsonSchema(schema, io);

/** `/v1/videos/:id` → `/v1/videos/{id}`. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z_]\w*)/g, '{$1}');
}

function parameters(schema: z.ZodType | undefined, location: 'query' | 'path'): JsonObject[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonObject>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (object.required ?? []).includes(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

/**
 * An OpenAPI 3.1 document made from the same route definitions (and zod schemas) that validate
 * requests, so the document cannot drift from what the node accepts.
 */
export function buildOpenApi(routes: readonly RouteDefinition[], info: { version: string; serverUrl: string }): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const route of routes) {
    const errorStatuses = new Set<number>([400, 404, 500]);
    if (route.auth !== false) [401, 403, 429].forEach((status) => errorStatuses.add(status));
    if (route.body) [413, 415].forEach((status) => errorStatuses.add(status));
    const responses: JsonObject = {
      [route.response.status]: {
        description: route.response.description,
        ...(route.response.schema
          ? {
              content: {
                [route.response.contentType ?? 'application/json']: { schema: jsonSchema(route.response.schema, 'output') },
              },
            }
          : {}),
      },
    };
    for (const status of [...errorStatuses].sort()) {
      responses[status] = { $ref: `#/components/responses/Error${status}` };
    }
    const operation: JsonObject = {
      operationId: route.operationId,
      summary: route.summary,
      tags: route.tags,
      security: route.auth === false ? [] : [{ bearerAuth: [] }],
      parameters: [...parameters(route.params, 'path'), ...parameters(route.querystring, 'query')],
      responses,
    };
    if (route.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
      };
    }
    (paths[openApiPath(route.url)] ??= {})[route.method.toLowerCase()] = operation;
  }

  const statuses = [...new Set(Object.values(ERROR_CODES))].sort();
  const errorResponses: JsonObject = {};
  for (const status of statuses) {
    const codes = Object.entries(ERROR_CODES).filter(([, s]) => s === status).map(([code]) => code);
    errorResponses[`Error${status}`] = {
      description: `Error: ${codes.join(', ')}`,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Video and infographic generation node',
      version: info.version,
      description: 'REST interface of a self-hosted video and infographic generation node.',
    },
    servers: [{ url: info.serverUrl }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key: mvk_...' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message', 'status'],
              properties: {
                code: { type: 'string', enum: Object.keys(ERROR_CODES) },
                message: {
                  type: 'string',
                  description: 'What is wrong, for people; when fields are refused, each as "<field>: <problem>", joined by "; "',
                },
                status: { type: 'integer', description: 'The HTTP status, repeated' },
                details: {
                  type: 'array',
                  description: 'Every refused field, when the refusal is about fields (400 invalid_request); absent otherwise',
                  items: {
                    type: 'object',
                    required: ['field', 'message'],
                    properties: {
                      field: {
                        type: 'string',
                        description: 'Path of the field from its request part: body.duration, body.images.0.url, querystring.limit, params.id',
                        examples: ['body.aspectRatio'],
                      },
                      message: { type: 'string', description: 'What is wrong with this field alone', examples: ['unknown field (did you mean "aspect_ratio"?)'] },
                      suggestion: { type: 'string', description: 'For an unknown field: the known field it most likely meant', examples: ['aspect_ratio'] },
                    },
                  },
                },
              },
            },
          },
        },
      },
      responses: errorResponses,
    },
  };
}
