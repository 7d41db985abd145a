import { describe, expect, it } from 'vitest';
import { inferAspectRatio } from '../../../src/pipeline/create/resolve-video-options.js';
import { readAudioIntent } from '../../../src/pipeline/speech/read-audio-intent.js';

// The prompt readers that run at create time, on prompts written as requests.

describe('inferAspectRatio on requests', () => {
  it.each([
    ['Explain how a heat pump works', undefined],
    ["Make a vertical teaser for my bakery's new sourdough", '9:16'],
    ['A 4:5 ad for a running shoe, please, just music', '4:5'],
    ['Onboarding video for new hires at Acme: day one, tools, who to ask', undefined],
    ['History of the bicycle, vertical video for TikTok', '9:16'],
    ['Erstelle ein Video für unser Café im Hochformat', '9:16'],
    ['Fais une vidéo courte sur le recyclage du verre, en format verticale', '9:16'],
    ['Un video para nuestra panadería en formato vertical', '9:16'],
    ['Ein quadratisches Video über unsere App', '1:1'],
    ['Une vidéo en format carré sur le vélo', '1:1'],
    ['Un vídeo cuadrado sobre la fotosíntesis', '1:1'],
    ['Historia del formato de vídeo, horizontal', undefined],
  ])('reads "%s" as %s', (prompt, ratio) => {
    expect(inferAspectRatio(prompt)).toBe(ratio);
  });
});

describe('readAudioIntent on requests', () => {
  it.each([
    ['A 4:5 ad for a running shoe, please, just music', { narration: false }],
    ['Logo sting for Northwind, no voiceover', { narration: false }],
    ['Une pub pour le café, juste de la musique', { narration: false }],
    ['Haz un anuncio para nuestra panadería, solo música', { narration: false }],
    ['Mach ein kurzes Video über unsere neue App, mit Untertiteln', {}],
    ['Just music lovers will enjoy this history of jazz', {}],
  ])('reads "%s" as %j', (prompt, intent) => {
    expect(readAudioIntent(prompt)).toEqual(intent);
  });
});
