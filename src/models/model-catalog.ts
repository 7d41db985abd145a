/** A GGUF that `service models pull <name>` knows by name. */
export interface CatalogModel {
  name: string;
  url: string;
  /** The file name under `<data-dir>/models/`. */
  file: string;
  description: string;
}

const HF = 'https://huggingface.co';

/**
 * Well-known instruct models in Q4_K_M, single-file GGUFs on Hugging Face. Any other GGUF is pulled
 * by its URL.
 */
export const MODEL_CATALOG: readonly CatalogModel[] = [
  {
    name: 'qwen2.5-0.5b-instruct',
    url: `${HF}/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf`,
    file: 'qwen2.5-0.5b-instruct-q4_k_m.gguf',
    description: 'Qwen2.5 0.5B Instruct, Q4_K_M (~0.5 GB): a CPU smoke test, weak plans',
  },
  {
    name: 'qwen2.5-3b-instruct',
    url: `${HF}/Qwen/Qwen2.5-3B-Instruct-GGUF/resolve/main/qwen2.5-3b-instruct-q4_k_m.gguf`,
    file: 'qwen2.5-3b-instruct-q4_k_m.gguf',
    description: 'Qwen2.5 3B Instruct, Q4_K_M (~2.1 GB): plans on a CPU in a few minutes',
  },
  {
    name: 'qwen2.5-7b-instruct',
    url: `${HF}/bartowski/Qwen2.5-7B-Instruct-GGUF/resolve/main/Qwen2.5-7B-Instruct-Q4_K_M.gguf`,
    file: 'qwen2.5-7b-instruct-q4_k_m.gguf',
    description: 'Qwen2.5 7B Instruct, Q4_K_M (~4.7 GB): good plans on a GPU or a fast CPU',
  },
  {
    name: 'qwen2.5-coder-7b-instruct',
    url: `${HF}/bartowski/Qwen2.5-Coder-7B-Instruct-GGUF/resolve/main/Qwen2.5-Coder-7B-Instruct-Q4_K_M.gguf`,
    file: 'qwen2.5-coder-7b-instruct-q4_k_m.gguf',
    description: 'Qwen2.5 Coder 7B Instruct, Q4_K_M (~4.7 GB): scene code',
  },
];

/** What `service models pull` without a name suggests: one model for a machine without a GPU, one for a GPU box. */
export const SUGGESTED_MODELS = { cpu: 'qwen2.5-3b-instruct', gpu: 'qwen2.5-7b-instruct' } as const;

/** What a `pull` argument names: a catalog entry, or a URL and the file name taken from its path. */
export function resolveModelSource(source: string): { url: string; file: string } | undefined {
  const known = MODEL_CATALOG.find((model) => model.name === source.toLowerCase());
  if (known) return { url: known.url, file: known.file };
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const last = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  // Only a plain file name reaches the models directory.
  const base = last.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '');
  const file = base === '' ? 'model.gguf' : base.toLowerCase().endsWith('.gguf') ? base : `${base}.gguf`;
  return { url: url.href, file };
}
