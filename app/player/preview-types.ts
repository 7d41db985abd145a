// The data the preview plays and the messages the app and its sandboxed preview frame exchange.
import type { Theme } from '../../compositions/scene-props.js';

/** One scene of `GET /v1/videos/{id}/preview`. */
export interface PreviewSceneData {
  id: string;
  position: number;
  title: string;
  duration_in_frames: number;
  committed: boolean;
  /** Compiled scene code, on committed scenes only. */
  code?: string;
  theme: Theme;
  settings: Record<string, unknown>;
  assets: Record<string, string>;
}

/** The answer of `GET /v1/videos/{id}/preview`. */
export interface VideoPreviewData {
  video_id: string;
  status: string;
  width: number;
  height: number;
  fps: number;
  scenes: PreviewSceneData[];
  soundtrack_url?: string;
  video_url?: string;
}

/** The answer of `GET /v1/infographics/{id}/versions/{versionId}/preview`. */
export interface InfographicPreviewData {
  versionId: string;
  width: number;
  height: number;
  fps: number;
  durationInFrames: number;
  code: string;
  theme: Theme;
  settings: Record<string, unknown>;
  assets: Record<string, string>;
}

/** What the app posts to the frame. */
export type ToFrameMessage =
  | { type: 'preview'; preview: VideoPreviewData; autoplay?: boolean }
  | { type: 'infographic'; preview: InfographicPreviewData; settings: Record<string, unknown> };

/** What the frame posts to the app. */
export type FromFrameMessage =
  | { type: 'ready' }
  | { type: 'frame'; frame: number }
  | { type: 'error'; message: string; scene_id?: string };
