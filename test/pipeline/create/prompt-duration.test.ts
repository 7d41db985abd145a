import { describe, expect, it } from 'vitest';
import { inferDuration, lengthInWords } from '../../../src/pipeline/create/prompt-duration.js';

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
 // Hours, and hours with minutes, in each language.
 ['Make a 3 hour video.', 10_800],
 ['a two-hour film about whales', 7200],
 ['Make an hour-long video about the sea', 3600],
 ['An hour and a half video on trains', 5400],
 ['A 1 hour 30 minute documentary on bees', 5400],
 ['A video of 1 hour and 20 minutes about tea', 4800],
 ['A 1h30 video on trains', 5400],
 ['Make a 2h video on trains', 7200],
 ['Make a 1.5 hour video', 5400],
 ['A half-hour video on tea', 1800],
 ['Make it 2 hours. Topic: tea', 7200],
 ['Make a video about tea, 3 hours long', 10_800],
 ['A 90 minute video', 5400],
 ['Eine 10-minütige Erklärung zur Photosynthese', 600],
 ['Ein zweistündiger Film über Züge', 7200],
 ['Ein 2-Stunden-Video über Züge', 7200],
 ['Ein Video von 2 Stunden und 15 Minuten über Bienen', 8100],
 ['Ein Video, 3 Stunden lang', 10_800],
 ['Eine halbstündige Doku über Wein', 1800],
 ['Haz un vídeo de 5 minutos sobre el café', 300],
 ['Un vídeo de una hora y media sobre el café', 5400],
 ['Un vídeo de media hora sobre el vino', 1800],
 ['Fais une vidéo de 3 heures sur Rome', 10_800],
 ["Fais une vidéo d'une heure sur Rome", 3600],
 ['Une vidéo d’une demi-heure sur le vin', 1800],
 ['Un video di 10 minuti sulla pizza', 600],
 ['Fai un video di due ore sul Colosseo', 7200],
 ["Crea un filmato di un'ora sulle api", 3600],
 ["Un video di mezz'ora sul vino", 1800],
 ['Spiega in 30 secondi come funziona un vaccino', 30],
 ['Spiegami in 2 minuti la fotosintesi', 120],
 ['Fammi uno spot di 15 secondi per la pizzeria', 15],
 // Lengths that are content, or the length of something that already exists.
 ['Make a video about our 3-hour hike up Ben Nevis', undefined],
 ['A video about a 3-hour hike in the Alps', undefined],
 ['Let the dough rest for half an hour, then bake it. Make a video about bread.', undefined],
 ['Luego se hornea a 230 grados durante 40 minutos', undefined],
 ['Cuocere per 2 ore. Fai un video sul ragù.', undefined],
 ['Un video sul ragù che cuoce per 3 ore', undefined],
 ['Mach ein Video über die Stunde Null', undefined],
 ['Turn my 10 minute talk into a 30 second video', 30],
 ['Summarise this 3 hour video in a 20 second clip', 20],
];

describe('inferDuration', () => {
  it.each(CASES)('reads %j as %s seconds', (prompt, seconds) => {
    expect(inferDuration(prompt)).toBe(seconds);
  });
});

describe('lengthInWords', () => {
  it.each([
    [45, '45 seconds'],
    [90, '90 seconds'],
    [120, '2 minutes'],
    [300, '5 minutes'],
    [5400, '1 hour 30 minutes'],
    [10_800, '3 hours'],
  ])('says %s seconds as %j', (seconds, words) => {
    expect(lengthInWords(seconds)).toBe(words);
  });
});
