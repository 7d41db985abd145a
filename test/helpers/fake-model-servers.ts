import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One scripted answer of a fake model server, taken from its queue by the next request:
 * - `text`: an assistant message with this text;
 * - `object`: a JSON answer, shaped as the request asked for it (structured-output text, or the
 *   forced tool's call when the SDK asked through a tool, as Anthropic's `json` tool);
 * - `toolCalls`: the assistant calls these tools;
 * - `raw`: this exact assistant text (malformed JSON, prose around JSON);
 * - `status`: an HTTP error with the provider's error body, `headers` such as `retry-after-ms`.
 * `delayMs` holds the answer back (timeouts); `usage` overrides the token counts; a streamed
 * answer (`stream: true`, OpenAI) comes in small pieces, `chunkDelayMs` apart.
 */
export type FakeAnswer = (
  | { text: string }
  | { object: unknown }
  | { toolCalls: { name: string; input: unknown }[] }
  | { raw: string }
  | { status: number; message?: string; headers?: Record<string, string> }
) & { delayMs?: number; chunkDelayMs?: number; usage?: { input: number; output: number } };

/** A request the fake server received, body parsed. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

/** A fake model provider listening on 127.0.0.1. */
export interface FakeModelServer {
  /** Base URL to configure the client with (`…/v1`). */
  url: string;
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  /** Appends answers to the queue. An empty queue answers 500 "no scripted answer", so a test sees it. */
  enqueue(...answers: FakeAnswer[]): void;
  /** Answers still queued. */
  pending(): number;
  close(): Promise<void>;
}

/** Options of both fakes. */
export interface FakeServerOptions {
  /** When set, a request without this key (Bearer, x-api-key or x-goog-api-key) gets 401. */
  apiKey?: string;
  /** Answers 400 to `response_format: json_schema`, as servers without structured outputs do. */
  rejectJsonSchema?: boolean;
}

/** A reply: a JSON body, or (`events`) server-sent events ending in `[DONE]`. */
type Reply = { status: number; body: unknown; headers?: Record<string, string>; events?: unknown[] };
type Protocol = (answer: FakeAnswer, request: RecordedRequest) => Reply;

async function startFake(protocol: Protocol, authError: (message: string) => unknown, check: (request: RecordedRequest) => FakeAnswer | undefined, options: FakeServerOptions): Promise<FakeModelServer> {
  const queue: FakeAnswer[] = [];
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    void readBody(req).then((text) => {
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        return send(res, 400, authError('request body is not JSON'));
      }
      const request: RecordedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body };
      requests.push(request);
      if (options.apiKey !== undefined) {
        const given = req.headers['x-api-key'] ?? req.headers['x-goog-api-key'] ?? req.headers.authorization?.replace(/^Bearer /, '');
        if (given !== options.apiKey) {
          const shown = typeof given === 'string' ? `${given.slice(0, 6)}***${given.slice(-3)}` : 'none';
          return send(res, 401, authError(`Incorrect API key provided: ${shown}`));
        }
      }
      const answer = check(request) ?? queue.shift() ?? { status: 500, message: 'fake model server: no scripted answer left' };
      const reply: Reply = 'status' in answer
        ? { status: answer.status, body: authError(answer.message ?? `scripted error ${answer.status}`), ...(answer.headers ? { headers: answer.headers } : {}) }
        : protocol(answer, request);
      const later = (ms: number, work: () => void) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          work();
        }, ms);
        timers.add(timer);
      };
      later(answer.delayMs ?? 0, () => {
        if (!reply.events) return send(res, reply.status, reply.body, reply.headers);
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const events = [...reply.events.map((event) => JSON.stringify(event)), '[DONE]'];
        const next = () => {
          const event = events.shift();
          if (event === undefined) return void res.end();
          res.write(`data: ${event}\n\n`);
          later(answer.chunkDelayMs ?? 0, next);
        };
        next();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...answers) => void queue.push(...answers),
    pending: () => queue.length,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A fake of the OpenAI Chat Completions API (`POST /v1/chat/completions`), as OpenAI, vLLM, Ollama,
 * llama.cpp server and LM Studio speak it: `response_format` (`json_schema`, `json_object`), tools and
 * `tool_choice`, usage; `stream: true` answers as server-sent chunks of a few characters each.
 */
export function startFakeOpenAIServer(options: FakeServerOptions = {}): Promise<FakeModelServer> {
  const error = (message: string) => ({ error: { message, type: 'invalid_request_error', param: null, code: null } });
  return startFake(
    (answer, request) => {
      const body = request.body as { model?: string; tools?: { function: { name: string } }[]; tool_choice?: { function?: { name: string } } | string };
      const forcedTool = typeof body.tool_choice === 'object'
        ? body.tool_choice.function?.name
        : body.tool_choice === 'required' && body.tools?.length === 1 ? body.tools[0]!.function.name : undefined;
      let message: Record<string, unknown> = { role: 'assistant', content: null };
      let finish = 'stop';
      if ('toolCalls' in answer || ('object' in answer && forcedTool)) {
        const calls = 'toolCalls' in answer ? answer.toolCalls : [{ name: forcedTool!, input: (answer as { object: unknown }).object }];
        message.tool_calls = calls.map((call, index) => ({
          id: `call_${index + 1}`,
          type: 'function',
          function: { name: call.name, arguments: JSON.stringify(call.input) },
        }));
        finish = 'tool_calls';
      } else {
        message = { role: 'assistant', content: contentOf(answer) };
      }
      const usage = usageOf(answer, request, message);
      if ((request.body as { stream?: boolean }).stream) return { status: 200, body: undefined, events: streamEvents(body.model ?? 'fake', message, finish, usage) };
      return {
        status: 200,
        body: {
          id: `chatcmpl-${Date.now()}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model ?? 'fake',
          choices: [{ index: 0, message, finish_reason: finish, logprobs: null }],
          usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
        },
      };
    },
    error,
    (request) => {
      if (request.method !== 'POST' || !request.path.endsWith('/chat/completions')) return { status: 404, message: `no route ${request.method} ${request.path}` };
      if (options.rejectJsonSchema && request.body?.response_format?.type === 'json_schema') {
        return { status: 400, message: "'response_format.type' must be 'json_object' or 'text'" };
      }
      return undefined;
    },
    options,
  );
}

/**
 * A fake of the Anthropic Messages API (`POST /v1/messages`): text and `tool_use` content blocks. An
 * `object` answer is the forced tool's `tool_use` input when the request forces a tool (the AI SDK's
 * `json` tool), else JSON text (`output_config.format`).
 */
export function startFakeAnthropicServer(options: FakeServerOptions = {}): Promise<FakeModelServer> {
  const error = (message: string) => ({ type: 'error', error: { type: 'api_error', message } });
  return startFake(
    (answer, request) => {
      const body = request.body as { model?: string; tools?: { name: string }[]; tool_choice?: { type: string; name?: string } };
      // `any` with a single tool forces that tool, as the AI SDK asks for its `json` tool.
      const forcedTool = body.tool_choice?.type === 'tool'
        ? body.tool_choice.name
        : body.tool_choice?.type === 'any' && body.tools?.length === 1 ? body.tools[0]!.name : undefined;
      let content: unknown[];
      let stop = 'end_turn';
      if ('toolCalls' in answer || ('object' in answer && forcedTool)) {
        const calls = 'toolCalls' in answer ? answer.toolCalls : [{ name: forcedTool!, input: (answer as { object: unknown }).object }];
        content = calls.map((call, index) => ({ type: 'tool_use', id: `toolu_${index + 1}`, name: call.name, input: call.input }));
        stop = 'tool_use';
      } else {
        content = [{ type: 'text', text: contentOf(answer) }];
      }
      const usage = usageOf(answer, request, content);
      return {
        status: 200,
        body: {
          id: `msg_${Date.now()}`,
          type: 'message',
          role: 'assistant',
          model: body.model ?? 'fake',
          content,
          stop_reason: stop,
          stop_sequence: null,
          usage: { input_tokens: usage.input, output_tokens: usage.output },
        },
      };
    },
    error,
    (request) => (request.method === 'POST' && request.path.endsWith('/messages') ? undefined : { status: 404, message: `no route ${request.method} ${request.path}` }),
    options,
  );
}

/**
 * A fake of the Google Gemini API (`POST /v1beta/models/<model>:generateContent`, key in
 * `x-goog-api-key`): text parts, `functionCall` parts for tool calls; an `object` answer is JSON
 * text, as Gemini answers under `responseMimeType: application/json`.
 */
export async function startFakeGoogleServer(options: FakeServerOptions = {}): Promise<FakeModelServer> {
  const error = (message: string) => ({ error: { code: 400, message, status: 'INVALID_ARGUMENT' } });
  const server = await startFake(
    (answer, request) => {
      const parts = 'toolCalls' in answer
        ? answer.toolCalls.map((call) => ({ functionCall: { name: call.name, args: call.input } }))
        : [{ text: contentOf(answer) }];
      const usage = usageOf(answer, request, parts);
      return {
        status: 200,
        body: {
          candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
          usageMetadata: { promptTokenCount: usage.input, candidatesTokenCount: usage.output, totalTokenCount: usage.input + usage.output },
        },
      };
    },
    error,
    (request) => (request.method === 'POST' && /\/models\/[^/]+:generateContent$/.test(request.path) ? undefined : { status: 404, message: `no route ${request.method} ${request.path}` }),
    options,
  );
  return { ...server, url: server.url.replace(/\/v1$/, '/v1beta') };
}

/** A Chat Completions answer as the stream of chunks a server sends for `stream: true`: the text (or a tool call's arguments) a few characters at a time, then the finish and the usage. */
function streamEvents(model: string, message: Record<string, unknown>, finish: string, usage: { input: number; output: number }): unknown[] {
  const id = `chatcmpl-${Date.now()}`;
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, delta, finish_reason: finishReason }] });
  const pieces = (text: string) => text.match(/[\s\S]{1,8}/g) ?? [];
  const events: unknown[] = [chunk({ role: 'assistant', content: '' })];
  const calls = message.tool_calls as { id: string; function: { name: string; arguments: string } }[] | undefined;
  if (calls) {
    calls.forEach((call, index) => {
      events.push(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }));
      for (const piece of pieces(call.function.arguments)) events.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    });
  } else {
    for (const piece of pieces(String(message.content ?? ''))) events.push(chunk({ content: piece }));
  }
  events.push(chunk({}, finish));
  events.push({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model, choices: [], usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output } });
  return events;
}

function contentOf(answer: FakeAnswer): string {
  if ('text' in answer) return answer.text;
  if ('raw' in answer) return answer.raw;
  if ('object' in answer) return JSON.stringify(answer.object);
  throw new Error('no content in this answer');
}

// Roughly four characters a token, as real tokenizers average on English.
function usageOf(answer: FakeAnswer, request: RecordedRequest, output: unknown): { input: number; output: number } {
  return answer.usage ?? {
    input: Math.ceil(JSON.stringify(request.body).length / 4),
    output: Math.ceil(JSON.stringify(output).length / 4),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
