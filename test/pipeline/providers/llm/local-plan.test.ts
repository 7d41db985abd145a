import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LanguageModel } from '../../../../src/pipeline/providers/llm/language-model.js';
import { createLocalLlamaModel } from '../../../../src/pipeline/providers/llm/local-llama.js';
import { ModelPlanner, modelPlanSchema } from '../../../../src/pipeline/providers/llm/model-planner.js';
import { writeTinyGguf } from '../../../helpers/tiny-gguf.js';

const PLANNED_KINDS = ['title', 'kinetic', 'bullets', 'steps', 'stat', 'timeline', 'comparison', 'quote', 'icons', 'cta', 'flow', 'hub', 'stats', 'pictogram', 'ranking', 'checklist', 'before_after', 'map', 'sequence', 'chart', 'step_cards', 'illustration', 'big_number', 'logo', 'material'];
const KINDS = ['title', 'kinetic', 'bullets', 'steps', 'stat', 'stat-grid', 'timeline', 'comparison', 'quote', 'icons', 'cta', 'flow', 'hub', 'pictogram', 'ranking', 'checklist', 'before-after', 'map', 'sequence', 'chart', 'step-cards', 'labelled', 'big-number', 'logo', 'material'];

describe('a local GGUF plans under the plan schema', () => {
  let dir: string;
  let model: LanguageModel;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'local-plan-'));
    // The node's planner prompt is a few thousand tokens in the tiny model's one-character vocabulary.
    const file = await writeTinyGguf(path.join(dir, 'tiny.gguf'), { contextLength: 32768, terse: true });
    model = createLocalLlamaModel(file, { gpu: false, threads: 1, contextSize: 32768 });
  });
  afterAll(async () => {
    await model?.close?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers the node's plan schema with scenes that are objects of known kinds, not null", async () => {
    const { object } = await model.generateObject({ system: 'You plan short videos.', prompt: 'Explain how tides work.', schema: modelPlanSchema, schemaName: 'story_plan', maxOutputTokens: 8000 });
    expect(object.scenes.length).toBeGreaterThan(0);
    for (const scene of object.scenes) expect(PLANNED_KINDS).toContain(scene.kind);
  }, 120_000);

  it('plans through the whole planner: every scene of the video is an object of a known kind', async () => {
    const plan = await new ModelPlanner(model).plan({ prompt: 'Explain how tides work.', durationSeconds: 20, multiScene: true, fps: 30, language: 'en' });
    expect(plan.scenes.length).toBeGreaterThan(0);
    for (const scene of plan.scenes) {
      expect(scene).toBeTypeOf('object');
      expect(KINDS).toContain(scene.kind);
    }
  }, 240_000);
});
