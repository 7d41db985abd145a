import { useMemo, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/api-error.js';
import type { CreatedVideo, Voice } from '../../api/types.js';
import { ErrorNotice } from '../../components/error-notice.js';
import { CheckboxField, InputField, SelectField, TextAreaField, type Option } from '../../components/fields.js';
import { languageLabel, NARRATION_LANGUAGES } from '../../forms/languages.js';
import { AI_VIDEO_CHOICES, ASPECT_RATIOS, CAPTION_CHOICES, emptyVideoForm, fitFormToModel, videoCreateBody, type Toggle, type VideoForm } from '../../forms/video-form.js';
import { formatCredits } from '../../format/format.js';
import { useRouter } from '../../router/router.js';
import { useApi } from '../../session/session-context.js';
import { AttachmentsEditor } from './attachments-editor.js';
import { EstimatePanel } from './estimate-panel.js';
import { estimateProblem, useEstimate } from './use-estimate.js';
import { useCatalogs } from './use-catalogs.js';

const TOGGLE_OPTIONS: Option[] = [
  { value: 'auto', label: 'From the prompt', detail: 'As the prompt says; the default.' },
  { value: 'on', label: 'On' },
  { value: 'off', label: 'Off' },
];

/** Fields with a control on this form; errors for any other field are listed above the form. */
const FORM_FIELDS = ['prompt', 'model', 'aspect_ratio', 'duration', 'animation_style', 'narration_voice', 'narration_language', 'narration', 'music', 'sfx', 'captions', 'brand_kit_id', 'ai_video', 'storyboard', 'render'];

/** The New video form: the create fields that matter to a person, with the estimate before submit. */
export function NewVideoPage() {
  const api = useApi();
  const { navigate } = useRouter();
  const catalogs = useCatalogs();
  const [form, setForm] = useState<VideoForm>(emptyVideoForm);
  const [submitError, setSubmitError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const body = useMemo(() => videoCreateBody(form), [form]);
  const estimate = useEstimate(body, form.prompt.trim() !== '');
  const patch = (changes: Partial<VideoForm>) => setForm((current) => ({ ...current, ...changes }));

  // A refused submit names its fields; else the estimate's refusal does, as the form is typed.
  const shownError = submitError ?? estimate.error;
  const fields = shownError instanceof ApiError ? shownError.fields : {};
  const attachmentFields = Object.keys(fields).filter((field) => /^(images|documents|audio)/.test(field));

  const models = catalogs.models.data?.models ?? [];
  const model = models.find((item) => item.id === form.model) ?? models.find((item) => item.default);
  const modelOptions: Option[] = [
    { value: '', label: 'Default model' },
    ...models.map((item) => ({
      value: item.id,
      label: item.available ? `${item.label} (${item.id})` : `${item.label} (${item.id}): unavailable`,
      detail: item.available ? undefined : `Unavailable: ${item.unavailable_reason ?? 'not on this node'}.`,
      disabled: !item.available,
    })),
  ];

  const supports = model?.supports;
  const notWith = (supported: boolean | undefined) => (supported === false ? `Not with ${model?.label ?? 'this model'}.` : undefined);
  const chooseModel = (id: string) => {
    const chosen = models.find((item) => item.id === id) ?? models.find((item) => item.default);
    setForm((current) => fitFormToModel({ ...current, model: id }, chosen));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setSubmitError(undefined);
    api.post<CreatedVideo>('../v1/videos', body).then(
      (created) => navigate(`videos/${encodeURIComponent(created.id)}`),
      (error: unknown) => {
        setSubmitError(error);
        setBusy(false);
      },
    );
  };

  return (
    <section>
      <h1>New video</h1>
      <div className="form-with-aside">
        <form onSubmit={onSubmit} noValidate>
          <ErrorNotice error={submitError} shownFields={[...FORM_FIELDS, ...attachmentFields]} />
          <ErrorNotice error={catalogs.models.error ?? catalogs.styles.error ?? catalogs.brandKits.error} />
          <TextAreaField label="Prompt" value={form.prompt} onChange={(prompt) => patch({ prompt })} required rows={5} maxLength={10000} error={fields.prompt} hint={model?.backed_by?.planner === 'embedded' ? 'What the video shows: its points, steps or figures. This node has no language model, so a topic alone is not enough.' : 'What the video is about.'} />
          <div className="field-grid">
            <SelectField label="Model" value={form.model} options={modelOptions} onChange={chooseModel} error={fields.model} hint={model?.description} />
            <SelectField label="Shape" value={form.aspect_ratio} options={[{ value: '', label: 'From the prompt', detail: 'The shape the prompt asks for, else landscape 16:9.' }, ...ASPECT_RATIOS]} onChange={(aspect_ratio) => patch({ aspect_ratio })} error={fields.aspect_ratio} />
            <InputField
              label="Duration (seconds)"
              type="number"
              min={5}
              max={model?.max_duration_seconds}
              step={1}
              value={form.duration}
              onChange={(duration) => patch({ duration })}
              error={fields.duration}
              hint={model === undefined ? undefined : `5 to ${model.max_duration_seconds}; empty for the model's default`}
            />
            <SelectField
              label="Style"
              value={form.animation_style}
              options={[{ value: '', label: 'Picked from the prompt' }, ...(catalogs.styles.data?.styles ?? []).map((style) => ({ value: style.id, label: style.name, detail: style.vibe }))]}
              onChange={(animation_style) => patch({ animation_style })}
              error={fields.animation_style}
            />
            <SelectField
              label="Voice"
              value={form.narration_voice}
              options={[{ value: '', label: 'One that suits the style' }, ...(catalogs.voices.data?.voices ?? []).map(voiceOption)]}
              onChange={(narration_voice) => patch({ narration_voice })}
              error={fields.narration_voice}
              disabled={supports?.narration === false}
              hint={notWith(supports?.narration) ?? (catalogs.voices.error === undefined ? undefined : 'The voice catalog is unreachable right now; the default voice is used.')}
            />
            <SelectField
              label="Narration language"
              value={form.narration_language}
              options={[{ value: '', label: 'Detected from the prompt' }, ...NARRATION_LANGUAGES.map((code) => ({ value: code, label: languageLabel(code) }))]}
              onChange={(narration_language) => patch({ narration_language })}
              error={fields.narration_language}
              disabled={supports?.narration === false}
            />
            <SelectField label="Narration" value={form.narration} options={TOGGLE_OPTIONS} onChange={(value) => patch({ narration: value as Toggle })} error={fields.narration} disabled={supports?.narration === false} hint={notWith(supports?.narration)} />
            <SelectField label="Music" value={form.music} options={TOGGLE_OPTIONS} onChange={(value) => patch({ music: value as Toggle })} error={fields.music} disabled={supports?.music === false} hint={notWith(supports?.music)} />
            <SelectField label="Sound effects" value={form.sfx} options={TOGGLE_OPTIONS} onChange={(value) => patch({ sfx: value as Toggle })} error={fields.sfx} disabled={supports?.sfx === false} hint={notWith(supports?.sfx)} />
            <SelectField label="Captions" value={form.captions} options={CAPTION_CHOICES} onChange={(value) => patch({ captions: value as VideoForm['captions'] })} error={fields.captions} disabled={supports?.narration === false} hint={notWith(supports?.narration)} />
            <SelectField
              label="Captions position"
              value={form.captions_position}
              options={[
                { value: '', label: 'Bottom', detail: 'A band under the scene.' },
                { value: 'top', label: 'Top', detail: 'A band over the scene.' },
                { value: 'middle', label: 'Middle', detail: 'Over film shots; elsewhere at the bottom.' },
              ]}
              onChange={(value) => patch({ captions_position: value as VideoForm['captions_position'] })}
              disabled={supports?.narration === false || form.captions === '' || form.captions === 'off'}
            />
            <SelectField
              label="Brand kit"
              value={form.brand_kit_id}
              options={[{ value: '', label: 'None' }, ...(catalogs.brandKits.data?.brand_kits ?? []).map((kit) => ({ value: kit.id, label: kit.name }))]}
              onChange={(brand_kit_id) => patch({ brand_kit_id })}
              error={fields.brand_kit_id}
              disabled={model?.multi_scene === false}
              hint={notWith(model?.multi_scene)}
            />
            <SelectField label="Film shots (ai_video)" value={form.ai_video} options={[{ value: '', label: 'Default (auto)', detail: 'Film shots where film shows the subject better.' }, ...AI_VIDEO_CHOICES]} onChange={(ai_video) => patch({ ai_video, ...(ai_video === 'full' ? {} : { storyboard: false }) })} error={fields.ai_video} disabled={supports?.ai_video === false} hint={notWith(supports?.ai_video)} />
          </div>
          <CheckboxField
            label="Storyboard review: pause at the cast sheets and the storyboard for my approval"
            checked={form.storyboard}
            disabled={form.ai_video !== 'full'}
            onChange={(storyboard) => patch({ storyboard })}
            error={fields.storyboard}
            hint="Only with film shots set to Full."
          />
          <AttachmentsEditor form={form} onChange={patch} fields={fields} />
          <CheckboxField label="Render the MP4 when the scenes are done (one plan render)" checked={form.render} onChange={(render) => patch({ render })} error={fields.render} />
          <p className="estimate-inline">
            {estimate.estimate === undefined ? 'Estimate: not yet' : `Estimate: ${formatCredits(estimate.estimate.estimated_credits)} credits (breakdown below)`}
          </p>
          <button type="submit" className="primary" disabled={busy || form.prompt.trim() === ''}>
            {busy ? 'Creating…' : 'Create video'}
          </button>
        </form>
        <EstimatePanel estimate={estimate.estimate} pending={estimate.pending} problem={estimateProblem(estimate.error, [...FORM_FIELDS, ...attachmentFields])} />
      </div>
    </section>
  );
}

/**
 * A voice as the picker shows it: its name and, for the speech model's voices, who speaks it (the
 * embedded engine's are marked built-in); its description shows under the picker once chosen.
 */
function voiceOption(voice: Voice): Option {
  const by = voice.provider && voice.provider !== 'embedded' ? ` (${voice.provider})` : voice.provider === 'embedded' ? ' (built-in)' : '';
  return { value: voice.id, label: `${voice.name}${by}`, detail: voice.description || undefined };
}
