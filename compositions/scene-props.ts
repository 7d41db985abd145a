/** A style pack as the kit reads it (see compositions/styles/style-packs.json). */
export interface Theme {
  id: string;
  palette: Record<string, string>;
  fonts: { heading: string; body: string };
  motion: { easing: string; entrance: string; durationFrames: number; staggerFrames: number };
  background: { kind: 'solid' | 'gradient' | 'grain' | 'shapes' | 'particles' };
  /** How the pack composes: text alignment, corner rounding (0..1), the ornament under headings. */
  layout?: { align: 'left' | 'center'; radius: number; ornament: 'bar' | 'underline' | 'frame' | 'dot' | 'none'; uppercaseHeadings: boolean };
  /** `3d` adds depth (shadows, perspective) to cards and charts. */
  depth?: '2d' | '3d';
  /** The brand shown, when a brand kit or brand settings gave one. */
  brand?: { name?: string };
  /**
   * A transparent render (`background: transparent`): the kit draws no background or backdrop,
   * only the content, and what is left undrawn is alpha 0 in the video. @default false
   */
  transparent?: boolean;
}

/** Input props of the `scene` composition: compiled scene code and what it is given. */
export interface SceneProps extends Record<string, unknown> {
  /** CommonJS produced by esbuild from the scene's TSX. */
  code: string;
  theme: Theme;
  /** Values the scene shows and a user may override (texts, numbers, colors). */
  settings: Record<string, unknown>;
  /** Asset URLs by name. */
  assets: Record<string, string>;
  width: number;
  height: number;
  fps: number;
  durationInFrames: number;
  /** Log a layout audit of every rendered frame to the browser console (tests and test renders). */
  audit?: boolean;
  /** The frame number audits report, when it is not the scene's own (the gallery composition). */
  auditFrame?: number;
}

/** One scene of the `gallery` composition. */
export interface GalleryScene {
  code: string;
  theme: Theme;
  settings: Record<string, unknown>;
  assets: Record<string, string>;
  /** The gallery's own timing for this scene (a paged body needs a scene as long as a real one): its length, and the frame it is frozen at. */
  durationInFrames?: number;
  settledFrame?: number;
}

/**
 * Input props of the `gallery` composition (tests): frame i shows scene i frozen at
 * `settledFrame`, so one page renders a whole gallery at one size.
 */
export interface GalleryProps extends SceneProps {
  scenes: GalleryScene[];
  settledFrame: number;
}

/** Input props of the `timeline` composition: scenes played one after another (bench and tests). */
export interface TimelineProps extends SceneProps {
  scenes: (GalleryScene & { durationInFrames: number })[];
}
