import type { CreditPart } from '../create/estimate-credits.js';

/**
 * A job's charge split by the parts of its estimate: each part in proportion to the committed share
 * of the work (`cost` / estimate), so the parts sum to `cost` exactly (the rounding remainder goes to
 * the largest charged part). Covered parts stay at 0 with their `covered_by`, showing what the
 * account's own keys paid for.
 */
export function chargeParts(estimate: readonly CreditPart[], cost: number, committedShare: number): CreditPart[] {
  const parts = estimate.map((part): CreditPart => {
    const millicredits = Math.round(part.millicredits * committedShare);
    return part.covered_by
      ? { part: part.part, millicredits: 0, covered_by: part.covered_by, list_millicredits: Math.round((part.list_millicredits ?? 0) * committedShare) }
      : { part: part.part, millicredits };
  });
  const remainder = cost - parts.reduce((sum, part) => sum + part.millicredits, 0);
  const largest = parts.filter((part) => !part.covered_by).sort((a, b) => b.millicredits - a.millicredits)[0];
  if (largest && remainder !== 0) largest.millicredits += remainder;
  return parts;
}

/** The charge entry's reason: the job, and what the account's own keys covered. */
export function chargeReason(id: string, model: string, parts: readonly CreditPart[]): string {
  const covered = parts.filter((part) => part.covered_by).map((part) => `${part.part} covered by your ${part.covered_by} key`);
  return covered.length > 0 ? `video ${id} (${model}); ${covered.join(', ')}` : `video ${id} (${model})`;
}
