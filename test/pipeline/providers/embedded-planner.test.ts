import { describe, expect, it } from 'vitest';
import { allocateDurations, EmbeddedPlanner, extractTopic, findFigures, sceneCountFor, shortPoint } from '../../../src/pipeline/providers/embedded/embedded-planner.js';

const planner = new EmbeddedPlanner();
const PROMPT =
  'Make a 60 second video about how coral reefs survive. Corals are animals that host algae, build limestone skeletons and feed at night. Warming water bleaches them. 25% of marine species live on reefs. Support reef-safe sunscreen.';

describe('EmbeddedPlanner', () => {
  it.each([5, 7.5, 15, 30, 45, 60, 90, 120])('splits %s s into scenes summing to the target within 10%%, in whole frames', async (duration) => {
    const plan = await planner.plan({ prompt: PROMPT, durationSeconds: duration, multiScene: true, fps: 30, language: 'en' });
    const total = plan.scenes.reduce((sum, scene) => sum + scene.durationSeconds, 0);
    expect(Math.abs(total - duration)).toBeLessThanOrEqual(duration * 0.1);
    for (const scene of plan.scenes) {
      expect(Number.isInteger(Math.round(scene.durationSeconds * 30 * 1000) / 1000)).toBe(true);
      expect(scene.durationSeconds).toBeGreaterThanOrEqual(1);
    }
  });

  it('tells a story arc: a hook first, a body, a close last', async () => {
    const plan = await planner.plan({ prompt: PROMPT, durationSeconds: 30, multiScene: true, fps: 30, language: 'en' });
    expect(plan.scenes[0]!.role).toBe('hook');
    expect(plan.scenes.at(-1)!.role).toBe('close');
    expect(plan.scenes.slice(1, -1).every((scene) => scene.role === 'body')).toBe(true);
    expect(plan.scenes.length).toBe(sceneCountFor(30));
  });

  it('draws its words from the prompt, with no filler', async () => {
    const plan = await planner.plan({ prompt: PROMPT, durationSeconds: 60, multiScene: true, fps: 30, language: 'en' });
    expect(plan.title).toBe('How coral reefs survive');
    const text = JSON.stringify(plan.scenes.map((scene) => scene.settings)).toLowerCase();
    for (const phrase of ['host algae', 'limestone skeletons', 'warming water bleaches them', 'reef-safe sunscreen']) expect(text).toContain(phrase);
    expect(text).not.toMatch(/lorem|ipsum|placeholder|todo/);
  });

  it('turns a stated figure into a counter scene', async () => {
    const plan = await planner.plan({ prompt: PROMPT, durationSeconds: 60, multiScene: true, fps: 30, language: 'en' });
    const stat = plan.scenes.find((scene) => scene.kind === 'stat');
    expect(stat?.settings).toMatchObject({ value: 25, suffix: '%' });
    expect(String(stat?.settings.label).toLowerCase()).toContain('marine species');
  });

  it('makes one code-only scene for a single-scene model, lasting the whole duration', async () => {
    const plan = await planner.plan({ prompt: PROMPT, durationSeconds: 15, multiScene: false, fps: 30, language: 'en' });
    expect(plan.scenes).toHaveLength(1);
    expect(plan.scenes[0]!.durationSeconds).toBe(15);
  });
});

describe('extractTopic', () => {
  it.each([
    ['Make a 30 second video about the history of tea.', 'The history of tea'],
    ['Create an explainer video explaining how vaccines work', 'How vaccines work'],
    // The audience says whom the video is for, not what it shows (issue 40).
    ['Photosynthesis for kids', 'Photosynthesis'],
    ['Please make a short promo video for our new bakery. Fresh bread daily.', 'Our new bakery'],
  ])('finds the subject of "%s"', (prompt, topic) => {
    expect(extractTopic(prompt)).toBe(topic);
  });
});

describe('findFigures', () => {
  it('reads percentages, money and multipliers with their words, and skips years and video lengths', () => {
    expect(findFigures('Make a 60 second video about bread. Flour costs 3 dollars.')).toEqual([]);
    const figures = findFigures('In 2024, 62% of teams shipped weekly. Revenue reached $4.2 million in sales. Output grew 3x.');
    expect(figures.map((f) => [f.prefix, f.value, f.suffix])).toEqual([
      ['', 62, '%'],
      ['$', 4.2, 'M'],
      ['', 3, 'x'],
    ]);
    expect(figures[0]!.label.toLowerCase()).toContain('teams shipped weekly');
  });
});

describe('allocateDurations', () => {
  it('sums exactly to the target in frames and keeps each scene at least a second', () => {
    const durations = allocateDurations(31, [0.8, 1, 1, 1, 0.8], 30);
    expect(Math.round(durations.reduce((a, b) => a + b, 0) * 30)).toBe(930);
    expect(Math.min(...durations)).toBeGreaterThanOrEqual(1);
  });
});

describe('long points', () => {
  it('are shown cut before a clause (else at a phrase boundary) and said whole, never cut mid-phrase nor given an ellipsis', async () => {
    expect(shortPoint('Mara lights the lamp for the fishing boats while Juno watches the sea')).toBe('Mara lights the lamp for the fishing boats while Juno watches the sea');
    expect(shortPoint('Mara lights the big old lamp for all the small fishing boats of the bay while Juno watches the sea')).toBe('Mara lights the big old lamp for all the small fishing boats of the bay');
    expect(shortPoint('The old keeper climbs the narrow stone stairs of the tower every single night with a lantern and a flask of tea')).toBe('The old keeper climbs the narrow stone stairs of the tower every single night');
    expect(shortPoint('one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen')).not.toMatch(/…$/);
    const plan = await planner.plan({
      prompt: 'Meet Mara, a lighthouse keeper. Mara climbs the tower every night with her dog Juno. Mara lights the big old lamp for all the small fishing boats of the bay while Juno watches the sea. The boats come home safely before dawn.',
      durationSeconds: 20,
      multiScene: true,
      fps: 30,
      language: 'en',
    });
    const narration = plan.scenes.map((scene) => scene.narration).join(' ');
    expect(narration).toContain('while Juno watches the sea.');
    expect(narration).not.toMatch(/\b(?:the|a|of|for)\.\s/);
  });
});
