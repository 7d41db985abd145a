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
 * range's first frame counts as changed). Reports through the browser console, then releases its
 * single still.
 */
export const ProbeHost: React.FC<(SceneProps | TimelineProps) & { probeRange?: [number, number] }> = (props) => {
  // A frame range of a long scene (rendered by one of several workers) walks only its own frames.
  const [from, to] = props.probeRange ?? [0, props.durationInFrames];
  const [frame, setFrame] = useState(from);
  const [handle] = useState(() => delayRender('probing which frames change'));
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const run = async () => {
      const report: FrameProbe = { frames: props.durationInFrames, changed: [], volatile: [] };
      let previous: string | undefined;
      for (let at = from; at < to; at += 1) {
        if (at > from) flushSync(() => setFrame(at));
        await tick();
        await settled(handle);
        const element = root.current;
        if (!element) throw new Error('frame probe: the scene did not mount');
        const markup = element.innerHTML;
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
