// The sandboxed preview frame (/app/player-frame): takes a preview from the app by postMessage and
// plays it in @remotion/player with the scene kit, evaluating each scene's compiled code exactly as
// a render does. It runs in an opaque origin: scene code can reach neither the session nor the API.
import './storage-shim.js';
import './player-frame.css';
import { Player, type PlayerRef } from '@remotion/player';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { parseToFrameMessage } from './parse-message.js';
import { InfographicScene, timelineLength, VideoTimeline } from './preview-compositions.js';
import { SceneErrorContext } from './preview-scene.js';
import type { FromFrameMessage, ToFrameMessage } from './preview-types.js';
import { throttleLatest } from './throttle.js';

/** How often at most the frame reports the playing frame to the app. */
const FRAME_REPORT_MS = 200;

// The app's origin cannot be named from an opaque origin; nothing posted here is secret.
const post = (message: FromFrameMessage) => window.parent.postMessage(message, '*');

const playerStyle = { width: '100%', height: '100%' } as const;

function FramePlayer({ message }: { message: ToFrameMessage }) {
  const player = useRef<PlayerRef>(null);
  useEffect(() => {
    const current = player.current;
    if (!current) return;
    const frames = throttleLatest<number>((frame) => post({ type: 'frame', frame }), FRAME_REPORT_MS);
    const onFrame = (event: { detail: { frame: number } }) => frames.push(event.detail.frame);
    current.addEventListener('frameupdate', onFrame);
    return () => {
      current.removeEventListener('frameupdate', onFrame);
      frames.cancel();
    };
  }, [message.type]);

  if (message.type === 'infographic') {
    const { preview, settings } = message;
    return (
      <Player
        ref={player}
        component={InfographicScene}
        inputProps={{ preview, values: settings }}
        durationInFrames={preview.durationInFrames}
        fps={preview.fps}
        compositionWidth={preview.width}
        compositionHeight={preview.height}
        controls
        loop
        autoPlay
        style={playerStyle}
        acknowledgeRemotionLicense
      />
    );
  }
  const { preview, autoplay } = message;
  const length = timelineLength(preview);
  if (length === 0) return <p className="frame-notice">No scenes are planned yet.</p>;
  const first = preview.scenes[0];
  // Before play it stands on a real frame, as the video's poster does: about 80% into the first
  // scene, its entrances settled (frame 0 is mostly the empty background before anything comes in).
  const posterFrame = first?.committed && autoplay !== true ? Math.min(length - 1, Math.floor(first.duration_in_frames * 0.8)) : 0;
  return (
    <Player
      ref={player}
      component={VideoTimeline}
      inputProps={{ preview }}
      durationInFrames={length}
      fps={preview.fps}
      compositionWidth={preview.width}
      compositionHeight={preview.height}
      controls
      initialFrame={posterFrame}
      autoPlay={autoplay === true}
      // Browsers refuse sound that starts without a click; muted, autoplay is allowed (unmute in the controls).
      initiallyMuted={autoplay === true}
      style={playerStyle}
      acknowledgeRemotionLicense
    />
  );
}

/** Which player is up: a new video or version, another size, or a first scene mounts a fresh one. */
function playerKey(message: ToFrameMessage): string {
  const { preview } = message;
  const id = message.type === 'preview' ? `${message.preview.video_id}:${timelineLength(message.preview) > 0}` : message.preview.versionId;
  return `${message.type}:${id}:${preview.width}x${preview.height}@${preview.fps}`;
}

function PreviewFrame() {
  const [message, setMessage] = useState<ToFrameMessage>();
  const reported = useRef(new Set<string>());
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only the app that embeds the frame drives it.
      if (event.source !== window.parent) return;
      const parsed = parseToFrameMessage(event.data);
      if (!parsed) return;
      if ('error' in parsed) post({ type: 'error', message: parsed.error });
      else setMessage(parsed.message);
    };
    window.addEventListener('message', onMessage);
    post({ type: 'ready' });
    return () => window.removeEventListener('message', onMessage);
  }, []);
  const reportSceneError = useCallback((sceneId: string, text: string) => {
    const key = `${sceneId}\0${text}`;
    if (reported.current.has(key)) return;
    reported.current.add(key);
    post({ type: 'error', message: text, scene_id: sceneId });
  }, []);
  return (
    <main className="frame">
      {message ? (
        <SceneErrorContext.Provider value={reportSceneError}>
          <FramePlayer key={playerKey(message)} message={message} />
        </SceneErrorContext.Provider>
      ) : (
        <p className="frame-notice">Loading the preview…</p>
      )}
    </main>
  );
}

const container = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
createRoot(container).render(<PreviewFrame />);
