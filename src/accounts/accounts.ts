import { z } from 'zod';
import { invalidRequest, notFound, ServiceError } from '../errors/service-error.js';
import type { NodeContext } from '../node-context.js';
import { newId, nowIso } from '../store/ids.js';
import type { AccountRow } from '../store/accounts-store.js';
import { toCredits, toMillicredits } from './credits.js';
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords.js';
import { defaultMonthlyRenders, parsePlan, planHasApiAccess, planHasMcpAccess, type Plan } from './plans.js';

/** What `accounts create` takes. */
export interface CreateAccountInput {
  name: string;
  email: string;
  plan: string;
  /** Starting credits, granted as the first ledger entry. @default 0 */
  credits?: number;
  password?: string;
  /** Overrides the plan's monthly render quota. */
  monthlyRenders?: number;
  isOwner?: boolean;
}

/** An account as shown by the CLI and `GET /v1/account`. */
export interface AccountSummary {
  id: string;
  name: string;
  email: string;
  plan: Plan;
  balance: number;
  monthly_renders: number;
  renders_used: number;
  renders_remaining: number;
  api_access: boolean;
  mcp_access: boolean;
  has_password: boolean;
  created_at: string;
}

// Deliberately loose: local installs use addresses such as owner@localhost that strict validators refuse.
const emailSchema = z.string().max(320).regex(/^[^\s@]+@[^\s@]+$/);

/** The UTC month (`YYYY-MM`) a moment counts against for render quotas. */
export function quotaMonth(at: Date = new Date()): string {
  return at.toISOString().slice(0, 7);
}

/** Creates an account and grants its starting credits in one transaction. */
export async function createAccount(ctx: NodeContext, input: CreateAccountInput): Promise<AccountSummary> {
  const name = input.name.trim();
  if (name.length < 1 || name.length > 200) throw invalidRequest('name must be 1 to 200 characters');
  const email = input.email.trim().toLowerCase();
  if (!emailSchema.safeParse(email).success) throw invalidRequest(`email is not a valid address: "${input.email}"`);
  const plan = parsePlan(input.plan);
  const credits = input.credits ?? 0;
  if (!Number.isFinite(credits) || credits < 0) throw invalidRequest('credits must be a number of 0 or more');
  if (input.monthlyRenders !== undefined && !(Number.isInteger(input.monthlyRenders) && input.monthlyRenders >= 0)) {
    throw invalidRequest('monthly renders must be a whole number of 0 or more');
  }
  if (input.password !== undefined && input.password.length < MIN_PASSWORD_LENGTH) {
    throw invalidRequest(`password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (ctx.accounts.findByEmail(email)) throw new ServiceError('conflict', `an account with email ${email} already exists`);

  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  const row: AccountRow = {
    id: newId('acc'),
    name,
    email,
    password_hash: passwordHash,
    plan,
    monthly_renders: input.monthlyRenders ?? null,
    is_owner: input.isOwner ? 1 : 0,
    created_at: nowIso(),
  };
  ctx.db.transaction(() => {
    ctx.accounts.insert(row);
    if (credits > 0) {
      ctx.ledger.append({
        account_id: row.id,
        millicredits: toMillicredits(credits),
        kind: 'grant',
        reason: 'starting credits',
        reference: null,
        created_at: row.created_at,
      });
    }
  })();
  return summarizeAccount(ctx, row.id);
}

/** Loads an account or throws `not_found`. */
export function requireAccount(ctx: NodeContext, id: string): AccountRow {
  const row = ctx.accounts.get(id);
  if (!row) throw notFound(`account ${id}`);
  return row;
}

/** Balance, quota and access of an account. */
export function summarizeAccount(ctx: NodeContext, id: string): AccountSummary {
  const row = requireAccount(ctx, id);
  const monthly = row.monthly_renders ?? defaultMonthlyRenders(row.plan);
  const used = ctx.ledger.rendersUsed(row.id, quotaMonth());
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    plan: row.plan,
    balance: toCredits(ctx.ledger.balanceMillicredits(row.id)),
    monthly_renders: monthly,
    renders_used: used,
    renders_remaining: Math.max(0, monthly - used),
    api_access: planHasApiAccess(row.plan),
    mcp_access: planHasMcpAccess(row.plan),
    has_password: row.password_hash !== null,
    created_at: row.created_at,
  };
}

/** Adds (or with a negative amount, removes) credits with a reason; never below a zero balance. */
export function adjustCredits(ctx: NodeContext, id: string, credits: number, reason: string): AccountSummary {
  requireAccount(ctx, id);
  if (!Number.isFinite(credits) || credits === 0) throw invalidRequest('credits to add must be a non-zero number');
  const trimmed = reason.trim();
  if (trimmed.length < 1 || trimmed.length > 500) throw invalidRequest('reason must be 1 to 500 characters');
  const millicredits = toMillicredits(credits);
  ctx.db.transaction(() => {
    const balance = ctx.ledger.balanceMillicredits(id);
    if (balance + millicredits < 0) {
      throw invalidRequest(`cannot remove ${-credits} credits: the balance is ${toCredits(balance)}`);
    }
    ctx.ledger.append({
      account_id: id,
      millicredits,
      kind: millicredits > 0 ? 'grant' : 'adjustment',
      reason: trimmed,
      reference: null,
      created_at: nowIso(),
    });
  })();
  return summarizeAccount(ctx, id);
}

/** Sets or replaces an account's login password. */
export async function setAccountPassword(ctx: NodeContext, id: string, password: string): Promise<void> {
  requireAccount(ctx, id);
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw invalidRequest(`password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  ctx.accounts.setPasswordHash(id, await hashPassword(password));
}
