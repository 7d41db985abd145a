import { describe, expect, it } from 'vitest';
import { screenList, shortenScripts } from '../../../src/pipeline/stages/narrate.js';

describe('shortenScripts', () => {
  it('shortens scenes without points on screen first: a sentence, then a clause, then words', () => {
    const scripts = ['First check the roof. Then get quotes. Then book it. Finally switch on.', 'Solar power is cheap, clean and quiet. It pays back fast.'];
    const lists = [['Check the roof', 'Get quotes', 'Book it', 'Switch on'], undefined];
    expect(shortenScripts(scripts, lists)).toBe(true);
    expect(scripts[1]).toBe('Solar power is cheap, clean and quiet.');
    expect(lists[0]).toHaveLength(4);
    expect(shortenScripts(scripts, lists)).toBe(true);
    expect(scripts[1]).toBe('Solar power is cheap.');
  });

  it('shortens a listing scene by whole points, its last sentence and its last point together, never under two points', () => {
    const scripts = ['First check the roof. Then get quotes. Then book it. Finally switch on.', 'Go.'];
    const lists: (unknown[] | undefined)[] = [['Check the roof', 'Get quotes', 'Book it', 'Switch on'], undefined];
    expect(shortenScripts(scripts, lists)).toBe(true);
    expect(scripts[0]).toBe('First check the roof. Then get quotes. Then book it.');
    expect(lists[0]).toEqual(['Check the roof', 'Get quotes', 'Book it']);
    expect(shortenScripts(scripts, lists)).toBe(true);
    expect(lists[0]).toEqual(['Check the roof', 'Get quotes']);
    // Two points left: the script keeps both, and nothing else can be cut.
    expect(shortenScripts(scripts, lists)).toBe(false);
    expect(scripts[0]).toBe('First check the roof. Then get quotes.');
  });

  it('finds the list a scene shows its points in', () => {
    expect(screenList({ heading: 'How', steps: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(screenList({ title: 'Loop', nodes: [{ label: 'a' }] })).toEqual([{ label: 'a' }]);
    expect(screenList({ title: 'Just a title' })).toBeUndefined();
  });
});
