import path from 'node:path';
import { ensureBundle } from '../bundle/ensure-bundle.js';
import type { FrameAudit, RenderPool } from '../render-pool.js';
import type { SceneInputProps } from '../worker/render-protocol.js';
import { compileScene } from './compile-scene.js';

/** The outcome of a scene's test render: its compiled code, the audit of its middle frame, and its stills. */
export interface TestedScene {
  code: string;
  audit?: FrameAudit;
  /** Every audited frame (first, middle, last), in frame order. */
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
 * Compiles and statically checks a scene's code, then renders its first, middle and last frames in
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
  const last = props.durationInFrames - 1;
  const middle = Math.floor(last / 2);
  const frames = [...new Set([0, middle, last])];
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
