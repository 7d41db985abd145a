import type { AudioRow, DocumentRow, ImageRow, VideoForm } from '../../forms/video-form.js';
import { DOCUMENT_TYPES } from '../../forms/video-form.js';
import { InputField, SelectField } from '../../components/fields.js';

type Fields = Readonly<Record<string, string>>;

function replaceAt<T>(rows: T[], index: number, row: T): T[] {
  return rows.map((current, i) => (i === index ? row : current));
}

function RemoveButton({ what, onRemove }: { what: string; onRemove: () => void }) {
  return (
    <button type="button" className="remove-row" onClick={onRemove} aria-label={`Remove ${what}`}>
      Remove
    </button>
  );
}

/** Attachments by URL: images, documents and audio, a row each, added and removed at will. */
export function AttachmentsEditor({ form, onChange, fields }: { form: VideoForm; onChange: (patch: Partial<VideoForm>) => void; fields: Fields }) {
  const images = (rows: ImageRow[]) => onChange({ images: rows });
  const documents = (rows: DocumentRow[]) => onChange({ documents: rows });
  const audio = (rows: AudioRow[]) => onChange({ audio: rows });
  return (
    <fieldset>
      <legend>Attachments by URL</legend>
      {form.images.map((row, i) => (
        <div className="attachment-row" key={`image-${i}`}>
          <InputField label={`Image ${i + 1} URL`} type="url" value={row.url} onChange={(url) => images(replaceAt(form.images, i, { ...row, url }))} error={fields[`images[${i}].url`] ?? fields[`images[${i}]`]} />
          <InputField label={`Image ${i + 1} context (optional)`} value={row.context} onChange={(context) => images(replaceAt(form.images, i, { ...row, context }))} error={fields[`images[${i}].context`]} />
          <RemoveButton what={`image ${i + 1}`} onRemove={() => images(form.images.filter((_, j) => j !== i))} />
        </div>
      ))}
      {form.documents.map((row, i) => (
        <div className="attachment-row" key={`document-${i}`}>
          <InputField label={`Document ${i + 1} URL`} type="url" value={row.url} onChange={(url) => documents(replaceAt(form.documents, i, { ...row, url }))} error={fields[`documents[${i}].url`] ?? fields[`documents[${i}]`]} />
          <SelectField label={`Document ${i + 1} type`} value={row.mime_type} options={DOCUMENT_TYPES} onChange={(mime_type) => documents(replaceAt(form.documents, i, { ...row, mime_type }))} error={fields[`documents[${i}].mime_type`]} />
          <InputField label={`Document ${i + 1} file name (optional)`} value={row.file_name} onChange={(file_name) => documents(replaceAt(form.documents, i, { ...row, file_name }))} />
          <RemoveButton what={`document ${i + 1}`} onRemove={() => documents(form.documents.filter((_, j) => j !== i))} />
        </div>
      ))}
      {form.audio.map((row, i) => (
        <div className="attachment-row" key={`audio-${i}`}>
          <InputField label={`Audio ${i + 1} URL`} type="url" value={row.url} onChange={(url) => audio(replaceAt(form.audio, i, { ...row, url }))} error={fields[`audio[${i}].url`] ?? fields[`audio[${i}]`]} />
          <SelectField
            label={`Audio ${i + 1} role`}
            value={row.role}
            options={[{ value: 'music', label: 'Music (replaces the score)' }, { value: 'voiceover', label: 'Voice-over' }, { value: 'sfx', label: 'Sound effect' }]}
            onChange={(role) => audio(replaceAt(form.audio, i, { ...row, role: role as AudioRow['role'] }))}
            error={fields[`audio[${i}].role`]}
          />
          <RemoveButton what={`audio ${i + 1}`} onRemove={() => audio(form.audio.filter((_, j) => j !== i))} />
        </div>
      ))}
      {['images', 'documents', 'audio'].map((key) => (fields[key] === undefined ? null : <p key={key} className="field-error">{key}: {fields[key]}</p>))}
      <div className="row-buttons">
        <button type="button" onClick={() => images([...form.images, { url: '', context: '' }])} disabled={form.images.length >= 20}>
          Add image
        </button>
        <button type="button" onClick={() => documents([...form.documents, { url: '', mime_type: 'application/pdf', file_name: '' }])} disabled={form.documents.length >= 5}>
          Add document
        </button>
        <button type="button" onClick={() => audio([...form.audio, { url: '', role: 'music' }])} disabled={form.audio.length >= 4}>
          Add audio
        </button>
      </div>
    </fieldset>
  );
}
