/** File formats a render can be delivered in. */
export const OUTPUT_FORMATS = ['mp4', 'webm', 'gif', 'mov'] as const;

/** A render's file format: `mp4` (H.264 + AAC), `webm` (VP9 + Opus), `gif` (no sound) or `mov` (ProRes 4444 + PCM). */
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** What a render shows behind the scene's content. */
export const RENDER_BACKGROUNDS = ['opaque', 'transparent'] as const;

/** `opaque`: the style pack's background; `transparent`: none, the video carries an alpha channel. */
export type RenderBackground = (typeof RENDER_BACKGROUNDS)[number];

/** The formats that carry an alpha channel, so the only ones a transparent render may ask for. */
export const ALPHA_FORMATS: readonly OutputFormat[] = ['webm', 'mov'];

/** The format and background of a render, resolved. */
export interface RenderOutput {
  format: OutputFormat;
  background: RenderBackground;
}

/** The output of a render that asks for nothing: an opaque MP4. */
export const DEFAULT_RENDER_OUTPUT: RenderOutput = { format: 'mp4', background: 'opaque' };

/** Each format's file extension and the content type it is served with. */
export const FORMAT_FILES: Record<OutputFormat, { extension: string; contentType: string }> = {
  mp4: { extension: '.mp4', contentType: 'video/mp4' },
  webm: { extension: '.webm', contentType: 'video/webm' },
  gif: { extension: '.gif', contentType: 'image/gif' },
  mov: { extension: '.mov', contentType: 'video/quicktime' },
};

/**
 * The GIF's longest side and frame rate. A GIF has no inter-frame compression worth the name and
 * 256 colours a frame: at 480 px and 12 fps (and a 128-colour palette) a 10 s clip of the kit's
 * scenes is about 0.8 MB (test/e2e/render-formats.test.ts measures it), small enough for a README, a
 * chat or an email, while text is still readable and motion still reads as motion. The same clip
 * at 640 px is 1.25 MB, at 24 fps 1.14 MB: more bytes for little a viewer of a GIF notices.
 */
export const GIF_MAX_SIDE = 480;
/** @see GIF_MAX_SIDE */
export const GIF_FPS = 12;

/** The size and rate a GIF of a render is made at: the render's, scaled down so its longer side is at most {@link GIF_MAX_SIDE}, at most {@link GIF_FPS}. */
export function gifShape(shape: { width: number; height: number; fps: number }): { width: number; height: number; fps: number } {
  const scale = Math.min(1, GIF_MAX_SIDE / Math.max(shape.width, shape.height));
  return { width: Math.max(2, Math.round(shape.width * scale)), height: Math.max(2, Math.round(shape.height * scale)), fps: Math.min(GIF_FPS, shape.fps) };
}

/** Why a format and background cannot go together, or undefined when they can. */
export function renderOutputProblem(output: RenderOutput): string | undefined {
  if (output.background === 'transparent' && !ALPHA_FORMATS.includes(output.format)) {
    return `background transparent needs a format with an alpha channel (webm or mov); ${output.format} has none`;
  }
  return undefined;
}

/** A render's file name: its id and the format's extension. */
export function renderFileName(id: string, format: OutputFormat): string {
  return `${id}${FORMAT_FILES[format].extension}`;
}
