import path from 'node:path';
import { ensureBundle } from '../bundle/ensure-bundle.js';
import type { FrameAudit, RenderPool } from '../render-pool.js';
import type { SceneInputProps } from '../worker/render-protocol.js';
import { compileScene } from './compile-scene.js';

/** The outcome of a scene's test render: its compiled code, the audit of its middle frame, and its stills. */
export interface TestedScene {
  code: string;
  audit?: FrameAudit;
  /** Every audited frame (see {@link holdFrames}), in frame order. */
  audits: FrameAudit[];
  /** The stills rendered, in frame order. */
  stills: { frame: number; path: string }[];
}

/** What the audit of a scene's middle frame found (the first five findings), for its writer to fix. */
export function auditFindings(audit: FrameAudit): string {
  const shown = audit.issues.slice(0, 5).map((issue) => `${issue.kind} of ${issue.element}: ${issue.detail}`);
  return `the layout audit of the middle frame found: ${shown.join('; ')}${audit.issues.length > 5 ? `; and ${audit.issues.length - 5} more` : ''}`;
}

/**
 * The frames a scene's test render samples, all inside its hold: after the entrance, before the
 * exit. The first and last frames are the scene frame's transition (a blank fade-in and fade-out),
 * which shows a critique nothing and an audit only text in passing. The hold is taken as 35% to 80%
 * of the scene (the kit's entrances settle within about three seconds), never inside the transition
 * of `SceneFrame` (its entrance takes half a second, its exit a third, each at most a quarter of the scene; both ends are kept half a second clear). The middle frame is
 * the one whose audit findings go back to the writer.
 */
export function holdFrames(durationInFrames: number, fps: number): { frames: number[]; middle: number } {
  const last = Math.max(0, durationInFrames - 1);
  // As SceneFrame computes its entrance's length (its exit is shorter).
  const transition = Math.max(1, Math.min(Math.round(fps * 0.5), Math.floor(durationInFrames / 4)));
  const clamp = (frame: number) => Math.max(Math.min(transition, last), Math.min(frame, last - transition));
  const middle = clamp(Math.floor(last / 2));
  const frames = [...new Set([clamp(Math.round(last * 0.35)), middle, clamp(Math.round(last * 0.8))])].sort((a, b) => a - b);
  return { frames, middle };
}

/**
 * Compiles and statically checks a scene's code, then renders three frames of its hold ({@link holdFrames}) in
 * one page with the layout audit on (text fits its boxes, nothing leaves the canvas, contrast).
 * Throws `SceneCodeError` for code that does not compile or pass the check, `RenderError` for a
 * scene that does not render. Stills go to `dir`.
 */
export async function testRenderScene(
  pool: RenderPool,
  cacheDir: string,
  source: string,
  props: Pick<SceneInputProps, 'theme' | 'settings' | 'assets' | 'width' | 'height' | 'fps' | 'durationInFrames'>,
  dir: string,
  options: { name: string; signal?: AbortSignal; urgent?: boolean },
): Promise<TestedScene> {
  const { code } = await compileScene(source);
  const { frames, middle } = holdFrames(props.durationInFrames, props.fps);
  const serveUrl = await ensureBundle(cacheDir);
  const audits: FrameAudit[] = [];
  const stills = frames.map((frame) => ({ frame, path: path.join(dir, `${options.name}-${frame}.jpeg`) }));
  await pool.run(
    {
      type: 'stills',
      serveUrl,
      inputProps: { ...props, code, audit: true },
      frames,
      outputPaths: stills.map((still) => still.path),
      imageFormat: 'jpeg',
    },
    { onAudit: (audit) => audits.push(audit), ...(options.signal ? { signal: options.signal } : {}), ...(options.urgent ? { urgent: true } : {}) },
  );
  audits.sort((a, b) => a.frame - b.frame);
  const audit = audits.find((entry) => entry.frame === middle);
  return { code, ...(audit ? { audit } : {}), audits, stills };
}
