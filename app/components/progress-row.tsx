import { useId } from 'react';

/**
 * A progress bar with its label shown above it: what it measures and how far it is ("Scenes made",
 * "3 of 5"). The `<label>` names the bar, so a screen reader hears the same words as are seen.
 */
export function ProgressRow({ label, value, max, text }: { label: string; value: number; max: number; text: string }) {
  const id = useId();
  return (
    <div className="progress-row">
      <label htmlFor={id}>
        <span className="progress-label">{label}</span> <span className="progress-value">{text}</span>
      </label>
      <progress id={id} max={Math.max(1, max)} value={Math.min(value, Math.max(1, max))} />
    </div>
  );
}
