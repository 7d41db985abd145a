import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adjustCredits, createAccount, quotaMonth, setAccountPassword, summarizeAccount } from '../../src/accounts/accounts.js';
import { verifyPassword } from '../../src/accounts/passwords.js';
import { defaultMonthlyRenders, planHasApiAccess, planHasMcpAccess, planAtLeast, rankedAs } from '../../src/accounts/plans.js';
import { createTestNode, snapshotDatabase, type TestNode } from '../helpers/test-node.js';

describe('plans', () => {
  it('ranks AppSumo tiers below 5 as pro and 5 and above as creator', () => {
    expect(rankedAs('appsumo_tier_1')).toBe('pro');
    expect(rankedAs('appsumo_tier_4')).toBe('pro');
    expect(rankedAs('appsumo_tier_5')).toBe('creator');
    expect(rankedAs('appsumo_tier_9')).toBe('creator');
  });

  it('gives REST access to creator, ultimate and appsumo_tier_5+ only', () => {
    expect(['free', 'basic', 'pro', 'appsumo_tier_3'].map((p) => planHasApiAccess(p as never))).toEqual([false, false, false, false]);
    expect(['creator', 'ultimate', 'appsumo_tier_5'].map((p) => planHasApiAccess(p as never))).toEqual([true, true, true]);
  });

  it('gives MCP access to every plan but free', () => {
    expect(planHasMcpAccess('free')).toBe(false);
    for (const plan of ['basic', 'pro', 'creator', 'ultimate', 'appsumo_tier_1'] as const) expect(planHasMcpAccess(plan)).toBe(true);
  });

  it('compares ranks for min_plan', () => {
    expect(planAtLeast('basic', 'pro')).toBe(false);
    expect(planAtLeast('appsumo_tier_2', 'pro')).toBe(true);
    expect(planAtLeast('ultimate', 'pro')).toBe(true);
  });

  it('has the default monthly renders of DECISIONS.md', () => {
    expect(['free', 'basic', 'pro', 'creator', 'ultimate'].map((p) => defaultMonthlyRenders(p as never))).toEqual([0, 10, 50, 200, 1000]);
  });
});

describe('accounts', () => {
  let node: TestNode;
  beforeEach(() => {
    node = createTestNode();
  });
  afterEach(() => node.cleanup());

  it('creates an account whose balance comes from the ledger', async () => {
    const account = await createAccount(node.ctx, { name: 'Ada', email: 'Ada@Example.com', plan: 'creator', credits: 12.5 });
    expect(account).toMatchObject({ email: 'ada@example.com', plan: 'creator', balance: 12.5, monthly_renders: 200, renders_remaining: 200 });
    expect(node.ctx.ledger.entries(account.id)).toEqual([
      expect.objectContaining({ millicredits: 12_500, kind: 'grant', reason: 'starting credits' }),
    ]);
  });

  it('adds and removes credits with a reason, never below zero', async () => {
    const account = await createAccount(node.ctx, { name: 'Bo', email: 'bo@example.com', plan: 'ultimate', credits: 10 });
    expect(adjustCredits(node.ctx, account.id, 0.25, 'bonus').balance).toBe(10.25);
    expect(adjustCredits(node.ctx, account.id, -10, 'correction').balance).toBe(0.25);
    const before = snapshotDatabase(node.ctx);
    expect(() => adjustCredits(node.ctx, account.id, -1, 'too much')).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('sums fractional credits without drift', async () => {
    const account = await createAccount(node.ctx, { name: 'Cy', email: 'cy@example.com', plan: 'ultimate' });
    for (let i = 0; i < 100; i += 1) adjustCredits(node.ctx, account.id, 0.1, 'tick');
    expect(summarizeAccount(node.ctx, account.id).balance).toBe(10);
  });

  it.each([
    [{ name: '', email: 'a@example.com', plan: 'pro' }, 'name'],
    [{ name: 'A', email: 'not-an-email', plan: 'pro' }, 'email'],
    [{ name: 'A', email: 'a@example.com', plan: 'platinum' }, 'plan'],
    [{ name: 'A', email: 'a@example.com', plan: 'pro', credits: -5 }, 'credits'],
    [{ name: 'A', email: 'a@example.com', plan: 'pro', password: 'short' }, 'password'],
  ])('refuses %o, naming %s, and writes nothing', async (input, field) => {
    const before = snapshotDatabase(node.ctx);
    await expect(createAccount(node.ctx, input)).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringContaining(field) });
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('refuses a second account with the same email', async () => {
    await createAccount(node.ctx, { name: 'A', email: 'same@example.com', plan: 'pro' });
    await expect(createAccount(node.ctx, { name: 'B', email: 'SAME@example.com', plan: 'pro' })).rejects.toMatchObject({ code: 'conflict' });
  });

  it('hashes login passwords with scrypt', async () => {
    const account = await createAccount(node.ctx, { name: 'D', email: 'd@example.com', plan: 'pro', password: 'correct horse' });
    const stored = node.ctx.accounts.get(account.id)!.password_hash!;
    expect(stored).toMatch(/^scrypt\$/);
    expect(stored).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('wrong horse', stored)).toBe(false);
    await setAccountPassword(node.ctx, account.id, 'battery staple');
    expect(await verifyPassword('battery staple', node.ctx.accounts.get(account.id)!.password_hash!)).toBe(true);
  });

  it('counts renders against the month\'s quota', async () => {
    const account = await createAccount(node.ctx, { name: 'E', email: 'e@example.com', plan: 'basic' });
    node.ctx.ledger.recordRenders({ account_id: account.id, renders: 2, reference: 'job_x', month: quotaMonth(), created_at: new Date().toISOString() });
    node.ctx.ledger.recordRenders({ account_id: account.id, renders: 1, reference: 'job_y', month: '2000-01', created_at: new Date().toISOString() });
    expect(summarizeAccount(node.ctx, account.id)).toMatchObject({ monthly_renders: 10, renders_used: 2, renders_remaining: 8 });
  });
});
