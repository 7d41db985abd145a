import path from 'node:path';

/**
 * Content types of the job files the node serves and stores: videos, pictures and sound, which the
 * app's preview loads as <video>, <img> and <audio>. Anything else is served as
 * application/octet-stream (never rendered inline from the node's origin).
 */
const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.gif': 'image/gif',
  '.jpeg': 'image/jpeg',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.m4a': 'audio/mp4',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
};

/** The content type of a file by its extension, or undefined when it is not one of the media types above. */
export function contentTypeOf(file: string): string | undefined {
  return CONTENT_TYPES[path.extname(file).toLowerCase()];
}
