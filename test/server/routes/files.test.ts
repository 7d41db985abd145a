import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signFileUrl } from '../../../src/security/signed-urls.js';
import { createTestApp, createTestNode, type TestNode } from '../../helpers/test-node.js';

const FILE = 'videos/vid_log/output.mp4';
const BODY = Buffer.alloc(3_000_000, 7);

/** Asks for the file on a raw socket, reads `bytes` of its body and closes the connection at once, as a player or download tool does. */
function download(url: string, bytes: number): Promise<number> {
  const link = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(link.port), link.hostname, () => socket.write(`GET ${link.pathname}${link.search} HTTP/1.1\r\nHost: node\r\n\r\n`));
    let head = Buffer.alloc(0);
    let body = -1;
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      if (body < 0) {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        body = head.length - end - 4;
      } else body += chunk.length;
      if (body >= bytes) {
        socket.destroy();
        resolve(body);
      }
    });
  });
}

describe('GET /files/* logging', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let base: string;
  const lines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    node = createTestNode();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as { level: number; msg: string });
        done();
      },
    });
    app = await createTestApp(node.ctx, { logger: pino({ level: 'debug' }, stream) });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    mkdirSync(path.join(node.ctx.filesDir, path.dirname(FILE)), { recursive: true });
    writeFileSync(path.join(node.ctx.filesDir, FILE), BODY);
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

  it('logs no "stream closed prematurely" at info for a download the client closed after its last byte', async () => {
    lines.length = 0;
    // The client's close races the end of the node's file stream: many tries meet the race.
    for (let i = 0; i < 20; i++) expect(await download(signFileUrl(node.ctx.keys.downloads, base, FILE), BODY.length)).toBe(BODY.length);
    await settle();
    expect(lines.filter((line) => line.level >= 30 && line.msg === 'stream closed prematurely')).toEqual([]);
    // Each is logged at info as completed, or at debug as completed with the client closing first.
    const completed = lines.filter((line) => (line.level === 30 && line.msg === 'request completed') || (line.level === 20 && line.msg.startsWith('download completed')));
    expect(completed).toHaveLength(20);
  });

  it('still logs a download cut short at info', async () => {
    lines.length = 0;
    await download(signFileUrl(node.ctx.keys.downloads, base, FILE), 64 * 1024);
    await settle();
    expect(lines).toContainEqual(expect.objectContaining({ level: 30, msg: 'stream closed prematurely' }));
  });
});
