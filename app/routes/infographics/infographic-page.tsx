import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../api/api-error.js';
import type { InfographicProject, InfographicVersion } from '../../api/types.js';
import { ErrorNotice } from '../../components/error-notice.js';
import { SelectField } from '../../components/fields.js';
import { InfographicLivePreview } from '../../components/live-preview.js';
import { StatusBadge } from '../../components/status-badge.js';
import { useLoad } from '../../components/use-load.js';
import { formatDate } from '../../format/format.js';
import { changedSettings, settingsFields } from '../../forms/settings-fields.js';
import type { InfographicPreviewData } from '../../player/scene-preview.js';
import { useApi } from '../../session/session-context.js';
import { RenderStatus } from './render-status.js';
import { SettingsForm } from './settings-form.js';

/** An infographic project: its versions, the chosen version's settings form with the live preview, and Render. */
export function InfographicPage({ id }: { id: string }) {
  const api = useApi();
  const base = `../v1/infographics/${encodeURIComponent(id)}`;
  const project = useLoad(() => api.get<InfographicProject>(base), id);
  const versions = project.data?.versions ?? [];
  const [versionId, setVersionId] = useState<string | undefined>(undefined);
  const chosen = versionId ?? [...versions].sort((a, b) => b.number - a.number)[0]?.versionId;
  const versionPath = `${base}/versions/${encodeURIComponent(chosen ?? '')}`;
  const version = useLoad(() => api.get<InfographicVersion>(versionPath), chosen ?? '', chosen !== undefined);
  const preview = useLoad(() => api.get<InfographicPreviewData>(`${versionPath}/preview`), chosen ?? '', chosen !== undefined);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [renderError, setRenderError] = useState<unknown>(undefined);
  const [renderIds, setRenderIds] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (version.data !== undefined) setValues({ ...version.data.settings });
  }, [version.data]);
  const fields = useMemo(() => settingsFields(version.data?.settingsSchema ?? {}), [version.data]);
  const settingsValues = version.data === undefined ? {} : changedSettings(version.data.settings, values);
  const previewSettings = useMemo(() => ({ ...version.data?.settings, ...values }), [version.data, values]);

  const render = () => {
    if (version.data === undefined) return;
    setBusy(true);
    setRenderError(undefined);
    api.post<{ renderId: string }>(`${base}/render`, { versionId: version.data.versionId, settingsValues }).then(
      (answer) => {
        setRenderIds((shown) => [answer.renderId, ...shown]);
        setBusy(false);
      },
      (failure: unknown) => {
        setRenderError(failure);
        setBusy(false);
      },
    );
  };

  if (project.data === undefined) {
    return project.error === undefined ? <p role="status">Loading the infographic…</p> : <ErrorNotice error={project.error} />;
  }
  const current = version.data;
  return (
    <article>
      <h1>{project.data.prompt.length > 100 ? `${project.data.prompt.slice(0, 100)}…` : project.data.prompt}</h1>
      <p className="meta">Created {formatDate(project.data.createdAt)}</p>
      <div className="version-picker">
        <SelectField
        label="Version"
        value={chosen ?? ''}
        options={versions.map((item) => ({ value: item.versionId, label: `Version ${item.number} (${item.status})` }))}
        onChange={setVersionId}
        />
      </div>
      <ErrorNotice error={version.error} />
      {current === undefined ? (
        <p role="status">Loading the version…</p>
      ) : (
        <div className="form-with-aside infographic-editor">
          <aside aria-label="Preview">
            {preview.data === undefined ? (
              <div className="preview-box preview-empty" style={{ aspectRatio: `${current.dimensions.width} / ${current.dimensions.height}` }}>
                <p>{preview.error === undefined ? 'Loading the preview…' : 'No preview for this version.'}</p>
              </div>
            ) : (
              <InfographicLivePreview preview={preview.data} settings={previewSettings} />
            )}
            <ErrorNotice error={preview.error} />
          </aside>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              render();
            }}
            aria-labelledby="settings-title"
            noValidate
          >
            <h2 id="settings-title">Settings</h2>
            <p>
              <StatusBadge status={current.status} /> {current.dimensions.width}×{current.dimensions.height}, {current.duration} s
            </p>
            {current.error === undefined ? null : <p className="notice notice-error">{current.error.message}</p>}
            <ErrorNotice error={renderError} shownFields={fields.map((field) => `settingsValues.${field.key}`)} />
            <SettingsForm fields={fields} values={values} errors={renderError instanceof ApiError ? renderError.fields : {}} onChange={(key, value) => setValues((shown) => ({ ...shown, [key]: value }))} />
            <div className="row-buttons">
              <button type="submit" className="primary" disabled={busy || current.status !== 'ready'}>
                {busy ? 'Starting the render…' : 'Render'}
              </button>
              <button type="button" onClick={() => setValues({ ...current.settings })}>
                Reset to the version&apos;s settings
              </button>
            </div>
            {renderIds.map((renderId) => (
              <RenderStatus key={renderId} projectId={id} renderId={renderId} />
            ))}
          </form>
        </div>
      )}
    </article>
  );
}
