/** Credits are stored as integer millicredits so that sums of per-second rates never drift. */
export const MILLICREDITS_PER_CREDIT = 1000;

/** Credits (a decimal number) to millicredits, rounded to the nearest millicredit. */
export function toMillicredits(credits: number): number {
  return Math.round(credits * MILLICREDITS_PER_CREDIT);
}

/** Millicredits to credits, as the API shows them. */
export function toCredits(millicredits: number): number {
  return millicredits / MILLICREDITS_PER_CREDIT;
}
