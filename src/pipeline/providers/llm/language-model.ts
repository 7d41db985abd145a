import type { z } from 'zod';

/**
 * A language model the node can ask, whatever serves it: a hosted provider through the AI SDK
 * (`openai:…`, `anthropic:…`, `google:…`), an OpenAI-compatible server on the GPU box
 * (`openai-compatible:…` with a base URL: Ollama, vLLM, llama.cpp server, LM Studio), or a GGUF
 * file run in-process with node-llama-cpp (`local:<path>`). Stages (plan, scene code, critique,
 * enhance) depend on this interface only.
 */
export interface LanguageModel {
  /** `<provider>:<model>` as configured, e.g. `openai-compatible:qwen2.5-coder-32b`, `local:/models/x.gguf`. */
  readonly id: string;
  /** Whether {@link generateText} may be given images (visual critique). */
  readonly acceptsImages: boolean;
  /** A JSON value matching `schema` (structured output; a grammar for local models). */
  generateObject<T>(request: ObjectRequest<T>): Promise<ModelAnswer<{ object: T }>>;
  /** Free text (scene code, an enhanced prompt). */
  generateText(request: TextRequest): Promise<ModelAnswer<{ text: string }>>;
  /**
   * One call of one of the offered tools, its input checked against the tool's schema (the visual
   * critique: approve the scene, or revise it). Models without tool calls leave it out.
   */
  callTool?(request: ToolRequest): Promise<ModelAnswer<{ tool: string; input: unknown }>>;
  /** Frees what the model holds (a loaded GGUF, sockets). */
  close?(): Promise<void>;
}

/** What every request carries. */
export interface ModelRequestBase {
  /** The instructions: what the model is and what it must do. */
  system: string;
  /** The user turn. */
  prompt: string;
  /** Cancels the call; its reason is thrown. */
  signal?: AbortSignal;
  /** Whole call, retries included. @default 120000 */
  timeoutMs?: number;
  /** Upper bound on generated tokens. */
  maxOutputTokens?: number;
}

/** A structured-output request (images as for {@link TextRequest}, for models that take them). */
export interface ObjectRequest<T> extends ModelRequestBase {
  images?: { data: Uint8Array; mimeType: 'image/png' | 'image/jpeg' }[];
  /**
   * Called as the answer comes in, with the tokens written so far. A model that can stream (an
   * OpenAI-compatible server, a local file) then streams, and the time limit counts from the last
   * token rather than the start: a slow model that keeps writing is not cut off.
   */
  onProgress?: (tokens: number) => void;
  schema: z.ZodType<T>;
  /** A short name for the schema (some providers require one), e.g. `story_plan`. */
  schemaName: string;
}

/** A free-text request, optionally with images (PNG or JPEG bytes) for models that accept them. */
export interface TextRequest extends ModelRequestBase {
  images?: { data: Uint8Array; mimeType: 'image/png' | 'image/jpeg' }[];
}

/** A tool the model may call: what it is for and its input's schema. */
export interface ToolOffer {
  description: string;
  input: z.ZodType<unknown>;
}

/** A request that the model answer by calling exactly one of `tools` (images as for {@link TextRequest}). */
export interface ToolRequest extends TextRequest {
  tools: Record<string, ToolOffer>;
}

/** An answer with what it cost. */
export type ModelAnswer<T> = T & {
  usage: { inputTokens?: number; outputTokens?: number };
  /** Wall time of the call as the node saw it (retries included). */
  latencyMs: number;
};

/**
 * Why a model call failed, so a job can fail with a clear code or fall back as the operator chose:
 * `unavailable` (unreachable, bad key, rate limited past the retries, timed out, refused) or
 * `invalid_output` (the answer did not match the schema after the retries).
 */
export class LanguageModelError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'invalid_output',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'LanguageModelError';
  }
}
