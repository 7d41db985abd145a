import { useState, type FormEvent } from 'react';
import type { ApiKey, CreatedApiKey } from '../../api/types.js';
import { ConfirmButton } from '../../components/confirm-button.js';
import { CopyButton } from '../../components/copy-button.js';
import { ErrorNotice, fieldError } from '../../components/error-notice.js';
import { InputField } from '../../components/fields.js';
import { useLoad } from '../../components/use-load.js';
import { formatDate } from '../../format/format.js';
import { useApi } from '../../session/session-context.js';

/** API keys: the list, create (the key and webhook secret shown once, with Copy), revoke. */
export function ApiKeysSection() {
  const api = useApi();
  const keys = useLoad(() => api.get<{ api_keys: ApiKey[] }>('../v1/api-keys'), 'api-keys');
  const [name, setName] = useState('');
  const [webhookUrl, setWebhookUrl] = useState('');
  const [created, setCreated] = useState<CreatedApiKey | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);

  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const body = { ...(name.trim() === '' ? {} : { name: name.trim() }), ...(webhookUrl.trim() === '' ? {} : { webhook_url: webhookUrl.trim() }) };
    api.post<CreatedApiKey>('../v1/api-keys', body).then(
      (key) => {
        setCreated(key);
        setName('');
        setWebhookUrl('');
        setBusy(false);
        keys.reload();
      },
      (failure: unknown) => {
        setError(failure);
        setBusy(false);
      },
    );
  };
  const revoke = (id: string) => {
    setError(undefined);
    api.delete(`../v1/api-keys/${encodeURIComponent(id)}`).then(keys.reload, setError);
  };

  return (
    <section aria-labelledby="keys-title">
      <h2 id="keys-title">API keys</h2>
      <ErrorNotice error={keys.error} />
      <ul className="card-list">
        {(keys.data?.api_keys ?? []).map((key) => (
          <li key={key.id}>
            <strong>{key.name}</strong> <code>{key.prefix}…</code> <span className="meta">created {formatDate(key.created_at)}</span>
            {key.webhook_url === null ? null : <span className="meta"> · webhook {key.webhook_url}</span>}{' '}
            {key.revoked_at === null ? (
              <ConfirmButton label={`Revoke ${key.name}`} question={`Revoke ${key.name}? Clients using it stop working.`} confirmLabel="Yes, revoke" onConfirm={() => revoke(key.id)} danger />
            ) : (
              <span className="badge badge-canceled">Revoked {formatDate(key.revoked_at)}</span>
            )}
          </li>
        ))}
      </ul>
      <div aria-live="polite">
        {created === undefined ? null : (
          <div className="notice once" role="status">
            <p>
              <strong>Your new key {created.name}.</strong> Copy it now: it is not shown again.
            </p>
            <p>
              Key: <code className="secret">{created.key}</code> <CopyButton text={created.key} label="the API key" />
            </p>
            <p>
              Webhook secret: <code className="secret">{created.webhook_secret}</code> <CopyButton text={created.webhook_secret} label="the webhook secret" />
            </p>
            <button type="button" onClick={() => setCreated(undefined)}>
              I have copied them
            </button>
          </div>
        )}
      </div>
      <form onSubmit={onCreate} aria-labelledby="new-key-title" noValidate>
        <h3 id="new-key-title">Create a key</h3>
        <ErrorNotice error={error} shownFields={['name', 'webhook_url']} />
        <div className="field-grid">
          <InputField label="Name (optional)" value={name} onChange={setName} maxLength={100} error={fieldError(error, 'name')} />
          <InputField label="Default webhook URL (optional, https)" type="url" value={webhookUrl} onChange={setWebhookUrl} error={fieldError(error, 'webhook_url')} />
        </div>
        <button type="submit" disabled={busy}>
          {busy ? 'Creating…' : 'Create key'}
        </button>
      </form>
    </section>
  );
}
