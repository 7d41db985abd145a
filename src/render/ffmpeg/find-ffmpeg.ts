import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** Where FFmpeg and FFprobe come from. */
export interface FfmpegInfo {
  ffmpeg: string;
  ffprobe: string;
  source: 'configured' | 'remotion-compositor';
}

/** The npm package that ships Remotion's compositor (with FFmpeg) for this machine. */
export function compositorPackageName(): string {
  const libc = process.platform === 'linux' ? (isMusl() ? '-musl' : '-gnu') : '';
  const platform = process.platform === 'win32' ? 'win32' : process.platform;
  const suffix = process.platform === 'win32' ? '-msvc' : libc;
  return `@remotion/compositor-${platform}-${process.arch}${suffix}`;
}

let musl: boolean | undefined;

function isMusl(): boolean {
  // A diagnostic report takes tens of milliseconds of the event loop (more with many sockets open),
  // and every render and audio create asks: read the libc once.
  if (musl === undefined) {
    const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
    musl = !report?.header?.glibcVersionRuntime;
  }
  return musl;
}

/**
 * FFmpeg to use: a configured binary (its ffprobe beside it), else the one inside Remotion's
 * compositor package, so `npm install` is all a machine needs. Undefined when neither exists.
 */
export function findFfmpeg(configured?: string): FfmpegInfo | undefined {
  if (configured) {
    return { ffmpeg: configured, ffprobe: path.join(path.dirname(configured), 'ffprobe'), source: 'configured' };
  }
  try {
    const dir = path.dirname(require.resolve(`${compositorPackageName()}/package.json`));
    const exe = process.platform === 'win32' ? '.exe' : '';
    return { ffmpeg: path.join(dir, `ffmpeg${exe}`), ffprobe: path.join(dir, `ffprobe${exe}`), source: 'remotion-compositor' };
  } catch {
    return undefined;
  }
}

/** The first line of `ffmpeg -version`, or throws when it does not run. */
export function ffmpegVersion(info: FfmpegInfo): string {
  const output = execFileSync(info.ffmpeg, ['-hide_banner', '-version'], { encoding: 'utf8', timeout: 15_000 });
  return output.split('\n')[0]!.trim();
}
