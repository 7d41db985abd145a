import type { Llama, LlamaContext, LlamaContextSequence, LlamaGrammar, LlamaModel } from 'node-llama-cpp';
import { checkGgufFile } from '../../../models/gguf-file.js';
import { grammarJsonSchema } from './json-schema-grammar.js';
import { fromModelAnswer } from './model-json-schema.js';
import {
  LanguageModelError,
  type LanguageModel,
  type ModelAnswer,
  type ModelRequestBase,
  type ObjectRequest,
  type TextRequest,
} from './language-model.js';

/** Options of {@link createLocalLlamaModel}. */
export interface LocalLlamaOptions {
  /** Tokens of context (prompt and answer). @default node-llama-cpp's choice for the memory at hand, at most the model's trained size */
  contextSize?: number;
  /** `auto` uses CUDA, Vulkan or Metal when the machine has it (prebuilt binaries only); `false` runs on the CPU. @default 'auto' */
  gpu?: 'auto' | false;
  /** CPU threads for generation. @default node-llama-cpp's (the machine's cores) */
  threads?: number;
  /** How long one call may take, waiting its turn included (`--llm-timeout`). @default 900000 */
  defaultTimeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 900_000;

interface Loaded {
  model: LlamaModel;
  context: LlamaContext;
  sequence: LlamaContextSequence;
  llama: Llama;
}

/**
 * A GGUF file run in-process by node-llama-cpp (`--llm local:<path>`). The model loads on the first
 * call and is shared by every later one; calls run one at a time on a single context sequence.
 * Structured output is generated under a GBNF grammar made from the schema's JSON Schema, so even a
 * small model answers with JSON of the schema's shape; the zod schema then checks what a grammar
 * cannot express.
 */
export function createLocalLlamaModel(modelPath: string, options: LocalLlamaOptions = {}): LanguageModel {
  let loading: Promise<Loaded> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  const load = (): Promise<Loaded> => {
    loading ??= loadModel(modelPath, options).catch((error: unknown) => {
      // A file fixed or pulled later loads on the next call.
      loading = undefined;
      throw error;
    });
    return loading;
  };

  /** Runs `work` after every earlier call, within the request's deadline and signal. */
  const run = <T>(request: ModelRequestBase, work: (loaded: Loaded, signal: AbortSignal) => Promise<T>) =>
    withDeadline(modelPath, { ...request, timeoutMs: request.timeoutMs ?? options.defaultTimeoutMs }, (signal) => {
      const turn = queue.then(async () => {
        signal.throwIfAborted();
        if (closed) throw new LanguageModelError('unavailable', `local model ${modelPath} is closed`);
        const loaded = await load();
        signal.throwIfAborted();
        await loaded.sequence.clearHistory();
        return work(loaded, signal);
      });
      queue = turn.catch(() => undefined);
      return turn;
    });

  return {
    id: `local:${modelPath}`,
    acceptsImages: false,

    async generateObject<T>(request: ObjectRequest<T>): Promise<ModelAnswer<{ object: T }>> {
      const started = performance.now();
      const answer = await run(request, async (loaded, signal) => {
        let grammar;
        try {
          grammar = await loaded.llama.createGrammarForJsonSchema(grammarJsonSchema(request.schema) as never);
        } catch (error) {
          throw new LanguageModelError(
            'unavailable',
            `local model cannot write schema ${request.schemaName} as a grammar: ${(error as Error).message}`,
            { cause: error },
          );
        }
        const { text, usage } = await prompt(loaded, request, signal, grammar);
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch (error) {
          // The grammar only admits JSON, so this is an answer cut off by maxOutputTokens.
          throw new LanguageModelError('invalid_output', `local model's ${request.schemaName} is incomplete JSON (output token limit?)`, {
            cause: error,
          });
        }
        return { value, usage };
      });
      const parsed = request.schema.safeParse(fromModelAnswer(answer.value, request.schema));
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
        throw new LanguageModelError('invalid_output', `local model's ${request.schemaName} does not match the schema: ${issues}`, {
          cause: parsed.error,
        });
      }
      return { object: parsed.data, usage: answer.usage, latencyMs: Math.round(performance.now() - started) };
    },

    async generateText(request: TextRequest): Promise<ModelAnswer<{ text: string }>> {
      if (request.images?.length) {
        throw new LanguageModelError('unavailable', `local model ${modelPath} does not accept images`);
      }
      const started = performance.now();
      const answer = await run(request, (loaded, signal) => prompt(loaded, request, signal));
      return { text: answer.text, usage: answer.usage, latencyMs: Math.round(performance.now() - started) };
    },

    async close(): Promise<void> {
      closed = true;
      const pending = loading;
      loading = undefined;
      await queue;
      if (!pending) return;
      const loaded = await pending.catch(() => undefined);
      if (!loaded) return;
      await loaded.context.dispose();
      await loaded.model.dispose();
    },
  };
}

/** One chat turn on the shared sequence, under `grammar` when given. */
async function prompt(loaded: Loaded, request: ModelRequestBase & { onProgress?: (tokens: number) => void }, signal: AbortSignal, grammar?: LlamaGrammar) {
  const { LlamaChatSession } = await import('node-llama-cpp');
  const session = new LlamaChatSession({ contextSequence: loaded.sequence, systemPrompt: request.system, autoDisposeSequence: false });
  const before = loaded.sequence.tokenMeter.getState();
  let tokens = 0;
  const onProgress = request.onProgress;
  try {
    const text = await session.prompt(request.prompt, {
      signal,
      grammar,
      maxTokens: request.maxOutputTokens,
      // Tokens as they are written, for a plan's progress.
      ...(onProgress ? { onToken: (written: readonly unknown[]) => onProgress((tokens += written.length)) } : {}),
    });
    const used = loaded.sequence.tokenMeter.diff(before);
    return { text, usage: { inputTokens: used.usedInputTokens, outputTokens: used.usedOutputTokens } };
  } finally {
    session.dispose({ disposeSequence: false });
  }
}

async function loadModel(modelPath: string, options: LocalLlamaOptions): Promise<Loaded> {
  const problem = await checkGgufFile(modelPath);
  if (problem) throw new LanguageModelError('unavailable', problem.message);
  const { getLlama, LlamaLogLevel } = await import('node-llama-cpp');
  let llama: Llama;
  try {
    // `never`: use the prebuilt binaries from npm; a node never downloads or compiles llama.cpp.
    llama = await getLlama({ build: 'never', gpu: options.gpu ?? 'auto', logLevel: LlamaLogLevel.error });
  } catch (error) {
    throw new LanguageModelError('unavailable', `llama.cpp is not usable on this machine: ${(error as Error).message}`, { cause: error });
  }
  try {
    const model = await llama.loadModel({ modelPath });
    try {
      const context = await model.createContext({
        sequences: 1,
        ...(options.contextSize !== undefined ? { contextSize: options.contextSize } : {}),
        ...(options.threads !== undefined ? { threads: options.threads } : {}),
      });
      return { llama, model, context, sequence: context.getSequence() };
    } catch (error) {
      await model.dispose();
      throw error;
    }
  } catch (error) {
    throw new LanguageModelError('unavailable', `cannot load model ${modelPath}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Runs `work` with a signal that aborts on the caller's signal (its reason is thrown) or when
 * `timeoutMs` passes (an `unavailable` error); settles as soon as either happens, even while the
 * work still waits its turn or finishes its current token.
 */
async function withDeadline<T>(modelPath: string, request: ModelRequestBase, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new LanguageModelError('unavailable', `local model ${modelPath} timed out after ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}; a slow machine may need a longer --llm-timeout (SERVICE_LLM_TIMEOUT) or a smaller model`)),
    timeoutMs,
  );
  const forward = () => controller.abort(request.signal?.reason);
  if (request.signal?.aborted) forward();
  else request.signal?.addEventListener('abort', forward, { once: true });
  const aborted = new Promise<never>((_, reject) => {
    const fail = () => reject(controller.signal.reason);
    if (controller.signal.aborted) fail();
    else controller.signal.addEventListener('abort', fail, { once: true });
  });
  try {
    return await Promise.race([work(controller.signal), aborted]);
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', forward);
  }
}
