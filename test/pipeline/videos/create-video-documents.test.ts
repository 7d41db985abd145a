import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedFonts, unknownFontProblem } from '../../../src/catalog/fonts.js';
import type { SourceDocument } from '../../../src/documents/read-document.js';
import { ServiceError } from '../../../src/errors/service-error.js';
import { createVideoBody } from '../../../src/pipeline/create/create-video-schema.js';
import { resolveVideoOptions } from '../../../src/pipeline/create/resolve-video-options.js';
import { DOCUMENTS_FILE } from '../../../src/pipeline/materials/prepare-materials.js';
import { EMBEDDED_VOICES } from '../../../src/pipeline/speech/embedded-voices.js';
import { buildPdf, drawingContent, textContent, textPdf } from '../../documents/pdf-fixtures.js';
import { bearer, createAccountWithKey, createTestApp, createTestNode, snapshotDatabase, type TestNode } from '../../helpers/test-node.js';

const PROMPT = 'Our regional sales: the north grew, the south held, the west fell.';
const SALES_CSV = 'Region,Revenue ($)\nNorth,1200\nSouth,950\nWest,1430\n';
const NOTES = 'Bees visit flowers, collect nectar and turn it into honey.\n';

describe('POST /v1/videos with documents', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let server: Server;
  let base: string;
  const requested: string[] = [];

  beforeAll(async () => {
    node = createTestNode({ allowPrivateUrls: true });
    app = await createTestApp(node.ctx);
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } }).png().toBuffer();
    const routes: Record<string, [string, Buffer | string]> = {
      '/sales.csv': ['text/csv', SALES_CSV],
      '/notes.txt': ['text/plain', NOTES],
      '/report.pdf': ['application/pdf', textPdf([['Revenue grew in every region this year, led by the West.']])],
      '/blank.csv': ['text/csv', ' \n\n  \n'],
      '/header-only.csv': ['text/csv', 'Region,Revenue\n'],
      '/locked.pdf': ['application/pdf', buildPdf({ pages: [textContent(['Secret figures'])], encryption: 'needs-password' })],
      '/scan.pdf': ['application/pdf', buildPdf({ pages: [drawingContent()] })],
      '/picture.pdf': ['application/pdf', png],
      '/latin1.txt': ['text/plain', Buffer.from('Caf\xe9 cr\xe8me costs less in the morning.\n', 'latin1')],
    };
    server = createServer((request, response) => {
      requested.push(request.url ?? '');
      const route = routes[request.url ?? ''];
      if (!route) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': route[0] }).end(route[1]);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** A new account's key: the route allows a few creates a minute per key, and five jobs in flight. */
  async function newKey(): Promise<string> {
    return (await createAccountWithKey(node.ctx)).key.key;
  }

  function post(key: string, body: Record<string, unknown>) {
    return app.inject({ method: 'POST', url: '/v1/videos', headers: { ...bearer(key), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  }

  /** Every path under files/videos, relative and sorted. */
  function videoFiles(): string[] {
    const dir = path.join(node.ctx.filesDir, 'videos');
    return existsSync(dir) ? (readdirSync(dir, { recursive: true }) as string[]).map(String).sort() : [];
  }

  const doc = (route: string, mimeType: string, fileName?: string) => ({ url: base + route, mime_type: mimeType, ...(fileName ? { file_name: fileName } : {}) });

  it.each([
    ['an encrypted PDF', [['/locked.pdf', 'application/pdf']], 'documents[0]: the PDF is encrypted; send an unencrypted copy'],
    ['a PDF with no text layer', [['/scan.pdf', 'application/pdf']], 'documents[0]: the PDF has no text layer'],
    ['a blank CSV', [['/blank.csv', 'text/csv']], 'documents[0]: the CSV is empty'],
    ['a CSV with a header and no rows', [['/header-only.csv', 'text/csv']], 'documents[0]: the CSV has a header row but no data rows'],
    ['image bytes sent as a PDF', [['/picture.pdf', 'application/pdf']], 'documents[0]: is image/png by its bytes, not application/pdf'],
    ['text that is not UTF-8', [['/latin1.txt', 'text/plain']], 'documents[0]: is application/octet-stream by its bytes, not text/plain'],
    ['a bad second document after a good one', [['/sales.csv', 'text/csv'], ['/locked.pdf', 'application/pdf']], 'documents[1]: the PDF is encrypted'],
  ])('refuses %s with 400 naming the document, writing nothing', async (_name, links, message) => {
    const documents = links.map(([route, mimeType]) => doc(route!, mimeType!));
    const key = await newKey();
    const before = snapshotDatabase(node.ctx);
    const filesBefore = videoFiles();
    const response = await post(key, { prompt: PROMPT, documents });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'invalid_request', message: expect.any(String), status: 400 } });
    expect(response.json().error.message.startsWith(message), response.json().error.message).toBe(true);
    expect(snapshotDatabase(node.ctx)).toEqual(before);
    expect(videoFiles()).toEqual(filesBefore);
  });

  it('writes the documents it read as documents.json in the job\'s inputs', async () => {
    const response = await post(await newKey(), {
      prompt: PROMPT,
      documents: [doc('/sales.csv', 'text/csv', 'sales.csv'), doc('/notes.txt', 'text/plain'), doc('/report.pdf', 'application/pdf', 'report.pdf')],
    });
    expect(response.statusCode, response.body).toBe(202);
    const id = response.json().id as string;
    expect(node.ctx.videos.get(id)?.status).toBe('queued');
    const file = path.join(node.ctx.filesDir, 'videos', id, 'inputs', DOCUMENTS_FILE);
    const documents = JSON.parse(readFileSync(file, 'utf8')) as SourceDocument[];
    expect(documents.map((item) => [item.field, item.kind, item.fileName])).toEqual([
      ['documents[0]', 'csv', 'sales.csv'],
      ['documents[1]', 'text', undefined],
      ['documents[2]', 'pdf', 'report.pdf'],
    ]);
    expect(documents[0]!.table).toMatchObject({
      columns: ['Region', 'Revenue ($)'],
      rows: [
        ['North', '1200'],
        ['South', '950'],
        ['West', '1430'],
      ],
    });
    expect(documents[1]!.text).toBe(NOTES.trim());
    expect(documents[2]).toMatchObject({ pages: 1, text: 'Revenue grew in every region this year, led by the West.' });
  });

  it('writes no documents.json for a job without documents', async () => {
    const response = await post(await newKey(), { prompt: PROMPT });
    expect(response.statusCode).toBe(202);
    expect(existsSync(path.join(node.ctx.filesDir, 'videos', response.json().id, 'inputs', DOCUMENTS_FILE))).toBe(false);
  });

  it.each(['heading_font', 'body_font'])('refuses an unknown brand_settings.%s with 400 listing the shipped fonts, before fetching anything', async (field) => {
    const key = await newKey();
    const before = snapshotDatabase(node.ctx);
    const filesBefore = videoFiles();
    const fetched = requested.length;
    const response = await post(key, { prompt: PROMPT, brand_settings: { [field]: 'Comic Sans MS' }, documents: [doc('/sales.csv', 'text/csv')] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'invalid_request',
      status: 400,
      message: `brand_settings.${field}: ${unknownFontProblem('Comic Sans MS')}`,
    });
    for (const font of shippedFonts()) expect(response.json().error.message).toContain(font.family);
    expect(requested.length).toBe(fetched);
    expect(snapshotDatabase(node.ctx)).toEqual(before);
    expect(videoFiles()).toEqual(filesBefore);
  });

  it('stores brand fonts in their shipped spelling', async () => {
    const response = await post(await newKey(), { prompt: PROMPT, brand_settings: { heading_font: 'playfair   display', body_font: 'INTER' } });
    expect(response.statusCode, response.body).toBe(202);
    const options = JSON.parse(node.ctx.videos.get(response.json().id)!.options) as { brandSettings: Record<string, string> };
    expect(options.brandSettings).toMatchObject({ headingFont: 'Playfair Display', bodyFont: 'Inter' });
  });
});

describe('resolveVideoOptions brand fonts', () => {
  const context = { plan: 'ultimate' as const, voices: EMBEDDED_VOICES, allowPrivateUrls: false };
  const resolve = (brandSettings: Record<string, string>) =>
    resolveVideoOptions(createVideoBody.parse({ prompt: 'The water cycle: evaporation, condensation, rain.', brand_settings: brandSettings }), context);

  it('canonicalizes shipped fonts', () => {
    expect(resolve({ heading_font: 'dm sans', body_font: 'Lora' }).brandSettings).toEqual({ headingFont: 'DM Sans', bodyFont: 'Lora' });
  });

  it.each([
    ['heading_font', { heading_font: 'Papyrus' }],
    ['body_font', { heading_font: 'Inter', body_font: 'Papyrus' }],
  ])('refuses an unknown %s with 400 naming the field', (field, settings) => {
    let error: unknown;
    try {
      resolve(settings);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ServiceError);
    const { code, status, message } = error as ServiceError;
    expect({ code, status, message }).toEqual({
      code: 'invalid_request',
      status: 400,
      message: `brand_settings.${field}: font "Papyrus" is not shipped with this node; use one of: ${shippedFonts().map((font) => font.family).join(', ')}`,
    });
  });
});
