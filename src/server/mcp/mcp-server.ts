import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { ServiceError } from '../../errors/service-error.js';
import { toJsonSchema } from '../json-schema.js';
import { SERVICE_VERSION } from '../../package-root.js';
import { validationMessage } from '../validation-message.js';
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

/** A tool error: the REST error body as text, so an agent reads the same code and message. */
function errorResult(error: ServiceError): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(error.toBody()) }] };
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
  const parsed = tool.input.safeParse(rawArgs ?? {});
  if (!parsed.success) return errorResult(new ServiceError('invalid_request', validationMessage(parsed.error, 'arguments')));
  if (!tool.annotations.readOnlyHint && !session.principal.scopes.includes('write')) {
    return errorResult(
      new ServiceError(
        'forbidden',
        `${tool.name} changes the account and needs the write scope; this connection holds ${session.principal.scopes.join(', ')}. Reconnect and grant write to use it`,
      ),
    );
  }
  try {
    return resultOf(await tool.run(session, parsed.data));
  } catch (error) {
    if (error instanceof ServiceError) {
      if (error.status >= 500) logger?.error({ err: error, tool: tool.name }, error.message);
      return errorResult(error);
    }
    logger?.error({ err: error, tool: tool.name }, 'tool failed');
    return errorResult(new ServiceError('internal_error', `internal error in ${tool.name}; the node's log has the details`));
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
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = TOOLS_BY_NAME.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool "${request.params.name}"; tools/list names the ${MCP_TOOLS.length} tools`);
    return callTool(tool, request.params.arguments, session, logger);
  });
  return server;
}
