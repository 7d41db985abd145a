import { useState } from 'react';

/**
 * A button that asks first, in the page (no browser dialog): the first press shows the question with
 * "Yes" and "No"; focus moves to "No" so a stray Enter changes nothing.
 */
export function ConfirmButton({ label, question, confirmLabel, onConfirm, disabled, danger }: {
  label: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  danger?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className={danger ? 'danger' : undefined} disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={question}>
      <span>{question}</span>{' '}
      <button
        type="button"
        className={danger ? 'danger' : undefined}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>{' '}
      <button type="button" autoFocus onClick={() => setAsking(false)}>
        No
      </button>
    </span>
  );
}
