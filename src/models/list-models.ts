import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** A file in the models directory. */
export interface ModelFile {
  name: string;
  path: string;
  bytes: number;
  /** A `.partial` left by an interrupted `models pull` (the same pull resumes it). */
  partial: boolean;
}

/** The files in `modelsDir`, by name; none when it does not exist yet. */
export async function listModels(modelsDir: string): Promise<ModelFile[]> {
  let names: string[];
  try {
    names = await readdir(modelsDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: ModelFile[] = [];
  for (const name of names.sort()) {
    const file = path.join(modelsDir, name);
    const info = await stat(file);
    if (info.isFile()) files.push({ name, path: file, bytes: info.size, partial: name.endsWith('.partial') });
  }
  return files;
}

/** `1.2 GB`, `640 KB`: a size for people. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}
