import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { invalidRequest } from '../errors/service-error.js';
import { ATTACHMENT_SIZE_CAPS, type AttachmentRequest, type FetchedAttachment } from './fetch-attachment.js';

/** Imports per account per day (DECISIONS.md). */
export const SOCIAL_IMPORTS_PER_DAY = 10;

/**
 * An importer for social and video-sharing links that runs yt-dlp: the best audio-only stream (a
 * `video` request: the best video stream, MP4 first), no playlists, capped at the kind's size
 * limit, within two minutes. Whatever it downloads is then
 * checked like any other audio (decoded at create time).
 */
export function ytDlpImporter(ytDlp: string) {
  return (request: AttachmentRequest, context: { destDir: string; signal: AbortSignal }): Promise<FetchedAttachment> =>
    new Promise((resolve, reject) => {
      const base = request.field.replace(/[^\w-]+/g, '-').replace(/-+$/, '');
      const template = path.join(context.destDir, `${base}.%(ext)s`);
      execFile(
        ytDlp,
        ['--no-playlist', '--no-progress', '-f', request.kind === 'video' ? 'bv*[ext=mp4]/b[ext=mp4]/bv*/b' : 'bestaudio/best', '--max-filesize', String(ATTACHMENT_SIZE_CAPS[request.kind]), '-o', template, '--print', 'after_move:filepath', request.url],
        { timeout: 120_000, signal: context.signal, maxBuffer: 1024 * 1024 },
        (error, stdout, stderr) => {
          const file = String(stdout).trim().split('\n').pop()?.trim();
          if (error || !file) {
            reject(invalidRequest(`${request.field}: the importer could not fetch ${request.url}: ${String(stderr || error?.message || 'no file').trim().split('\n').pop()}`));
            return;
          }
          try {
            const bytes = statSync(file).size;
            if (bytes > ATTACHMENT_SIZE_CAPS[request.kind]) throw invalidRequest(`${request.field}: larger than ${ATTACHMENT_SIZE_CAPS[request.kind] / (1024 * 1024)} MB`);
            const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex');
            resolve({ field: request.field, url: request.url, path: file, mimeType: request.kind === 'video' ? 'video/*' : 'audio/*', bytes, sha256 });
          } catch (cause) {
            reject(cause instanceof Error && 'code' in cause ? cause : invalidRequest(`${request.field}: the importer wrote no file`));
          }
        },
      );
    });
}
