import React, { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { AbsoluteFill, cancelRender, continueRender, delayRender, Freeze } from 'remotion';
import { SceneHost } from './scene-host';
import type { SceneProps, TimelineProps } from './scene-props';
import { TimelineHost } from './timeline-host';

/** The prefix the probe logs its report with (read by src/render/worker/render-worker.ts). */
export const PROBE_LOG_PREFIX = '[kit-probe] ';

/** What the probe reports: the frames whose page differs from the frame before, and the frames that show moving media. */
export interface FrameProbe {
  frames: number;
  /** Frames whose rendered markup differs from the previous frame's (frame 0 always). */
  changed: number[];
  /** Frames that show something markup does not describe (a canvas, a video, a running CSS animation): always captured. */
  volatile: number[];
  /**
   * `[frame, scale, x, y]` of each frame drawn whole through one camera (see {@link frameCamera}):
   * its stage point p is drawn at `scale * p + (x, y)` frame px. On these frames `changed` compares
   * the markup without the camera's transform, so a move of the camera alone is no change: the
   * renderer moves the last captured picture instead (src/render/worker/hold-plan.ts).
   */
  cameras: [number, number, number, number][];
  /**
   * `[frame, opacity]` of each frame with one fading element (`data-kit-fade`, SceneFrame's exit):
   * on these frames `changed` compares the markup without that element's opacity, so a fade alone
   * is no change: the renderer blends the captured pictures at its two ends instead
   * (src/render/worker/hold-plan.ts).
   */
  fades: [number, number][];
}

/** Whether an element draws nothing: no box of its own or of anything inside it. */
function drawsNothing(element: Element): boolean {
  if (element instanceof HTMLAudioElement || element instanceof HTMLScriptElement || element instanceof HTMLStyleElement) return true;
  for (const node of [element, ...Array.from(element.querySelectorAll('*'))]) {
    const rect = node.getBoundingClientRect();
    if (rect.width > 0 && rect.height > 0 && getComputedStyle(node).visibility !== 'hidden') return false;
  }
  return true;
}

/** A computed transform as a uniform scale and a translation (`matrix(s, 0, 0, s, e, f)` or none), or null. */
function scaleAndShift(transform: string): [number, number, number] | null {
  if (transform === 'none' || transform === '') return [1, 0, 0];
  const m = /^matrix\(([^)]+)\)$/.exec(transform);
  if (!m) return null;
  const [a, b, c, d, e, f] = m[1]!.split(',').map(Number) as [number, number, number, number, number, number];
  if (b !== 0 || c !== 0 || a !== d || !(a > 0)) return null;
  return [a, e, f];
}

/**
 * The camera a frame is drawn through: the outermost element with `data-kit-camera` when it draws
 * the whole frame, so that moving the frame's picture is the same as moving the camera. That holds
 * when it lies at the frame's origin at the frame's size, no element around it is transformed,
 * nothing outside it draws, and its own transform is a translate and a uniform scale. Returns the
 * element and its pose (scale, x, y in frame px), or null.
 */
function frameCamera(root: HTMLElement): { element: HTMLElement; pose: [number, number, number] } | null {
  const element = root.querySelector<HTMLElement>('[data-kit-camera]');
  if (!element || element.offsetWidth !== root.offsetWidth || element.offsetHeight !== root.offsetHeight) return null;
  let left = 0;
  let top = 0;
  for (let at: HTMLElement | null = element; at && at !== root; at = at.offsetParent as HTMLElement | null) {
    left += at.offsetLeft;
    top += at.offsetTop;
  }
  if (left !== 0 || top !== 0) return null;
  for (let at: HTMLElement = element; at !== root; ) {
    const parent = at.parentElement;
    if (!parent) return null;
    if (parent !== root && getComputedStyle(parent).transform !== 'none') return null;
    for (const sibling of Array.from(parent.children)) if (sibling !== at && !drawsNothing(sibling)) return null;
    at = parent;
  }
  const style = getComputedStyle(element);
  const shift = scaleAndShift(style.transform);
  if (!shift) return null;
  const [originX, originY] = style.transformOrigin.split(' ').map((value) => parseFloat(value)) as [number, number];
  const [scale, e, f] = shift;
  return { element, pose: [scale, originX * (1 - scale) + e, originY * (1 - scale) + f] };
}

/** The frame's one fading element (`data-kit-fade`) and its opacity, or null (none, or more than one). */
function frameFade(root: HTMLElement): { element: HTMLElement; opacity: number } | null {
  const fading = root.querySelectorAll<HTMLElement>('[data-kit-fade]');
  if (fading.length !== 1) return null;
  const element = fading[0]!;
  const opacity = element.style.opacity === '' ? 1 : Number(element.style.opacity);
  return Number.isFinite(opacity) && opacity >= 0 && opacity <= 1 ? { element, opacity } : null;
}

/** The page's markup with the camera's transform and the fade's opacity left out (their elements restored after). */
function markupWithout(root: HTMLElement, camera: HTMLElement | undefined, fade: HTMLElement | undefined): string {
  const saved = [camera, fade].map((element) => element?.getAttribute('style') ?? null);
  camera?.style.removeProperty('transform');
  fade?.style.removeProperty('opacity');
  const markup = root.innerHTML;
  [camera, fade].forEach((element, index) => {
    if (!element) return;
    const style = saved[index]!;
    if (style === null) element.removeAttribute('style');
    else element.setAttribute('style', style);
  });
  return markup;
}

/** Resolves once no render handle but `own` is pending (fonts, images), polling; gives up after `limitMs`. */
async function settled(own: number, limitMs = 20_000): Promise<void> {
  const started = performance.now();
  for (;;) {
    const pending = Object.keys(window.remotion_delayRenderTimeouts ?? {}).filter((handle) => handle !== String(own));
    if (pending.length === 0) return;
    if (performance.now() - started > limitMs) throw new Error(`frame probe: the scene still waits on ${pending.length} render handle(s) after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** One macrotask: React's scheduled work (passive effects and the renders they cause) runs first. */
function tick(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** Whether the page shows something its markup does not pin down, so equal markup would not mean equal pixels. */
function showsMovingMedia(root: HTMLElement): boolean {
  return root.querySelector('canvas, video, iframe') !== null || document.getAnimations().some((animation) => animation.playState === 'running');
}

/**
 * The `probe` composition: a scene, or a timeline of scenes (props with `scenes`), rendered once per
 * frame inside one page (frozen at each frame in turn), with its markup compared frame to frame.
 * Frames whose markup equals the previous frame's show the same pixels, so the renderer captures
 * one frame per still stretch and holds it. With `probeRange` only those frames are walked (the
 * range's first frame counts as changed). A frame drawn whole through a camera reports the
 * camera's pose apart from its markup, so a camera move over a still stage is no change (see
 * {@link frameCamera}). Reports through the browser console, then releases its single still.
 */
export const ProbeHost: React.FC<(SceneProps | TimelineProps) & { probeRange?: [number, number] }> = (props) => {
  // A frame range of a long scene (rendered by one of several workers) walks only its own frames.
  const [from, to] = props.probeRange ?? [0, props.durationInFrames];
  const [frame, setFrame] = useState(from);
  const [handle] = useState(() => delayRender('probing which frames change'));
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const run = async () => {
      const report: FrameProbe = { frames: props.durationInFrames, changed: [], volatile: [], cameras: [], fades: [] };
      let previous: string | undefined;
      for (let at = from; at < to; at += 1) {
        if (at > from) flushSync(() => setFrame(at));
        await tick();
        await settled(handle);
        const element = root.current;
        if (!element) throw new Error('frame probe: the scene did not mount');
        const camera = frameCamera(element);
        const fade = frameFade(element);
        // A frame with a camera or a fade compares its markup without the camera's transform and
        // the fade's opacity; the prefixes keep it from ever matching a frame without them.
        const markup = camera || fade ? `${camera ? 'camera:' : ''}${fade ? 'fade:' : ''}${markupWithout(element, camera?.element, fade?.element)}` : element.innerHTML;
        if (camera) report.cameras.push([at, ...camera.pose]);
        if (fade) report.fades.push([at, fade.opacity]);
        if (markup !== previous) report.changed.push(at);
        if (showsMovingMedia(element)) report.volatile.push(at);
        previous = markup;
      }
      console.log(PROBE_LOG_PREFIX + JSON.stringify(report));
      continueRender(handle);
    };
    run().catch((error: unknown) => cancelRender(error));
    // Runs once: the probe walks the frames itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <AbsoluteFill ref={root}>
      <Freeze frame={frame}>{'scenes' in props && Array.isArray(props.scenes) ? <TimelineHost {...(props as TimelineProps)} /> : <SceneHost {...props} audit={false} />}</Freeze>
    </AbsoluteFill>
  );
};
