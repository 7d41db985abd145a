import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ATTACHMENT_SIZE_CAPS,
  fetchAttachment,
  fetchAttachments,
  isSocialLink,
  type AttachmentRequest,
  type FetchAttachmentOptions,
} from '../../src/attachments/fetch-attachment.js';
import { ServiceError } from '../../src/errors/service-error.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const routes = new Map<string, Handler>();
let server: Server;
let base: string;
let destDir: string;

const serve = (type: string, body: Buffer | string): Handler => (_request, response) => {
  response.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  response.end(body);
};

let png: Buffer;
let jpeg: Buffer;
let webp: Buffer;
let noisyPng: Buffer;
const svg = '<?xml version="1.0" encoding="UTF-8"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10" fill="#f00"/></svg>\n';
const html = '<!DOCTYPE html><html><head><title>Sign in</title></head><body>Please sign in</body></html>';
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const csv = 'region,sales\nnorth,10\nsouth,12\n';

function wav(): Buffer {
  const samples = Buffer.alloc(800);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

function mp3WithId3(): Buffer {
  const id3 = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
  const frameHeader = Buffer.from([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat([id3, frameHeader, Buffer.alloc(413)]);
}

function request(overrides: Partial<AttachmentRequest> & { path?: string }): AttachmentRequest {
  const { path: urlPath = '/file', ...rest } = overrides;
  return { url: `${base}${urlPath}`, kind: 'image', field: 'images[0]', ...rest };
}

function options(overrides: Partial<FetchAttachmentOptions> = {}): FetchAttachmentOptions {
  return { allowPrivateUrls: true, destDir, ...overrides };
}

/** A public address and a name for it; tests route its traffic to a local server with `connectTo`. */
const PUBLIC_ADDRESS = '93.184.216.34';
const PUBLIC_HOST = 'public.example.test';

/** Resolves {@link PUBLIC_HOST} to {@link PUBLIC_ADDRESS} and sends that address's traffic to the test server. */
function publicNetwork(): Pick<FetchAttachmentOptions, 'resolve' | 'connectTo'> {
  return {
    resolve: async (hostname) => {
      if (hostname !== PUBLIC_HOST) throw new Error(`unexpected lookup of ${hostname}`);
      return [{ address: PUBLIC_ADDRESS, family: 4 }];
    },
    connectTo: (checked) => {
      if (checked.address !== PUBLIC_ADDRESS) throw new Error(`connection to ${checked.address} was not expected`);
      return { address: '127.0.0.1', port: Number(new URL(base).port) };
    },
  };
}

/** A second local server standing in for the host at {@link PUBLIC_ADDRESS}. */
async function startStandIn(handler: Handler) {
  const requests: Array<{ path: string; host: string }> = [];
  const standIn = createServer((request, response) => {
    requests.push({ path: request.url ?? '', host: request.headers.host ?? '' });
    handler(request, response);
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const port = (standIn.address() as AddressInfo).port;
  return {
    requests,
    connectTo: (checked: { address: string }) => {
      if (checked.address !== PUBLIC_ADDRESS) throw new Error(`connection to ${checked.address} was not expected`);
      return { address: '127.0.0.1', port };
    },
    close: () =>
      new Promise<void>((resolve) => {
        standIn.closeAllConnections();
        standIn.close(() => resolve());
      }),
  };
}

/** The 400 a fetch fails with. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => {
      throw new Error('expected the fetch to fail');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ServiceError);
  expect((error as ServiceError).code).toBe('invalid_request');
  expect((error as ServiceError).status).toBe(400);
  return (error as ServiceError).message;
}

beforeAll(async () => {
  const raw = { width: 32, height: 24, channels: 3 as const };
  const pixels = Buffer.alloc(raw.width * raw.height * 3, 0x80);
  png = await sharp(pixels, { raw }).png().toBuffer();
  jpeg = await sharp(pixels, { raw }).jpeg().toBuffer();
  webp = await sharp(pixels, { raw }).webp().toBuffer();
  const noise = Buffer.from(Array.from({ length: 256 * 256 * 3 }, (_, i) => (i * 7919) % 251));
  noisyPng = await sharp(noise, { raw: { width: 256, height: 256, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();

  server = createServer((req, res) => {
    const handler = routes.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (handler) return handler(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  routes.clear();
  destDir = mkdtempSync(path.join(tmpdir(), 'attachments-test-'));
});

afterEach(() => {
  rmSync(destDir, { recursive: true, force: true });
});

describe('fetchAttachment', () => {
  it('fetches a PNG, JPEG, WebP and SVG image into destDir named after the field', async () => {
    const images: [string, Buffer | string, string, string][] = [
      ['/a.png', png, 'image/png', 'png'],
      ['/a.jpg', jpeg, 'image/jpeg', 'jpg'],
      ['/a.webp', webp, 'image/webp', 'webp'],
      ['/a.svg', svg, 'image/svg+xml', 'svg'],
    ];
    for (const [index, [urlPath, body, mimeType, ext]] of images.entries()) {
      // The header lies on purpose: the type comes from the bytes.
      routes.set(urlPath, serve('application/octet-stream', body));
      const field = `images[${index}]`;
      const fetched = await fetchAttachment(request({ path: urlPath, field }), options());
      const bytes = Buffer.from(body);
      expect(fetched).toEqual({
        field,
        url: `${base}${urlPath}`,
        path: path.join(destDir, `images-${index}.${ext}`),
        mimeType,
        bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
      expect(readFileSync(fetched.path)).toEqual(bytes);
    }
    expect(readdirSync(destDir).sort()).toEqual(['images-0.png', 'images-1.jpg', 'images-2.webp', 'images-3.svg']);
  });

  it('rejects HTML served as image/png with 400 naming what it is', async () => {
    routes.set('/logo.png', serve('image/png', html));
    const message = await refusal(fetchAttachment(request({ path: '/logo.png', field: 'images[3]' }), options()));
    expect(message).toBe('images[3]: is text/html by its bytes, not an image (PNG, JPEG, WebP or SVG)');
    expect(readdirSync(destDir)).toEqual([]);
  });

  it('rejects a truncated PNG with 400', async () => {
    routes.set('/cut.png', serve('image/png', noisyPng.subarray(0, Math.floor(noisyPng.length / 2))));
    const message = await refusal(fetchAttachment(request({ path: '/cut.png' }), options()));
    expect(message).toMatch(/^images\[0\]: is not a decodable PNG image/);
    expect(readdirSync(destDir)).toEqual([]);
  });

  it('rejects a 404 with 400 naming the URL but not what its server answered', async () => {
    const url = `${base}/missing.png`;
    const message = await refusal(fetchAttachment(request({ path: '/missing.png', field: 'images[2]' }), options()));
    expect(message).toBe(`images[2]: ${url} could not be fetched`);
  });

  it('says only "could not be fetched" for an error status, a refused connection or a redirect without Location', async () => {
    routes.set('/teapot', (_request, response) => {
      response.writeHead(418, { 'content-type': 'application/x-secret-admin-panel' });
      response.end('internal');
    });
    routes.set('/bare-redirect', (_request, response) => {
      response.writeHead(302, { 'content-type': 'text/x-internal' });
      response.end();
    });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/x.png`;
    await new Promise((resolve) => closed.close(resolve));
    for (const url of [`${base}/teapot`, `${base}/bare-redirect`, closedUrl]) {
      const message = await refusal(fetchAttachment({ url, kind: 'image', field: 'images[0]' }, options()));
      expect(message).toBe(`images[0]: ${url} could not be fetched`);
    }
  });

  it('refuses a Content-Length over the cap before reading the body', async () => {
    let bodyWritten = false;
    routes.set('/big.png', (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': 5000 });
      response.write(png);
      // Send the rest only later: a fetcher that reads the body would wait for it.
      setTimeout(() => {
        bodyWritten = true;
        response.end(Buffer.alloc(5000 - png.length));
      }, 2000).unref();
    });
    const started = Date.now();
    const message = await refusal(fetchAttachment(request({ path: '/big.png' }), options({ maxBytes: 1000 })));
    expect(message).toBe('images[0]: larger than 1000 bytes');
    expect(Date.now() - started).toBeLessThan(1500);
    expect(bodyWritten).toBe(false);
    expect(readdirSync(destDir)).toEqual([]);
  });

  it('stops streaming a body without Content-Length as soon as it passes the cap', async () => {
    routes.set('/endless.wav', (_request, response) => {
      response.writeHead(200, { 'content-type': 'audio/wav' });
      response.write(wav());
      // Never ends: only a fetcher that counts while streaming can finish.
      const timer = setInterval(() => response.write(Buffer.alloc(512)), 5);
      response.on('close', () => clearInterval(timer));
    });
    const message = await refusal(
      fetchAttachment(request({ path: '/endless.wav', kind: 'audio', field: 'audio[1]' }), options({ maxBytes: 4096 })),
    );
    expect(message).toBe('audio[1]: larger than 4 KB');
    expect(readdirSync(destDir)).toEqual([]);
  });

  it('states the caps as 25 MB for images and documents and 100 MB for audio', () => {
    expect(ATTACHMENT_SIZE_CAPS).toEqual({ image: 25 * 1024 * 1024, document: 25 * 1024 * 1024, audio: 100 * 1024 * 1024, video: 100 * 1024 * 1024 });
  });

  it('gives up on a slow server after timeoutMs with 400', async () => {
    routes.set('/slow.png', () => {
      // never answers
    });
    const started = Date.now();
    const message = await refusal(fetchAttachment(request({ path: '/slow.png' }), options({ timeoutMs: 300 })));
    expect(message).toBe(`images[0]: ${base}/slow.png did not finish within 0.3 s`);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('gives up on a body that trickles past timeoutMs with 400', async () => {
    routes.set('/trickle.png', (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      const timer = setInterval(() => response.write(Buffer.alloc(8)), 50);
      response.on('close', () => clearInterval(timer));
    });
    const message = await refusal(fetchAttachment(request({ path: '/trickle.png' }), options({ timeoutMs: 300 })));
    expect(message).toMatch(/did not finish within 0\.3 s$/);
    expect(readdirSync(destDir)).toEqual([]);
  });

  it('follows a redirect to another path', async () => {
    routes.set('/old', (_request, response) => {
      response.writeHead(302, { location: '/new/logo.png' });
      response.end();
    });
    routes.set('/new/logo.png', serve('image/png', png));
    const fetched = await fetchAttachment(request({ path: '/old' }), options());
    expect(fetched.mimeType).toBe('image/png');
    expect(fetched.url).toBe(`${base}/old`);
    expect(readFileSync(fetched.path)).toEqual(png);
  });

  it('refuses more than 5 redirects with 400', async () => {
    for (let hop = 0; hop < 7; hop += 1) {
      routes.set(`/hop${hop}`, (_request, response) => {
        response.writeHead(301, { location: `/hop${hop + 1}` });
        response.end();
      });
    }
    routes.set('/hop7', serve('image/png', png));
    const message = await refusal(fetchAttachment(request({ path: '/hop0' }), options()));
    expect(message).toMatch(/^images\[0\]: .* redirected more than 5 times$/);
    // exactly 5 redirects is fine
    const fetched = await fetchAttachment(request({ path: '/hop2' }), options());
    expect(fetched.mimeType).toBe('image/png');
  });

  it('refuses a redirect to a loopback address when private URLs are not allowed', async () => {
    const secret = `${base}/secret.png`;
    for (const target of [secret, secret.replace('127.0.0.1', '[::ffff:127.0.0.1]'), secret.replace('127.0.0.1', '[::ffff:7f00:1]')]) {
      const requested: string[] = [];
      routes.set('/public', (request, response) => {
        requested.push(request.url ?? '');
        response.writeHead(302, { location: target });
        response.end();
      });
      routes.set('/secret.png', (request, response) => {
        requested.push(request.url ?? '');
        serve('image/png', png)(request, response);
      });
      const message = await refusal(
        fetchAttachment({ url: `http://${PUBLIC_HOST}/public`, kind: 'image', field: 'images[1]' }, options({ allowPrivateUrls: false, ...publicNetwork() })),
      );
      expect(message).toBe(`images[1]: ${new URL(target).href} points to a private, loopback or link-local address, which this node does not allow`);
      expect(requested).toEqual(['/public']);
    }
  });

  it('refuses IPv4-mapped and other spellings of loopback for every kind, contacting nothing', async () => {
    let served = 0;
    routes.set('/x', (request, response) => {
      served += 1;
      serve('image/png', png)(request, response);
    });
    const port = new URL(base).port;
    const hosts = ['[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[0:0:0:0:0:ffff:127.0.0.1]', '[::ffff:0:7f00:1]', '2130706433', '0x7f.1', '0177.0.0.1', '127.1', '[::127.0.0.1]', '[64:ff9b::127.0.0.1]'];
    const kinds: Array<Pick<AttachmentRequest, 'kind' | 'field'>> = [
      { kind: 'image', field: 'images[0]' },
      { kind: 'document', field: 'documents[0]' },
      { kind: 'audio', field: 'audio[0]' },
    ];
    for (const host of hosts) {
      for (const kind of kinds) {
        const message = await refusal(fetchAttachment({ url: `http://${host}:${port}/x`, ...kind }, options({ allowPrivateUrls: false })));
        expect(message, host).toMatch(new RegExp(`^${kind.field.replace(/[[\]]/g, '\\$&')}: .* points to a private, loopback or link-local address`));
      }
    }
    // A host name whose address is a mapped loopback one is refused the same way.
    const mappedName = await refusal(
      fetchAttachment(
        { url: `http://mapped.example.test:${port}/x`, kind: 'image', field: 'images[0]' },
        options({ allowPrivateUrls: false, resolve: async () => [{ address: '::ffff:127.0.0.1', family: 6 }] }),
      ),
    );
    expect(mappedName).toMatch(/points to a private, loopback or link-local address/);
    expect(served).toBe(0);
    // The operator's switch still lets the same link through.
    const allowed = await fetchAttachment({ url: `http://[::ffff:127.0.0.1]:${port}/x`, kind: 'image', field: 'images[0]' }, options());
    expect(allowed.mimeType).toBe('image/png');
    expect(served).toBe(1);
  });

  it('connects to the address it checked even when DNS answers a loopback address afterwards (rebinding)', async () => {
    const internal: string[] = [];
    routes.set('/x.png', (request, response) => {
      internal.push(request.url ?? '');
      serve('image/png', png)(request, response);
    });
    const standIn = await startStandIn(serve('image/png', jpeg));
    const answers: string[] = [];
    const resolve = async () => {
      // First answer public, every later one the loopback address the internal server listens on.
      const address = answers.length === 0 ? PUBLIC_ADDRESS : '127.0.0.1';
      answers.push(address);
      return [{ address, family: 4 }];
    };
    try {
      const fetched = await fetchAttachment(
        { url: `http://rebind.example.test:${new URL(base).port}/x.png`, kind: 'image', field: 'images[0]' },
        options({ allowPrivateUrls: false, resolve, connectTo: standIn.connectTo }),
      );
      expect(fetched.mimeType).toBe('image/jpeg');
      expect(standIn.requests).toEqual([{ path: '/x.png', host: `rebind.example.test:${new URL(base).port}` }]);
      expect(answers).toEqual([PUBLIC_ADDRESS]);
      expect(internal).toEqual([]);
    } finally {
      await standIn.close();
    }
  });

  it('refuses a loopback URL when private URLs are not allowed', async () => {
    let served = false;
    routes.set('/a.png', (request, response) => {
      served = true;
      serve('image/png', png)(request, response);
    });
    for (const url of [`${base}/a.png`, base.replace('127.0.0.1', 'localhost') + '/a.png', 'http://[::1]:1/a.png']) {
      const message = await refusal(fetchAttachment({ url, kind: 'image', field: 'images[0]' }, options({ allowPrivateUrls: false })));
      expect(message).toMatch(/^images\[0\]: .* points to a private, loopback or link-local address/);
    }
    expect(served).toBe(false);
  });

  it('refuses a URL that is not http or https', async () => {
    const message = await refusal(fetchAttachment({ url: 'file:///etc/passwd', kind: 'document', field: 'documents[0]' }, options()));
    expect(message).toMatch(/^documents\[0\]: .* is not an http or https URL$/);
  });

  it('rejects a PDF declared as text/csv with 400', async () => {
    routes.set('/data.csv', serve('text/csv', pdf));
    const message = await refusal(
      fetchAttachment(request({ path: '/data.csv', kind: 'document', field: 'documents[1]', declaredMimeType: 'text/csv' }), options()),
    );
    expect(message).toBe('documents[1]: is application/pdf by its bytes, not text/csv');
  });

  it('rejects plain text declared as a PDF with 400', async () => {
    routes.set('/report.pdf', serve('application/pdf', 'just words'));
    const message = await refusal(
      fetchAttachment(request({ path: '/report.pdf', kind: 'document', field: 'documents[0]', declaredMimeType: 'application/pdf' }), options()),
    );
    expect(message).toBe('documents[0]: is text/plain by its bytes, not application/pdf');
  });

  it('accepts a PDF, a CSV and plain text matching their declared types', async () => {
    routes.set('/r.pdf', serve('application/octet-stream', pdf));
    routes.set('/d', serve('text/plain', csv));
    routes.set('/n', serve('text/plain', 'Notes: café ☕\n'));
    const fetchedPdf = await fetchAttachment(request({ path: '/r.pdf', kind: 'document', field: 'documents[0]', declaredMimeType: 'application/pdf' }), options());
    const fetchedCsv = await fetchAttachment(request({ path: '/d', kind: 'document', field: 'documents[1]', declaredMimeType: 'text/csv' }), options());
    const fetchedText = await fetchAttachment(request({ path: '/n', kind: 'document', field: 'documents[2]', declaredMimeType: 'text/plain' }), options());
    expect([fetchedPdf.mimeType, fetchedCsv.mimeType, fetchedText.mimeType]).toEqual(['application/pdf', 'text/csv', 'text/plain']);
    expect(readFileSync(path.join(destDir, 'documents-1.csv'), 'utf8')).toBe(csv);
    expect(readdirSync(destDir).sort()).toEqual(['documents-0.pdf', 'documents-1.csv', 'documents-2.txt']);
  });

  it('rejects a text document that is not UTF-8, has NUL bytes or is empty', async () => {
    routes.set('/latin1', serve('text/plain', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])));
    routes.set('/nul', serve('text/plain', Buffer.from('a,b\n1,\u00002\n')));
    routes.set('/empty', serve('text/plain', ''));
    for (const urlPath of ['/latin1', '/nul', '/empty']) {
      const message = await refusal(
        fetchAttachment(request({ path: urlPath, kind: 'document', field: 'documents[0]', declaredMimeType: 'text/csv' }), options()),
      );
      expect(message, urlPath).toMatch(/^documents\[0\]: /);
    }
  });

  it('accepts WAV and MP3-with-ID3 audio by their bytes', async () => {
    routes.set('/a', serve('application/octet-stream', wav()));
    routes.set('/b', serve('application/octet-stream', mp3WithId3()));
    const wavFile = await fetchAttachment(request({ path: '/a', kind: 'audio', field: 'audio[0]' }), options());
    const mp3File = await fetchAttachment(request({ path: '/b', kind: 'audio', field: 'audio[1]' }), options());
    expect(wavFile).toMatchObject({ mimeType: 'audio/wav', path: path.join(destDir, 'audio-0.wav') });
    expect(mp3File).toMatchObject({ mimeType: 'audio/mpeg', path: path.join(destDir, 'audio-1.mp3') });
  });

  it('accepts OGG, FLAC, M4A and AAC audio by their magic bytes', async () => {
    const samples: [Buffer, string][] = [
      [Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60)]), 'audio/ogg'],
      [Buffer.concat([Buffer.from('fLaC'), Buffer.alloc(60)]), 'audio/flac'],
      [Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypM4A '), Buffer.alloc(60)]), 'audio/mp4'],
      [Buffer.concat([Buffer.from([0xff, 0xf1, 0x50, 0x80]), Buffer.alloc(60)]), 'audio/aac'],
    ];
    for (const [index, [body, mimeType]] of samples.entries()) {
      routes.set(`/s${index}`, serve('application/octet-stream', body));
      const fetched = await fetchAttachment(request({ path: `/s${index}`, kind: 'audio', field: `audio[${index}]` }), options());
      expect(fetched.mimeType).toBe(mimeType);
    }
  });

  it('rejects an image served as audio with 400', async () => {
    routes.set('/song.mp3', serve('audio/mpeg', png));
    const message = await refusal(fetchAttachment(request({ path: '/song.mp3', kind: 'audio', field: 'audio[2]' }), options()));
    expect(message).toBe('audio[2]: is image/png by its bytes, not audio (MP3, WAV, M4A/AAC, OGG or FLAC)');
  });

  it('fetches a video link (footage in an edit) as MP4 or WebM by its bytes, and refuses audio as a video', async () => {
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'ascii'), Buffer.alloc(200)]);
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(200)]);
    routes.set('/clip', serve('application/octet-stream', mp4));
    routes.set('/clip.webm', serve('video/webm', webm));
    routes.set('/song.wav', serve('video/mp4', wav()));
    const fetched = await fetchAttachment(request({ path: '/clip', kind: 'video', field: 'links[0]' }), options());
    expect(fetched).toMatchObject({ mimeType: 'video/mp4', path: path.join(destDir, 'links-0.mp4'), bytes: mp4.length });
    const web = await fetchAttachment(request({ path: '/clip.webm', kind: 'video', field: 'links[1]' }), options());
    expect(web).toMatchObject({ mimeType: 'video/webm', path: path.join(destDir, 'links-1.webm') });
    const message = await refusal(fetchAttachment(request({ path: '/song.wav', kind: 'video', field: 'links[2]' }), options()));
    expect(message).toBe('links[2]: is audio/wav by its bytes, not a video (MP4, MOV or WebM)');
  });

  describe('social-site audio links', () => {
    let savedPath: string | undefined;
    let binDir: string;
    beforeEach(() => {
      savedPath = process.env.PATH;
      binDir = mkdtempSync(path.join(tmpdir(), 'attachments-bin-'));
    });
    afterEach(() => {
      process.env.PATH = savedPath;
      rmSync(binDir, { recursive: true, force: true });
    });

    it('refuses them with 400 saying yt-dlp is needed when it is not on PATH', async () => {
      process.env.PATH = binDir;
      const message = await refusal(
        fetchAttachment({ url: 'https://www.youtube.com/watch?v=abc', kind: 'audio', field: 'audio[0]' }, options()),
      );
      expect(message).toMatch(/^audio\[0\]: .*yt-dlp/);
    });

    it('refuses a social video link (footage) the same way, asking for the video file itself', async () => {
      process.env.PATH = binDir;
      const message = await refusal(fetchAttachment({ url: 'https://vimeo.com/123', kind: 'video', field: 'links[0]' }, options()));
      expect(message).toMatch(/^links\[0\]: .*yt-dlp.*link the video file itself$/);
    });

    it('hands them to the importer when yt-dlp is on PATH', async () => {
      const tool = path.join(binDir, 'yt-dlp');
      writeFileSync(tool, '#!/bin/sh\nexit 0\n');
      chmodSync(tool, 0o755);
      process.env.PATH = binDir;
      const imported: string[] = [];
      const fetched = await fetchAttachment(
        { url: 'https://soundcloud.com/artist/track', kind: 'audio', field: 'audio[0]' },
        options({
          importSocial: async (attachment) => {
            imported.push(attachment.url);
            return { field: attachment.field, url: attachment.url, path: 'x.m4a', mimeType: 'audio/mp4', bytes: 1, sha256: '' };
          },
        }),
      );
      expect(imported).toEqual(['https://soundcloud.com/artist/track']);
      expect(fetched.mimeType).toBe('audio/mp4');
    });
  });
});

describe('isSocialLink', () => {
  it('recognizes video-sharing and social sites, subdomains included', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=1',
      'https://youtu.be/1',
      'https://m.youtube.com/watch?v=1',
      'https://www.tiktok.com/@a/video/1',
      'https://www.instagram.com/reel/1',
      'https://soundcloud.com/a/b',
      'https://vimeo.com/1',
      'https://x.com/a/status/1',
      'https://twitter.com/a/status/1',
      'https://www.facebook.com/watch?v=1',
    ]) {
      expect(isSocialLink(url), url).toBe(true);
    }
  });

  it('does not count direct file hosts or look-alike domains', () => {
    for (const url of ['https://cdn.example.com/song.mp3', 'https://notyoutube.com/a.mp3', 'https://box.com/a.wav', 'not a url']) {
      expect(isSocialLink(url), url).toBe(false);
    }
  });
});

describe('fetchAttachments', () => {
  it('fetches every link and answers in request order', async () => {
    routes.set('/slow.png', (req, res) => setTimeout(() => serve('image/png', png)(req, res), 150));
    routes.set('/fast.jpg', serve('image/jpeg', jpeg));
    routes.set('/doc', serve('text/plain', csv));
    const fetched = await fetchAttachments(
      [
        request({ path: '/slow.png', field: 'images[0]' }),
        request({ path: '/fast.jpg', field: 'images[1]' }),
        request({ path: '/doc', kind: 'document', field: 'documents[0]', declaredMimeType: 'text/csv' }),
      ],
      options(),
    );
    expect(fetched.map((file) => [file.field, file.mimeType])).toEqual([
      ['images[0]', 'image/png'],
      ['images[1]', 'image/jpeg'],
      ['documents[0]', 'text/csv'],
    ]);
  });

  it('fetches at most 4 at once', async () => {
    let open = 0;
    let most = 0;
    routes.set('/img', (req, res) => {
      open += 1;
      most = Math.max(most, open);
      setTimeout(() => {
        open -= 1;
        serve('image/png', png)(req, res);
      }, 60);
    });
    const requests = Array.from({ length: 9 }, (_, index) => request({ path: '/img', field: `images[${index}]` }));
    expect(await fetchAttachments(requests, options())).toHaveLength(9);
    expect(most).toBe(4);
  });

  it('deletes every file it wrote when the third of three fails, and rethrows', async () => {
    routes.set('/one.png', serve('image/png', png));
    routes.set('/two.webp', serve('image/webp', webp));
    routes.set('/three.png', (_request, response) => {
      // Fails after the other two are on disk.
      setTimeout(() => {
        response.writeHead(404);
        response.end();
      }, 300);
    });
    const message = await refusal(
      fetchAttachments(
        [
          request({ path: '/one.png', field: 'images[0]' }),
          request({ path: '/two.webp', field: 'images[1]' }),
          request({ path: '/three.png', field: 'images[2]' }),
        ],
        options(),
      ),
    );
    expect(message).toBe(`images[2]: ${base}/three.png could not be fetched`);
    expect(readdirSync(destDir)).toEqual([]);
  });
});
