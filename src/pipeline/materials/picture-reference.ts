import path from 'node:path';

/** A picture on this node a model is given as a reference (a shot's start frame, a cast portrait). */
export interface PictureReference {
  /** Absolute path of the file. */
  path: string;
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp';
}

const PICTURE_TYPES: Record<string, PictureReference['mimeType']> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp' };

/** The plan asset `name` as a reference picture, when it is a PNG, JPEG or WebP; none otherwise (an SVG, a clip, no such asset). */
export function pictureReference(filesDir: string, assets: Record<string, string> | undefined, name: unknown): PictureReference[] {
  const file = typeof name === 'string' ? assets?.[name] : undefined;
  const mimeType = file ? PICTURE_TYPES[path.extname(file).toLowerCase()] : undefined;
  return file && mimeType ? [{ path: path.join(filesDir, file), mimeType }] : [];
}
