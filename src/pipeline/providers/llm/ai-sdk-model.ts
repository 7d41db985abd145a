import { generateObject, generateText, jsonSchema, NoObjectGeneratedError, streamObject, tool, type LanguageModelUsage, type Schema, type ToolSet, type UserContent } from 'ai';
import type { z } from 'zod';
import {
  LanguageModelError,
  type LanguageModel,
  type ModelAnswer,
  type ModelRequestBase,
  type ObjectRequest,
  type TextRequest,
  type ToolRequest,
} from './language-model.js';
import type { RemoteLanguageModelSetting } from './model-config.js';
import { isBadRequest, toLanguageModelError } from './model-errors.js';
import { fromModelAnswer, modelJsonSchema } from './model-json-schema.js';
import { modelAcceptsImages, sdkModelFor, structuredOutputOptions, type StructuredOutputMode } from './sdk-provider.js';

/** How an {@link createAiSdkModel} model calls its provider. */
export interface AiSdkModelOptions {
  /** Retries of a rate limit, 5xx or network error, with exponential backoff honouring `retry-after`. @default 2 */
  maxRetries?: number;
  /** Further attempts when the answer does not match the schema. @default 1 */
  outputRetries?: number;
  /** Overrides the guess from the model's name. */
  acceptsImages?: boolean;
  /** @default 120000 */
  defaultTimeoutMs?: number;
  /** For tests and proxies. @default globalThis.fetch */
  fetch?: typeof fetch;
}

type Usage = ModelAnswer<object>['usage'];

/**
 * A {@link LanguageModel} over the AI SDK: OpenAI (Chat Completions), Anthropic, Google, or any
 * OpenAI-compatible server. Structured output uses the provider's schema support; an
 * OpenAI-compatible server that rejects `json_schema` is asked once more in JSON mode with the schema
 * in the instructions, and stays in that mode.
 */
export function createAiSdkModel(setting: RemoteLanguageModelSetting, options: AiSdkModelOptions = {}): LanguageModel {
  const maxRetries = options.maxRetries ?? 2;
  const outputRetries = options.outputRetries ?? 1;
  const defaultTimeoutMs = options.defaultTimeoutMs ?? 120_000;
  let mode: StructuredOutputMode = 'json-schema';
  const models = new Map<StructuredOutputMode, ReturnType<typeof sdkModelFor>>();
  const modelFor = (wanted: StructuredOutputMode) => {
    let model = models.get(wanted);
    if (!model) models.set(wanted, (model = sdkModelFor(setting, wanted, options.fetch)));
    return model;
  };

  /**
   * Runs `work` under the call's time limit and the caller's signal, mapping failures. `work` may
   * call `alive()` as tokens arrive: the limit then counts from the last one.
   */
  async function call<T extends object>(request: ModelRequestBase, work: (signal: AbortSignal, alive: () => void) => Promise<T & { usage: Usage }>): Promise<ModelAnswer<T>> {
    const timeoutMs = request.timeoutMs ?? defaultTimeoutMs;
    const timeout = new AbortController();
    const expire = () => timeout.abort(new Error(`timed out after ${timeoutMs} ms`));
    let timer = setTimeout(expire, timeoutMs);
    const alive = () => {
      clearTimeout(timer);
      timer = setTimeout(expire, timeoutMs);
    };
    const signal = request.signal ? AbortSignal.any([request.signal, timeout.signal]) : timeout.signal;
    const started = performance.now();
    try {
      const answer = await work(signal, alive);
      return { ...answer, latencyMs: Math.round(performance.now() - started) };
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason;
      if (error instanceof LanguageModelError) throw error;
      throw toLanguageModelError(error, { setting, timedOutAfterMs: timeout.signal.aborted ? timeoutMs : undefined });
    } finally {
      clearTimeout(timer);
    }
  }

  /** What a structured call asks, streamed or not, in a given output mode. */
  function objectOptions<T>(request: ObjectRequest<T>, attemptMode: StructuredOutputMode, abortSignal: AbortSignal) {
    return {
      model: modelFor(attemptMode),
      system: attemptMode === 'json-mode' ? withSchemaInstructions(request) : request.system,
      ...userTurn(request),
      schema: modelSchema(request.schema),
      schemaName: request.schemaName,
      maxOutputTokens: request.maxOutputTokens,
      maxRetries,
      abortSignal,
      providerOptions: structuredOutputOptions(setting),
    };
  }

  /** One structured answer streamed: each text delta counts a token, reports progress and keeps the call alive; errors are thrown as generateObject's would be. */
  async function streamedObject<T>(request: ObjectRequest<T>, attemptMode: StructuredOutputMode, abortSignal: AbortSignal, alive: () => void): Promise<{ object: T; usage: LanguageModelUsage }> {
    let failure: unknown;
    const result = streamObject({
      ...objectOptions(request, attemptMode, abortSignal),
      onError: ({ error }) => {
        failure ??= error;
      },
    });
    let tokens = 0;
    for await (const part of result.fullStream) {
      if (part.type === 'error') failure ??= part.error;
      if (part.type !== 'text-delta') continue;
      tokens += 1;
      alive();
      request.onProgress?.(tokens);
    }
    if (failure !== undefined) throw failure;
    const object = (await result.object) as T;
    return { object, usage: await result.usage };
  }

  const id = `${setting.provider}:${setting.model}`;
  const acceptsImages = options.acceptsImages ?? modelAcceptsImages(setting);
  return {
    id,
    acceptsImages,

    generateObject<T>(request: ObjectRequest<T>) {
      if ((request.images?.length ?? 0) > 0 && !acceptsImages) {
        return Promise.reject(new LanguageModelError('unavailable', `${id} does not take images`));
      }
      // An OpenAI-compatible server (often a slow box) streams when the caller follows progress.
      const streamed = request.onProgress !== undefined && setting.provider === 'openai-compatible';
      return call(request, async (abortSignal, alive) => {
        const usage: Usage = {};
        let invalid: unknown;
        for (let attempt = 0; attempt <= outputRetries; attempt++) {
          const attemptMode = mode;
          try {
            if (streamed) {
              const result = await streamedObject(request, attemptMode, abortSignal, alive);
              addUsage(usage, result.usage);
              return { object: result.object, usage };
            }
            const result = await generateObject(objectOptions(request, attemptMode, abortSignal));
            addUsage(usage, result.usage);
            return { object: result.object as T, usage };
          } catch (error) {
            if (NoObjectGeneratedError.isInstance(error)) {
              addUsage(usage, error.usage);
              invalid = error;
              continue;
            }
            if (setting.provider === 'openai-compatible' && attemptMode === 'json-schema' && isBadRequest(error) && !abortSignal.aborted) {
              mode = 'json-mode';
              attempt--;
              continue;
            }
            throw error;
          }
        }
        throw toLanguageModelError(invalid, { setting });
      });
    },

    generateText(request: TextRequest) {
      if ((request.images?.length ?? 0) > 0 && !acceptsImages) {
        return Promise.reject(new LanguageModelError('unavailable', `${id} does not take images`));
      }
      return call(request, async (abortSignal) => {
        const result = await generateText({
          model: modelFor(mode),
          system: request.system,
          ...userTurn(request),
          maxOutputTokens: request.maxOutputTokens,
          maxRetries,
          abortSignal,
        });
        const usage: Usage = {};
        addUsage(usage, result.usage);
        return { text: result.text, usage };
      });
    },

    callTool(request: ToolRequest) {
      if ((request.images?.length ?? 0) > 0 && !acceptsImages) {
        return Promise.reject(new LanguageModelError('unavailable', `${id} does not take images`));
      }
      const tools: ToolSet = Object.fromEntries(
        Object.entries(request.tools).map(([name, offer]) => [name, tool({ description: offer.description, inputSchema: modelSchema(offer.input) })]),
      );
      return call(request, async (abortSignal) => {
        const usage: Usage = {};
        let problem = 'it called no tool';
        for (let attempt = 0; attempt <= outputRetries; attempt++) {
          const result = await generateText({
            model: modelFor(mode),
            system: request.system,
            ...userTurn(request),
            tools,
            toolChoice: 'required',
            maxOutputTokens: request.maxOutputTokens,
            maxRetries,
            abortSignal,
          });
          addUsage(usage, result.usage);
          // A call whose input does not match its tool's schema comes back marked invalid, not thrown.
          const called = result.toolCalls.find((call) => !call.invalid && call.toolName in request.tools);
          if (called) return { tool: called.toolName, input: called.input, usage };
          const invalid = result.toolCalls[0];
          problem = invalid ? `its call of ${invalid.toolName} did not match the tool's input schema` : 'it called no tool';
        }
        throw new LanguageModelError('invalid_output', `${id} answered without a valid tool call: ${problem}`);
      });
    },
  };
}

/** The user turn: the prompt alone, or the prompt and its images as one message. */
function userTurn(request: TextRequest): { prompt: string } | { messages: { role: 'user'; content: UserContent }[] } {
  const images = request.images ?? [];
  if (images.length === 0) return { prompt: request.prompt };
  const content: UserContent = [
    { type: 'text', text: request.prompt },
    ...images.map((image) => ({ type: 'image' as const, image: image.data, mediaType: image.mimeType })),
  ];
  return { messages: [{ role: 'user', content }] };
}

/** For JSON mode: the schema goes into the instructions, since the server is only told "JSON". */
function withSchemaInstructions(request: ObjectRequest<unknown>): string {
  const schema = JSON.stringify(modelJsonSchema(request.schema));
  return `${request.system}\n\nAnswer with one JSON object (${request.schemaName}) and nothing else. It must match this JSON Schema:\n${schema}`;
}

/**
 * A zod schema as the AI SDK sends it to the provider: its {@link modelJsonSchema} (closed objects,
 * every property required, optional ones nullable), with the answer read back through the zod schema.
 */
function modelSchema<T>(schema: z.ZodType<T>): Schema<T> {
  return jsonSchema<T>(() => modelJsonSchema(schema) as never, {
    validate: async (value) => {
      const result = await schema.safeParseAsync(fromModelAnswer(value, schema));
      return result.success ? { success: true, value: result.data } : { success: false, error: result.error };
    },
  });
}

function addUsage(total: Usage, usage: LanguageModelUsage | undefined): void {
  if (usage?.inputTokens !== undefined) total.inputTokens = (total.inputTokens ?? 0) + usage.inputTokens;
  if (usage?.outputTokens !== undefined) total.outputTokens = (total.outputTokens ?? 0) + usage.outputTokens;
}
