import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseAcceleration, probeGpu } from '../../src/render/acceleration.js';
import { findFfmpeg } from '../../src/render/ffmpeg/find-ffmpeg.js';

const none = { nvidia: false, renderNode: false, nvenc: false, nvencProblem: 'no NVIDIA device' };
const nvidia = { nvidia: true, renderNode: true, nvenc: true };

describe('render acceleration', () => {
  it('takes the CPU path without a GPU, and says so', () => {
    const choice = chooseAcceleration('auto', none);
    expect(choice.mode).toBe('cpu');
    expect(choice.encoder.name).toBe('libx264');
    expect(choice.gl).toBeUndefined();
    expect(choice.summary).toMatch(/no GPU found/);
  });

  it('takes the GPU path on a box whose NVIDIA GPU encodes: angle-egl and NVENC', () => {
    const choice = chooseAcceleration('auto', nvidia);
    expect(choice).toMatchObject({ mode: 'gpu', gl: 'angle-egl', encoder: { name: 'h264_nvenc' } });
  });

  it('stays on the CPU when the GPU is there but its encoder fails, unless told to use it', () => {
    const broken = { nvidia: true, renderNode: true, nvenc: false, nvencProblem: 'a test encode with h264_nvenc failed: Cannot load libcuda.so.1' };
    expect(chooseAcceleration('auto', broken)).toMatchObject({ mode: 'cpu', summary: expect.stringMatching(/libcuda/) });
    expect(chooseAcceleration('gpu', broken)).toMatchObject({ mode: 'gpu', gl: 'angle-egl', encoder: { name: 'libx264' } });
    expect(chooseAcceleration('cpu', nvidia).mode).toBe('cpu');
  });

  it('probes devices without trying an encode when there is no NVIDIA device', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gpu-probe-'));
    try {
      writeFileSync(path.join(dir, 'renderD128'), '');
      expect(probeGpu(findFfmpeg(), { nvidia: path.join(dir, 'nvidia0'), renderNode: path.join(dir, 'renderD128') })).toEqual({ nvidia: false, renderNode: true, nvenc: false, nvencProblem: 'no NVIDIA device' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports why NVENC does not work on a machine with an NVIDIA device node but no driver', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gpu-probe-'));
    try {
      writeFileSync(path.join(dir, 'nvidia0'), '');
      const facts = probeGpu(findFfmpeg(), { nvidia: path.join(dir, 'nvidia0'), renderNode: path.join(dir, 'none') });
      expect(facts.nvidia).toBe(true);
      // This machine has no GPU: the one-frame test encode fails, and the reason is kept.
      expect(facts.nvenc).toBe(false);
      expect(facts.nvencProblem).toMatch(/h264_nvenc/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('--render-accel', () => {
  it('is auto by default, read from the flag over SERVICE_RENDER_ACCEL, and refuses other values', async () => {
    const { resolveConfig } = await import('../../src/config/resolve-config.js');
    expect(resolveConfig({}, {}).renderAccel).toBe('auto');
    expect(resolveConfig({}, { SERVICE_RENDER_ACCEL: 'cpu' }).renderAccel).toBe('cpu');
    expect(resolveConfig({ renderAccel: 'gpu' }, { SERVICE_RENDER_ACCEL: 'cpu' }).renderAccel).toBe('gpu');
    expect(() => resolveConfig({ renderAccel: 'cuda' }, {})).toThrow(/render acceleration must be one of auto, cpu, gpu, got cuda/);
  });
});
