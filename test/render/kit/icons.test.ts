import { describe, expect, it } from 'vitest';
import { iconFor } from '../../../compositions/kit/data/icons.js';

describe('the kit\'s icon for a text', () => {
  it('matches a key at the start of a longer word, but not a word that only begins like it', () => {
    expect(iconFor('Book a table')).toBe('calendar');
    expect(iconFor('Weekly planning')).toBe('calendar');
    // A plant is no plan, a start no star.
    expect(iconFor('Sugar for the plant')).not.toBe('calendar');
    expect(iconFor('Our planet')).not.toBe('calendar');
    expect(iconFor('A fresh start')).not.toBe(iconFor('Five star reviews'));
  });
});
