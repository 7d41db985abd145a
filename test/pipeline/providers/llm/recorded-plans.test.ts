import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDocument } from '../../../../src/documents/read-document.js';
import { createAiSdkModel } from '../../../../src/pipeline/providers/llm/ai-sdk-model.js';
import { ModelPlanner, type ModelPlan } from '../../../../src/pipeline/providers/llm/model-planner.js';
import type { StoryPlan } from '../../../../src/pipeline/providers/provider-types.js';
import { recordedPlanRequest } from '../../../../scripts/recorded-cases.mjs';
import { startFakeOpenAIServer, type FakeModelServer } from '../../../helpers/fake-model-servers.js';

// The recorded-plans set: a capable model's real answers to the node's own plan requests for
// everyday requests (recorded with scripts/record-model-answers.mjs), replayed through the whole
// planner. What the model planned must reach the plan: every scene, every narration sentence and
// every on-screen text, or a warning names the scene and what changed; computed figures are kept
// with their checked sum; the length, counts, frame and sound the model read come back to be followed.

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/recorded-plans');

interface PlanCase {
  name: string;
  prompt: string;
  language: string;
  expect: { seconds?: number; scenes?: number; count?: number; shape?: string; narration?: boolean; music?: boolean; captions?: boolean; computed?: boolean; material?: boolean; action?: boolean; kind?: string };
}

interface Recording {
  input: PlanCase;
  calls: { answer: { object: ModelPlan } }[];
}

const CASES = (JSON.parse(readFileSync(path.join(FIXTURES, 'cases.json'), 'utf8')) as { plans: PlanCase[] }).plans;
const recorded = (name: string): Recording | undefined => {
  const file = path.join(FIXTURES, `${name}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Recording) : undefined;
};

/** Every string in a value, deep. */
function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

/** The on-screen words a planned scene's content holds (not its script, picture words or numbers' signs). */
function screenTexts(scene: ModelPlan['scenes'][number]): string[] {
  const { kind: _kind, narration: _narration, seconds: _seconds, film: _film, facts: _facts, picture: _picture, ...content } = scene as Record<string, unknown>;
  const strip = (value: unknown): unknown =>
    Array.isArray(value) ? value.map(strip) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).filter(([key]) => !['picture', 'prefix', 'suffix', 'shape', 'unit'].includes(key)).map(([key, child]) => [key, strip(child)])) : value;
  return texts(strip(content)).filter((text) => text.trim().length > 0);
}

describe('the recorded-plans set: a capable model\'s plans reach the video whole', () => {
  let server: FakeModelServer;
  let dir: string;
  beforeAll(async () => {
    server = await startFakeOpenAIServer();
    dir = mkdtempSync(path.join(tmpdir(), 'recorded-plans-'));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds at least 12 recorded requests in at least 4 languages, with a CSV question, a recipe, a history, a message exchange, growth figures and a logo', () => {
    const held = CASES.filter((item) => recorded(item.name));
    expect(held.length).toBeGreaterThanOrEqual(12);
    expect(new Set(held.map((item) => item.language)).size).toBeGreaterThanOrEqual(4);
    for (const name of ['csv-question', 'pancake-recipe', 'bicycle-history', 'tcp-handshake', 'user-growth', 'meditation-logo-fr']) expect(held.map((item) => item.name)).toContain(name);
  });

  describe.each(CASES.filter((item) => recorded(item.name)).map((item) => [item.name, item] as const))('%s', (_, item) => {
    let recording: Recording;
    let plan: StoryPlan;
    beforeAll(async () => {
      recording = recorded(item.name)!;
      server.enqueue(...recording.calls.map((call) => ({ object: call.answer.object })));
      const model = createAiSdkModel({ provider: 'openai-compatible', model: 'recorded', baseUrl: server.url, apiKey: 'recorded' }, { maxRetries: 0 });
      plan = await new ModelPlanner(model).plan(await recordedPlanRequest(recording.input, dir, readDocument));
      expect(server.pending()).toBe(0);
      if (process.env.SHOW_PLANS) console.log(item.name, JSON.stringify({ warnings: plan.warnings, reading: plan.reading, kinds: plan.scenes.map((scene) => scene.kind), seconds: plan.scenes.map((scene) => scene.durationSeconds) }, null, 1));
    });

    /** The answer the planner kept: the revision when it asked for one and took it, else the first. */
    const kept = () => {
      const answers = recording.calls.map((call) => call.answer.object);
      const spoken = new Set(plan.scenes.map((scene) => scene.narration));
      return [...answers].reverse().find((answer) => answer.scenes.some((scene) => scene.narration.trim() && spoken.has(scene.narration.trim()))) ?? answers[0]!;
    };
    const warned = (index: number) => (plan.warnings ?? []).some((warning) => warning.message.includes(`scene ${index + 1} (`));

    it('keeps every planned scene and its narration whole, or names it in a warning', () => {
      const narrations = plan.scenes.map((scene) => scene.narration);
      kept().scenes.forEach((scene, index) => {
        if (warned(index)) return;
        if (scene.narration.trim()) expect(narrations, `scene ${index + 1}'s narration`).toContain(scene.narration.trim());
      });
    });

    it('shows every on-screen text the model wrote, or names the change in a warning', () => {
      const shown = JSON.stringify(plan.scenes.map((scene) => [scene.title, scene.settings]));
      kept().scenes.forEach((scene, index) => {
        if (warned(index) || scene.kind === 'material') return;
        for (const text of screenTexts(scene)) expect(shown, `scene ${index + 1}: "${text}"`).toContain(JSON.stringify(text).slice(1, -1));
      });
    });

    it('ends no text in an ellipsis or a doubled stop its author did not write', () => {
      const written = new Set(recording.calls.flatMap((call) => texts(call.answer.object)));
      for (const text of plan.scenes.flatMap((scene) => [scene.narration, ...texts(scene.settings)])) {
        if (/(?:\.\.|…)\s*$/.test(text)) expect(written, text).toContain(text);
      }
    });

    it('keeps computed figures with their checked sum, and drops no scene for a figure without a warning', () => {
      const computed = kept().scenes.flatMap((scene) => (scene.facts ?? []).filter((fact) => fact.basis === 'computed'));
      const facts = plan.scenes.flatMap((scene) => scene.facts ?? []);
      if (item.expect.computed) expect(computed.length, 'the model computed a figure').toBeGreaterThan(0);
      for (const fact of computed) {
        const problem = (plan.warnings ?? []).find((warning) => warning.message.includes(fact.arithmetic ?? fact.text));
        if (!problem) expect(facts).toContainEqual(expect.objectContaining({ basis: 'computed', arithmetic: fact.arithmetic }));
      }
      for (const warning of plan.warnings ?? []) expect(warning.message).toMatch(/^(?:Left out|Changed) scene \d+ \(|^The request asks for|^No planned scene/);
    });

    it('reads the request: its length, counts, frame and sound come back with the plan, and the plan follows them', () => {
      const { expect: wanted } = item;
      const total = plan.scenes.reduce((sum, scene) => sum + scene.durationSeconds, 0);
      if (wanted.seconds !== undefined) expect(Math.round(total)).toBe(wanted.seconds);
      if (wanted.scenes !== undefined) expect(plan.scenes).toHaveLength(wanted.scenes);
      if (wanted.count !== undefined) expect(Math.max(...plan.scenes.map((scene) => Math.max(0, ...['items', 'steps', 'nodes', 'spokes', 'events', 'stats'].map((key) => (Array.isArray(scene.settings[key]) ? (scene.settings[key] as unknown[]).length : 0))))), 'the longest list').toBeGreaterThanOrEqual(wanted.count);
      for (const key of ['shape', 'narration', 'music', 'captions'] as const) if (wanted[key] !== undefined) expect(plan.reading?.[key], key).toBe(wanted[key]);
      expect(plan.reading?.language).toBe(item.language);
      if (wanted.material) expect(plan.scenes.some((scene) => scene.settings.sourceRef || ['chart', 'bar-chart', 'line-chart', 'table'].includes(scene.kind))).toBe(true);
      if (wanted.action) expect(plan.scenes.at(-1)!.settings.action).toBeTruthy();
      if (wanted.kind) expect(plan.scenes.map((scene) => scene.kind)).toContain(wanted.kind);
    });
  });
});
