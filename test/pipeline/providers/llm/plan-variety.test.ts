import { describe, expect, it } from 'vitest';
import type { ModelPlan } from '../../../../src/pipeline/providers/llm/model-plan-schema.js';
import { relaid, sharedPairsAllowed, varietyProblem } from '../../../../src/pipeline/providers/llm/plan-variety.js';

const hub = (title: string): ModelPlan['scenes'][number] => ({ kind: 'hub', title, hub: { label: title }, spokes: [{ label: 'Sun' }, { label: 'Soil' }, { label: 'Rain' }], narration: `${title} grows in sun, soil and rain.`, seconds: 6 });
const plan = (scenes: ModelPlan['scenes']): ModelPlan => ({ title: 'Coffee', scenes });
const title: ModelPlan['scenes'][number] = { kind: 'title', title: 'Where coffee grows', narration: 'Coffee grows in many places.', seconds: 4 };

describe('neighbouring scenes differ in layout', () => {
  it('allows a quarter of neighbouring pairs to share a layout, rounded down', () => {
    expect([2, 4, 5, 8, 9].map(sharedPairsAllowed)).toEqual([0, 0, 1, 1, 2]);
  });

  it('names three in a row, and pairs beyond the quarter, for the model', () => {
    expect(varietyProblem(plan([title, hub('Ethiopia'), hub('Colombia'), hub('Vietnam')]))).toMatch(/scenes 2 to 4 are all "hub"/);
    expect(varietyProblem(plan([title, hub('Ethiopia'), hub('Colombia'), title]))).toMatch(/scenes 2 and 3 \("hub"\)/);
    expect(varietyProblem(plan([title, hub('Ethiopia'), title, hub('Colombia'), hub('Vietnam')]))).toBeUndefined();
  });

  it('does not count the attachments’ fixed scenes: a tour’s screenshots follow each other', () => {
    const shot = (material: number): ModelPlan['scenes'][number] => ({ kind: 'material', material, narration: '', seconds: 5 });
    expect(varietyProblem(plan([title, shot(0), shot(1), shot(2), title]))).toBeUndefined();
  });

  it('re-lays a repeated scene with another layout that keeps all its content, and says so', () => {
    const four = plan([title, hub('Ethiopia'), hub('Colombia'), hub('Vietnam')]);
    const { plan: varied, notes } = relaid(four);
    expect(varied.scenes.map((scene) => scene.kind)).toEqual(['title', 'hub', 'flow', 'hub']);
    const flow = varied.scenes[2] as Extract<ModelPlan['scenes'][number], { kind: 'flow' }>;
    expect(flow.shape).toBe('branch');
    expect(flow.nodes.map((node) => node.label)).toEqual(['Colombia', 'Sun', 'Soil', 'Rain']);
    expect(flow.narration).toBe('Colombia grows in sun, soil and rain.');
    expect(notes).toEqual([{ index: 2, message: 'Changed scene 3 (hub "Colombia"): shown as a branching flow from "Colombia", with all its content, so it does not repeat the layout of scene 2.' }]);
    expect(varietyProblem(varied)).toBeUndefined();
  });

  it('turns repeated steps into step cards and a repeated counter into a big number', () => {
    const steps = (heading: string): ModelPlan['scenes'][number] => ({ kind: 'steps', heading, steps: ['Bend your knees', 'Keep it close'], narration: 'Bend, then keep it close.', seconds: 5 });
    const { plan: varied } = relaid(plan([title, steps('Lift'), steps('Carry'), title]));
    expect(varied.scenes[2]).toMatchObject({ kind: 'step_cards', heading: 'Carry', steps: [{ text: 'Bend your knees' }, { text: 'Keep it close' }] });
    const stat = (value: number): ModelPlan['scenes'][number] => ({ kind: 'stat', value, prefix: '', suffix: '%', label: 'of water saved', narration: 'Saved.', seconds: 4 });
    expect(relaid(plan([title, stat(30), stat(40), title])).plan.scenes[2]).toMatchObject({ kind: 'big_number', value: 40, suffix: '%', label: 'of water saved' });
  });

  it('leaves a scene with no other layout for its content as planned', () => {
    const kinetic = (text: string): ModelPlan['scenes'][number] => ({ kind: 'kinetic', text, narration: text, seconds: 3 });
    const { plan: varied, notes } = relaid(plan([kinetic('One'), kinetic('Two'), kinetic('Three')]));
    expect(varied.scenes.map((scene) => scene.kind)).toEqual(['kinetic', 'kinetic', 'kinetic']);
    expect(notes).toEqual([]);
  });
});
