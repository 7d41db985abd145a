import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MODEL_CATALOG, resolveModelSource } from '../../src/models/model-catalog.js';
import { runService } from '../helpers/run-service.js';
import { buildTinyGguf } from '../helpers/tiny-gguf.js';

// `service models pull` against a real HTTP server on 127.0.0.1. Runs the built CLI:
// `npx tsc -p tsconfig.build.json` first.

const MODEL = buildTinyGguf({ seed: 7 });
const SHA256 = createHash('sha256').update(MODEL).digest('hex');

/** Serves `body` honouring `Range: bytes=N-` with a 206. */
function serveBytes(request: IncomingMessage, response: ServerResponse, body: Buffer): void {
  const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
  if (range) {
    const start = Number(range[1]);
    if (start >= body.length) {
      response.writeHead(416, { 'content-range': `bytes */${body.length}` }).end();
      return;
    }
    response.writeHead(206, {
      'content-length': body.length - start,
      'content-range': `bytes ${start}-${body.length - 1}/${body.length}`,
      'accept-ranges': 'bytes',
    });
    response.end(body.subarray(start));
    return;
  }
  response.writeHead(200, { 'content-length': body.length, 'accept-ranges': 'bytes' });
  response.end(body);
}

describe('service models pull', () => {
  let server: Server;
  let base: string;
  let dataDir: string;
  const ranges: (string | undefined)[] = [];
  let cutNext = true;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const url = request.url ?? '';
      if (url === '/tiny.gguf' || url === '/other-name.gguf') return serveBytes(request, response, MODEL);
      if (url === '/flaky.gguf') {
        ranges.push(request.headers.range);
        if (cutNext && !request.headers.range) {
          cutNext = false;
          // Headers promise the whole file; the connection drops a third of the way in.
          response.writeHead(200, { 'content-length': MODEL.length, 'accept-ranges': 'bytes' });
          response.write(MODEL.subarray(0, Math.floor(MODEL.length / 3)), () => setTimeout(() => request.socket.destroy(), 50));
          return;
        }
        return serveBytes(request, response, MODEL);
      }
      if (url === '/page.gguf') return serveBytes(request, response, Buffer.from('<!doctype html><p>Sign in to download</p>'));
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'models-pull-'));
    return () => rmSync(dataDir, { recursive: true, force: true });
  });
  const modelsDir = () => path.join(dataDir, 'models');
  const pull = (source: string, ...extra: string[]) => runService(['models', 'pull', source, '--data-dir', dataDir, ...extra]);

  it('downloads a GGUF into <data-dir>/models, verifies its checksum and prints the --llm value', async () => {
    const result = await pull(`${base}/tiny.gguf`, '--sha256', SHA256.toUpperCase());
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr.match(/Creating the models folder/g)).toEqual(['Creating the models folder']);
    expect(result.stderr).toContain(`Creating the models folder at ${modelsDir()}\n`);
    const file = path.join(modelsDir(), 'tiny.gguf');
    expect(readFileSync(file).equals(MODEL)).toBe(true);
    expect(readdirSync(modelsDir())).toEqual(['tiny.gguf']);
    expect(result.stdout).toContain(`Use it with: --llm local:${file}`);
    expect(result.stderr).toMatch(/\[100%\] downloading/);

    const again = await pull(`${base}/tiny.gguf`, '--json');
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ path: file, bytes: MODEL.length, sha256: SHA256, alreadyPresent: true, llm: `local:${file}` });

    const listed = await runService(['models', 'list', '--data-dir', dataDir, '--json']);
    expect(JSON.parse(listed.stdout)).toEqual([{ name: 'tiny.gguf', path: file, bytes: MODEL.length, partial: false }]);
  });

  it('deletes a download whose checksum does not match and exits 1', async () => {
    const wrong = 'ab'.repeat(32);
    const result = await pull(`${base}/other-name.gguf`, '--sha256', wrong);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`checksum mismatch for ${base}/other-name.gguf: expected SHA-256 ${wrong}, got ${SHA256}; the download was deleted`);
    expect(readdirSync(modelsDir())).toEqual([]);
  });

  it('resumes an interrupted download with a Range request and completes with the right checksum', async () => {
    cutNext = true;
    ranges.length = 0;
    const first = await pull(`${base}/flaky.gguf`, '--sha256', SHA256);
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/download of .*flaky\.gguf was interrupted after \d+ of \d+ bytes; run the same command again to resume/);
    const partial = path.join(modelsDir(), 'flaky.gguf.partial');
    const kept = statSync(partial).size;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(MODEL.length);

    const listed = await runService(['models', 'list', '--data-dir', dataDir]);
    expect(listed.stdout).toMatch(/flaky\.gguf\.partial .*incomplete: pull again to resume/);

    const second = await pull(`${base}/flaky.gguf`, '--sha256', SHA256, '--json');
    expect(second.code, second.stderr).toBe(0);
    expect(ranges).toEqual([undefined, `bytes=${kept}-`]);
    const file = path.join(modelsDir(), 'flaky.gguf');
    expect(JSON.parse(second.stdout)).toMatchObject({ path: file, sha256: SHA256, resumedFrom: kept, alreadyPresent: false });
    expect(readFileSync(file).equals(MODEL)).toBe(true);
    expect(existsSync(partial)).toBe(false);
  });

  it('refuses a body that is not GGUF and keeps nothing', async () => {
    const result = await pull(`${base}/page.gguf`);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${base}/page.gguf is not a GGUF file (it does not start with "GGUF"); nothing was kept`);
    expect(readdirSync(modelsDir())).toEqual([]);
  });

  it('reports a 404 clearly as a JSON error with --json', async () => {
    const result = await pull(`${base}/missing.gguf`, '--json');
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stderr)).toEqual({
      error: { code: 'not_found', status: 404, message: `cannot download ${base}/missing.gguf: HTTP 404 Not Found` },
    });
    expect(existsSync(modelsDir())).toBe(false);
  });

  it('rejects an unknown name and a malformed checksum before any download', async () => {
    const unknown = await pull('llama-99b');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('unknown model "llama-99b": give an http(s) URL of a GGUF file or one of qwen2.5-0.5b-instruct');
    const badSum = await pull(`${base}/tiny.gguf`, '--sha256', 'xyz');
    expect(badSum.code).toBe(1);
    expect(badSum.stderr).toContain('--sha256 must be 64 hex digits');
    expect(existsSync(path.join(modelsDir(), 'tiny.gguf'))).toBe(false);
  });
});

describe('service models pull without the network', () => {
  let dataDir: string;
  let closed: Server;
  let closedUrl: string;
  let refusedUrl: string;
  beforeAll(async () => {
    // One server that takes the connection and closes it unanswered; one port where nothing listens.
    closed = createServer((request) => request.socket.destroy());
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/tiny.gguf`;
    const gone = createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    refusedUrl = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/tiny.gguf`;
    await new Promise((resolve) => gone.close(resolve));
  });
  afterAll(async () => {
    closed.closeAllConnections();
    await new Promise((resolve) => closed.close(resolve));
  });
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'models-offline-'));
    return () => rmSync(dataDir, { recursive: true, force: true });
  });

  // A `.invalid` name never resolves (RFC 2606), at once and without a network.
  it.each([
    ['an unresolvable host', () => 'http://models.invalid/tiny.gguf', 'getaddrinfo ENOTFOUND models.invalid'],
    ['a refused connection', () => refusedUrl, 'ECONNREFUSED'],
    ['a connection closed unanswered', () => closedUrl, ''],
  ])('names the offline way, with one "error", for %s, and makes no folder', async (_case, url, reason) => {
    const modelsDir = path.join(dataDir, 'models');
    const result = await runService(['models', 'pull', url(), '--data-dir', dataDir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^error: cannot reach ${url().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\([^)]*${reason}[^)]*\\)\\. `));
    expect(result.stderr).toContain(`Without the network: copy a .gguf file into ${modelsDir} (\`service serve\` uses it when it is the only model there), or start serve with --llm local:<file>`);
    expect(result.stderr.match(/error/gi)).toEqual(['error']);
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

describe('resolveModelSource', () => {
  it('maps catalog names to single-file Q4_K_M GGUFs on Hugging Face', () => {
    expect(resolveModelSource('qwen2.5-7b-instruct')).toEqual({
      url: 'https://huggingface.co/bartowski/Qwen2.5-7B-Instruct-GGUF/resolve/main/Qwen2.5-7B-Instruct-Q4_K_M.gguf',
      file: 'qwen2.5-7b-instruct-q4_k_m.gguf',
    });
    expect(resolveModelSource('Qwen2.5-0.5B-Instruct')?.url).toBe(
      'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf',
    );
    for (const model of MODEL_CATALOG) expect(model.url).toMatch(/^https:\/\/huggingface\.co\/.+\/resolve\/main\/.+\.gguf$/);
  });

  it('takes a plain file name from a URL and never a path', () => {
    expect(resolveModelSource('http://gpu-box:8080/files/My%20Model.gguf?download=1')).toEqual({
      url: 'http://gpu-box:8080/files/My%20Model.gguf?download=1',
      file: 'My_Model.gguf',
    });
    expect(resolveModelSource('http://x/a/..%2F..%2Fetc%2Fpasswd')?.file).toBe('_.._etc_passwd.gguf');
    expect(resolveModelSource('http://x/')?.file).toBe('model.gguf');
    expect(resolveModelSource('ftp://x/model.gguf')).toBeUndefined();
    expect(resolveModelSource('not-a-model')).toBeUndefined();
  });

  it('suggests a model for a machine without a GPU and one for a GPU box, with their sizes, when no name is given', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'models-suggest-'));
    const listed = await runService(['models', 'pull', '--data-dir', dataDir]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('service models pull qwen2.5-3b-instruct');
    expect(listed.stdout).toContain('service models pull qwen2.5-7b-instruct');
    expect(listed.stdout).toMatch(/~2\.1 GB/);
    expect(listed.stdout).toMatch(/~4\.7 GB/);
    // The machine, command and description columns line up.
    const rows = listed.stdout.split('\n').filter((line) => line.includes('service models pull qwen'));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.indexOf('service models pull')))).toHaveLength(1);
    expect(new Set(rows.map((row) => row.indexOf('Qwen2.5')))).toHaveLength(1);
    expect(listed.stdout).toContain(`Without the network: copy a .gguf file into ${path.join(dataDir, 'models')} yourself, or start serve with --llm local:<file>.`);
    const json = JSON.parse((await runService(['models', 'pull', '--data-dir', dataDir, '--json'])).stdout) as { suggestions: { machine: string; name: string }[] };
    expect(json.suggestions.map((model) => [model.machine, model.name])).toEqual([['cpu', 'qwen2.5-3b-instruct'], ['gpu', 'qwen2.5-7b-instruct']]);
    expect(readdirSync(dataDir).includes('models') ? readdirSync(path.join(dataDir, 'models')) : []).toEqual([]);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
