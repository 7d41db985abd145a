import { verifyPassword } from '../../accounts/passwords.js';
import { ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import { MAX_FAILED_SIGN_INS, UNKNOWN_ACCOUNT_HASH } from '../../oauth/authorize-flow.js';
import type { AccountRow } from '../../store/accounts-store.js';
import { appSessionsStoreOf } from '../../store/app-sessions-store.js';
import { createSession } from './app-sessions.js';

/** The window in which {@link MAX_FAILED_SIGN_INS} failed sign-ins of one email lock it out. */
export const SIGN_IN_LOCKOUT_MS = 15 * 60 * 1000;

/** A successful sign-in: the account, its new session's cookie token and CSRF token. */
export interface SignedIn {
  account: AccountRow;
  token: string;
  csrfToken: string;
}

/**
 * Signs in to the web app with an account's email and password and starts a session. Wrong
 * password or unknown email → 401 (the same answer and about the same time for both); 10 failures
 * of one email within 15 minutes → 429 with `retry-after`, whether or not the email has an account;
 * an account without a password → 403. A success clears the email's failures.
 */
export async function signInToApp(ctx: NodeContext, input: { email: string; password: string }, now: number): Promise<SignedIn> {
  const email = input.email.trim().toLowerCase();
  const store = appSessionsStoreOf(ctx.db);
  // The attempt is counted before the password is checked, so parallel guesses cannot all slip in
  // under the limit while scrypt runs; a success deletes it again.
  const failures = ctx.db.transaction(() => {
    const recent = store.failuresSince(email, new Date(now - SIGN_IN_LOCKOUT_MS).toISOString());
    if (recent.length < MAX_FAILED_SIGN_INS) store.recordFailure(email, new Date(now).toISOString(), new Date(now - SIGN_IN_LOCKOUT_MS).toISOString());
    return recent;
  }).immediate();
  if (failures.length >= MAX_FAILED_SIGN_INS) {
    const freesAt = Date.parse(failures[failures.length - MAX_FAILED_SIGN_INS]!) + SIGN_IN_LOCKOUT_MS;
    const seconds = Math.max(1, Math.ceil((freesAt - now) / 1000));
    throw new ServiceError('rate_limited', `too many failed sign-ins for this email: ${MAX_FAILED_SIGN_INS} within 15 minutes; try again in ${seconds} seconds`, {
      headers: { 'retry-after': String(seconds) },
    });
  }
  const account = ctx.accounts.findByEmail(email);
  if (account && account.password_hash === null) {
    throw new ServiceError('forbidden', 'this account has no password yet; the node operator can set one with: service accounts password <account id> --password-stdin');
  }
  const valid = await verifyPassword(input.password, account?.password_hash ?? UNKNOWN_ACCOUNT_HASH);
  if (!account || !valid) throw new ServiceError('unauthorized', 'that email and password do not match an account');
  store.clearFailures(email);
  const session = createSession(ctx, account.id, now);
  return { account, token: session.token, csrfToken: session.row.csrf_token };
}
