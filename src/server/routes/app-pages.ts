import { z } from 'zod';
import type { NodeContext } from '../../node-context.js';
import { defineRoute } from '../route-definition.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * `GET /app/videos/{id}`: the permanent `app_url`, a plain page: it shows the job id and how to
 * fetch it, and never leaks anything without a key.
 */
export function appPageRoutes(ctx: NodeContext) {
  return [
    defineRoute({
      method: 'GET',
      url: '/app/videos/:id',
      operationId: 'appVideoPage',
      summary: 'The app page of a video (plain for now)',
      tags: ['app'],
      auth: false,
      params: z.strictObject({ id: z.string().min(1).max(100) }),
      response: { status: 200, description: 'An HTML page', contentType: 'text/html' },
      handler: async (request, reply) => {
        const exists = ctx.videos.get(request.params.id) !== undefined;
        const id = escape(request.params.id);
        reply.header('content-type', 'text/html; charset=utf-8');
        if (!exists) reply.code(404);
        return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Video ${id}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#111}code{background:#f3f4f6;padding:.1rem .3rem}</style></head>
<body><h1>Video <code>${id}</code></h1>${
          exists
            ? `<p>This is the video's permanent page. Fetch the job with your API key:</p><pre><code>curl -H "Authorization: Bearer $KEY" ${escape(request.protocol)}://${escape(request.host)}/v1/videos/${id}</code></pre><p>Its <code>download_url</code> gives the MP4 once it is rendered.</p>`
            : '<p>No such video on this node.</p>'
        }</body></html>`;
      },
    }),
  ];
}
