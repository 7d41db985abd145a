import { ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import type { InfographicVersionRow } from '../../store/infographics-store.js';
import { sceneAssetUrls } from '../materials/prepare-materials.js';
import { encodePoster, posterFrame, renderedFrame, type Poster, type PosterRequest, type PosterServices } from '../videos/video-poster.js';
import { DEFAULT_INFOGRAPHIC_FPS } from './infographic-schema.js';
import type { InfographicSettings } from './infographic-settings.js';

/**
 * `GET /v1/infographics/{id}/versions/{versionId}/poster`: the version's frame at a time (default:
 * the end of its hold, everything in and nothing leaving) as a PNG or JPEG at the version's size,
 * rendered from its scene code with its own settings at the render's default rate. 409
 * `not_ready` unless the version is ready.
 */
export async function infographicPoster(ctx: NodeContext, version: InfographicVersionRow, request: PosterRequest, services: PosterServices): Promise<Poster> {
  if (version.status !== 'ready' || !version.compiled) {
    throw new ServiceError('not_ready', `version ${version.id} is ${version.status}; only a ready version has a poster`);
  }
  const format = request.format ?? 'jpeg';
  const fps = DEFAULT_INFOGRAPHIC_FPS;
  const durationInFrames = Math.max(1, Math.round(version.duration_seconds * fps));
  const frame = posterFrame(request.time, durationInFrames, fps, durationInFrames);
  const settings = JSON.parse(version.settings) as InfographicSettings;
  const png = await renderedFrame(
    services,
    {
      code: version.compiled,
      theme: JSON.parse(version.theme) as unknown,
      settings,
      assets: sceneAssetUrls(ctx.filesDir, JSON.parse(version.assets) as Record<string, string>, settings),
      width: version.width,
      height: version.height,
      fps,
      durationInFrames,
    },
    frame,
  );
  return {
    data: await encodePoster(png, format),
    contentType: format === 'png' ? 'image/png' : 'image/jpeg',
    format,
    frame,
    timeSeconds: Math.round((frame / fps) * 1000) / 1000,
    source: 'stills',
  };
}
