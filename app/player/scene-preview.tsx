// The app's side of the live preview: a sandboxed frame (no allow-same-origin, so scene code runs
// in an opaque origin away from the session and the API) that the app feeds by postMessage.
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { FromFrameMessage, InfographicPreviewData, ToFrameMessage, VideoPreviewData } from './preview-types.js';

export type { InfographicPreviewData, PreviewSceneData, VideoPreviewData } from './preview-types.js';

/** What both previews report back. */
interface FrameCallbacks {
  /** The frame playing, at most about five times a second. */
  onFrame?: (frame: number) => void;
  /** A scene that failed (it shows an error card; the others play) or a preview the frame refused. */
  onError?: (message: string, sceneId?: string) => void;
}

function isFromFrame(data: unknown): data is FromFrameMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type } = data as { type?: unknown };
  if (type === 'ready') return true;
  if (type === 'frame') return Number.isFinite((data as { frame?: unknown }).frame);
  return type === 'error' && typeof (data as { message?: unknown }).message === 'string';
}

/** The frame element, posting `message` once the frame is ready and again whenever it changes. */
function PreviewFrame({ message, width, height, title, onFrame, onError }: { message: ToFrameMessage; width: number; height: number; title: string } & FrameCallbacks) {
  const frame = useRef<HTMLIFrameElement>(null);
  // Counts the frame's `ready`s: a frame document that loads again is fed again.
  const [readyCount, setReadyCount] = useState(0);
  const callbacks = useRef<FrameCallbacks>({});
  callbacks.current = { onFrame, onError };
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only our own frame's messages: its origin is opaque ("null"), so the window is what identifies it.
      if (!frame.current || event.source !== frame.current.contentWindow || !isFromFrame(event.data)) return;
      const data = event.data;
      if (data.type === 'ready') setReadyCount((count) => count + 1);
      else if (data.type === 'frame') callbacks.current.onFrame?.(data.frame);
      else callbacks.current.onError?.(data.message, data.scene_id);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  useEffect(() => {
    // A sandboxed frame's origin is opaque and cannot be named: '*' with the frame's own window.
    if (readyCount > 0) frame.current?.contentWindow?.postMessage(message, '*');
  }, [readyCount, message]);
  const style: CSSProperties = { display: 'block', width: '100%', aspectRatio: `${width} / ${height}`, border: 0, background: '#000' };
  return (
    <iframe
      ref={frame}
      src="player-frame"
      sandbox="allow-scripts"
      allow="autoplay; fullscreen"
      title={title}
      style={style}
    />
  );
}

/** The live preview of a video: its committed scenes play from their own code, the rest as "still being made" cards. */
export function ScenePreview({ preview, autoplay, title = 'Live preview', onFrame, onError }: { preview: VideoPreviewData; autoplay?: boolean; title?: string } & FrameCallbacks) {
  const message = useMemo((): ToFrameMessage => ({ type: 'preview', preview, ...(autoplay ? { autoplay } : {}) }), [preview, autoplay]);
  return <PreviewFrame message={message} width={preview.width} height={preview.height} title={title} onFrame={onFrame} onError={onError} />;
}

/** The live preview of an infographic version with a form's values over its settings; new values show at once. */
export function InfographicPreview({ preview, settings, title = 'Infographic preview', onFrame, onError }: { preview: InfographicPreviewData; settings: Record<string, unknown>; title?: string } & FrameCallbacks) {
  const message = useMemo((): ToFrameMessage => ({ type: 'infographic', preview, settings }), [preview, settings]);
  return <PreviewFrame message={message} width={preview.width} height={preview.height} title={title} onFrame={onFrame} onError={onError} />;
}
