import { open } from 'node:fs/promises';

/** The four bytes every GGUF file starts with. */
export const GGUF_MAGIC = 'GGUF';

/** Why a path is not a usable GGUF file, or `undefined` when it starts like one. */
export type GgufProblem = { kind: 'missing' | 'unreadable' | 'not_gguf'; message: string };

/**
 * Checks that `path` exists, can be read, and starts with the GGUF magic, so a wrong path fails
 * with a sentence naming it instead of llama.cpp's loader error.
 */
export async function checkGgufFile(path: string): Promise<GgufProblem | undefined> {
  let head: Buffer;
  try {
    const file = await open(path, 'r');
    try {
      head = Buffer.alloc(4);
      const { bytesRead } = await file.read(head, 0, 4, 0);
      head = head.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'missing', message: `model file not found: ${path}` };
    if (code === 'EISDIR') return { kind: 'unreadable', message: `model path is a directory, not a GGUF file: ${path}` };
    return { kind: 'unreadable', message: `cannot read model file ${path}: ${(error as Error).message}` };
  }
  if (!isGgufMagic(head)) {
    return { kind: 'not_gguf', message: `not a GGUF model file (it does not start with "GGUF"): ${path}` };
  }
  return undefined;
}

/** Whether `bytes` begins with the GGUF magic. */
export function isGgufMagic(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && Buffer.from(bytes.subarray(0, 4)).toString('latin1') === GGUF_MAGIC;
}
