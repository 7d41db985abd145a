import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg } from '../../src/render/ffmpeg/find-ffmpeg.js';
import { probeVideo } from '../../src/render/ffmpeg/run-ffmpeg.js';
import { NARRATION_LEAD } from '../../src/pipeline/speech/fit-timeline.js';
import { startE2eNode, type E2eNode } from './e2e-node.js';

const run = promisify(execFile);
const ffmpeg = findFfmpeg()!;

/** Silences FFmpeg's silencedetect finds: [start, end] in seconds. */
async function silences(file: string, minSeconds: number, noise = '-40dB'): Promise<[number, number][]> {
  const { stderr } = await run(ffmpeg.ffmpeg, ['-hide_banner', '-nostats', '-i', file, '-vn', '-af', `silencedetect=n=${noise}:d=${minSeconds}`, '-f', 'null', '-']);
  const starts = [...stderr.matchAll(/silence_start: ([\d.]+)/g)].map((m) => Number(m[1]));
  const ends = [...stderr.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
  return starts.map((start, i) => [start, ends[i] ?? Number.POSITIVE_INFINITY]);
}

/** Integrated loudness and true peak, measured by FFmpeg's loudnorm. */
async function loudness(file: string): Promise<{ lufs: number; truePeak: number }> {
  const { stderr } = await run(ffmpeg.ffmpeg, ['-hide_banner', '-nostats', '-i', file, '-vn', '-af', 'loudnorm=I=-16:TP=-1.5:LRA=11:print_format=json', '-f', 'null', '-']);
  const json = JSON.parse(stderr.slice(stderr.lastIndexOf('{'), stderr.lastIndexOf('}') + 1)) as Record<string, string>;
  return { lufs: Number(json.input_i), truePeak: Number(json.input_tp) };
}

describe('sound', () => {
  let e2e: E2eNode;
  beforeAll(async () => {
    e2e = await startE2eNode();
  });
  afterAll(async () => {
    await e2e.close();
  });
  const mp4Of = (id: string) => path.join(e2e.node.ctx.filesDir, e2e.node.ctx.videos.get(id)!.output_path!);

  it('narrates every scene that has script, within its scene, in an AAC track', async () => {
    const created = await e2e.request('POST', '/v1/videos', {
      prompt: 'How tides work. The moon pulls on the oceans, and the earth turns beneath the bulge. Most coasts see two high tides a day.',
      duration: 20,
      dimensions: { width: 256, height: 144 },
      render: true,
      music: false,
    });
    const job = await e2e.waitFor(created.body.id);
    expect(job.status).toBe('completed');
    expect(job.audio).toMatchObject({ narration: true, music: false, narration_language: 'en' });
    const file = mp4Of(job.id);
    const probe = await probeVideo(ffmpeg, file);
    expect(probe.hasAudio).toBe(true);
    const { stdout } = await run(ffmpeg.ffprobe, ['-v', 'error', '-select_streams', 'a', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', file]);
    expect(stdout.trim()).toBe('aac');

    const scenes = e2e.node.ctx.videos.scenes(job.id);
    const gaps = await silences(file, 1.5);
    let start = 0;
    let narrated = 0;
    for (const scene of scenes) {
      const end = start + scene.duration_seconds;
      if (scene.narration) {
        narrated += 1;
        const speechEnd = start + NARRATION_LEAD + scene.narration_seconds!;
        // No narration runs past its scene's end.
        expect(speechEnd).toBeLessThanOrEqual(end + 1e-6);
        // No silence longer than 1.5 s inside the spoken part of the scene.
        const inside = gaps.filter(([from, to]) => Math.min(to, speechEnd) - Math.max(from, start + NARRATION_LEAD) > 0.2);
        expect(inside, `scene ${scene.position}`).toEqual([]);
      }
      start = end;
    }
    expect(narrated).toBe(scenes.length);
  });

  it('speaks German for a German prompt without narration_language', async () => {
    const created = await e2e.request('POST', '/v1/videos', {
      prompt: 'Wie Bienen Honig machen. Sie sammeln Nektar von Blumen und bringen ihn in den Stock. Im Stock verdunstet das Wasser.',
      duration: 15,
      dimensions: { width: 256, height: 144 },
      render: true,
    });
    const job = await e2e.waitFor(created.body.id);
    expect(job.status).toBe('completed');
    expect(job.audio).toMatchObject({ narration: true, narration_language: 'de', narration_voice: expect.stringMatching(/^embedded-/) });
    const scripts = e2e.node.ctx.videos.scenes(job.id).map((scene) => scene.narration ?? '').join(' ');
    expect(scripts).toMatch(/Bienen|Nektar|Stock/);
    expect(scripts).not.toMatch(/\b(?:Learn more|Takeaway|Why|matters)\b/);
  });

  it('mixes to -16 LUFS integrated (±1 LU) with the true peak under -1 dBTP', async () => {
    const created = await e2e.request('POST', '/v1/videos', {
      prompt: 'Three habits of good sleep. Keep a regular schedule, dim the lights at night, and skip coffee after noon.',
      duration: 15,
      dimensions: { width: 256, height: 144 },
      render: true,
      sfx: true,
    });
    const job = await e2e.waitFor(created.body.id);
    expect(job.status).toBe('completed');
    const measured = await loudness(mp4Of(job.id));
    expect(Math.abs(measured.lufs - -16)).toBeLessThanOrEqual(1);
    expect(measured.truePeak).toBeLessThan(-1);
  });

  it('makes no voice and no music when both are off: the MP4 has no audio', async () => {
    const created = await e2e.request('POST', '/v1/videos', { prompt: 'A silent slideshow of our office: the desks, the kitchen and the roof garden.', duration: 6, dimensions: { width: 256, height: 144 }, render: true, narration: false, music: false });
    const job = await e2e.waitFor(created.body.id);
    expect((await probeVideo(ffmpeg, mp4Of(job.id))).hasAudio).toBe(false);
    expect(e2e.node.ctx.videos.scenes(job.id).every((scene) => !scene.narration_audio)).toBe(true);
  });

  it.each([
    ['narration: false', { narration: false }, 'Our new office in pictures. Bright rooms and a big kitchen.'],
    ['a prompt that says "no voiceover"', {}, 'Our new office in pictures, no voiceover. Bright rooms and a big kitchen.'],
  ])('plays music without a voice for %s', async (_name, flags, prompt) => {
    const created = await e2e.request('POST', '/v1/videos', { prompt, duration: 10, dimensions: { width: 256, height: 144 }, render: true, ...flags });
    const job = await e2e.waitFor(created.body.id);
    expect(job.audio).toMatchObject({ narration: false, music: true });
    expect(e2e.node.ctx.videos.scenes(job.id).every((scene) => !scene.narration_audio)).toBe(true);
    // Music runs under the whole video: no silence of a second before the fade-out.
    const file = mp4Of(job.id);
    const gaps = (await silences(file, 1, '-45dB')).filter(([from]) => from < 7);
    expect(gaps).toEqual([]);
  });

  it.each([
    ['music: false', { music: false }, 'Why the sky is blue. Air scatters blue light more than red light.'],
    ['a prompt that says "no music"', {}, 'Why the sky is blue, with no music. Air scatters blue light more than red light.'],
  ])('speaks without music for %s: the audio falls silent between narrated scenes', async (_name, flags, prompt) => {
    const created = await e2e.request('POST', '/v1/videos', { prompt, duration: 12, dimensions: { width: 256, height: 144 }, render: true, ...flags });
    const job = await e2e.waitFor(created.body.id);
    expect(job.audio).toMatchObject({ narration: true, music: false });
    // Between one scene's speech and the next there is the tail and the lead: real silence, no bed under it.
    const gaps = await silences(mp4Of(job.id), 0.5, '-50dB');
    expect(gaps.length).toBeGreaterThanOrEqual(1);
  });
});
