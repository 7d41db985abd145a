import { useState } from 'react';

/** Copies a text to the clipboard and says so; `label` names what is copied for screen readers. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <>
      <button type="button" onClick={copy} aria-label={`Copy ${label}`}>
        Copy
      </button>
      <span className="copy-state" aria-live="polite">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy: select the text and copy it' : ''}
      </span>
    </>
  );
}
