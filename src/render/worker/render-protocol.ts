import type { SegmentVideoEncoder } from './segment-encoder.js';

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

/** One scene of a `segments` task and the file its segment goes to. */
export interface SegmentsTaskScene {
  inputProps: SceneInputProps;
  outputPath: string;
  /**
   * Only frames [from, to) of the scene (counted from its start), so a long scene can be split over
   * several workers: the whole scene is probed, the range's frames are captured and exactly
   * `to - from` frames are encoded, starting with a captured frame. A task with a range holds
   * exactly one scene.
   */
  frameRange?: [number, number];
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
      /** `png` keeps transparency: what the page leaves undrawn is alpha 0. */
      imageFormat: 'png' | 'jpeg';
      /** Pages rendering the frames side by side, at most the worker's frame concurrency. @default 1 */
      concurrency?: number;
    }
  | {
      type: 'segment';
      serveUrl: string;
      inputProps: SceneInputProps;
      outputPath: string;
      /** The FFmpeg binary the segment is encoded with. */
      ffmpeg: string;
      /** Capture every frame (no probe, no held frames): the reference renders of tests and benches. */
      captureAll?: boolean;
    }
  | {
      /**
       * Several scenes of one size and rate, each to its own segment, rendered as one timeline: one
       * probe and one set of pages for all of them instead of a set per scene.
       */
      type: 'segments';
      serveUrl: string;
      scenes: SegmentsTaskScene[];
      ffmpeg: string;
      captureAll?: boolean;
    };

/** Parent → worker. */
export interface TaskMessage {
  id: number;
  task: RenderTask;
}

/** Worker → parent. */
export type WorkerMessage =
  | { id: number; type: 'progress'; progress: number; renderedFrames: number; heldFrames?: number }
  | { id: number; type: 'audit'; audit: unknown }
  /**
   * A segment's capture plan, before capturing: the frames captured (the rest hold the last one
   * before them) and the frames the task's segments play. With a frame range, the captured frames
   * are counted from the scene's start and `frames` is the range's length.
   */
  | { id: number; type: 'plan'; capture: number[]; frames: number }
  | { id: number; type: 'done'; renderedFrames: number; heldFrames?: number }
  | { id: number; type: 'error'; message: string };

/** How the worker starts its browser; passed in its environment. */
export interface WorkerBrowserConfig {
  executable: string;
  chromeMode: 'headless-shell' | 'chrome-for-testing';
  /** Frames rendered in parallel inside one render. */
  concurrency: number;
  /** The bundled browser's compressed binary, unpacked into `executable` before the first launch. */
  unpackFrom?: string;
  /** Chromium's OpenGL backend (`angle-egl` on a GPU box); Chromium decides when unset. */
  gl?: 'angle-egl' | 'angle' | 'egl' | 'swangle';
  /** The encoder segments are written with (x264 unless a GPU encoder was found to work). */
  encoder?: SegmentVideoEncoder;
}

/** Quality of the JPEG frames captured from the browser on their way to the encoder. */
export const CAPTURE_JPEG_QUALITY = 92;
