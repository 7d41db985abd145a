import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import { fileUrlProblem } from '../../security/signed-urls.js';
import { FORMAT_FILES } from '../../render/formats/output-format.js';
import { contentTypeOf } from '../../storage/content-types.js';
import { assertValidKey } from '../../storage/file-store.js';
import { restoreJobFile } from '../../storage/job-files.js';
import { trackDownload } from '../plugins/download-log.js';
import { defineRoute } from '../route-definition.js';

/** Whether a signed path is a plain relative path the bucket could hold (no `..`, `//` or backslashes). */
function isJobFileKey(relative: string): boolean {
  try {
    assertValidKey(relative);
    return true;
  } catch {
    return false;
  }
}

/** The extensions of render files (every output format). */
const RENDER_EXTENSIONS = new Set(Object.values(FORMAT_FILES).map((file) => file.extension));

/** How long a presigned bucket link a download redirects to lives. */
const PRESIGNED_SECONDS = 900;

/**
 * `GET /files/*`: files of the data dir behind signed, expiring links (no API key: the link is the
 * key). On a node whose bucket lets clients fetch directly (`--store` with `SERVICE_STORE_PRESIGN=1`),
 * a video the bucket holds is answered with a redirect to a short-lived presigned link instead.
 */
export function fileRoutes(ctx: NodeContext) {
  return [
    defineRoute({
      method: 'GET',
      url: '/files/*',
      operationId: 'getFile',
      summary: 'A file behind a signed link (download_url); 403 when the link is tampered with or expired',
      tags: ['files'],
      auth: false,
      querystring: z.object({ expires: z.string().optional(), sig: z.string().optional() }),
      response: { status: 200, description: 'The file: video/mp4, video/webm, video/quicktime or image/gif for a render, by its extension', contentType: 'video/mp4' },
      handler: async (request, reply) => {
        const relative = decodeURIComponent((request.params as { '*': string })['*']);
        const problem = fileUrlProblem(ctx.keys.downloads, relative, request.query.expires, request.query.sig);
        if (problem) throw new ServiceError('forbidden', problem);
        const full = path.resolve(ctx.filesDir, relative);
        if (!full.startsWith(path.resolve(ctx.filesDir) + path.sep)) throw new ServiceError('not_found', 'file not found');
        const store = ctx.store;
        // A video's render (any format) the bucket holds comes from there when presigned links are on.
        if (store?.presigns && relative.startsWith('videos/') && RENDER_EXTENSIONS.has(path.extname(full)) && isJobFileKey(relative) && (await store.exists(relative))) {
          const presigned = await store.presignedUrl(relative, PRESIGNED_SECONDS, { downloadName: path.basename(full) });
          if (presigned) return reply.code(302).header('location', presigned).header('cache-control', 'no-store').send();
        }
        // With a bucket the data dir is a working copy: a file it lost (a new disk) comes back from the bucket first.
        if (!existsSync(full) && !(isJobFileKey(relative) && (await restoreJobFile(ctx, relative)))) throw new ServiceError('not_found', 'file not found');
        const size = statSync(full).size;
        reply.header('content-type', contentTypeOf(full) ?? 'application/octet-stream');
        // An attached SVG is kept as sent: opened as a page from the node's origin, it must run nothing.
        if (path.extname(full) === '.svg') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
        reply.header('accept-ranges', 'bytes');
        reply.header('cache-control', 'private, max-age=900');
        const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
        if (range && (range[1] || range[2])) {
          const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
          const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
          if (start > end || start >= size) {
            reply.header('content-range', `bytes */${size}`);
            throw new ServiceError('range_not_satisfiable', `range is outside the file's ${size} bytes`);
          }
          reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`).header('content-length', end - start + 1);
          return reply.send(trackDownload(reply, createReadStream(full, { start, end }), end - start + 1));
        }
        reply.header('content-length', size);
        return reply.send(trackDownload(reply, createReadStream(full), size));
      },
    }),
  ];
}
