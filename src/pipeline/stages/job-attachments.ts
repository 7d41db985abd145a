import type { VideoRow } from '../../store/videos-store.js';

/** Where the create request stored each fetched attachment, by field (`images[0]`, `audio[1]`, ...). */
export function attachmentPaths(row: VideoRow): Map<string, string> {
  const createdWith = JSON.parse(row.options) as { attachments?: { field: string; path: string }[] };
  return new Map((createdWith.attachments ?? []).map((attachment) => [attachment.field, attachment.path]));
}
