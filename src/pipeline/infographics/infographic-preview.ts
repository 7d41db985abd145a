import { ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import type { InfographicVersionRow } from '../../store/infographics-store.js';
import { signedAssetUrls } from '../videos/video-preview.js';
import type { InfographicSettings } from './infographic-settings.js';
import { DEFAULT_INFOGRAPHIC_FPS } from './infographic-schema.js';

/** `GET /v1/infographics/{id}/versions/{versionId}/preview`: what the app's live preview plays (camelCase, as the infographic API). */
export interface InfographicPreview {
  versionId: string;
  width: number;
  height: number;
  fps: number;
  durationInFrames: number;
  /** Compiled scene code (CommonJS), as a render evaluates it. */
  code: string;
  theme: unknown;
  /** The version's settings: the defaults that a form's values override. */
  settings: InfographicSettings;
  /** Signed `/files/…` links of every asset of the version (values may name any of them). */
  assets: Record<string, string>;
}

/**
 * The live preview of an infographic version at its own size and the render's default rate; 409
 * `not_ready` while it generates or when it failed (no code to run).
 */
export function infographicPreview(ctx: NodeContext, version: InfographicVersionRow, baseUrl: string, now = Date.now()): InfographicPreview {
  if (version.status !== 'ready' || !version.compiled) {
    throw new ServiceError('not_ready', `version ${version.id} is ${version.status}; only a ready version has a preview`);
  }
  const assets = JSON.parse(version.assets) as Record<string, string>;
  return {
    versionId: version.id,
    width: version.width,
    height: version.height,
    fps: DEFAULT_INFOGRAPHIC_FPS,
    durationInFrames: Math.max(1, Math.round(version.duration_seconds * DEFAULT_INFOGRAPHIC_FPS)),
    code: version.compiled,
    theme: JSON.parse(version.theme) as unknown,
    settings: JSON.parse(version.settings) as InfographicSettings,
    assets: signedAssetUrls(ctx, baseUrl, assets, Object.keys(assets), now),
  };
}
