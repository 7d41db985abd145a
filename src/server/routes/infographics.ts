import { z } from 'zod';
import { invalidRequest, ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import { generateInfographic } from '../../pipeline/infographics/generate-infographic.js';
import { infographicPreview } from '../../pipeline/infographics/infographic-preview.js';
import { ownProject, projectVersion, queuedAnswer, requestInfographicRender } from '../../pipeline/infographics/infographic-renders.js';
import { generateInfographicBody, renderInfographicBody } from '../../pipeline/infographics/infographic-schema.js';
import { toProjectListItem, toProjectView, toRenderView, toVersionView } from '../../pipeline/infographics/infographic-view.js';
import { baseUrlOf } from '../../pipeline/videos/video-view.js';
import { OUTPUT_FORMATS } from '../../render/formats/output-format.js';
import { principalOf } from '../plugins/auth.js';
import { requestBaseUrl } from '../request-base-url.js';
import { defineRoute } from '../route-definition.js';
import { infographicPreviewResponse } from '../schemas/preview-schemas.js';
import { idempotencyKeyOf, sendStoredAnswer } from '../stored-answer.js';
import type { AppServices } from '../services.js';

const id = z.string().min(1).max(100);

const versionShape = z.looseObject({
  versionId: z.string(),
  status: z.string(),
  settings: z.record(z.string(), z.unknown()),
  settingsSchema: z.looseObject({ type: z.literal('object'), properties: z.record(z.string(), z.unknown()) }),
  dimensions: z.object({ width: z.number(), height: z.number() }),
  duration: z.number(),
  createdAt: z.string(),
});

const renderShape = z.looseObject({
  renderId: z.string(),
  projectId: z.string(),
  versionId: z.string(),
  status: z.string(),
  dimensions: z.object({ width: z.number(), height: z.number() }),
  fps: z.number(),
  duration: z.number(),
  format: z.enum(OUTPUT_FORMATS).describe('The file\'s format; the url\'s file name ends in it'),
  background: z.literal('transparent').optional().describe('Present when transparent: no background, an alpha channel'),
  settings: z.record(z.string(), z.unknown()),
  url: z.string().optional().describe('Once completed: the file (.mp4, .webm, .gif or .mov), a signed link valid about 15 minutes'),
});

/** The `/v1/infographics` resource (camelCase): generate, render, list, project, version, render status. */
export function infographicRoutes(ctx: NodeContext, services: AppServices) {
  const base = (request: { socket: { localPort?: number } }) => baseUrlOf(ctx, request.socket.localPort);

  return [
    defineRoute({
      method: 'POST',
      url: '/v1/infographics/generate',
      operationId: 'generateInfographic',
      summary: 'Generate an infographic project with its first version, synchronously; with render true a render starts too',
      tags: ['infographics'],
      rateLimit: 'infographics.generate',
      body: generateInfographicBody,
      response: {
        status: 200,
        description: 'The project and its first version',
        schema: z.looseObject({ projectId: z.string(), versionId: z.string(), status: z.string(), version: versionShape, renderId: z.string().optional() }),
      },
      handler: async (request, reply) => {
        if (!services.pool) throw new ServiceError('service_unavailable', 'this node runs no render pool');
        const key = idempotencyKeyOf(request);
        const answer = await generateInfographic(
          ctx,
          principalOf(request),
          request.body,
          { pool: services.pool, cacheDir: services.cacheDir, ...(services.infographics ? { renders: services.infographics } : {}) },
          key ? { idempotencyKey: key } : {},
        );
        return sendStoredAnswer(request, reply, answer);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/v1/infographics/:id/render',
      operationId: 'renderInfographic',
      summary: 'Render a version to MP4, WebM, MOV or GIF (opaque, or transparent in WebM and MOV) with optional settingsValues; answers 202, the result arrives by webhook',
      tags: ['infographics'],
      params: z.strictObject({ id }),
      body: renderInfographicBody,
      response: {
        status: 202,
        description: 'The queued render',
        schema: z.object({ renderId: z.string(), projectId: z.string(), versionId: z.string(), status: z.literal('queued') }),
      },
      handler: async (request, reply) => {
        if (!services.infographics) throw new ServiceError('service_unavailable', 'this node runs no render queue');
        const row = requestInfographicRender(ctx, principalOf(request), request.params.id, request.body);
        services.infographics.enqueue(row.id);
        reply.code(202);
        return queuedAnswer(row);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/infographics',
      operationId: 'listInfographics',
      summary: 'The caller\'s infographic projects, newest first',
      tags: ['infographics'],
      querystring: z.strictObject({
        limit: z.coerce.number().int().min(1).max(100).default(20).describe('Page size, 1 to 100'),
        cursor: z.string().max(200).optional().describe('A project id: the nextCursor of the previous page'),
      }),
      response: {
        status: 200,
        description: 'A page of projects',
        schema: z.object({
          projects: z.array(z.object({ projectId: z.string(), prompt: z.string(), createdAt: z.string(), latestVersionId: z.string().nullable() })),
          nextCursor: z.string().nullable(),
        }),
      },
      handler: async (request) => {
        const { account } = principalOf(request);
        const { limit, cursor } = request.query;
        let after;
        if (cursor !== undefined) {
          after = ctx.infographics.getProject(cursor);
          if (!after || after.account_id !== account.id) throw invalidRequest('querystring.cursor: not a project of this account; use nextCursor from the previous page');
        }
        const rows = ctx.infographics.listProjects(account.id, limit + 1, after);
        const page = rows.slice(0, limit);
        return { projects: page.map((row) => toProjectListItem(ctx, row)), nextCursor: rows.length > limit ? page[page.length - 1]!.id : null };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/infographics/:id',
      operationId: 'getInfographic',
      summary: 'A project with all its versions and its renders',
      tags: ['infographics'],
      params: z.strictObject({ id }),
      response: {
        status: 200,
        description: 'The project',
        schema: z.looseObject({ projectId: z.string(), prompt: z.string(), createdAt: z.string(), versions: z.array(versionShape), renders: z.array(renderShape) }),
      },
      handler: async (request) => toProjectView(ctx, ownProject(ctx, request.params.id, principalOf(request).account.id), base(request)),
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/infographics/:id/versions/:versionId',
      operationId: 'getInfographicVersion',
      summary: 'A version: status, settings and the full settings schema',
      tags: ['infographics'],
      params: z.strictObject({ id, versionId: id }),
      response: { status: 200, description: 'The version', schema: versionShape },
      handler: async (request) => {
        const project = ownProject(ctx, request.params.id, principalOf(request).account.id);
        return toVersionView(projectVersion(ctx, project, request.params.versionId));
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/infographics/:id/renders/:renderId',
      operationId: 'getInfographicRender',
      summary: 'A render: status, the settings it shows and, once completed, a signed download url',
      tags: ['infographics'],
      params: z.strictObject({ id, renderId: id }),
      response: { status: 200, description: 'The render', schema: renderShape },
      handler: async (request) => {
        const project = ownProject(ctx, request.params.id, principalOf(request).account.id);
        const render = ctx.infographics.getRender(request.params.renderId);
        if (!render || render.project_id !== project.id) throw new ServiceError('not_found', `render ${request.params.renderId} of infographic ${project.id} not found`);
        return toRenderView(ctx, render, base(request));
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/infographics/:id/versions/:versionId/preview',
      operationId: 'getInfographicPreview',
      summary: 'What the app\'s live preview plays: the version\'s compiled code, theme, settings and assets (signed links, about an hour); 409 not_ready unless the version is ready',
      tags: ['infographics'],
      params: z.strictObject({ id, versionId: id }),
      response: { status: 200, description: 'The preview', schema: infographicPreviewResponse },
      handler: async (request) => {
        const project = ownProject(ctx, request.params.id, principalOf(request).account.id);
        return infographicPreview(ctx, projectVersion(ctx, project, request.params.versionId), requestBaseUrl(ctx, request));
      },
    }),
  ];
}
