import { useMemo, useState } from 'react';
import type { CreatedVideo, Frames, Video } from '../../api/types.js';
import { ErrorNotice } from '../../components/error-notice.js';
import { CheckboxField } from '../../components/fields.js';
import type { VideoPreviewData } from '../../player/preview-types.js';
import { ScenePreview } from '../../player/scene-preview.js';
import { useRouter } from '../../router/router.js';
import { useApi } from '../../session/session-context.js';
import { draftOperations, emptyDraft, previewWithDraft, type SceneDraft } from './scene-draft.js';
import { SceneEditor } from './scene-editor.js';
import { SceneStrip } from './scene-strip.js';

/** The scene numbers a draft changes (texts, length, colour, picture), for the strip's marks. */
function changedScenes(draft: SceneDraft): Set<number> {
  return new Set([draft.texts, draft.seconds, draft.textColors, draft.pictures].flatMap((byScene) => Object.keys(byScene).map(Number)));
}

/**
 * The scene editor of a finished video: the strip of its scenes (choose, move, remove), the chosen
 * scene's settings as inputs, a live preview of the changes before anything is made, and "Make
 * these changes", which sends them as edit operations (`POST /edit` with `operations`) and opens
 * the new edit job, where only the changed scenes are redrawn.
 */
export function SceneEditing({ video, frames, preview }: { video: Video; frames: Frames | undefined; preview: VideoPreviewData | undefined }) {
  const api = useApi();
  const { navigate } = useRouter();
  const count = video.scenes.length;
  const [draft, setDraft] = useState<SceneDraft>(() => emptyDraft(count));
  const [selected, setSelected] = useState<number | undefined>(undefined);
  const [render, setRender] = useState(true);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const operations = useMemo(() => draftOperations(draft, count), [draft, count]);
  const shown = useMemo(() => (preview === undefined || operations.length === 0 ? undefined : previewWithDraft(preview, draft)), [preview, draft, operations.length]);
  const emptyText = Object.values(draft.texts).some((texts) => Object.values(texts).some((text) => text.trim() === ''));
  const chosen = selected !== undefined && draft.order.includes(selected) ? selected : undefined;
  const chosenScene = chosen === undefined ? undefined : preview?.scenes.find((scene) => scene.id === video.scenes[chosen - 1]?.id);

  const make = () => {
    setBusy(true);
    setError(undefined);
    api.post<CreatedVideo>(`../v1/videos/${encodeURIComponent(video.id)}/edit`, { operations, render }).then(
      (created) => navigate(`videos/${encodeURIComponent(created.id)}`),
      (failure: unknown) => {
        setError(failure);
        setBusy(false);
      },
    );
  };

  return (
    <div className="scene-editing">
      <p className="hint">Choose a scene to change its texts, picture, colours and length; move or remove scenes with the buttons under them. Nothing changes until you make the edit, which makes a new video and redraws only the scenes you changed.</p>
      <SceneStrip video={video} frames={frames?.frames ?? []} order={draft.order} changed={changedScenes(draft)} seconds={draft.seconds} selected={chosen} onSelect={setSelected} onOrder={(order) => setDraft({ ...draft, order })} />
      {chosen === undefined ? null : chosenScene === undefined ? (
        <p role="status">Loading scene {chosen}…</p>
      ) : (
        <SceneEditor number={chosen} scene={chosenScene} durationSeconds={video.scenes[chosen - 1]!.duration_seconds} language={video.audio?.narration_language} draft={draft} onDraft={setDraft} />
      )}
      {shown === undefined ? null : (
        <div className="preview-box draft-preview">
          <ScenePreview preview={shown} title="Preview of your changes" />
          <p className="meta">The preview plays the scenes with your changes; the edit redraws them properly.</p>
        </div>
      )}
      <div className="scene-editing-send" aria-live="polite">
        <ErrorNotice error={error} />
        {operations.length === 0 ? (
          <p className="meta">No changes yet.</p>
        ) : (
          <p>
            {operations.length} change{operations.length === 1 ? '' : 's'} to make.{' '}
            <button type="button" onClick={() => setDraft(emptyDraft(count))}>
              Undo all
            </button>
          </p>
        )}
        {emptyText ? <p className="field-error">A text is empty; write something or set it back.</p> : null}
        <CheckboxField label="Render the MP4 when these changes are made" checked={render} onChange={setRender} />
        <button type="button" className="primary" onClick={make} disabled={busy || operations.length === 0 || emptyText}>
          {busy ? 'Starting the edit…' : 'Make these changes'}
        </button>
      </div>
    </div>
  );
}
