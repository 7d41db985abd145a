import { describe, expect, it } from 'vitest';
import { onScreenWords, setTextAt } from '../../../src/pipeline/edit/scene-text.js';

describe('onScreenWords', () => {
  it('counts every text a scene shows, nested lists included, and not asset names, layout keys, theme overrides or captions', () => {
    const checklist = {
      heading: 'Your first week',
      items: ['Meet your buddy', 'Set up your laptop', 'Read the handbook', 'Join the stand-up', 'Ship one small fix'],
      icon: 'calendar-check',
      image: 'image-1',
      textColor: '#FF0000',
      captions: [{ text: 'Welcome to the team, here is your first week', start: 0, end: 2 }],
    };
    expect(onScreenWords(checklist)).toBe(3 + 3 + 4 + 3 + 4 + 4);
    expect(onScreenWords({ left: { title: 'Rent', points: ['Flexible', 'No repairs'] }, right: { title: 'Buy', points: ['Equity'] } })).toBe(6);
  });

  it('counts words in scripts written without spaces, and none in numbers-only settings', () => {
    expect(onScreenWords({ title: '热泵如何温暖房屋' })).toBeGreaterThan(2);
    expect(onScreenWords({ value: 42, decimals: 1 })).toBe(0);
  });
});

describe('setTextAt', () => {
  it('drops the library picture chosen for the old words when a text changes, and keeps it when the text stays', () => {
    expect(setTextAt({ title: 'How honeybees make honey', picture: 'fluent-emoji-flat:honeybee' }, 'title', 'Hello')).toEqual({ title: 'Hello' });
    expect(setTextAt({ items: [{ label: 'Rocket', picture: 'fluent-emoji-flat:rocket' }, { label: 'Bed', picture: 'fluent-emoji-flat:bed' }] }, 'items.0.label', 'Car')).toEqual({
      items: [{ label: 'Car' }, { label: 'Bed', picture: 'fluent-emoji-flat:bed' }],
    });
    expect(setTextAt({ title: 'Rocket', picture: 'fluent-emoji-flat:rocket' }, 'title', 'Rocket')).toEqual({ title: 'Rocket', picture: 'fluent-emoji-flat:rocket' });
    // A picture id is not on-screen text.
    expect(onScreenWords({ title: 'Rocket', picture: 'fluent-emoji-flat:rocket' })).toBe(1);
  });
});
