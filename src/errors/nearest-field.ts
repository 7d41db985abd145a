/** A field name without case, `_`, `-` or spaces: `aspectRatio`, `aspect_ratio` and `Aspect-Ratio` are one. */
function canonical(name: string): string {
  return name.toLowerCase().replace(/[_\-\s]/g, '');
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  for (let i = 0; i < rows; i += 1) d[i * cols] = i;
  for (let j = 0; j < cols; j += 1) d[j] = j;
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1]!;
}

/**
 * The known field an unknown one most likely meant, or undefined when none is close: first the
 * same name in another case style (`aspectRatio` for `aspect_ratio`, `webhook_url` for
 * `webhookUrl`), then the nearest by edit distance within a third of the longer name (at least
 * one edit, at most three), then the only known field that contains the name, or is contained in
 * it, four letters or more (`voice` for `narration_voice`, `next_cursor` for `cursor`). Ties go to
 * the field listed first.
 */
export function nearestField(unknown: string, known: readonly string[]): string | undefined {
  const wanted = canonical(unknown);
  if (wanted === '') return undefined;
  const exact = known.find((field) => canonical(field) === wanted);
  if (exact !== undefined) return exact;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const field of known) {
    const name = canonical(field);
    const limit = Math.min(3, Math.max(1, Math.floor(Math.max(name.length, wanted.length) / 3)));
    if (Math.abs(name.length - wanted.length) > limit) continue;
    const distance = editDistance(wanted, name);
    if (distance <= limit && distance < bestDistance) {
      best = field;
      bestDistance = distance;
    }
  }
  if (best !== undefined) return best;
  const overlapping = known.filter((field) => {
    const name = canonical(field);
    return (wanted.length >= 4 && name.includes(wanted)) || (name.length >= 4 && wanted.includes(name));
  });
  return overlapping.length === 1 ? overlapping[0] : undefined;
}
