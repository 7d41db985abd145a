import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * One scripted answer of the fake image server, taken by the next image request:
 * - `image`: `200 { data: [{ b64_json }] }` with these bytes (a PNG from {@link makeTestPng});
 * - `notImage`: the same, with bytes that are not an image;
 * - `body`: `200` with this JSON as it is (`{ data: [] }`, a malformed answer);
 * - `status`: OpenAI's error body with this HTTP status, `headers` such as `retry-after`;
 * - `hang`: no answer until the client goes away (for cancellation and time limits).
 */
export type FakeImageAnswer =
  | { image: Uint8Array }
  | { notImage: true }
  | { body: unknown }
  | { status: number; message?: string; headers?: Record<string, string> }
  | { hang: true };

/** A request the fake server received. */
export interface RecordedImageRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The JSON body of a generation; the form fields of an edit, with each `image[]` file as `{ type, bytes }`. */
  body: any;
}

/** A fake of OpenAI's image API and of the Gemini API's image generation, listening on 127.0.0.1. */
export interface FakeImageServer {
  /** Base URL to configure an OpenAI or OpenAI-compatible provider with (`…/v1`). */
  url: string;
  /** Base URL to configure a Google provider with (`…/v1beta`). */
  googleUrl: string;
  /** Every request received, oldest first. */
  requests: RecordedImageRequest[];
  /** Appends answers. An empty queue answers 500 "no scripted answer", so a test sees it. */
  enqueue(...answers: FakeImageAnswer[]): void;
  close(): Promise<void>;
}

/**
 * Starts the fake. OpenAI's `POST /v1/images/generations` (JSON) and `POST /v1/images/edits`
 * (multipart, reference images as `image[]`) answer `{ data: [{ b64_json }] }`; Google's
 * `POST /v1beta/models/<imagen>:predict` answers `{ predictions: [{ bytesBase64Encoded }] }` and
 * `POST /v1beta/models/<gemini>:generateContent` a candidate with the image as inline data. All
 * answer from the one queue. When `apiKey` is given, an OpenAI request without
 * `Authorization: Bearer <apiKey>` gets OpenAI's 401 `invalid_api_key`, a Google one without
 * `x-goog-api-key: <apiKey>` Google's 400 `API_KEY_INVALID`.
 */
export async function startFakeImageServer(options: { apiKey?: string } = {}): Promise<FakeImageServer> {
  const queue: FakeImageAnswer[] = [];
  const requests: RecordedImageRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let origin = '';

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void answer(req, res, Buffer.concat(chunks)).catch((error: unknown) => sendError(res, 500, 'server_error', String(error)));
    });
  });

  async function answer(req: IncomingMessage, res: ServerResponse, raw: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    const isEdit = url.pathname === '/v1/images/edits';
    let body: unknown;
    try {
      body = isEdit ? await readForm(url, req, raw) : raw.length > 0 ? JSON.parse(raw.toString('utf8')) : undefined;
    } catch {
      return sendError(res, 400, 'invalid_request_error', 'request body could not be read');
    }
    requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, body });
    const google = /^\/v1beta\/models\/([^/:]+):(predict|generateContent)$/.exec(url.pathname);
    if (google) return answerGoogle(req, res, google[2] as 'predict' | 'generateContent');
    if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendError(res, 401, 'invalid_request_error', 'Incorrect API key provided.', 'invalid_api_key');
    }
    if (req.method !== 'POST' || !(isEdit || url.pathname === '/v1/images/generations')) {
      return sendError(res, 404, 'invalid_request_error', `fake image server: nothing at ${req.method} ${url.pathname}`);
    }
    const next = nextAnswer(res);
    if (!next) return;
    if ('status' in next) return sendError(res, next.status, next.status === 429 ? 'rate_limit_exceeded' : 'server_error', next.message ?? `scripted error ${next.status}`, undefined, next.headers);
    if ('body' in next) return sendJson(res, 200, next.body);
    return sendJson(res, 200, { created: Math.floor(Date.now() / 1000), data: [{ b64_json: imageBytes(next).toString('base64') }] });
  }

  function answerGoogle(req: IncomingMessage, res: ServerResponse, method: 'predict' | 'generateContent'): void {
    if (options.apiKey !== undefined && req.headers['x-goog-api-key'] !== options.apiKey) {
      return sendJson(res, 400, { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT', details: [{ reason: 'API_KEY_INVALID' }] } });
    }
    const next = nextAnswer(res);
    if (!next) return;
    if ('status' in next) return sendJson(res, next.status, { error: { code: next.status, message: next.message ?? `scripted error ${next.status}`, status: 'UNAVAILABLE' } }, next.headers);
    if ('body' in next) return sendJson(res, 200, next.body);
    const data = imageBytes(next).toString('base64');
    if (method === 'predict') return sendJson(res, 200, { predictions: [{ bytesBase64Encoded: data, mimeType: 'image/png' }] });
    return sendJson(res, 200, {
      candidates: [{ content: { role: 'model', parts: [{ inlineData: { mimeType: 'image/png', data } }] }, finishReason: 'STOP' }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 1290, totalTokenCount: 1300 },
    });
  }

  /** The next scripted answer; undefined when it is to hang (the response is kept until the client goes). */
  function nextAnswer(res: ServerResponse): Exclude<FakeImageAnswer, { hang: true }> | undefined {
    const next = queue.shift() ?? { status: 500, message: 'fake image server: no scripted answer left' };
    if (!('hang' in next)) return next;
    hanging.add(res);
    res.on('close', () => hanging.delete(res));
    return undefined;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/v1`,
    googleUrl: `${origin}/v1beta`,
    requests,
    enqueue: (...answers) => void queue.push(...answers),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The fields of a multipart edit request, each file as `{ type, bytes }`. */
async function readForm(url: URL, req: IncomingMessage, raw: Buffer): Promise<Record<string, unknown>> {
  const form = await new Request(url, { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: raw }).formData();
  const fields: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    const item = typeof value === 'string' ? value : { type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) };
    const existing = fields[key];
    fields[key] = existing === undefined ? item : Array.isArray(existing) ? [...existing, item] : [existing, item];
  }
  return fields;
}

function imageBytes(answer: { image: Uint8Array } | { notImage: true }): Buffer {
  return 'image' in answer ? Buffer.from(answer.image) : Buffer.from('this is not an image, just text');
}

function sendError(res: ServerResponse, status: number, type: string, message: string, code?: string, headers?: Record<string, string>): void {
  sendJson(res, status, { error: { message, type, param: null, code: code ?? null } }, headers);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * A PNG of `width` x `height` in vertical bands of solid colour, left to right, each band
 * `share` of the width (shares summing to 1), so a test can tell a centre crop from a stretch.
 */
export async function makeTestPng(width: number, height: number, bands: { rgb: [number, number, number]; share: number }[]): Promise<Uint8Array> {
  const pixels = Buffer.alloc(width * height * 3);
  const edges: number[] = [];
  let total = 0;
  for (const band of bands) edges.push(Math.round((total += band.share) * width));
  for (let x = 0; x < width; x += 1) {
    const rgb = bands[edges.findIndex((edge) => x < edge)]?.rgb ?? bands[bands.length - 1]!.rgb;
    for (let y = 0; y < height; y += 1) pixels.set(rgb, (y * width + x) * 3);
  }
  return new Uint8Array(await sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer());
}
