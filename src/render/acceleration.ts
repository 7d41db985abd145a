// Render settings for the machine: the CPU path everywhere, and on a box with a working NVIDIA GPU
// Chromium's GPU backend and FFmpeg's NVENC encoder. Chosen by a probe at start (and shown by
// `service doctor`), or forced with --render-accel.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findFfmpeg, type FfmpegInfo } from './ffmpeg/find-ffmpeg.js';
import { NVENC_ENCODER, X264_ENCODER, type SegmentVideoEncoder } from './worker/segment-encoder.js';

/** How renders are accelerated: `auto` (the GPU when the probe finds one that works), `cpu` or `gpu`. */
export type RenderAccelSetting = 'auto' | 'cpu' | 'gpu';
export const RENDER_ACCEL_SETTINGS: readonly RenderAccelSetting[] = ['auto', 'cpu', 'gpu'];

/** What the probe found on the machine. */
export interface GpuFacts {
  /** An NVIDIA device node (/dev/nvidia0). */
  nvidia: boolean;
  /** A DRM render node (/dev/dri/renderD128): a GPU Chromium's EGL backend can use. */
  renderNode: boolean;
  /** The configured FFmpeg has h264_nvenc and a one-frame test encode with it succeeded. */
  nvenc: boolean;
  /** Why NVENC is not used, when it is not. */
  nvencProblem?: string;
}

/** The render settings workers use. */
export interface RenderAcceleration {
  mode: 'cpu' | 'gpu';
  /** Chromium's OpenGL backend; undefined lets Chromium decide (fastest without a GPU). */
  gl?: 'angle-egl';
  encoder: SegmentVideoEncoder;
  /** One line for logs and `service doctor`. */
  summary: string;
}

/** The CPU path: Chromium's own choice of backend, x264. */
export const CPU_ACCELERATION: RenderAcceleration = { mode: 'cpu', encoder: X264_ENCODER, summary: 'CPU: Chromium software raster, x264 veryfast' };

/** A one-frame NVENC encode of a black picture: succeeds only with a driver and a GPU that can encode. */
function nvencWorks(ffmpeg: FfmpegInfo): { ok: boolean; problem?: string } {
  const encoders = spawnSync(ffmpeg.ffmpeg, ['-hide_banner', '-encoders'], { encoding: 'utf8', timeout: 10_000 });
  if (!/\bh264_nvenc\b/.test(encoders.stdout ?? '')) return { ok: false, problem: 'the configured FFmpeg has no h264_nvenc encoder' };
  // A black 256x144 JPEG on stdin (FFmpeg here has no test sources; NVENC refuses tinier frames).
  const jpeg = Buffer.from(
    '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCACQAQADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJ+AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAD/2Q==',
    'base64',
  );
  const run = spawnSync(ffmpeg.ffmpeg, ['-v', 'error', '-f', 'image2pipe', '-vcodec', 'mjpeg', '-i', '-', '-frames:v', '1', '-c:v', 'h264_nvenc', '-f', 'mp4', '-y', '/dev/null'], { input: jpeg, timeout: 20_000 });
  if (run.status === 0) return { ok: true };
  return { ok: false, problem: `a test encode with h264_nvenc failed: ${String(run.stderr ?? '').trim().split('\n').pop() || `exit ${run.status}`}` };
}

/** Looks for a GPU the renderer can use. Instant on a machine without an NVIDIA device (no encode is tried). */
export function probeGpu(ffmpeg: FfmpegInfo | undefined, devices: { nvidia?: string; renderNode?: string } = {}): GpuFacts {
  const nvidia = existsSync(devices.nvidia ?? '/dev/nvidia0');
  const renderNode = existsSync(devices.renderNode ?? '/dev/dri/renderD128');
  if (!nvidia) return { nvidia, renderNode, nvenc: false, nvencProblem: 'no NVIDIA device' };
  if (!ffmpeg) return { nvidia, renderNode, nvenc: false, nvencProblem: 'no FFmpeg found' };
  const nvenc = nvencWorks(ffmpeg);
  return { nvidia, renderNode, nvenc: nvenc.ok, ...(nvenc.problem ? { nvencProblem: nvenc.problem } : {}) };
}

/**
 * The settings for a machine: `cpu` always takes the CPU path; `auto` takes the GPU path only when
 * the probe found a working GPU; `gpu` takes whatever GPU parts work (and says which do not).
 */
export function chooseAcceleration(setting: RenderAccelSetting, facts: GpuFacts): RenderAcceleration {
  if (setting === 'cpu') return { ...CPU_ACCELERATION, summary: `${CPU_ACCELERATION.summary} (--render-accel cpu)` };
  const gpuRaster = facts.nvidia || facts.renderNode;
  if (setting === 'auto' && !(gpuRaster && facts.nvenc)) {
    const why = !gpuRaster ? 'no GPU found' : `GPU found, but ${facts.nvencProblem ?? 'no hardware encoder works'}`;
    return { ...CPU_ACCELERATION, summary: `${CPU_ACCELERATION.summary} (${why}; --render-accel gpu forces the GPU backend)` };
  }
  const parts = [gpuRaster ? 'Chromium on the GPU (angle-egl)' : 'Chromium software raster (no GPU device found)', facts.nvenc ? 'NVENC h264' : `x264 veryfast (${facts.nvencProblem ?? 'no NVENC'})`];
  return {
    mode: 'gpu',
    ...(gpuRaster ? { gl: 'angle-egl' as const } : {}),
    encoder: facts.nvenc ? NVENC_ENCODER : X264_ENCODER,
    summary: `GPU: ${parts.join(', ')}`,
  };
}

/** The node's render settings: its --render-accel setting against what the machine has (probed once per process). */
export function renderAcceleration(config: { renderAccel: RenderAccelSetting; ffmpegPath?: string | undefined }): RenderAcceleration {
  if (config.renderAccel === 'cpu') return chooseAcceleration('cpu', { nvidia: false, renderNode: false, nvenc: false });
  probed ??= probeGpu(findFfmpeg(config.ffmpegPath));
  return chooseAcceleration(config.renderAccel, probed);
}
let probed: GpuFacts | undefined;

/** The same settings with x264 as the encoder (render workers: segments from every machine join without re-encoding). */
export function withX264(acceleration: RenderAcceleration): RenderAcceleration {
  return acceleration.encoder.name === X264_ENCODER.name ? acceleration : { ...acceleration, encoder: X264_ENCODER, summary: `${acceleration.summary}; segments encoded with x264 to join those of other machines` };
}
