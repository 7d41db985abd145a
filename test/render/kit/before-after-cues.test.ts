import { describe, expect, it } from 'vitest';
import { sideCues } from '../../../compositions/kit/lists/before-after-cues.js';

describe('sideCues', () => {
  it('ties "after" to the narration by the words it does not share with "before"', () => {
    const cues = sideCues([
      { label: 'Before', points: ['Papers everywhere', 'Cables tangled'] },
      { label: 'After', points: ['Files in one tray', 'Cables clipped away'] },
    ]);
    expect(cues[0]).toBe('Before Papers everywhere Cables tangled');
    expect(cues[1]).toBe('After Files in one tray clipped away');
  });

  it('keeps a side without points to its label', () => {
    expect(sideCues([{ label: 'Paper' }, { label: 'Digital' }])).toEqual(['Paper', 'Digital']);
  });
});
