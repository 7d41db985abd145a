/** A style pack as the kit reads it (see compositions/styles/style-packs.json). */
export interface Theme {
  id: string;
  palette: Record<string, string>;
  fonts: { heading: string; body: string };
  motion: { easing: string; entrance: string; durationFrames: number; staggerFrames: number };
  background: { kind: 'solid' | 'gradient' | 'grain' | 'shapes' | 'particles' };
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
}
