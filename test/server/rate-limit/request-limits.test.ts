import { describe, expect, it } from 'vitest';
import { RequestLimits } from '../../../src/server/rate-limit/request-limits.js';

describe('RequestLimits', () => {
  it('counts edits in a window of 20 of their own, apart from the 5 creates, and names the limit it refuses by', () => {
    const limits = new RequestLimits(() => 0);
    for (let i = 0; i < 5; i += 1) expect(limits.count('key_1', 'videos.create').refusal).toBeUndefined();
    const sixthCreate = limits.count('key_1', 'videos.create');
    expect(sixthCreate.refusal?.message).toMatch(/^rate limit of 5 video creates \(POST \/v1\/videos, MCP create_video\) per minute reached/);

    for (let i = 1; i <= 20; i += 1) {
      const edit = limits.count('key_1', 'videos.edit');
      expect(edit.refusal, `edit ${i}`).toBeUndefined();
      expect(edit.headers['ratelimit-limit']).toBe('20');
    }
    const refused = limits.count('key_1', 'videos.edit');
    expect(refused.refusal).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(refused.refusal?.message).toMatch(/^rate limit of 20 video edits \(POST \/v1\/videos\/\{id\}\/edit, MCP edit_video\) per minute reached for this credential; retry in \d+ s$/);
    // Another credential's windows are its own.
    expect(limits.count('key_2', 'videos.edit').refusal).toBeUndefined();
  });

  it('gives an MCP edit its slot back when the edit is refused', async () => {
    const limits = new RequestLimits(() => 0);
    for (let i = 0; i < 20; i += 1) {
      await expect(limits.withBucket('key_1', 'videos.edit', async () => { throw new Error('not editable'); })).rejects.toThrow('not editable');
    }
    await expect(limits.withBucket('key_1', 'videos.edit', async () => 'queued')).resolves.toBe('queued');
  });
});
