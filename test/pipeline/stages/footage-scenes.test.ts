import { describe, expect, it } from 'vitest';
import { footageScenes, shotDescription } from '../../../src/pipeline/stages/footage-scenes.js';
import type { PlannedScene } from '../../../src/pipeline/providers/provider-types.js';

const kinetic: PlannedScene = {
  role: 'body',
  kind: 'kinetic',
  title: 'Even cold air holds heat',
  durationSeconds: 4,
  settings: { text: 'Even cold air holds heat.', emphasis: 'holds heat' },
  narration: 'A heat pump pulls warmth out of winter air. Then it moves it indoors.',
};

describe('shotDescription', () => {
  it('says each text once and adds the narration\'s gist, never the caption repeated', () => {
    const description = shotDescription(kinetic);
    expect(description).toBe('Even cold air holds heat. A heat pump pulls warmth out of winter air');
    expect(description.match(/holds heat/g)).toHaveLength(1);
  });

  it('is what a film shot made from the scene carries', () => {
    const [shot] = footageScenes([kinetic], 'full');
    expect(shot!.kind).toBe('footage');
    expect(shot!.settings.description).toBe(shotDescription(kinetic));
    expect(String(shot!.settings.description).length).toBeLessThanOrEqual(400);
  });
});

describe('footageScenes', () => {
  it('captions a shot with its scene\'s text whole, never cut to a length or given a stop', () => {
    const quote = 'We did not set out to build the fastest network in the country; we set out to build the one our neighbours could afford, and it turned out to be both.';
    const [shot] = footageScenes([{ role: 'body', kind: 'quote', title: 'Our founder', durationSeconds: 6, settings: { quote, author: 'Ada Ng' }, narration: quote }], 'full');
    expect(quote.length).toBeGreaterThan(120);
    expect(shot!.settings.caption).toBe(quote);
    const [close] = footageScenes([{ role: 'close', kind: 'cta', title: 'Thanks', durationSeconds: 3, settings: { message: '48,000 of you. Thank you.' }, narration: '48,000 of you. Thank you.' }], 'full');
    expect(close!.settings.caption).toBe('48,000 of you. Thank you.');
  });
});
