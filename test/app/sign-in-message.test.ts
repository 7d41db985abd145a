import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/api/api-error.js';
import { signInMessage } from '../../app/session/sign-in-message.js';

describe('signInMessage', () => {
  it('says the email and password do not match on 401, without saying which', () => {
    expect(signInMessage(new ApiError(401, 'unauthorized', 'wrong email or password'))).toBe('That email and password do not match an account.');
  });

  it('tells a locked-out person when to try again, from Retry-After', () => {
    expect(signInMessage(new ApiError(429, 'rate_limited', 'too many', {}, 840))).toBe('Too many failed attempts for this email. Try again in 14 min 00 s.');
    expect(signInMessage(new ApiError(429, 'rate_limited', 'too many'))).toBe('Too many failed attempts for this email. Try again in a while.');
  });

  it('explains an account without a password', () => {
    expect(signInMessage(new ApiError(403, 'forbidden', 'no password'))).toMatch(/no password for the app/);
  });

  it('reports a network failure as one', () => {
    expect(signInMessage(new TypeError('fetch failed'))).toBe('Could not reach the node: fetch failed');
  });
});
