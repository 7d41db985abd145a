import { useState, type FormEvent } from 'react';
import type { CreatedVideo, Video } from '../../api/types.js';
import { ConfirmButton } from '../../components/confirm-button.js';
import { ErrorNotice, fieldError } from '../../components/error-notice.js';
import { CheckboxField, InputField, SelectField, TextAreaField } from '../../components/fields.js';
import { isFinished } from '../../format/format.js';
import { useRouter } from '../../router/router.js';
import { renderBody, type RenderFileChoice } from '../../forms/render-body.js';
import { useApi } from '../../session/session-context.js';

/** Cancel while the job runs. */
export function CancelAction({ video, onChanged }: { video: Video; onChanged: (video: Video) => void }) {
  const api = useApi();
  const [error, setError] = useState<unknown>(undefined);
  if (isFinished(video.status)) return null;
  const cancel = () => {
    api.post<Video>(`../v1/videos/${encodeURIComponent(video.id)}/cancel`).then(onChanged, setError);
  };
  return (
    <div className="action">
      <ConfirmButton label="Cancel video" question="Cancel this video? Work done so far is charged." confirmLabel="Yes, cancel it" onConfirm={cancel} disabled={video.cancel_requested} danger />
      <ErrorNotice error={error} />
    </div>
  );
}

/** The formats the render form offers. */
const FORMAT_OPTIONS: { value: RenderFileChoice['format']; label: string }[] = [
  { value: '', label: 'MP4 (H.264)' },
  { value: 'webm', label: 'WebM (VP9)' },
  { value: 'mov', label: 'MOV (ProRes 4444, for editing)' },
  { value: 'gif', label: 'GIF (480 px, 12 fps, no sound)' },
];

/** Re-render a completed job at another size, frame rate or file format (`POST /render`). */
export function RenderAction({ video, onChanged }: { video: Video; onChanged: (video: Video) => void }) {
  const api = useApi();
  const [width, setWidth] = useState('');
  const [height, setHeight] = useState('');
  const [fps, setFps] = useState('');
  const [format, setFormat] = useState<RenderFileChoice['format']>('');
  const [transparent, setTransparent] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  if (video.status !== 'completed') return null;
  // Only WebM and MOV carry an alpha channel.
  const alpha = format === 'webm' || format === 'mov';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    api.post<Video>(`../v1/videos/${encodeURIComponent(video.id)}/render`, renderBody(width, height, fps, video.dimensions, { format, transparent: alpha && transparent })).then(
      (answer) => {
        setBusy(false);
        onChanged(answer);
      },
      (failure: unknown) => {
        setError(failure);
        setBusy(false);
      },
    );
  };
  const dimensionsError = fieldError(error, 'dimensions');
  return (
    <form className="action" onSubmit={onSubmit} aria-labelledby="render-title" noValidate>
      <h3 id="render-title">Render again</h3>
      <ErrorNotice error={error} shownFields={['dimensions', 'dimensions.width', 'dimensions.height', 'fps', 'format', 'background']} />
      <div className="field-grid">
        <InputField label="Width" type="number" min={128} max={3840} step={2} value={width} onChange={setWidth} placeholder={String(video.dimensions?.width ?? '')} error={fieldError(error, 'dimensions.width') ?? dimensionsError} />
        <InputField label="Height" type="number" min={128} max={3840} step={2} value={height} onChange={setHeight} placeholder={String(video.dimensions?.height ?? '')} error={fieldError(error, 'dimensions.height') ?? dimensionsError} />
        <SelectField label="Frame rate" value={fps} onChange={setFps} options={[{ value: '', label: `Same (${video.fps ?? 30} fps)` }, ...[24, 25, 30, 50, 60].map((n) => ({ value: String(n), label: `${n} fps` }))]} error={fieldError(error, 'fps')} />
        <SelectField label="Format" value={format} onChange={(value) => setFormat(value as RenderFileChoice['format'])} options={FORMAT_OPTIONS} error={fieldError(error, 'format')} />
      </div>
      <CheckboxField label={alpha ? 'Transparent background (to lay over footage)' : 'Transparent background (WebM and MOV only)'} checked={alpha && transparent} onChange={setTransparent} disabled={!alpha} error={fieldError(error, 'background')} />
      <button type="submit" disabled={busy}>
        {busy ? 'Starting…' : 'Render'}
      </button>
    </form>
  );
}

/** "Describe the change": makes the edit job (`POST /edit`) and opens its page. */
export function EditAction({ video }: { video: Video }) {
  const api = useApi();
  const { navigate } = useRouter();
  const [prompt, setPrompt] = useState('');
  const [render, setRender] = useState(true);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  if (!isFinished(video.status)) return null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    api.post<CreatedVideo>(`../v1/videos/${encodeURIComponent(video.id)}/edit`, { prompt, render }).then(
      (created) => navigate(`videos/${encodeURIComponent(created.id)}`),
      (failure: unknown) => {
        setError(failure);
        setBusy(false);
      },
    );
  };
  return (
    <form className="action" onSubmit={onSubmit} aria-labelledby="edit-title" noValidate>
      <h3 id="edit-title">Edit</h3>
      <ErrorNotice error={error} shownFields={['prompt']} />
      <TextAreaField label="Describe the change" value={prompt} onChange={setPrompt} rows={3} maxLength={10000} error={fieldError(error, 'prompt')} hint='For example: make the title say "Fast setup", make the text bigger, swap the first two scenes, use calmer music. English, German, French or Spanish.' />
      <CheckboxField label="Render the MP4 when the edit is made" checked={render} onChange={setRender} error={fieldError(error, 'render')} />
      <button type="submit" disabled={busy || prompt.trim() === ''}>
        {busy ? 'Starting the edit…' : 'Make the edit'}
      </button>
    </form>
  );
}
