/** Props of the `scene` composition (see compositions/scene-props.ts). */
export interface SceneInputProps {
  code: string;
  theme: unknown;
  settings: Record<string, unknown>;
  assets: Record<string, string>;
  width: number;
  height: number;
  fps: number;
  durationInFrames: number;
  /** Log a layout audit of each rendered frame, reported back as `audit` messages. */
  audit?: boolean;
  [key: string]: unknown;
}

/** Work a render worker does. */
export type RenderTask =
  | {
      type: 'stills';
      serveUrl: string;
      /** The composition: `scene` (default), or `gallery` (tests: one scene per frame). */
      composition?: 'scene' | 'gallery';
      inputProps: SceneInputProps;
      /** Frames to render, each to the output path at the same index. */
      frames: number[];
      outputPaths: string[];
      imageFormat: 'png' | 'jpeg';
    }
  | {
      type: 'segment';
      serveUrl: string;
      inputProps: SceneInputProps;
      outputPath: string;
    };

/** Parent → worker. */
export interface TaskMessage {
  id: number;
  task: RenderTask;
}

/** Worker → parent. */
export type WorkerMessage =
  | { id: number; type: 'progress'; progress: number; renderedFrames: number }
  | { id: number; type: 'audit'; audit: unknown }
  | { id: number; type: 'done'; renderedFrames: number }
  | { id: number; type: 'error'; message: string };

/** How the worker starts its browser; passed in its environment. */
export interface WorkerBrowserConfig {
  executable: string;
  chromeMode: 'headless-shell' | 'chrome-for-testing';
  /** Frames rendered in parallel inside one render. */
  concurrency: number;
  /** The bundled browser's compressed binary, unpacked into `executable` before the first launch. */
  unpackFrom?: string;
}

/**
 * Encoder settings every segment shares, so segments join with the concat demuxer without
 * re-encoding.
 */
export const SEGMENT_ENCODING = {
  codec: 'h264',
  crf: 20,
  pixelFormat: 'yuv420p',
  x264Preset: 'veryfast',
  imageFormat: 'jpeg',
  jpegQuality: 92,
} as const;
