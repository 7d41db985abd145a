// The compositions the preview frame's Player plays: a video's scenes in order, or one infographic.
import { useMemo } from 'react';
import { AbsoluteFill, Audio, Series } from 'remotion';
import { playOrder } from './parse-message.js';
import { PreviewScene, SceneCard } from './preview-scene.js';
import type { InfographicPreviewData, VideoPreviewData } from './preview-types.js';

/** A video's scenes one after another (committed ones from their code, the rest as cards), with the soundtrack once mixed. */
export function VideoTimeline({ preview }: { preview: VideoPreviewData }) {
  return (
    <AbsoluteFill style={{ background: '#000' }}>
      <Series>
        {playOrder(preview.scenes).map((scene) => (
          // Mounted a second early, so the next scene's fonts and images are in by its first frame.
          <Series.Sequence key={scene.id} durationInFrames={scene.duration_in_frames} name={scene.title} premountFor={Math.round(preview.fps)}>
            {scene.committed && scene.code ? (
              <PreviewScene sceneId={scene.id} title={scene.title} code={scene.code} theme={scene.theme} settings={scene.settings} assets={scene.assets} />
            ) : (
              <SceneCard title={scene.title} note="Still being made…" tone="pending" />
            )}
          </Series.Sequence>
        ))}
      </Series>
      {preview.soundtrack_url ? <Audio src={preview.soundtrack_url} /> : null}
    </AbsoluteFill>
  );
}

/** The frames a video preview lasts: its scenes' lengths added up. */
export function timelineLength(preview: VideoPreviewData): number {
  return preview.scenes.reduce((sum, scene) => sum + scene.duration_in_frames, 0);
}

/** An infographic version with the form's values over its settings, as a render of them would show. */
export function InfographicScene({ preview, values }: { preview: InfographicPreviewData; values: Record<string, unknown> }) {
  const settings = useMemo(() => ({ ...preview.settings, ...values }), [preview.settings, values]);
  return (
    <PreviewScene
      sceneId={preview.versionId}
      title="Infographic"
      code={preview.code}
      theme={preview.theme}
      settings={settings}
      assets={preview.assets}
    />
  );
}
