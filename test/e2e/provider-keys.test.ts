// An account's own provider key, end to end: a node whose language model is Anthropic (a local fake
// of the Messages API that accepts only the ACCOUNT's key) runs a model-5 job for an account that
// stored its key. The model is called with the account's key, the estimate and the ledger show the
// language-model parts at 0 covered by anthropic, and the charge is the uncovered parts only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelPlan } from '../../src/pipeline/providers/llm/model-planner.js';
import { startFakeAnthropicServer, type FakeModelServer } from '../helpers/fake-model-servers.js';
import { runService } from '../helpers/run-service.js';
import { startE2eNode, type E2eNode } from './e2e-node.js';

const ACCOUNT_KEY = 'sk-ant-account-own-key-777';
const NODE_KEY = 'sk-ant-node-env-key-000';

const PLAN: ModelPlan = {
  title: 'Bees and honey',
  scenes: [
    { kind: 'title', title: 'How bees make honey', subtitle: 'From flower to jar', narration: 'Bees turn nectar into honey.', seconds: 3 },
    { kind: 'kinetic', text: 'Nectar in, honey out', narration: 'They fan it dry in the hive.', seconds: 3 },
  ],
};

let anthropic: FakeModelServer;
let e2e: E2eNode;

beforeAll(async () => {
  anthropic = await startFakeAnthropicServer({ apiKey: ACCOUNT_KEY });
  e2e = await startE2eNode({ config: { llm: 'anthropic:claude-test', llmBaseUrl: anthropic.url }, env: { ANTHROPIC_API_KEY: NODE_KEY } });
});
afterAll(async () => {
  await e2e?.close();
  await anthropic?.close();
});

describe('a job for an account with its own anthropic key', () => {
  it('calls the model with the account\'s key and charges 0 for the parts it covers, in the estimate and the ledger', async () => {
    const stored = await e2e.request('PUT', '/v1/account/provider-keys/anthropic', { api_key: ACCOUNT_KEY });
    expect(stored.status).toBe(200);
    expect(stored.body.covers).toContainEqual({ model: 'model-5', parts: ['language_model', 'enhance_prompt'] });

    anthropic.enqueue({ text: 'Explain how bees make honey, from nectar to the jar.' }, { object: PLAN });
    const created = await e2e.request('POST', '/v1/videos', {
      prompt: 'How bees make honey',
      duration: 6,
      dimensions: { width: 320, height: 180 },
      render: false,
      narration: false,
      music: false,
      ai_video: 'off',
      enhance_prompt: true,
    });
    expect(created.status).toBe(202);
    // 6 s of model-5: base 0.20/s = 1.2; language_model 0.05/s = 0.3 and enhance_prompt 0.5, both covered.
    expect(created.body.estimate_breakdown).toEqual([
      { part: 'base', credits: 1.2 },
      { part: 'language_model', credits: 0, covered_by: 'anthropic', list_credits: 0.3 },
      { part: 'enhance_prompt', credits: 0, covered_by: 'anthropic', list_credits: 0.5 },
    ]);
    expect(created.body.estimated_credits).toBe(1.2);

    const job = await e2e.waitFor(created.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job.estimate_breakdown).toEqual(created.body.estimate_breakdown);
    expect(job.credits_cost).toBe(1.2);

    // Both calls (enhance, plan) went out with the account's key, never the node's.
    expect(anthropic.requests.length).toBe(2);
    for (const request of anthropic.requests) expect(request.headers['x-api-key']).toBe(ACCOUNT_KEY);
    expect(anthropic.pending()).toBe(0);

    const entry = e2e.node.ctx.db
      .prepare("SELECT millicredits, reason, parts FROM ledger_entries WHERE kind = 'charge' AND reference = ?")
      .get(created.body.id) as { millicredits: number; reason: string; parts: string };
    expect(entry.millicredits).toBe(-1200);
    expect(entry.reason).toContain('language_model covered by your anthropic key');
    expect(JSON.parse(entry.parts)).toEqual([
      { part: 'base', credits: 1.2 },
      { part: 'language_model', credits: 0, covered_by: 'anthropic', list_credits: 0.3 },
      { part: 'enhance_prompt', credits: 0, covered_by: 'anthropic', list_credits: 0.5 },
    ]);

    // The ledger as the operator lists it (`service accounts show`) carries the parts.
    const shown = await runService(['accounts', 'show', e2e.accountId, '--data-dir', e2e.node.dataDir, '--json']);
    expect(shown.code, shown.stderr).toBe(0);
    const charge = (JSON.parse(shown.stdout) as { recent_ledger: { kind: string; reference: string; credits: number; parts: unknown }[] }).recent_ledger
      .find((row) => row.kind === 'charge' && row.reference === created.body.id);
    expect(charge).toMatchObject({ credits: -1.2, parts: JSON.parse(entry.parts) });
    const table = await runService(['accounts', 'show', e2e.accountId, '--data-dir', e2e.node.dataDir]);
    expect(table.stdout).toContain('language_model 0 (your anthropic key)');
  }, 120_000);
});
