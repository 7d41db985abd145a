import type { BaseLogger } from 'pino';

/** What an error answer is logged with: its code, HTTP status and message. */
export interface Refusal {
  code: string | number;
  status: number;
  message: string;
}

/**
 * The level an error answer is logged at: a server fault (5xx) at `error`; a refused credential
 * (401, 403) at `warn`, so probing stands out; any other client mistake (4xx) at `info`.
 */
export function refusalLevel(status: number): 'info' | 'warn' | 'error' {
  if (status >= 500) return 'error';
  if (status === 401 || status === 403) return 'warn';
  return 'info';
}

/**
 * Logs one error answer at {@link refusalLevel}: a client error as one line with its code and
 * status and no stack (the request was wrong, not the node); a server fault with the error itself,
 * stack included.
 */
export function logRefusal(log: Pick<BaseLogger, 'info' | 'warn' | 'error'>, refusal: Refusal, cause?: unknown): void {
  const level = refusalLevel(refusal.status);
  const fields = { code: refusal.code, status: refusal.status };
  if (level === 'error') log.error({ ...fields, err: cause ?? refusal }, refusal.message);
  else log[level](fields, refusal.message);
}
