import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, ListToolsRequestSchema, type CallToolResult, type JSONRPCRequest, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { ServiceError } from '../../errors/service-error.js';
import { isOutOfSpace } from '../../storage/disk-space.js';
import { logRefusal } from '../../log/log-refusal.js';
import { SERVICE_VERSION } from '../../package-root.js';
import { toJsonSchema } from '../json-schema.js';
import { forbiddenKeyError, forbiddenKeyPath } from '../parse-json-body.js';
import { invalidFields, validationDetails } from '../validation-message.js';
import { isJsonObject, kindOf } from './json-rpc-problem.js';
import { MCP_TOOLS, type ToolAnswer, type ToolDefinition, type ToolSession } from './mcp-tools.js';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => toJsonSchema(schema, io, 'draft-7') as Tool['inputSchema'];

/** The `tools/list` answer, built once: the schemas never change while the node runs. */
const TOOL_LISTING: Tool[] = MCP_TOOLS.map((tool) => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: jsonSchema(tool.input, 'input'),
  outputSchema: jsonSchema(tool.output, 'output'),
  annotations: { title: tool.title, ...tool.annotations },
}));

const TOOLS_BY_NAME = new Map(MCP_TOOLS.map((tool) => [tool.name, tool]));

/**
 * A JSON-RPC error answer thrown from a handler: the SDK sends `code`, `message` and `data` as
 * they are (its `McpError` would prefix the message with "MCP error <code>: ").
 */
class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'JsonRpcError';
  }
}

/** A tool error: the REST error body as text, so an agent reads the same code, message and details. */
function errorResult(error: ServiceError, logger: Logger | undefined, tool: string): CallToolResult {
  if (logger) logRefusal(logger.child({ tool }), error, error.cause ?? error);
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(error.toBody()) }] };
}

/**
 * The `params` of a `tools/call`, or a -32602 error with the node's message. Checked here rather
 * than by the SDK: its parse of a registered handler's request answers a bad `arguments` with
 * -32603 and a raw zod dump.
 */
function toolCallParams(request: JSONRPCRequest): { name: string; arguments: unknown } {
  const params: unknown = request.params;
  const refuse = (field: string, message: string) => {
    const error = invalidFields([{ field, message }]);
    return new JsonRpcError(ErrorCode.InvalidParams, error.message, { code: error.code, status: error.status, details: error.details });
  };
  if (!isJsonObject(params)) throw refuse('params', `must be an object with the tool's name and arguments, got ${kindOf(params)}`);
  if (typeof params.name !== 'string') throw refuse('params.name', `must be a string naming a tool, got ${kindOf(params.name)}`);
  if (params.arguments !== undefined && !isJsonObject(params.arguments)) throw refuse('arguments', `must be an object, got ${kindOf(params.arguments)}`);
  return { name: params.name, arguments: params.arguments };
}

/** The structured content as JSON text too (the spec's advice for older clients), without image bytes. */
function resultOf(answer: ToolAnswer): CallToolResult {
  const text = JSON.stringify(answer.structured, (key, value: unknown) => (key === 'data' && answer.images ? '(image below)' : value));
  return {
    structuredContent: answer.structured,
    content: [
      { type: 'text', text: answer.summary },
      { type: 'text', text },
      ...(answer.images ?? []).map((image) => ({ type: 'image' as const, data: image.data, mimeType: image.mimeType })),
    ],
  };
}

/** Runs one tool call: arguments, scope, then the pipeline; every refusal is a tool error. */
async function callTool(tool: ToolDefinition, rawArgs: unknown, session: ToolSession, logger?: Logger): Promise<CallToolResult> {
  // /mcp's body parser refuses these keys first; over stdio the SDK's JSON.parse lets them through.
  const forbidden = forbiddenKeyPath(rawArgs, 'arguments');
  if (forbidden) return errorResult(forbiddenKeyError(forbidden), logger, tool.name);
  const parsed = tool.input.safeParse(rawArgs ?? {});
  if (!parsed.success) return errorResult(invalidFields(validationDetails(parsed.error, 'arguments', tool.input, rawArgs ?? {})), logger, tool.name);
  if (!tool.annotations.readOnlyHint && !session.principal.scopes.includes('write')) {
    return errorResult(
      new ServiceError(
        'forbidden',
        `${tool.name} changes the account and needs the write scope; this connection holds ${session.principal.scopes.join(', ')}. Reconnect and grant write to use it`,
      ),
      logger,
      tool.name,
    );
  }
  try {
    return resultOf(await tool.run(session, parsed.data));
  } catch (error) {
    if (error instanceof ServiceError) return errorResult(error, logger, tool.name);
    if (isOutOfSpace(error)) {
      return errorResult(new ServiceError('storage_full', `the node's disk is full, so ${tool.name} could not be saved; try again once space is freed`, { cause: error }), logger, tool.name);
    }
    return errorResult(
      new ServiceError('internal_error', `internal error in ${tool.name}; the node's log has the details`, { cause: error }),
      logger,
      tool.name,
    );
  }
}

/**
 * An MCP server over the node's tools for one session (one HTTP request on `/mcp`, or a stdio
 * connection). Built on the SDK's low-level `Server` rather than `McpServer`: an unknown tool must be
 * the protocol's -32602 error, and arguments are checked with the REST messages before the scope.
 */
export function createMcpServer(session: ToolSession, logger?: Logger): Server {
  const server = new Server(
    { name: 'video-service', title: 'Video and infographic node', version: SERVICE_VERSION },
    {
      capabilities: { tools: { listChanged: false } },
      instructions:
        'Make videos from prompts: create_video answers at once with an id; poll get_video_status until completed, then preview_video shows one frame per scene. Catalog tools (list_models, list_animation_styles, list_voices, list_brand_kits) list what create_video accepts. Tools that change the account spend credits.',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOL_LISTING }));
  // tools/call, and every method without a handler, come here (see toolCallParams for why).
  server.fallbackRequestHandler = async (request) => {
    try {
      if (request.method !== 'tools/call') {
        throw new JsonRpcError(ErrorCode.MethodNotFound, `Method not found: ${request.method}`, { code: 'not_found', status: 404 });
      }
      const params = toolCallParams(request);
      const tool = TOOLS_BY_NAME.get(params.name);
      if (!tool) {
        throw new JsonRpcError(ErrorCode.InvalidParams, `unknown tool "${params.name}"; tools/list names the ${MCP_TOOLS.length} tools`, {
          code: 'not_found',
          status: 404,
        });
      }
      return await callTool(tool, params.arguments, session, logger);
    } catch (error) {
      if (error instanceof JsonRpcError && logger) {
        logRefusal(logger, { code: error.code, status: Number(error.data?.status ?? 400), message: error.message });
      }
      throw error;
    }
  };
  return server;
}
