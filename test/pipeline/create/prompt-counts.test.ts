import { describe, expect, it } from 'vitest';
import { statedCounts } from '../../../src/pipeline/create/prompt-counts.js';

describe('statedCounts', () => {
  it('reads a scene count in the four languages', () => {
    expect(statedCounts('Erkläre in drei Szenen, warum Mülltrennung wichtig ist').scenes).toBe(3);
    expect(statedCounts('Explain in 4 scenes how tides work').scenes).toBe(4);
    expect(statedCounts('Explique en trois parties la photosynthèse').scenes).toBe(3);
    expect(statedCounts('Explica en cinco escenas cómo funciona una vacuna').scenes).toBe(5);
    expect(statedCounts('A 3-scene teaser for our bakery').scenes).toBe(3);
  });

  it('reads counted things that should each be on screen', () => {
    expect(statedCounts('Square Instagram post video: 5 tips for better sleep').items).toEqual({ count: 5, noun: 'tips' });
    expect(statedCounts('Our three core values for new hires').items).toEqual({ count: 3, noun: 'values' });
    expect(statedCounts('Fünf Tipps für besseren Schlaf').items).toEqual({ count: 5, noun: 'tipps' });
    expect(statedCounts('4 conseils pour économiser l’eau').items).toEqual({ count: 4, noun: 'conseils' });
    expect(statedCounts('Seis consejos para dormir mejor').items).toEqual({ count: 6, noun: 'consejos' });
  });

  it('counts nothing where the prompt states no count, or a figure that is not one', () => {
    expect(statedCounts('How a heat pump warms a house in winter')).toEqual({});
    expect(statedCounts('Revenue grew 5% in 2024 with 300 new customers')).toEqual({});
    expect(statedCounts('Apollo 11 landed in 1969')).toEqual({});
  });
});
