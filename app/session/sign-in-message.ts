import { ApiError, errorMessage } from '../api/api-error.js';
import { formatDuration } from '../format/format.js';

/** What a refused sign-in tells the person: wrong password, locked out for a while, or no password set. */
export function signInMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return errorMessage(error);
  if (error.status === 401) return 'That email and password do not match an account.';
  if (error.status === 429) {
    const wait = error.retryAfterSeconds === undefined ? 'a while' : formatDuration(error.retryAfterSeconds);
    return `Too many failed attempts for this email. Try again in ${wait}.`;
  }
  if (error.status === 403) return "This account has no password for the app. Ask the node's operator to set one.";
  return error.message;
}
