import { invalidRequest } from '../errors/service-error.js';

/** Plans in rank order, lowest first. `appsumo_tier_N` (N >= 1) is accepted besides these. */
export const BASE_PLANS = ['free', 'basic', 'pro', 'creator', 'ultimate'] as const;
/** A base plan. */
export type BasePlan = (typeof BASE_PLANS)[number];
/** A plan id as stored on an account. */
export type Plan = BasePlan | `appsumo_tier_${number}`;

const APPSUMO = /^appsumo_tier_([1-9]\d?)$/;

/** Monthly renders each base plan includes. */
export const DEFAULT_MONTHLY_RENDERS: Record<BasePlan, number> = {
  free: 0,
  basic: 10,
  pro: 50,
  creator: 200,
  ultimate: 1000,
};

/** Whether a string names a plan. */
export function isPlan(value: string): value is Plan {
  return (BASE_PLANS as readonly string[]).includes(value) || APPSUMO.test(value);
}

/** Parses a plan id, or throws `invalid_request` listing the accepted ones. */
export function parsePlan(value: string): Plan {
  if (!isPlan(value)) {
    throw invalidRequest(`plan must be one of ${BASE_PLANS.join(', ')} or appsumo_tier_N (N 1..99), got "${value}"`);
  }
  return value;
}

/** The base plan a plan ranks as: AppSumo tiers below 5 rank as `pro`, 5 and above as `creator`. */
export function rankedAs(plan: Plan): BasePlan {
  const tier = APPSUMO.exec(plan);
  if (!tier) return plan as BasePlan;
  return Number(tier[1]) >= 5 ? 'creator' : 'pro';
}

/** Whether `plan` ranks at or above `minimum`. */
export function planAtLeast(plan: Plan, minimum: BasePlan): boolean {
  return BASE_PLANS.indexOf(rankedAs(plan)) >= BASE_PLANS.indexOf(minimum);
}

/** REST and API keys: creator, ultimate and AppSumo tier 5+. */
export function planHasApiAccess(plan: Plan): boolean {
  return planAtLeast(plan, 'creator');
}

/** MCP: any plan but free. */
export function planHasMcpAccess(plan: Plan): boolean {
  return planAtLeast(plan, 'basic');
}

/** The plan's default monthly render quota (an account may override it). */
export function defaultMonthlyRenders(plan: Plan): number {
  return DEFAULT_MONTHLY_RENDERS[rankedAs(plan)];
}
