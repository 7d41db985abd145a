import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideoBody } from '../../../src/pipeline/create/create-video-schema.js';
import { resolveTheme } from '../../../src/pipeline/theme/resolve-theme.js';
import { createVideo } from '../../../src/pipeline/videos/create-video.js';
import { runService } from '../../helpers/run-service.js';
import { createAccountWithKey, createTestNode, type TestNode } from '../../helpers/test-node.js';
import { parseSrt, parseVtt } from '../../pipeline/captions/caption-parsers.js';

const SCRIPT = 'The moon pulls on the oceans. The earth turns beneath the bulge. Most coasts see two high tides a day.';

describe('service captions', () => {
  let node: TestNode;
  let id: string;
  const out = mkdtempSync(path.join(tmpdir(), 'service-captions-'));
  beforeAll(async () => {
    node = createTestNode();
    const { account } = await createAccountWithKey(node.ctx);
    const answer = await createVideo(node.ctx, { account: node.ctx.accounts.get(account.id)!, key: null }, createVideoBody.parse({ prompt: `How tides work. ${SCRIPT}` }), { enqueue: () => undefined });
    id = answer.body.id as string;
    const plan = { title: 'Tides', theme: resolveTheme({ prompt: 'tides', animationStyle: 'plain' }), planner: 'test', audio: { narration: true, music: false, sfx: false, language: 'en', voice: 'en-us', bpm: 100, mood: 'calm', seed: 1 } };
    node.ctx.videos.update(id, { status: 'completed', plan: JSON.stringify(plan), scenes_planned: 1 });
    const words = [...SCRIPT.matchAll(/\S+/g)].map((match) => ({ start: match.index / 15, index: match.index, length: match[0].length }));
    node.ctx.videos.insertScene({
      id: 'scn_cli_0', video_id: id, position: 0, title: 'Tides', role: 'body', kind: 'title', duration_seconds: 8, settings: '{}', source: null, compiled: null, writer: null,
      committed_at: null, narration: SCRIPT, narration_audio: 'a.wav', narration_seconds: SCRIPT.length / 15, narration_words: JSON.stringify(words), audit: null, authoring: null,
    });
  });
  afterAll(() => {
    node.cleanup();
    rmSync(out, { recursive: true, force: true });
  });

  it('prints the SubRip file, writes WebVTT to --out, and refuses an unknown format with exit code 1', async () => {
    const printed = await runService(['captions', id, '--data-dir', node.dataDir]);
    expect(printed.code, printed.stderr).toBe(0);
    expect(parseSrt(printed.stdout).map((cue) => cue.lines.join(' '))).toEqual(['The moon pulls on the oceans.', 'The earth turns beneath the bulge.', 'Most coasts see two high tides a day.']);

    const file = path.join(out, 'tides.vtt');
    const written = await runService(['captions', id, '--format', 'vtt', '--out', file, '--data-dir', node.dataDir]);
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout.trim()).toBe(`wrote ${file}: 3 cues in en (WebVTT)`);
    expect(parseVtt(readFileSync(file, 'utf8'))).toEqual(parseSrt(printed.stdout));

    const refused = await runService(['captions', id, '--format', 'ass', '--data-dir', node.dataDir]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--format: must be "srt" (SubRip) or "vtt" (WebVTT)');
  });
});
