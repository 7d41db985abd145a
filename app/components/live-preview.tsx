import { useState } from 'react';
import { InfographicPreview, ScenePreview, type InfographicPreviewData, type VideoPreviewData } from '../player/scene-preview.js';

/** The live preview of a video's scenes with the frame's errors shown under it; a reserved box until the plan exists. */
export function VideoLivePreview({ preview }: { preview: VideoPreviewData | undefined }) {
  const [problem, setProblem] = useState<string | undefined>(undefined);
  if (preview === undefined) {
    return (
      <div className="preview-box preview-empty">
        <p>The live preview starts once the scenes are planned.</p>
      </div>
    );
  }
  const committed = preview.scenes.filter((scene) => scene.committed).length;
  return (
    <div className="preview-box">
      <ScenePreview preview={preview} title={`Live preview: ${committed} of ${preview.scenes.length} scenes made`} onError={setProblem} />
      <p className="meta" aria-live="polite">
        {committed === preview.scenes.length ? `All ${committed} scenes made.` : `${committed} of ${preview.scenes.length} scenes made; the rest show as still being made.`}
        {problem === undefined ? '' : ` Preview problem: ${problem}`}
      </p>
    </div>
  );
}

/** The live preview of an infographic version with the form's values over its settings. */
export function InfographicLivePreview({ preview, settings }: { preview: InfographicPreviewData; settings: Record<string, unknown> }) {
  const [problem, setProblem] = useState<string | undefined>(undefined);
  return (
    <div className="preview-box">
      <InfographicPreview preview={preview} settings={settings} onError={setProblem} />
      <p className="meta" aria-live="polite">
        {problem === undefined ? 'The preview follows the form as you change it.' : `Preview problem: ${problem}`}
      </p>
    </div>
  );
}
