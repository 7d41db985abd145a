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

/** What a terminal job is charged, by part; the parts sum to `cost`. */
export interface JobCharge {
  cost: number;
  parts: CreditPart[];
}

/**
 * A terminal job's charge. Every part is the committed share of its estimate, except `ai_video`
 * when `footageMillicredits` is given: footage is charged by the seconds of it actually made (see
 * footageSecondsMade), not by the share of scenes committed. Without an `ai_video` part the charge
 * is the committed share of `estimatedMillicredits`, as {@link chargeParts} splits it.
 */
export function jobCharge(input: { estimate: readonly CreditPart[]; estimatedMillicredits: number; committedShare: number; footageMillicredits?: number }): JobCharge {
  const { estimate, committedShare } = input;
  const footage = estimate.find((part) => part.part === 'ai_video' && !part.covered_by);
  if (!footage || input.footageMillicredits === undefined) {
    const cost = Math.round(input.estimatedMillicredits * committedShare);
    return { cost, parts: chargeParts(estimate, cost, committedShare) };
  }
  const rest = estimate.filter((part) => part !== footage);
  const restCost = Math.round((input.estimatedMillicredits - footage.millicredits) * committedShare);
  const restParts = chargeParts(rest, restCost, committedShare);
  const made = Math.max(0, Math.round(input.footageMillicredits));
  const parts = estimate.map((part) => (part === footage ? { part: part.part, millicredits: made } : restParts[rest.indexOf(part)]!));
  return { cost: restCost + made, parts };
}

/** The charge entry's reason: the job, and what the account's own keys covered. */
export function chargeReason(id: string, model: string, parts: readonly CreditPart[]): string {
  const covered = parts.filter((part) => part.covered_by).map((part) => `${part.part} covered by your ${part.covered_by} key`);
  return covered.length > 0 ? `video ${id} (${model}); ${covered.join(', ')}` : `video ${id} (${model})`;
}
