import { invalidRequest } from '../errors/service-error.js';
import type { NodeContext } from '../node-context.js';
import type { LedgerKind } from '../store/ledger-store.js';
import { requireAccount } from './accounts.js';
import { toCredits } from './credits.js';

/** One ledger entry as the API shows it: credits, not millicredits. */
export interface LedgerEntryView {
  id: number;
  kind: LedgerKind;
  credits: number;
  reason: string;
  reference: string | null;
  /** A job charge's parts; absent on other entries. */
  parts?: { part: string; credits: number; covered_by?: string }[];
  created_at: string;
}

const encodeCursor = (id: number) => Buffer.from(`l${id}`).toString('base64url');

function decodeCursor(cursor: string): number {
  const match = /^l([1-9]\d{0,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw invalidRequest('cursor: not a cursor this node issued; use next_cursor from the previous page');
  return Number(match[1]);
}

/** `GET /v1/account/ledger`: a page of the account's credit ledger, newest first. */
export function listLedger(
  ctx: NodeContext,
  accountId: string,
  page: { limit: number; cursor?: string | undefined },
): { entries: LedgerEntryView[]; next_cursor: string | null } {
  requireAccount(ctx, accountId);
  const rows = ctx.ledger.page(accountId, page.limit + 1, page.cursor ? decodeCursor(page.cursor) : undefined);
  const shown = rows.slice(0, page.limit);
  return {
    entries: shown.map((row) => ({
      id: row.id,
      kind: row.kind,
      credits: toCredits(row.millicredits),
      reason: row.reason,
      reference: row.reference,
      ...(row.parts ? { parts: JSON.parse(row.parts) as LedgerEntryView['parts'] } : {}),
      created_at: row.created_at,
    })),
    next_cursor: rows.length > page.limit ? encodeCursor(shown[shown.length - 1]!.id) : null,
  };
}
