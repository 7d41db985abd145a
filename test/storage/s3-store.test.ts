import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Store, type S3StoreOptions } from '../../src/storage/s3-store.js';
import { fileStoreContract } from './file-store-contract.js';
import { closedPort, startS3rver, type TestS3Server } from './s3rver-server.js';

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

describe('S3Store against s3rver', () => {
  let server: TestS3Server;
  const stores: S3Store[] = [];
  const open = (options: Partial<S3StoreOptions> = {}): S3Store => {
    const store = new S3Store({ bucket: server.bucket, endpoint: server.endpoint, region: 'us-east-1', credentials: server.credentials, ...options });
    stores.push(store);
    return store;
  };
  const listKeys = async (): Promise<string[]> => {
    const client = new S3Client({ endpoint: server.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: server.credentials });
    try {
      const listing = await client.send(new ListObjectsV2Command({ Bucket: server.bucket }));
      return (listing.Contents ?? []).map((object) => object.Key!).sort();
    } finally {
      client.destroy();
    }
  };
  let store: S3Store;

  beforeAll(async () => {
    server = await startS3rver('renders');
    store = open({ prefix: 'node-a', presign: true });
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.destroy()));
    await server?.close();
  });

  fileStoreContract(() => store);

  it('keeps objects under its prefix, which another store on the bucket root sees', async () => {
    await store.putBytes('segments/ab12.mp4', 'segment');
    expect(await listKeys()).toContain('node-a/segments/ab12.mp4');
    const root = open();
    expect((await root.getBytes('node-a/segments/ab12.mp4')).toString()).toBe('segment');
    expect(await root.exists('segments/ab12.mp4')).toBe(false);
  });

  it('normalizes slashes around the prefix', async () => {
    await open({ prefix: '/slashed/' }).putBytes('a.txt', 'a');
    expect(await listKeys()).toContain('slashed/a.txt');
  });

  it('hands out a presigned link plain fetch can download, with the content type and download name', async () => {
    const bytes = Buffer.from('fake mp4 bytes');
    await store.putBytes('videos/vid_1/vid_1.mp4', bytes, 'video/mp4');
    const url = await store.presignedUrl('videos/vid_1/vid_1.mp4', 300, { downloadName: 'Ünïcode "clip".mp4' });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/renders\/node-a\/videos\/vid_1\/vid_1\.mp4\?.*X-Amz-Signature=/);
    const response = await fetch(url!);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="_n_code _clip_.mp4"; filename*=UTF-8''%C3%9Cn%C3%AFcode%20%22clip%22.mp4`);
  });

  it('has no presigned links unless presign is on, and refuses a lifetime outside 1 s to 7 days', async () => {
    await store.putBytes('videos/vid_2/vid_2.mp4', 'x');
    expect(await open({ prefix: 'node-a' }).presignedUrl('videos/vid_2/vid_2.mp4', 300)).toBeUndefined();
    await expect(store.presignedUrl('videos/vid_2/vid_2.mp4', 0)).rejects.toThrow(/1 to 604800 whole seconds/);
    await expect(store.presignedUrl('videos/vid_2/vid_2.mp4', 8 * 24 * 3600)).rejects.toThrow(/1 to 604800 whole seconds/);
  });

  it('describes itself by bucket, prefix and endpoint, never the credentials', () => {
    expect(store.kind).toBe('s3');
    expect(store.description).toBe(`s3://renders/node-a at ${server.endpoint} (path-style)`);
    expect(new S3Store({ bucket: 'b', region: 'eu-west-1' }).description).toBe('s3://b (AWS S3, eu-west-1)');
    expect(new S3Store({ bucket: 'b', region: 'r', endpoint: 'https://key:secret@r2.example.com/?token=t' }).description).toBe('s3://b at https://r2.example.com (path-style)');
  });

  it('retries an upload the server answered 503 with a fresh stream of the whole file', async () => {
    const target = new URL(server.endpoint);
    let puts = 0;
    // Forwards to s3rver unchanged (the Host header too, so signatures still match), except that
    // the first PUT is read and answered 503 SlowDown.
    const proxy: Server = createServer((incoming, outgoing) => {
      if (incoming.method === 'PUT' && ++puts === 1) {
        incoming.resume();
        incoming.on('end', () => {
          outgoing.writeHead(503, { 'content-type': 'application/xml' }).end('<?xml version="1.0"?><Error><Code>SlowDown</Code><Message>Reduce your request rate.</Message></Error>');
        });
        return;
      }
      const forwarded = request({ host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers }, (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      });
      incoming.pipe(forwarded);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const dir = mkdtempSync(path.join(tmpdir(), 'service-s3-retry-'));
    try {
      const file = path.join(dir, 'soundtrack.mp3');
      const bytes = randomBytes(512 * 1024);
      writeFileSync(file, bytes);
      const viaProxy = open({ endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, prefix: 'node-a' });
      await viaProxy.putFile('soundtracks/retry.mp3', file, 'audio/mpeg');
      expect(puts).toBe(2);
      expect((await store.getBytes('soundtracks/retry.mp3')).equals(bytes)).toBe(true);
    } finally {
      await closeServer(proxy);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('check', () => {
    it('passes against the bucket and leaves no probe object', async () => {
      const before = await listKeys();
      await expect(store.check()).resolves.toBe(`writes, reads and deletes objects in ${store.description}`);
      expect(await listKeys()).toEqual(before);
    });

    it('passes for several stores probing one prefix at once (two workers starting together), again and again', async () => {
      const shared = Array.from({ length: 6 }, () => open({ prefix: 'together' }));
      for (let round = 0; round < 30; round += 1) await Promise.all(shared.map((each) => each.check()));
      expect((await listKeys()).filter((key) => key.startsWith('together/'))).toEqual([]);
    });

    it('says the endpoint is unreachable when nothing listens there', async () => {
      const port = await closedPort();
      const unreachable = open({ endpoint: `http://127.0.0.1:${port}` });
      await expect(unreachable.check()).rejects.toThrow(`cannot reach http://127.0.0.1:${port} (ECONNREFUSED)`);
    });

    it('says the bucket does not exist', async () => {
      await expect(open({ bucket: 'no-such-bucket' }).check()).rejects.toThrow(`bucket "no-such-bucket" does not exist at ${server.endpoint}`);
    });

    // s3rver checks the access key id but not SigV4 signatures, so a wrong secret cannot be shown here.
    it('says access is denied when the access key is unknown', async () => {
      const wrong = open({ credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'S3RVER' } });
      await expect(wrong.check()).rejects.toThrow(/access denied to bucket "renders" .*InvalidAccessKeyId.*check the credentials/);
    });
  });
});
