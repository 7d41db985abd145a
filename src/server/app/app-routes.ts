import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { publicUrlOf } from '../../config/resolve-config.js';
import { notFound, ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import type { AccountRow } from '../../store/accounts-store.js';
import type { AppServices } from '../services.js';
import { invalidFields, validationDetails } from '../validation-message.js';
import { isBuiltFile, loadAppBuild } from './app-build.js';
import { APP_PAGE_HEADERS, appBasePath, appIndexHtml, assetContentType, notBuiltHtml, PLAYER_FRAME_HEADERS, playerFrameHtml } from './app-pages.js';
import { csrfTokenMatches, deleteSession, findSession, type LiveSession } from './app-sessions.js';
import { signInToApp } from './app-sign-in.js';
import { registerThumbnailRoutes } from './app-thumbnails.js';
import { clearedSessionCookie, sessionCookie, sessionTokenOf } from './session-cookie.js';

/** Options of the web app's routes. */
export interface AppRoutesOptions {
  ctx: NodeContext;
  /** The render pool and bundle cache the list thumbnails are drawn with. @default no pool: a thumbnail not stored yet is 404 */
  services?: AppServices;
  /** The built app's folder. @default `<package>/dist/app` */
  distDir?: string;
  /** Clock for sessions and the sign-in lockout, for tests. @default Date.now */
  now?: () => number;
}

/** Body of `POST /app/api/sign-in`. */
export const signInBody = z.strictObject({
  email: z.string().trim().min(1).max(320).describe('The account\'s email'),
  password: z.string().min(1).max(1024).describe('The account\'s password'),
});

const ASSET_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  // The preview frame has an opaque origin and loads its fonts in CORS mode; these files are public.
  'access-control-allow-origin': '*',
  'x-content-type-options': 'nosniff',
};
const NO_STORE = { 'cache-control': 'no-store' };

const sessionAnswer = (account: AccountRow, csrfToken: string) => ({
  account: { id: account.id, name: account.name, email: account.email, plan: account.plan },
  csrf_token: csrfToken,
});

/**
 * The web app under `/app`: its built files (`/app/assets/<file>`), the single-page app's HTML for
 * every other `/app` path (the permanent `app_url` `/app/videos/{id}` included; the app itself sends
 * a visitor without a session to sign-in and back), the sandboxed preview frame, and the session API
 * (`/app/api/session`, `sign-in`, `sign-out`), and the lists' thumbnails (`/app/api/videos/:id/thumbnail`,
 * `/app/api/infographics/:id/thumbnail`, for the session's account). None of these take an API key.
 */
export async function appRoutesPlugin(app: FastifyInstance, options: AppRoutesOptions): Promise<void> {
  const { ctx } = options;
  const now = options.now ?? Date.now;
  const state = loadAppBuild(options.distDir);
  const noAuth = { auth: false };
  const base = (request: FastifyRequest) => appBasePath(publicUrlOf(ctx.config, request.socket.localPort));

  const page = (kind: 'app' | 'player') => async (request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(kind === 'app' ? APP_PAGE_HEADERS : PLAYER_FRAME_HEADERS);
    if (!state.built) return reply.code(503).headers(APP_PAGE_HEADERS).send(notBuiltHtml(state.reason));
    return kind === 'app' ? appIndexHtml(state.build, base(request)) : playerFrameHtml(state.build, base(request));
  };
  app.get('/app', { config: noAuth }, page('app'));
  app.get('/app/*', { config: noAuth }, page('app'));
  app.get('/app/player-frame', { config: noAuth }, page('player'));

  app.get<{ Params: { file: string } }>('/app/assets/:file', { config: noAuth }, async (request, reply) => {
    const name = request.params.file;
    if (!state.built) throw new ServiceError('service_unavailable', 'the web app is not built; run npm run build');
    if (!isBuiltFile(state.build, name)) throw notFound(`app file ${name}`);
    const bytes = await readFile(path.join(state.build.dir, name));
    return reply.headers(ASSET_HEADERS).header('content-type', assetContentType(name)).send(bytes);
  });

  const liveSession = (request: FastifyRequest, reply: FastifyReply): { token: string; session: LiveSession } => {
    const token = sessionTokenOf(request.headers.cookie);
    const session = token === undefined ? undefined : findSession(ctx, token, now());
    if (!token || !session) throw new ServiceError('unauthorized', 'not signed in to the app (no session, or it has ended); sign in with POST /app/api/sign-in');
    if (session.touched) reply.header('set-cookie', sessionCookie(ctx.config, token));
    return { token, session };
  };

  app.get('/app/api/session', { config: noAuth }, async (request, reply) => {
    reply.headers(NO_STORE);
    const { session } = liveSession(request, reply);
    return sessionAnswer(session.account, session.row.csrf_token);
  });

  app.post('/app/api/sign-in', { config: noAuth }, async (request, reply) => {
    reply.headers(NO_STORE);
    const parsed = signInBody.safeParse(request.body);
    if (!parsed.success) throw invalidFields(validationDetails(parsed.error, 'body', signInBody, request.body));
    const signedIn = await signInToApp(ctx, parsed.data, now());
    // A session the browser already held ends here, so signing in again never leaves two behind.
    const previous = sessionTokenOf(request.headers.cookie);
    if (previous) deleteSession(ctx, previous);
    reply.header('set-cookie', sessionCookie(ctx.config, signedIn.token));
    return sessionAnswer(signedIn.account, signedIn.csrfToken);
  });

  app.post('/app/api/sign-out', { config: noAuth }, async (request, reply) => {
    reply.headers(NO_STORE);
    const { token, session } = liveSession(request, reply);
    if (!csrfTokenMatches(session.row, request.headers['x-csrf-token'])) {
      throw new ServiceError('csrf_failed', 'signing out needs the session\'s csrf_token in the x-csrf-token header');
    }
    deleteSession(ctx, token);
    reply.removeHeader('set-cookie');
    return reply.code(204).header('set-cookie', clearedSessionCookie(ctx.config)).send();
  });

  registerThumbnailRoutes(app, { ctx, services: options.services ?? { cacheDir: ctx.config.cacheDir }, account: (request, reply) => liveSession(request, reply).session.account });

  app.get('/app/api/*', { config: noAuth }, async (request) => {
    throw notFound(`app API route ${request.url.split('?')[0]}`);
  });
}
