import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestNode, type TestNode } from '../../helpers/test-node.js';
import { fakeAppDist } from './app-helpers.js';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('the web app pages under /app', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let dist: string;
  beforeAll(async () => {
    node = createTestNode({ publicUrl: 'https://video.example.test/studio/' });
    dist = fakeAppDist();
    app = await createTestApp(node.ctx, { app: { distDir: dist } });
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
    rmSync(dist, { recursive: true, force: true });
  });

  for (const url of ['/app', '/app/', '/app/videos/vid_anything', '/app/account/keys']) {
    it(`serves the single-page app at ${url} with its CSP, no inline scripts allowed`, async () => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('same-origin');
      expect(response.body).toContain('<base href="/studio/app/">');
      expect(response.body).toContain('<script type="module" src="assets/main-ABC123.js"></script>');
      expect(response.body).toContain('<link rel="stylesheet" href="assets/main-DEF456.css">');
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).toMatch(/<noscript>[^<]+<\/noscript>/);
      expect(response.body).not.toMatch(/<script>|<script [^>]*>[^<]/);
    });
  }

  it('does not echo the path of an app_url into the page', async () => {
    const hostile = '<script>alert(1)</script>';
    const response = await app.inject({ method: 'GET', url: `/app/videos/${encodeURIComponent(hostile)}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('alert');
  });

  it('serves the preview frame with a classic script and its own CSP (unsafe-eval, no network, framed by the app only)', async () => {
    const response = await app.inject({ method: 'GET', url: '/app/player-frame' });
    expect(response.statusCode).toBe(200);
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'", "'unsafe-eval'"]);
    expect(csp.get('connect-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toContain('<script defer src="assets/player-XYZ789.js"></script>');
    expect(response.body).not.toContain('type="module"');
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('serves built files with a long immutable cache, their type and Access-Control-Allow-Origin: *', async () => {
    const script = await app.inject({ method: 'GET', url: '/app/assets/main-ABC123.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console.log("app");');
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['access-control-allow-origin']).toBe('*');
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    const font = await app.inject({ method: 'GET', url: '/app/assets/inter-QWE111.woff2' });
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.rawPayload.equals(Buffer.from([0x77, 0x4f, 0x46, 0x32]))).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/app/assets/main-DEF456.css' })).headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('answers 404 for a file the build does not hold, and never serves outside it', async () => {
    for (const url of ['/app/assets/nope.js', '/app/assets/..%2Fmanifest.json', '/app/assets/%2E%2E%2F%2E%2E%2Fpackage.json', '/app/assets/.hidden']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });

  it('answers an unknown /app/api path with a JSON 404, not the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/app/api/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});

describe('/app before the web app is built', () => {
  it('answers 503 with a page that says to run npm run build', async () => {
    const node = createTestNode();
    const missing = path.join(mkdtempSync(path.join(tmpdir(), 'service-no-app-')), 'dist', 'app');
    const app = await createTestApp(node.ctx, { app: { distDir: missing } });
    try {
      for (const url of ['/app', '/app/videos/vid_x', '/app/player-frame']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(503);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.headers['content-security-policy']).toContain("script-src 'self'");
        expect(response.body).toContain('npm run build');
      }
      const asset = await app.inject({ method: 'GET', url: '/app/assets/main.js' });
      expect(asset.statusCode).toBe(503);
      expect(asset.json().error.message).toContain('npm run build');
    } finally {
      await app.close();
      node.cleanup();
      rmSync(path.dirname(path.dirname(missing)), { recursive: true, force: true });
    }
  });
});
