import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AudioThread } from '../../src/pipeline/audio/audio-thread.js';
import { readWav } from '../../src/pipeline/audio/wav.js';
import { espeakSettings, findEmbeddedVoice } from '../../src/pipeline/speech/espeak-voice.js';
import { findFfmpeg } from '../../src/render/ffmpeg/find-ffmpeg.js';
import { probeVideo } from '../../src/render/ffmpeg/run-ffmpeg.js';
import { clickTrackWav } from '../helpers/click-track.js';
import { startE2eNode, type E2eNode } from './e2e-node.js';

const BPM = 120;
const OFFSET = 0.25;

describe('client audio', () => {
  let e2e: E2eNode;
  let server: Server;
  let url: string;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'client-audio-'));
    const track = path.join(dir, 'track.wav');
    clickTrackWav(track, { seconds: 40, bpm: BPM, offset: OFFSET, rate: 44_100 });
    const bytes = readFileSync(track);
    // A client voiceover: 12 s or so of speech, longer than the 8 s asked for.
    const speech = new AudioThread();
    const voiceover = path.join(dir, 'voiceover.wav');
    await speech.speak(
      'Welcome to the harbor tour. Our boats leave every hour from pier four. Bring a jacket, the wind on the water is cold even in summer. Tickets are sold at the kiosk by the gate.',
      espeakSettings(findEmbeddedVoice('embedded-noah')!, 'en'),
      voiceover,
    );
    await speech.close();
    const voiceBytes = readFileSync(voiceover);
    server = createServer((request, response) => {
      const body = request.url === '/voiceover.wav' ? voiceBytes : bytes;
      response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': body.length }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/track.wav`;
    e2e = await startE2eNode();
  });
  afterAll(async () => {
    await e2e.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('cuts the build to a client music track\'s beat grid and drops the AI score', async () => {
    const created = await e2e.request('POST', '/v1/videos', {
      prompt: 'A tour of the planets. Mercury is closest to the sun, Venus is the hottest, and Jupiter is the largest. Look up tonight.',
      duration: 20,
      dimensions: { width: 256, height: 144 },
      render: true,
      narration: false,
      audio: [{ url }],
    });
    expect(created.status).toBe(202);
    const job = await e2e.waitFor(created.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    const plan = JSON.parse(e2e.node.ctx.videos.get(job.id)!.plan!) as { audio: { music: boolean; clientMusic?: { bpm: number; offset: number } } };
    expect(plan.audio.music).toBe(false);
    expect(plan.audio.clientMusic?.bpm).toBeCloseTo(BPM, 0);

    const beat = 60 / BPM;
    const fps = job.fps as number;
    let time = 0;
    const scenes = job.scenes as { duration_seconds: number }[];
    expect(scenes.length).toBeGreaterThanOrEqual(3);
    for (const scene of scenes.slice(0, -1)) {
      time += Math.round(scene.duration_seconds * fps) / fps;
      const beats = (time - OFFSET) / beat;
      const distance = Math.abs(beats - Math.round(beats)) * beat;
      expect(distance, `cut at ${time.toFixed(3)} s`).toBeLessThanOrEqual(1 / fps + 1e-6);
    }
    const probe = await probeVideo(findFfmpeg()!, path.join(e2e.node.ctx.filesDir, e2e.node.ctx.videos.get(job.id)!.output_path!));
    expect(probe.hasAudio).toBe(true);
    expect(Math.abs(probe.durationSeconds - 20)).toBeLessThanOrEqual(2);
  });

  it('places a client voiceover at the start and fits the scenes around it, with no AI narration', async () => {
    const voiceoverUrl = url.replace('/track.wav', '/voiceover.wav');
    const created = await e2e.request('POST', '/v1/videos', {
      prompt: 'A harbor boat tour. Boats leave every hour. Tickets at the gate.',
      duration: 8,
      dimensions: { width: 256, height: 144 },
      render: true,
      music: false,
      audio: [{ url: voiceoverUrl, role: 'voiceover' }],
    });
    expect(created.status).toBe(202);
    const job = await e2e.waitFor(created.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    const row = e2e.node.ctx.videos.get(job.id)!;
    const plan = JSON.parse(row.plan!) as { audio: { narration: boolean; voiceover?: string } };
    expect(plan.audio.narration).toBe(false);
    expect(plan.audio.voiceover).toBeDefined();
    const voiceSeconds = readWav(path.join(e2e.node.ctx.filesDir, plan.audio.voiceover!)).samples.length / 22050;
    const total = (job.scenes as { duration_seconds: number }[]).reduce((sum, scene) => sum + scene.duration_seconds, 0);
    expect(voiceSeconds).toBeGreaterThan(8);
    expect(total).toBeGreaterThanOrEqual(voiceSeconds);
    const probe = await probeVideo(findFfmpeg()!, path.join(e2e.node.ctx.filesDir, row.output_path!));
    expect(probe.hasAudio).toBe(true);
    expect(e2e.node.ctx.videos.scenes(job.id).every((scene) => !scene.narration_audio)).toBe(true);
  });
});
