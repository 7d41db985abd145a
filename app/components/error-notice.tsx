import { ApiError, errorMessage } from '../api/api-error.js';

/**
 * The message of a failed call, announced; with `shownFields`, the field messages that have no
 * control of their own on the page are listed too, so none is lost.
 */
export function ErrorNotice({ error, shownFields = [] }: { error: unknown; shownFields?: readonly string[] }) {
  if (error === undefined || error === null) return null;
  const fields = error instanceof ApiError ? Object.entries(error.fields) : [];
  const others = fields.filter(([field]) => !shownFields.includes(field));
  // When every refused field has its message beside it, the summary only points there.
  const summary = fields.length > 0 && others.length === 0 ? 'Please fix the fields marked below.' : errorMessage(error);
  return (
    <div className="notice notice-error" role="alert">
      <p>{summary}</p>
      {others.length === 0 ? null : (
        <ul>
          {others.map(([field, message]) => (
            <li key={field}>
              <code>{field}</code>: {message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The message the API gave for one field of a failed call, if any. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fields[field] : undefined;
}
