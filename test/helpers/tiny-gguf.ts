import { writeFile } from 'node:fs/promises';

/**
 * Builds a tiny llama-architecture GGUF (v3) with seeded random F32 weights, small enough to write
 * per test (about 0.6 MB) and complete enough for llama.cpp's loader: the `llama.*` hyperparameters,
 * an SPM vocabulary (`<unk>`, `<s>`, `</s>`, the 256 byte tokens `<0x00>`…`<0xFF>` so any text
 * tokenizes by byte fallback, `▁` and the printable ASCII characters), and a ChatML chat template.
 * Its output is meaningless; a grammar still makes it valid JSON.
 *
 * Layout and names follow llama.cpp's `gguf-py/gguf/constants.py`, `src/llama-arch.cpp`,
 * `src/models/llama.cpp` (tensor shapes, ggml order: innermost dimension first) and
 * `src/llama-vocab.cpp` (SPM byte tokens, token types).
 */
export interface TinyGgufOptions {
  /** Seed of the weights. @default 1 */
  seed?: number;
  /** `llama.context_length`. @default 2048 */
  contextLength?: number;
  /**
   * A model that ends what it writes as soon as a grammar lets it: `"`, `]`, `}` and `,` (in that order)
   * outweigh every other token, so its strings are short and its lists at their fewest, and an
   * answer to a large real schema (the node's plan) stays a few hundred tokens. The rest is random.
   * @default false
   */
  terse?: boolean;
}

const N_EMBD = 64;
const N_FF = 128;
const N_LAYER = 2;
const N_HEAD = 4;
const HEAD_DIM = N_EMBD / N_HEAD;
const ALIGNMENT = 32;

/** GGUF metadata value types (gguf-py `GGUFValueType`). */
const T = { UINT32: 4, INT32: 5, FLOAT32: 6, BOOL: 7, STRING: 8, ARRAY: 9 } as const;
/** llama.cpp token types (`LLAMA_TOKEN_TYPE_*`). */
const TOKEN = { NORMAL: 1, UNKNOWN: 2, CONTROL: 3, BYTE: 6 } as const;

const CHATML_TEMPLATE =
  "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

type Value =
  | { type: typeof T.UINT32 | typeof T.INT32 | typeof T.FLOAT32; value: number }
  | { type: typeof T.BOOL; value: boolean }
  | { type: typeof T.STRING; value: string }
  | { type: typeof T.ARRAY; of: typeof T.STRING; value: string[] }
  | { type: typeof T.ARRAY; of: typeof T.INT32 | typeof T.FLOAT32; value: number[] };

/** The vocabulary: texts and llama.cpp token types. */
export function tinyVocab(): { tokens: string[]; types: number[] } {
  const tokens = ['<unk>', '<s>', '</s>'];
  const types: number[] = [TOKEN.UNKNOWN, TOKEN.CONTROL, TOKEN.CONTROL];
  for (let byte = 0; byte < 256; byte++) {
    tokens.push(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(TOKEN.BYTE);
  }
  tokens.push('\u2581');
  types.push(TOKEN.NORMAL);
  for (let code = 0x21; code <= 0x7e; code++) {
    tokens.push(String.fromCharCode(code));
    types.push(TOKEN.NORMAL);
  }
  return { tokens, types };
}

/** Writes the tiny model to `path`. */
export async function writeTinyGguf(path: string, options: TinyGgufOptions = {}): Promise<string> {
  await writeFile(path, buildTinyGguf(options));
  return path;
}

/** The tiny model's bytes. */
export function buildTinyGguf(options: TinyGgufOptions = {}): Buffer {
  const { tokens, types } = tinyVocab();
  const nVocab = tokens.length;
  const metadata: [string, Value][] = [
    ['general.architecture', { type: T.STRING, value: 'llama' }],
    ['general.name', { type: T.STRING, value: 'tiny-random-llama' }],
    ['general.alignment', { type: T.UINT32, value: ALIGNMENT }],
    ['general.file_type', { type: T.UINT32, value: 0 }],
    ['llama.context_length', { type: T.UINT32, value: options.contextLength ?? 2048 }],
    ['llama.embedding_length', { type: T.UINT32, value: N_EMBD }],
    ['llama.block_count', { type: T.UINT32, value: N_LAYER }],
    ['llama.feed_forward_length', { type: T.UINT32, value: N_FF }],
    ['llama.attention.head_count', { type: T.UINT32, value: N_HEAD }],
    ['llama.attention.head_count_kv', { type: T.UINT32, value: N_HEAD }],
    ['llama.attention.layer_norm_rms_epsilon', { type: T.FLOAT32, value: 1e-5 }],
    ['llama.rope.dimension_count', { type: T.UINT32, value: HEAD_DIM }],
    ['llama.rope.freq_base', { type: T.FLOAT32, value: 10000 }],
    ['llama.vocab_size', { type: T.UINT32, value: nVocab }],
    ['tokenizer.ggml.model', { type: T.STRING, value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: T.ARRAY, of: T.STRING, value: tokens }],
    ['tokenizer.ggml.scores', { type: T.ARRAY, of: T.FLOAT32, value: tokens.map(() => 0) }],
    ['tokenizer.ggml.token_type', { type: T.ARRAY, of: T.INT32, value: types }],
    ['tokenizer.ggml.unknown_token_id', { type: T.UINT32, value: 0 }],
    ['tokenizer.ggml.bos_token_id', { type: T.UINT32, value: 1 }],
    ['tokenizer.ggml.eos_token_id', { type: T.UINT32, value: 2 }],
    ['tokenizer.ggml.add_bos_token', { type: T.BOOL, value: true }],
    ['tokenizer.ggml.add_eos_token', { type: T.BOOL, value: false }],
    ['tokenizer.chat_template', { type: T.STRING, value: CHATML_TEMPLATE }],
  ];

  const random = seededNormal(options.seed ?? 1);
  const weights = (count: number, scale: number) => Float32Array.from({ length: count }, () => random() * scale);
  const ones = (count: number) => new Float32Array(count).fill(1);
  // ggml shapes: innermost (input) dimension first.
  const embeddings = weights(N_EMBD * nVocab, 1);
  const output = weights(N_EMBD * nVocab, 0.1);
  // Every embedding carries a large constant in dimension 0, which survives the small random layers
  // and the final norm as a positive component; the byte tokens' output rows weigh it negatively,
  // so the model writes printable characters (as a real model mostly does) instead of byte soup
  // that decodes to invalid UTF-8. Everything else stays random: the text means nothing.
  for (let token = 0; token < nVocab; token++) {
    embeddings[token * N_EMBD] = 20;
    output[token * N_EMBD] = types[token] === TOKEN.BYTE ? -3 : 0;
  }
  if (options.terse) for (const [char, weight] of [['"', 3], [']', 2.5], ['}', 2], [',', 1.5]] as const) output[tokens.indexOf(char) * N_EMBD] = weight;
  const tensors: [string, number[], Float32Array][] = [['token_embd.weight', [N_EMBD, nVocab], embeddings]];
  for (let layer = 0; layer < N_LAYER; layer++) {
    const block = `blk.${layer}`;
    tensors.push(
      [`${block}.attn_norm.weight`, [N_EMBD], ones(N_EMBD)],
      [`${block}.attn_q.weight`, [N_EMBD, N_EMBD], weights(N_EMBD * N_EMBD, 0.1)],
      [`${block}.attn_k.weight`, [N_EMBD, N_EMBD], weights(N_EMBD * N_EMBD, 0.1)],
      [`${block}.attn_v.weight`, [N_EMBD, N_EMBD], weights(N_EMBD * N_EMBD, 0.1)],
      [`${block}.attn_output.weight`, [N_EMBD, N_EMBD], weights(N_EMBD * N_EMBD, 0.1)],
      [`${block}.ffn_norm.weight`, [N_EMBD], ones(N_EMBD)],
      [`${block}.ffn_gate.weight`, [N_EMBD, N_FF], weights(N_EMBD * N_FF, 0.1)],
      [`${block}.ffn_up.weight`, [N_EMBD, N_FF], weights(N_EMBD * N_FF, 0.1)],
      [`${block}.ffn_down.weight`, [N_FF, N_EMBD], weights(N_FF * N_EMBD, 0.1)],
    );
  }
  tensors.push(['output_norm.weight', [N_EMBD], ones(N_EMBD)], ['output.weight', [N_EMBD, nVocab], output]);

  const writer = new ByteWriter();
  writer.raw(Buffer.from('GGUF', 'latin1'));
  writer.u32(3);
  writer.u64(tensors.length);
  writer.u64(metadata.length);
  for (const [key, value] of metadata) {
    writer.string(key);
    writeValue(writer, value);
  }
  let offset = 0;
  const offsets: number[] = [];
  for (const [name, shape, data] of tensors) {
    writer.string(name);
    writer.u32(shape.length);
    for (const dim of shape) writer.u64(dim);
    writer.u32(0); // GGML_TYPE_F32
    writer.u64(offset);
    offsets.push(offset);
    offset = alignUp(offset + data.byteLength);
  }
  writer.padTo(ALIGNMENT);
  const dataStart = writer.length;
  tensors.forEach(([, , data], index) => {
    writer.padTo(ALIGNMENT);
    if (writer.length - dataStart !== offsets[index]) throw new Error('tiny GGUF: tensor offset drift');
    writer.raw(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  });
  return writer.toBuffer();
}

function writeValue(writer: ByteWriter, value: Value): void {
  writer.u32(value.type);
  switch (value.type) {
    case T.UINT32:
      return writer.u32(value.value);
    case T.INT32:
      return writer.i32(value.value);
    case T.FLOAT32:
      return writer.f32(value.value);
    case T.BOOL:
      return writer.raw(Buffer.from([value.value ? 1 : 0]));
    case T.STRING:
      return writer.string(value.value);
    case T.ARRAY:
      writer.u32(value.of);
      writer.u64(value.value.length);
      if (value.of === T.STRING) for (const item of value.value) writer.string(item);
      else if (value.of === T.INT32) for (const item of value.value) writer.i32(item);
      else for (const item of value.value) writer.f32(item);
  }
}

function alignUp(offset: number): number {
  return Math.ceil(offset / ALIGNMENT) * ALIGNMENT;
}

/** Standard normal samples from a mulberry32 stream (Box–Muller). */
function seededNormal(seed: number): () => number {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

/** Little-endian writer over growing chunks. */
class ByteWriter {
  private readonly chunks: Buffer[] = [];
  length = 0;

  raw(bytes: Buffer): void {
    this.chunks.push(bytes);
    this.length += bytes.length;
  }
  u32(value: number): void {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32LE(value);
    this.raw(bytes);
  }
  i32(value: number): void {
    const bytes = Buffer.alloc(4);
    bytes.writeInt32LE(value);
    this.raw(bytes);
  }
  f32(value: number): void {
    const bytes = Buffer.alloc(4);
    bytes.writeFloatLE(value);
    this.raw(bytes);
  }
  u64(value: number): void {
    const bytes = Buffer.alloc(8);
    bytes.writeBigUInt64LE(BigInt(value));
    this.raw(bytes);
  }
  string(value: string): void {
    const bytes = Buffer.from(value, 'utf8');
    this.u64(bytes.length);
    this.raw(bytes);
  }
  padTo(alignment: number): void {
    const pad = (alignment - (this.length % alignment)) % alignment;
    if (pad) this.raw(Buffer.alloc(pad));
  }
  toBuffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}
