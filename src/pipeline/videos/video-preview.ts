import { ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import { signFileUrl } from '../../security/signed-urls.js';
import type { SceneRow, VideoRow } from '../../store/videos-store.js';
import { referencedAssets } from '../materials/prepare-materials.js';

/** How long the links of a preview stay valid: long enough to watch and scrub a preview at leisure. */
export const PREVIEW_LINK_SECONDS = 60 * 60;

/** One scene of a preview: what the player frame plays it with (the props a render gives it). */
export interface PreviewScene {
  id: string;
  position: number;
  title: string;
  duration_in_frames: number;
  committed: boolean;
  /** Compiled scene code (CommonJS), on committed scenes only. */
  code?: string;
  theme: unknown;
  settings: Record<string, unknown>;
  /** Signed `/files/…` links of the assets the scene's settings name. */
  assets: Record<string, string>;
}

/** `GET /v1/videos/{id}/preview`: what the app's live preview plays. */
export interface VideoPreview {
  video_id: string;
  status: string;
  width: number;
  height: number;
  fps: number;
  scenes: PreviewScene[];
  /** Signed link of the mixed narration and music, once mixed. */
  soundtrack_url?: string;
  /** Signed link of the rendered MP4, once rendered. */
  video_url?: string;
}

/** Signs a set of assets (relative to files/) as `/files/…` links. */
export function signedAssetUrls(ctx: NodeContext, baseUrl: string, assets: Record<string, string>, names: Iterable<string>, now: number): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const name of names) urls[name] = signFileUrl(ctx.keys.downloads, baseUrl, assets[name]!, now, PREVIEW_LINK_SECONDS);
  return urls;
}

function previewScene(ctx: NodeContext, baseUrl: string, row: VideoRow, scene: SceneRow, plan: { theme?: unknown; assets?: Record<string, string> }, now: number): PreviewScene {
  const settings = JSON.parse(scene.settings) as Record<string, unknown>;
  const assets = plan.assets ?? {};
  // A scene counts as committed once its code is written and checked, as the render reads it.
  const committed = scene.committed_at !== null && typeof scene.compiled === 'string' && scene.compiled.length > 0;
  return {
    id: scene.id,
    position: scene.position,
    title: scene.title,
    // The same length a render gives the scene (render-job.ts `sceneInputProps`).
    duration_in_frames: Math.max(1, Math.round(scene.duration_seconds * row.fps)),
    committed,
    ...(committed ? { code: scene.compiled! } : {}),
    theme: plan.theme,
    settings,
    assets: signedAssetUrls(ctx, baseUrl, assets, referencedAssets(settings, assets), now),
  };
}

/**
 * The live preview of a job (DECISIONS: the app): its committed scenes with their compiled code,
 * theme, settings and assets, the uncommitted ones by title and length, and the soundtrack and MP4
 * once they exist, every file as a signed link. 409 `not_ready` before the plan exists.
 */
export function videoPreview(ctx: NodeContext, row: VideoRow, baseUrl: string, now = Date.now()): VideoPreview {
  if (!row.plan) throw new ServiceError('not_ready', `video ${row.id} has no plan yet; poll it until scenes_planned is above 0`);
  const plan = JSON.parse(row.plan) as { theme?: unknown; assets?: Record<string, string> };
  const scenes = ctx.videos.scenes(row.id).sort((a, b) => a.position - b.position);
  return {
    video_id: row.id,
    status: row.status,
    width: row.width,
    height: row.height,
    fps: row.fps,
    scenes: scenes.map((scene) => previewScene(ctx, baseUrl, row, scene, plan, now)),
    ...(row.soundtrack_path ? { soundtrack_url: signFileUrl(ctx.keys.downloads, baseUrl, row.soundtrack_path, now, PREVIEW_LINK_SECONDS) } : {}),
    ...(row.status === 'completed' && row.output_path ? { video_url: signFileUrl(ctx.keys.downloads, baseUrl, row.output_path, now, PREVIEW_LINK_SECONDS) } : {}),
  };
}
