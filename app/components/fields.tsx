import { useId, type ReactNode } from 'react';

interface FieldProps {
  label: string;
  /** The API's message for this field, shown under it and announced. */
  error?: string | undefined;
  hint?: ReactNode;
}

function Described({ id, error, hint }: { id: string; error?: string | undefined; hint?: ReactNode }) {
  return (
    <>
      {hint === undefined ? null : <p className="hint" id={`${id}-hint`}>{hint}</p>}
      {error === undefined ? null : <p className="field-error" id={`${id}-error`}>{error}</p>}
    </>
  );
}

function describedBy(id: string, error: string | undefined, hint: ReactNode): string | undefined {
  const ids = [hint === undefined ? undefined : `${id}-hint`, error === undefined ? undefined : `${id}-error`].filter(Boolean);
  return ids.length === 0 ? undefined : ids.join(' ');
}

/** A labelled text-like input (`type` text, email, password, url, number, color). */
export function InputField(props: FieldProps & {
  value: string;
  onChange: (value: string) => void;
  type?: string;
  required?: boolean;
  min?: number;
  max?: number;
  step?: number | 'any';
  maxLength?: number;
  autoComplete?: string;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        required={props.required}
        min={props.min}
        max={props.max}
        step={props.step}
        maxLength={props.maxLength}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        aria-invalid={props.error === undefined ? undefined : true}
        aria-describedby={describedBy(id, props.error, props.hint)}
      />
      <Described id={id} error={props.error} hint={props.hint} />
    </div>
  );
}

/** A labelled textarea. */
export function TextAreaField(props: FieldProps & { value: string; onChange: (value: string) => void; required?: boolean; rows?: number; maxLength?: number }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <textarea
        id={id}
        value={props.value}
        rows={props.rows ?? 4}
        maxLength={props.maxLength}
        onChange={(event) => props.onChange(event.target.value)}
        required={props.required}
        aria-invalid={props.error === undefined ? undefined : true}
        aria-describedby={describedBy(id, props.error, props.hint)}
      />
      <Described id={id} error={props.error} hint={props.hint} />
    </div>
  );
}

/**
 * One choice of a select; `disabled` ones say why in their label. The label is kept short enough to
 * show whole in the closed select; `detail` says more, under the select while the choice is chosen.
 */
export interface Option {
  value: string;
  label: string;
  detail?: string | undefined;
  disabled?: boolean;
}

/** A labelled select; the chosen option's detail shows (and is announced) with the hint. */
export function SelectField(props: FieldProps & { value: string; onChange: (value: string) => void; options: readonly Option[]; disabled?: boolean }) {
  const id = useId();
  const detail = props.options.find((option) => option.value === props.value)?.detail;
  const hint = detail === undefined ? props.hint : props.hint === undefined ? detail : <>{detail} {props.hint}</>;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error === undefined ? undefined : true}
        aria-describedby={describedBy(id, props.error, hint)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <Described id={id} error={props.error} hint={hint} />
    </div>
  );
}

/** A labelled checkbox. */
export function CheckboxField(props: FieldProps & { checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="field field-checkbox">
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.checked)}
        aria-describedby={describedBy(id, props.error, props.hint)}
      />
      <label htmlFor={id}>{props.label}</label>
      <Described id={id} error={props.error} hint={props.hint} />
    </div>
  );
}
