import { describe, expect, it } from 'vitest';
import { inferDuration } from '../../../src/pipeline/create/prompt-duration.js';

/** Prompts as people write them, with the length they ask for (undefined: none; the model's default applies). */
const CASES: [string, number | undefined][] = [
 ['Make a 20 second vertical video explaining how vaccines train the immune system', 20],
 ['Erkläre in 15 Sekunden, warum der Himmel blau ist', 15],
 ['A one-minute explainer on compound interest', 60],
 ['Make a 30s promo for our bakery', 30],
 ['Make an 80s style video about synthwave', undefined],
 ['A video about the 90s', undefined],
 ['Make a second video about cats', undefined],
 ['Explain how to bake bread in 10 minutes', undefined],
 ['The car goes from 0 to 100 in 4 seconds. Make a teaser.', undefined],
 ['Un vídeo de 30 segundos sobre el reciclaje', 30],
 ['Une vidéo de 45 secondes sur la photosynthèse', 45],
 ['Explique en trente secondes pourquoi le ciel est bleu', 30],
 ['Ein 15-sekündiges Erklärvideo über Wärmepumpen', 15],
 ['Make it 45s. Topic: solar panels', 45],
 ['Fais une vidéo d’une minute sur les abeilles', 60],
 ["Fais une vidéo d'une minute sur les abeilles", 60],
 ['Keep it under a minute: why cats purr', 60],
 ['A 1.5 minute video on tides', 90],
 ['Mach ein Video von zwei Minuten über Bienen', 120],
 ['Square Instagram post video: 5 tips for better sleep', undefined],
 ['Top 5 steps video for onboarding', undefined],
 ['A 5 minute video about Rome', 300],
 ['Haz un vídeo de un minuto sobre el café', 60],
 ['Make a video, 20 seconds, about tea', 20],
 ['Explain in 30s how vaccines work', 30],
];

describe('inferDuration', () => {
  it.each(CASES)('reads %j as %s seconds', (prompt, seconds) => {
    expect(inferDuration(prompt)).toBe(seconds);
  });
});
