import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureBundle } from '../../../render/bundle/ensure-bundle.js';
import { findFfmpeg } from '../../../render/ffmpeg/find-ffmpeg.js';
import { probeVideo } from '../../../render/ffmpeg/run-ffmpeg.js';
import { RenderError, type RenderPool } from '../../../render/render-pool.js';
import { compileScene } from '../../../render/scene-code/compile-scene.js';
import type { SceneInputProps } from '../../../render/worker/render-protocol.js';
import { resolveTheme, type SceneTheme } from '../../theme/resolve-theme.js';
import { checkFootageRequest, FootageError, type FootageClip, type FootageProvider, type FootageRequest } from './footage-provider.js';

/** What {@link createEmbeddedFootageProvider} renders with. */
export interface EmbeddedFootageOptions {
  /** The render workers the clips are rendered in. */
  pool: RenderPool;
  /** Where the compositions bundle is cached (the node's cache directory). */
  cacheDir: string;
  /** The look of drawn shots (colors, light). @default the style pack the description suggests */
  theme?: SceneTheme;
  /** FFmpeg binary (ffprobe beside it) used to check each clip. @default Remotion's compositor FFmpeg */
  ffmpegPath?: string;
}

/** The scene every embedded clip renders: the kit's FootageShot, the shot's still as its image. */
export const FOOTAGE_SCENE_SOURCE = `import React from 'react';
import { FootageShot } from '@kit';

export default function Scene({ theme, settings, assets }) {
  const image = settings.image ? assets[settings.image] : undefined;
  return <FootageShot theme={theme} description={settings.description} seed={settings.seed} image={image} />;
}
`;

/**
 * A {@link FootageProvider} that needs no keys and no network: it renders the kit's `FootageShot`
 * through the render workers (the shot's first reference still animated with camera moves,
 * parallax, light and grain; without one, a shot drawn from the description) into an MP4 of
 * exactly the requested size, rate and length. The same request renders the same pixels.
 */
export function createEmbeddedFootageProvider(options: EmbeddedFootageOptions): FootageProvider {
  let compiled: Promise<string> | undefined;
  const sceneCode = () => (compiled ??= compileScene(FOOTAGE_SCENE_SOURCE).then((scene) => scene.code));

  return {
    name: 'embedded',
    async makeClip(request: FootageRequest, signal?: AbortSignal): Promise<FootageClip> {
      checkFootageRequest(request);
      const ffmpeg = findFfmpeg(options.ffmpegPath);
      if (!ffmpeg) throw new FootageError('unavailable', "FFmpeg not found to check the clip: run npm install (Remotion's compositor ships it) or set SERVICE_FFMPEG_PATH");
      const still = request.references?.[0];
      const assets: Record<string, string> = still ? { still: `data:${still.mimeType};base64,${readFileSync(still.path).toString('base64')}` } : {};
      const durationInFrames = Math.max(1, Math.round(request.seconds * request.fps));
      const inputProps: SceneInputProps = {
        code: await sceneCode(),
        theme: options.theme ?? resolveTheme({ prompt: request.description }),
        settings: { description: request.description, ...(request.seed !== undefined ? { seed: request.seed } : {}), ...(still ? { image: 'still' } : {}) },
        assets,
        width: request.width,
        height: request.height,
        fps: request.fps,
        durationInFrames,
      };
      mkdirSync(request.dir, { recursive: true });
      const output = path.join(request.dir, `footage-${randomUUID()}.mp4`);
      const partial = `${output}.partial.mp4`;
      try {
        const serveUrl = await ensureBundle(options.cacheDir);
        try {
          await options.pool.run({ type: 'segment', serveUrl, inputProps, outputPath: partial, ffmpeg: ffmpeg.ffmpeg }, signal ? { signal } : {});
        } catch (error) {
          if (signal?.aborted) throw signal.reason;
          if (error instanceof RenderError) throw new FootageError('unavailable', `the embedded footage did not render: ${error.message}`, { cause: error });
          throw error;
        }
        const probe = await probeVideo(ffmpeg, partial);
        const frames = Math.round(probe.durationSeconds * probe.fps);
        if (probe.width !== request.width || probe.height !== request.height || Math.abs(probe.fps - request.fps) > 0.01 || frames !== durationInFrames) {
          throw new FootageError(
            'invalid_output',
            `the embedded footage came out ${probe.width}x${probe.height} at ${probe.fps} fps for ${probe.durationSeconds} s, not ${request.width}x${request.height} at ${request.fps} fps for ${durationInFrames / request.fps} s`,
          );
        }
        renameSync(partial, output);
        return { path: output, seconds: durationInFrames / request.fps, provider: 'embedded' };
      } finally {
        rmSync(partial, { force: true });
      }
    },
  };
}
