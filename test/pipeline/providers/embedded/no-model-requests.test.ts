import { describe, expect, it } from 'vitest';
import { topicOnly, topicOnlyError } from '../../../../src/pipeline/create/topic-only.js';
import { EmbeddedPlanner } from '../../../../src/pipeline/providers/embedded/embedded-planner.js';
import type { StoryPlan } from '../../../../src/pipeline/providers/provider-types.js';
import { NO_MODEL_REQUESTS, type NoModelRequest } from '../../../fixtures/no-model-requests.js';
import { sceneTexts } from '../../../helpers/scene-texts.js';

const shown = sceneTexts;

/** A request's production words that no accepted video shows or says, whatever the request. */
const ALWAYS_BANNED = /(?<![\p{L}\p{N}])(?:video|vídeo|vidéo|videos|vertical|verticale|hochformat|seconds?|sekunden|secondes|segundos|secondi|upbeat|announcement|step by step|schritt für schritt|étape par étape|paso a paso|passo dopo passo|10-year-old|for kids|für kinder|pour les enfants|para niños|per bambini|what to know|takeaway)(?![\p{L}\p{N}])/iu;
/** Filler that restates the topic. */
const FILLER = /^(?:why .+ matters|what to know|takeaway|how it works|step by step: .*)$/iu;

const normal = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').replace(/[.!?]+$/, '').trim();
const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

async function plan(row: NoModelRequest): Promise<StoryPlan> {
  return new EmbeddedPlanner().plan({ prompt: row.prompt, durationSeconds: 30, multiScene: true, fps: 30, language: row.language });
}

describe('a node with no language model, on the table of requests', () => {
  it('holds at least 60 requests in five languages and four shapes', () => {
    expect(NO_MODEL_REQUESTS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(NO_MODEL_REQUESTS.map((row) => row.language))).toEqual(new Set(['en', 'de', 'fr', 'es', 'it']));
    expect(new Set(NO_MODEL_REQUESTS.map((row) => row.shape))).toEqual(new Set(['instruction', 'format', 'list', 'mixed']));
  });

  it.each(NO_MODEL_REQUESTS.filter((row) => row.outcome === 'refused'))('refuses "$prompt" ($language, $shape): it only asks for a video about a topic', async (row) => {
    expect(await topicOnly({ prompt: row.prompt, images: 0, documents: 0, voiceover: false })).toBeDefined();
  });

  it.each(NO_MODEL_REQUESTS.filter((row) => row.outcome === 'refused'))('quotes "$subject" of "$prompt" in the refusal, and builds its example on that topic alone', async (row) => {
    const line = await topicOnly({ prompt: row.prompt, images: 0, documents: 0, voiceover: false });
    expect(line).toBe(row.subject);
    const message = topicOnlyError(line!).message;
    if (row.subject) expect(message).toContain(`for example "${row.subject}: first point, second point, third point"`);
    else expect(message).toMatch(/says how to make the video but not what to show/);
  });

  const accepted = NO_MODEL_REQUESTS.filter((row) => row.outcome === 'accepted');

  it.each(accepted)('makes "$prompt" ($language, $shape)', async (row) => {
    expect(await topicOnly({ prompt: row.prompt, images: 0, documents: 0, voiceover: false })).toBeUndefined();
  });

  it.each(accepted)('shows and says none of the request words of "$prompt", and no filler', async (row) => {
    const story = await plan(row);
    const banned = row.requestWords?.length ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${row.requestWords.join('|')})(?![\\p{L}\\p{N}])`, 'iu') : undefined;
    for (const scene of story.scenes) {
      for (const text of [...shown(scene), scene.title, scene.narration]) {
        expect(text, `${scene.kind} scene`).not.toMatch(ALWAYS_BANNED);
        if (banned) expect(text, `${scene.kind} scene`).not.toMatch(banned);
      }
      for (const text of [...shown(scene), scene.title]) expect(text, `${scene.kind} scene`).not.toMatch(FILLER);
    }
  });

  it.each(accepted.filter((row) => row.whole || row.shows))('brings every content sentence of "$prompt" to the screen or the narration, whole and said once', async (row) => {
    const story = await plan(row);
    const screen = story.scenes.flatMap(shown).map(normal);
    const script = normal(story.scenes.map((scene) => scene.narration).join(' '));
    for (const sentence of row.whole ?? []) {
      const said = count(script, normal(sentence));
      expect(said, `"${sentence}" in ${JSON.stringify(story.scenes.map((scene) => [shown(scene), scene.narration]))}`).toBeLessThanOrEqual(1);
      expect(said === 1 || screen.some((text) => text.includes(normal(sentence))), `"${sentence}" in ${JSON.stringify(story.scenes.map((scene) => [shown(scene), scene.narration]))}`).toBe(true);
    }
    for (const text of row.shows ?? []) expect(screen).toContain(normal(text));
  });

  it.each(accepted.filter((row) => (row.whole?.length ?? 0) >= 2))('keeps the order of the content sentences of "$prompt"', async (row) => {
    const story = await plan(row);
    const sceneOf = (sentence: string) => story.scenes.findIndex((scene) => [...shown(scene), scene.narration].some((text) => normal(text).includes(normal(sentence))));
    const inPrompt = [...row.whole!].sort((a, b) => row.prompt.indexOf(a) - row.prompt.indexOf(b));
    const scenes = inPrompt.map(sceneOf);
    expect(scenes, JSON.stringify(story.scenes.map((scene) => [shown(scene), scene.narration]))).toEqual([...scenes].sort((a, b) => a - b));
  });

  it.each(accepted)('never shows a point of "$prompt" on the title and again in a later scene', async (row) => {
    const story = await plan(row);
    const [hook, ...later] = story.scenes;
    const subtitle = String(hook!.settings.subtitle ?? hook!.settings.caption ?? '');
    if (!subtitle) return;
    for (const scene of later) expect(shown(scene).map(normal), `${scene.kind} scene`).not.toContain(normal(subtitle));
  });
});

describe('EmbeddedPlanner on a short request', () => {
  it('says how long the request lasts and what to add when asked to fill a longer video', async () => {
    const story = await new EmbeddedPlanner().plan({ prompt: 'Our café opens on Monday. Every coffee is half price in the first week.', durationSeconds: 60, multiScene: true, fps: 30, language: 'en' });
    expect(story.warnings).toEqual([expect.objectContaining({ code: 'little_content' })]);
    expect(story.warnings![0]!.message).toMatch(/about \d+ seconds.*write more points, steps or figures/s);
  });

  it('adds no warning when the request fills its length', async () => {
    const prompt = 'How honeybees make honey. They collect nectar from flowers. They fan it with their wings until 80% of the water evaporates. Then they cap the honeycomb with wax.';
    const story = await new EmbeddedPlanner().plan({ prompt, durationSeconds: 30, multiScene: true, fps: 30, language: 'en' });
    expect(story.warnings).toBeUndefined();
  });
});
