import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SceneInputProps } from './render-protocol.js';

/** A task's props with its video assets served over loopback, and the call that stops serving them. */
export interface ServedVideoAssets {
  inputProps: SceneInputProps;
  release(): void;
}

const VIDEO_DATA_URL = /^data:(video\/[\w.+-]+);base64,/;

let server: Promise<{ port: number; dir: string }> | undefined;
/** Served files by name, with how many running tasks use each. */
const served = new Map<string, { file: string; mimeType: string; users: number }>();

/** The worker's loopback file server, started on first use; it serves only the files registered in {@link served}. */
function fileServer(): Promise<{ port: number; dir: string }> {
  server ??= new Promise((resolve, reject) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'service-worker-video-'));
    const http: Server = createServer((request, response) => {
      const entry = served.get(decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname.slice(1)));
      if (!entry || (request.method !== 'GET' && request.method !== 'HEAD')) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': entry.mimeType });
      if (request.method === 'HEAD') response.end();
      else createReadStream(entry.file).pipe(response);
    });
    http.unref();
    http.once('error', reject);
    http.listen(0, '127.0.0.1', () => resolve({ port: (http.address() as AddressInfo).port, dir }));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  });
  return server;
}

/** Whether a task's props carry video clips (their frames are decoded, not described by the page's markup). */
export function hasVideoAssets(props: SceneInputProps): boolean {
  return Object.values(props.assets ?? {}).some((url) => VIDEO_DATA_URL.test(url));
}

/**
 * Replaces the `data:video/…` assets of a task's props with loopback URLs of the same bytes.
 * Remotion's `<OffthreadVideo>` asks its frame server for a source by putting the whole `src` in
 * the request's query string, which Node refuses beyond 16 KiB of headers and Chrome beyond 2 MiB
 * of URL: a data URL of any real clip would fail. The segment's cache key is taken before this,
 * over the data URL, so it still covers the clip's bytes. Props without video assets come back as
 * they are.
 */
export async function serveVideoAssets(props: SceneInputProps): Promise<ServedVideoAssets> {
  const videos = Object.entries(props.assets ?? {}).filter(([, url]) => VIDEO_DATA_URL.test(url));
  if (videos.length === 0) return { inputProps: props, release: () => undefined };
  const { port, dir } = await fileServer();
  const names: string[] = [];
  const assets = { ...props.assets };
  for (const [asset, url] of videos) {
    const mimeType = VIDEO_DATA_URL.exec(url)![1]!;
    const bytes = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
    const name = `${createHash('sha256').update(bytes).digest('hex')}.${mimeType === 'video/webm' ? 'webm' : 'mp4'}`;
    const entry = served.get(name);
    if (entry) entry.users += 1;
    else {
      const file = path.join(dir, name);
      writeFileSync(file, bytes);
      served.set(name, { file, mimeType, users: 1 });
    }
    names.push(name);
    assets[asset] = `http://127.0.0.1:${port}/${name}`;
  }
  return {
    inputProps: { ...props, assets },
    release: () => {
      for (const name of names) {
        const entry = served.get(name);
        if (!entry || --entry.users > 0) continue;
        served.delete(name);
        rmSync(entry.file, { force: true });
      }
    },
  };
}
