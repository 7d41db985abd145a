import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourceDocument } from '../../../../src/documents/read-document.js';
import type { PreparedImage } from '../../../../src/pipeline/materials/prepare-materials.js';
import { withScenePictures } from '../../../../src/pipeline/materials/scene-pictures.js';
import { EmbeddedPlanner } from '../../../../src/pipeline/providers/embedded/embedded-planner.js';
import { sceneVisual } from '../../../../src/pipeline/videos/scene-visual.js';
import { readRequestContent } from '../../../../src/pipeline/providers/embedded/request-content.js';
import type { PlanMaterials, StoryPlan } from '../../../../src/pipeline/providers/provider-types.js';
import { documentFiles } from '../../../documents/document-files.js';
import { SALES_CSV, USER_PROMPTS as CASES, type UserPromptCase as Case } from '../../../fixtures/user-prompts.js';
import { sceneTexts } from '../../../helpers/scene-texts.js';

// Prompts written the way people write them: instructions, not content. Without a language model
// the planner may show only the prompt's own content, never the request around it.


/** Instruction verbs, the video as the object of the request, shape, length, sound, captions, attachments, politeness. */
const COMMON_BANNED =
  /(?<![\p{L}\p{N}])(?:explain|explique|explícame|erkläre|make|mach|create|erstelle|fais|haz|please|bitte|por favor|vertical|verticale|hochformat|video|vidéo|videos|teaser|ad|anuncio|sting|reel|tiktok|voice-?over|captions|subtitles|untertiteln|screenshots|provided|in order|explainer|quick|kurzes|courte|just music|solo música|musique|sekunden|secondes|segundos|seconds|second|learn more|\d+s|\d+\s*:\s*\d+)(?![\p{L}\p{N}])/iu;

const textsOf = sceneTexts;

const VISUAL_KINDS = ['illustration', 'icon', 'diagram', 'map', 'chart', 'image', 'mockup', 'footage', 'typography'];

const TOKEN = /[\p{L}\p{N}]+(?:[:'’.,-][\p{L}\p{N}]+)*/gu;
/** The planner's own words (English headings) and what the attachments bring. */
const OWN_WORDS = new Set('what to know how it works why matters step by takeaway from vs leads up percent'.split(' '));

function tokens(text: string): string[] {
  return (text.match(TOKEN) ?? []).map((token) => token.toLowerCase());
}

function image(name: string, role: PreparedImage['role'], context?: string): PreparedImage {
  return { name, field: `images[${name.replace(/\D/g, '')}]`, role, ...(context ? { context } : {}), width: 1600, height: 900 };
}

describe('EmbeddedPlanner with prompts written as requests', () => {
  const files = documentFiles();
  let csv: SourceDocument;
  const plans = new Map<string, StoryPlan>();
  const materialsFor = (c: Case): PlanMaterials | undefined =>
    c.materials === 'csv'
      ? { images: [], documents: [csv] }
      : c.materials === 'screenshots'
        ? { images: [image('image-0', 'hero'), image('image-1', 'gallery'), image('image-2', 'gallery')], documents: [] }
        : c.materials === 'logo'
          ? { images: [image('image-0', 'logo', 'logo')], documents: [], logo: 'image-0' }
          : undefined;

  beforeAll(async () => {
    csv = await files.read('csv', SALES_CSV, 'sales.csv');
    for (const c of CASES) {
      const materials = materialsFor(c);
      plans.set(c.prompt, await new EmbeddedPlanner().plan({ prompt: c.prompt, durationSeconds: 60, multiScene: true, fps: 30, language: c.language, ...(materials ? { materials } : {}) }));
    }
  });
  afterAll(() => files.remove());

  it.each(CASES)('titles "$prompt" with its subject, in its language', (c) => {
    expect(plans.get(c.prompt)!.title).toBe(c.title);
  });

  it.each(CASES)('shows and says no instruction or production word for "$prompt"', (c) => {
    for (const scene of plans.get(c.prompt)!.scenes) {
      for (const text of [...textsOf(scene), scene.title, scene.narration]) {
        expect(text, `${scene.kind} scene`).not.toMatch(COMMON_BANNED);
        if (c.banned) expect(text, `${scene.kind} scene`).not.toMatch(c.banned);
      }
    }
  });

  it.each(CASES)('shows no fragment: every word on screen and in the script is a whole word of "$prompt" or its attachments', (c) => {
    const corpus = new Set([...tokens(c.prompt), ...(c.materials === 'csv' ? tokens(SALES_CSV.replace(/,/g, ' ')) : []), ...OWN_WORDS]);
    const story = plans.get(c.prompt)!;
    for (const scene of story.scenes) {
      for (const text of [...textsOf(scene), scene.narration]) {
        const strays = tokens(text).filter((token) => !corpus.has(token) && !corpus.has(token.replace(/[.,]+$/, '')));
        expect(strays, `${scene.kind} scene: "${text}"`).toEqual([]);
      }
    }
  });

  it.each(CASES)('shows a picture, diagram, chart, map or image in at least four scenes in five of "$prompt", never a stand-in icon', (c) => {
    const story = plans.get(c.prompt)!;
    const scenes = withScenePictures(story.scenes, c.language, story.title);
    const visuals = scenes.map((scene) => sceneVisual(scene.kind, scene.settings));
    for (const visual of visuals) expect(VISUAL_KINDS).toContain(visual.kind);
    const words = visuals.filter((visual) => visual.kind === 'typography').length;
    expect(words / visuals.length, JSON.stringify(visuals)).toBeLessThanOrEqual(0.2);
    // An icon grid shows library pictures on every card (a grid without them is a list).
    for (const scene of scenes.filter((entry) => entry.kind === 'icons')) expect((scene.settings.items as { picture?: string }[]).every((item) => item.picture)).toBe(true);
  });

  it.each(CASES)('does not close "$prompt" on a message repeating what was shown, unless to add an action or logo', (c) => {
    const story = plans.get(c.prompt)!;
    const last = story.scenes.at(-1)!;
    if (story.scenes.length < 2 || last.kind !== 'cta' || last.settings.action || last.settings.logo) return;
    const message = String(last.settings.message).toLowerCase();
    const before = story.scenes.slice(0, -1).map((scene) => JSON.stringify(scene.settings).toLowerCase());
    expect(before.some((shown) => shown.includes(message)), `"${message}" again`).toBe(false);
  });

  it.each(CASES)('fills no time with a lone keyword for "$prompt"', (c) => {
    const story = plans.get(c.prompt)!;
    for (const scene of story.scenes) {
      const words = textsOf(scene).flatMap(tokens);
      // One word on screen is allowed only when it is the whole subject ("Northwind").
      if (words.length <= 1 && scene.kind !== 'chart' && scene.kind !== 'image-grid' && scene.kind !== 'image') expect(textsOf(scene).join(' ')).toBe(story.title);
      if (scene.role === 'body' && scene.kind === 'kinetic') expect(words.length).toBeGreaterThan(1);
    }
    const total = story.scenes.reduce((sum, scene) => sum + scene.durationSeconds, 0);
    expect(Math.round(total * 30)).toBe(60 * 30);
  });

  it.each(CASES)('closes with an action pill only when "$prompt" names one', (c) => {
    const story = plans.get(c.prompt)!;
    const actions = story.scenes.filter((scene) => scene.settings.action !== undefined);
    if (c.action) {
      expect(actions).toHaveLength(1);
      expect(actions[0]).toMatchObject({ role: 'close', kind: 'cta', settings: { action: c.action } });
    } else {
      expect(actions).toEqual([]);
    }
  });

  it('makes fewer, longer scenes when the prompt has little content', () => {
    const heatPump = plans.get('Explain how a heat pump works')!;
    expect(heatPump.scenes.length).toBeLessThanOrEqual(2);
    const onboarding = plans.get('Onboarding video for new hires at Acme: day one, tools, who to ask')!;
    expect(onboarding.scenes.map((scene) => scene.kind)).toEqual(['kinetic', 'icons']);
    expect(onboarding.scenes[1]!.settings.items).toEqual([
      { icon: 'auto', label: 'Day one' },
      { icon: 'auto', label: 'Tools' },
      { icon: 'auto', label: 'Who to ask' },
    ]);
    for (const scene of [...heatPump.scenes, ...onboarding.scenes]) expect(scene.durationSeconds).toBeGreaterThanOrEqual(15);
  });

  it('answers the question about the attached CSV from its cells, then charts the series it is about', () => {
    const scenes = plans.get(CASES[6]!.prompt)!.scenes;
    expect(scenes[1]).toMatchObject({ kind: 'stat', settings: { value: 100, prefix: '+', suffix: '%' }, narration: 'West grew fastest: from 80 to 160, up 100 percent.' });
    expect(scenes[2]).toMatchObject({ kind: 'chart', settings: { labels: ['Q1', 'Q2', 'Q3'], values: [80, 110, 160] } });
  });

  it('shows the attached screenshots, and a logo sting as one logo reveal with the name', () => {
    const tour = plans.get(CASES[4]!.prompt)!;
    expect(new Set(JSON.stringify(tour.scenes.map((scene) => scene.settings)).match(/image-\d/g))).toEqual(new Set(['image-0', 'image-1', 'image-2']));
    const sting = plans.get(CASES[5]!.prompt)!;
    expect(sting.scenes).toHaveLength(1);
    expect(sting.scenes[0]).toMatchObject({ kind: 'logo', settings: { name: 'Northwind', logo: 'image-0' } });
  });
});

describe('readRequestContent', () => {
  it.each([
    ['Make a 30 second video about the history of tea.', 'The history of tea'],
    ['Please make a short promo video for our new bakery. Fresh bread daily.', 'Our new bakery'],
    ['Introducing the Nimbus smart kettle. It boils water fast.', 'The Nimbus smart kettle'],
    ['Short videos win attention', 'Short videos win attention'],
    ['Ads are everywhere in the city', 'Ads are everywhere in the city'],
    ['Music of the 60s', 'Music of the 60s'],
    ['Explain how to book a flight', 'How to book a flight'],
  ])('reads the subject of "%s" as "%s"', (prompt, subject) => {
    expect(readRequestContent(prompt).subject).toBe(subject);
  });

  it.each([
    ['Explain how to book a flight', undefined],
    ['Create a product tour using the screenshots provided in order', undefined],
    ['A history of the book', undefined],
    ['Our new menu. Book a table at cafe.example.com', 'Book a table at cafe.example.com'],
    ['Neue Kollektion. Jetzt bestellen!', 'Jetzt bestellen'],
    ['Nouvelle collection, réservez votre essai', 'Réservez votre essai'],
    ['Nueva app. Descarga la app hoy', 'Descarga la app hoy'],
    ['Our new app, see acme.io', 'acme.io'],
  ])('reads the action of "%s" as %s', (prompt, action) => {
    expect(readRequestContent(prompt).action).toBe(action);
  });
});

describe('EmbeddedPlanner with request phrasings that carry no content of their own', () => {
  // Platform names, "in N scenes", "in French", "compare … in two columns", "highlight …", long
  // subjects that used to be cut mid-phrase: none of these words reach the screen or the script.
  const PHRASINGS: [prompt: string, language: string, banned: RegExp, title: string][] = [
    ['Square Instagram post video: 5 tips for better sleep. No voiceover please, just music.', 'en', /\b(?:post|instagram|square|music|voiceover)\b/i, '5 tips for better sleep'],
    ['In drei Szenen, warum Mülltrennung wichtig ist', 'de', /\b(?:drei|szenen)\b/i, 'Warum Mülltrennung wichtig ist'],
    ['En français comment fonctionne la photosynthèse', 'fr', /\bfrançais\b/i, 'Comment fonctionne la photosynthèse'],
    ['Explica en tres escenas cómo funciona una vacuna', 'es', /\b(?:tres|escenas|explica)\b/i, 'Cómo funciona una vacuna'],
    ['Compare renting versus buying a home in two columns, honest pros and cons for each', 'en', /\b(?:compare|columns?|pros|cons|honest)\b/i, 'Renting versus buying a home'],
    ['Vergleiche Mieten und Kaufen mit Vor- und Nachteilen, auf Deutsch', 'de', /\b(?:vergleiche|vor|nachteilen|deutsch)\b/i, 'Mieten und Kaufen'],
    ['Quarterly revenue by region, highlight the best region', 'en', /\bhighlight\b/i, 'Quarterly revenue by region'],
    ['Explain how a heat pump warms a house in winter, for homeowners who think it sounds like magic', 'en', /\bexplain\b/i, 'How a heat pump warms a house in winter'],
    ['Make a TikTok in 3 parts about why cats purr, in English', 'en', /\b(?:tiktok|parts|english)\b/i, 'Why cats purr'],
  ];

  it.each(PHRASINGS)('shows and says none of the request\'s words for "%s", titled with its whole subject', async (prompt, language, banned, title) => {
    const plan = await new EmbeddedPlanner().plan({ prompt, durationSeconds: 30, multiScene: true, fps: 30, language });
    expect(plan.title).toBe(title);
    for (const scene of plan.scenes) {
      for (const text of [...textsOf(scene), scene.title, scene.narration]) {
        expect(text, `${scene.kind} scene`).not.toMatch(COMMON_BANNED);
        expect(text, `${scene.kind} scene`).not.toMatch(banned);
      }
    }
  });
});
