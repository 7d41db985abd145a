import type { ReadStream } from 'node:fs';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** The file each download reply streams, with the bytes it must send. */
const downloads = new WeakMap<FastifyReply, { stream: ReadStream; length: number }>();

/** Marks a reply as the download of `length` bytes of `stream`, so its log line can tell a complete one (see {@link DownloadLogController}). */
export function trackDownload(reply: FastifyReply, stream: ReadStream, length: number): ReadStream {
  downloads.set(reply, { stream, length });
  return stream;
}

/**
 * Fastify's request logging, but for a download the client closed after its last byte. A client
 * that has every byte it was promised may close the connection before the node's file stream has
 * signalled its end; Fastify then logs "stream closed prematurely" at info for a download that
 * completed. That one is logged at debug, as a completed download; a download cut short keeps
 * Fastify's info line.
 */
export class DownloadLogController extends LogController {
  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    const download = downloads.get(reply);
    const sentWhole = download !== undefined && download.stream.bytesRead >= download.length && download.stream.readableLength === 0;
    if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE' || !sentWhole) {
      super.streamError(error, request, reply, metadata);
      return;
    }
    if (!this.isLogDisabled(request)) reply.log.debug({ res: reply, bytes: download.length }, 'download completed; the client closed the connection first');
  }
}
