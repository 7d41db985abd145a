import { describe, expect, it } from 'vitest';
import { bodyFrom, createCommand } from '../../../src/cli/commands/videos.js';

describe('service create --voice', () => {
  it('takes a voice by id or name and sends it as narration_voice, which the node resolves', () => {
    expect(createCommand().options.map((option) => option.long)).toContain('--voice');
    expect(bodyFrom('How bees make honey.', { voice: 'Noah' }).narration_voice).toBe('Noah');
    expect(bodyFrom('How bees make honey.', {}).narration_voice).toBeUndefined();
  });
});
