import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { toInt16, writeWav } from '../../src/pipeline/audio/wav.js';
import { bearer, createAccountWithKey, createTestApp, createTestNode, snapshotDatabase, type TestNode } from '../helpers/test-node.js';

/**
 * A stand-in for yt-dlp on PATH: it takes the same arguments, writes a real WAV where `-o` says
 * (the extension filled in) and prints the path, as `--print after_move:filepath` does.
 */
function fakeYtDlp(dir: string, wav: string): void {
  const script = path.join(dir, 'yt-dlp');
  writeFileSync(
    script,
    `#!/bin/sh
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    -o) out="$2"; shift 2 ;;
    *) last="$1"; shift ;;
  esac
done
case "$last" in *unavailable*) echo "ERROR: Video unavailable" >&2; exit 1 ;; esac
file=$(printf '%s' "$out" | sed 's/%(ext)s/wav/')
cp "${wav}" "$file"
echo "$file"
`,
  );
  chmodSync(script, 0o755);
}

describe('POST /v1/videos with social-site audio links', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let dir: string;
  let savedPath: string | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'yt-dlp-'));
    const wav = path.join(dir, 'song.wav');
    writeWav(wav, toInt16(new Float32Array(22050 * 3).map((_, i) => Math.sin(i / 10) * 0.3)), 22050);
    fakeYtDlp(dir, wav);
    savedPath = process.env.PATH;
    process.env.PATH = `${dir}${path.delimiter}${process.env.PATH ?? ''}`;
    node = createTestNode();
    app = await createTestApp(node.ctx);
  });
  afterAll(async () => {
    process.env.PATH = savedPath;
    await app.close();
    node.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  const create = (key: string, url: string) =>
    app.inject({ method: 'POST', url: '/v1/videos', headers: bearer(key), payload: { prompt: 'A video to a song: the verse sets the scene, the chorus lifts it, the bridge turns it.', duration: 30, ai_video: 'off', audio: [{ url }] } });

  it('imports with yt-dlp, adds 2 credits per import to the estimate, and keeps the file', async () => {
    const { key } = await createAccountWithKey(node.ctx);
    const response = await create(key.key, 'https://www.youtube.com/watch?v=abc123');
    expect(response.statusCode).toBe(202);
    // 30 s: base 7.5 + narration 1.5 + import 2; the track replaces the score, which is not priced.
    expect(response.json().estimated_credits).toBe(11);
    const row = node.ctx.videos.get(response.json().id)!;
    const attachments = (JSON.parse(row.options) as { attachments: { field: string; path: string }[] }).attachments;
    expect(attachments).toEqual([expect.objectContaining({ field: 'audio[0]', path: expect.stringMatching(/audio-0\.wav$/) })]);
  });

  it('refuses the 11th import of the day with 429 and writes nothing', async () => {
    const { account, key } = await createAccountWithKey(node.ctx, 'ultimate', 1000);
    const now = new Date().toISOString();
    for (let i = 0; i < 10; i += 1) {
      node.ctx.db.prepare('INSERT INTO social_imports (account_id, video_id, url, created_at) VALUES (?, ?, ?, ?)').run(account.id, `vid_${i}`, 'https://youtu.be/x', now);
    }
    const before = snapshotDatabase(node.ctx);
    const response = await create(key.key, 'https://youtu.be/another');
    expect(response.statusCode).toBe(429);
    expect(response.json().error).toMatchObject({ code: 'rate_limited', message: expect.stringContaining('10 per day') });
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('answers 400 naming the item when the importer fails', async () => {
    const { key } = await createAccountWithKey(node.ctx);
    const response = await create(key.key, 'https://www.youtube.com/watch?v=unavailable');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^audio\[0\]: the importer could not fetch .*Video unavailable/);
  });
});
