import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { FfmpegInfo } from '../../src/render/ffmpeg/find-ffmpeg.js';
import { runBinary } from '../../src/render/ffmpeg/run-ffmpeg.js';

/**
 * One scripted answer of the fake Veo server, taken by the next `:predictLongRunning` request:
 * - `video`: the operation finishes after `polls` polls (@default 1) with one sample whose URI
 *   serves these bytes;
 * - `operationError`: the operation finishes with this error (a refused prompt);
 * - `noSamples`: the operation finishes with no video in it;
 * - `status`: the start request fails with this HTTP status and Google's error body, `headers`
 *   such as `retry-after-ms`.
 */
export type FakeVideoAnswer =
  | { video: Uint8Array; polls?: number; contentType?: string }
  | { operationError: string }
  | { noSamples: true }
  | { status: number; message?: string; headers?: Record<string, string> };

/** A request the fake server received. */
export interface RecordedVideoRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

/** A fake of the Gemini API's long-running video generation (Veo), listening on 127.0.0.1. */
export interface FakeVideoServer {
  /** Base URL to configure the provider with (`…/v1beta`). */
  url: string;
  /** Every request received, oldest first. */
  requests: RecordedVideoRequest[];
  /** Appends answers. An empty queue answers 500 "no scripted answer", so a test sees it. */
  enqueue(...answers: FakeVideoAnswer[]): void;
  close(): Promise<void>;
}

interface Operation {
  name: string;
  answer: Exclude<FakeVideoAnswer, { status: number }>;
  pollsLeft: number;
  fileId: string;
}

/**
 * Starts the fake: `POST /v1beta/models/<model>:predictLongRunning` (key in `x-goog-api-key`)
 * answers an operation; `GET /v1beta/<operation name>` polls it; the finished operation names a
 * file URI on this server, `GET /v1beta/files/<id>:download?alt=media&key=<key>`, which serves the
 * video. A wrong key gets Google's 400 `API_KEY_INVALID`.
 */
export async function startFakeVideoServer(options: { apiKey: string }): Promise<FakeVideoServer> {
  const queue: FakeVideoAnswer[] = [];
  const requests: RecordedVideoRequest[] = [];
  const operations = new Map<string, Operation>();
  const files = new Map<string, { data: Uint8Array; contentType: string }>();
  let origin = '';

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', origin);
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        return sendError(res, 400, 'INVALID_ARGUMENT', 'request body is not JSON');
      }
      requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, headers: req.headers, body });
      const key = req.headers['x-goog-api-key'] ?? url.searchParams.get('key');
      if (key !== options.apiKey) {
        return sendError(res, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
          { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' },
        ]);
      }

      const start = /^\/v1beta\/models\/([^/:]+):predictLongRunning$/.exec(url.pathname);
      if (start && req.method === 'POST') {
        const answer = queue.shift() ?? { status: 500, message: 'fake video server: no scripted answer left' };
        if ('status' in answer) return sendError(res, answer.status, statusName(answer.status), answer.message ?? `scripted error ${answer.status}`, undefined, answer.headers);
        const instances = (body as { instances?: unknown[] } | undefined)?.instances;
        if (!Array.isArray(instances) || instances.length !== 1) return sendError(res, 400, 'INVALID_ARGUMENT', 'instances must hold one instance');
        const operation: Operation = {
          name: `models/${start[1]}/operations/${randomUUID()}`,
          answer,
          pollsLeft: 'video' in answer ? (answer.polls ?? 1) : 1,
          fileId: randomUUID(),
        };
        operations.set(operation.name, operation);
        return sendJson(res, 200, { name: operation.name });
      }

      const file = /^\/v1beta\/files\/([^/:]+):download$/.exec(url.pathname);
      if (file && req.method === 'GET') {
        const stored = files.get(file[1]!);
        if (!stored) return sendError(res, 404, 'NOT_FOUND', `no file ${file[1]}`);
        res.writeHead(200, { 'content-type': stored.contentType, 'content-length': stored.data.byteLength });
        return res.end(stored.data);
      }

      const operation = req.method === 'GET' ? operations.get(url.pathname.replace(/^\/v1beta\//, '')) : undefined;
      if (operation) {
        if (operation.pollsLeft > 0) operation.pollsLeft -= 1;
        if (operation.pollsLeft > 0) return sendJson(res, 200, { name: operation.name, done: false });
        const { answer } = operation;
        if ('operationError' in answer) return sendJson(res, 200, { name: operation.name, done: true, error: { code: 3, message: answer.operationError, status: 'INVALID_ARGUMENT' } });
        if ('noSamples' in answer) return sendJson(res, 200, { name: operation.name, done: true, response: { generateVideoResponse: { generatedSamples: [] } } });
        files.set(operation.fileId, { data: answer.video, contentType: answer.contentType ?? 'video/mp4' });
        const uri = `${origin}/v1beta/files/${operation.fileId}:download?alt=media`;
        return sendJson(res, 200, {
          name: operation.name,
          done: true,
          response: { '@type': 'type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse', generateVideoResponse: { generatedSamples: [{ video: { uri } }] } },
        });
      }
      return sendError(res, 404, 'NOT_FOUND', `fake video server: nothing at ${req.method} ${url.pathname}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/v1beta`,
    requests,
    enqueue: (...answers) => void queue.push(...answers),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function statusName(status: number): string {
  return ({ 400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 429: 'RESOURCE_EXHAUSTED', 503: 'UNAVAILABLE' } as Record<number, string>)[status] ?? 'INTERNAL';
}

function sendError(res: ServerResponse, status: number, code: string, message: string, details?: unknown[], headers?: Record<string, string>): void {
  sendJson(res, status, { error: { code: status, message, status: code, ...(details ? { details } : {}) } }, headers);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * A real H.264 MP4 of a moving test pattern (bars sliding, a gradient), made with the project's
 * FFmpeg from PNG frames (Remotion's FFmpeg has no `testsrc` and no raw video demuxer).
 */
export async function makeTestMp4(ffmpeg: FfmpegInfo, options: { width: number; height: number; seconds: number; fps: number }): Promise<Uint8Array> {
  const { width, height, fps } = options;
  const dir = mkdtempSync(path.join(tmpdir(), 'test-mp4-'));
  try {
    const frames = Math.round(options.seconds * fps);
    for (let frame = 0; frame < frames; frame += 1) {
      const pixels = Buffer.alloc(width * height * 3);
      for (let y = 0; y < height; y += 1) {
        for (let x = 0; x < width; x += 1) {
          const i = (y * width + x) * 3;
          const bar = Math.floor((x + frame * 6) / 40) % 6;
          pixels[i] = bar * 42;
          pixels[i + 1] = Math.floor((y / height) * 255);
          pixels[i + 2] = (x * 3 + frame * 9) & 255;
        }
      }
      await sharp(pixels, { raw: { width, height, channels: 3 } }).png().toFile(path.join(dir, `${String(frame).padStart(4, '0')}.png`));
    }
    const output = path.join(dir, 'clip.mp4');
    await runBinary(ffmpeg.ffmpeg, ['-y', '-v', 'error', '-framerate', String(fps), '-i', path.join(dir, '%04d.png'), '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', output]);
    return new Uint8Array(readFileSync(output));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
