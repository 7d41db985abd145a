import { describe, expect, it } from 'vitest';
import { sceneVisual } from '../../../../src/pipeline/videos/scene-visual.js';
import { toDraft, type DraftContext, type PlannedByModel } from '../../../../src/pipeline/providers/llm/model-plan-schema.js';

/** A context in which the figures in `stated` are the request's, and notes are kept. */
function context(stated: number[]): DraftContext & { notes: string[] } {
  const notes: string[] = [];
  return { fixed: [], actionAllowed: false, isStated: (value) => stated.includes(Math.abs(value)), findPlace: () => undefined, note: (what) => notes.push(what), notes };
}

const shared = { narration: 'Said.', seconds: 6 };

describe('the layouts for what people explain, as a model plans them', () => {
  it('a message exchange is a sequence diagram of its actors and messages in order; a message between no two actors is left out, with a note', () => {
    const ctx = context([]);
    const scene: PlannedByModel = {
      kind: 'sequence',
      title: 'The TCP handshake',
      actors: [{ label: 'Client', picture: 'laptop' }, { label: 'Server' }],
      messages: [
        { from: 0, to: 1, label: 'SYN' },
        { from: 1, to: 0, label: 'SYN-ACK' },
        { from: 0, to: 1, label: 'ACK' },
        { from: 0, to: 3, label: 'FIN' },
      ],
      ...shared,
    };
    const draft = toDraft(scene, ctx)!;
    expect(draft.kind).toBe('sequence');
    expect(draft.settings.messages).toEqual([
      { from: 0, to: 1, label: 'SYN' },
      { from: 1, to: 0, label: 'SYN-ACK' },
      { from: 0, to: 1, label: 'ACK' },
    ]);
    expect(ctx.notes).toEqual(['"FIN" is left out: it does not go from one of its 2 actors to another.']);
    const visual = sceneVisual(draft.kind, draft.settings);
    expect(visual.kind).toBe('diagram');
    expect(visual.names[0]).toBe('sequence: Client, Server');
    expect(visual.names.slice(1)).toEqual(['Client → Server: SYN', 'Server → Client: SYN-ACK', 'Client → Server: ACK']);
  });

  it('a series of stated figures is a chart with its change called out; an unstated figure or callout is left out, with a note', () => {
    const ctx = context([1200, 9000, 48000, 40]);
    const scene: PlannedByModel = {
      kind: 'chart',
      title: 'Monthly users',
      chart: 'line',
      points: [
        { label: 'Jan', value: 1200 },
        { label: 'Jun', value: 9000 },
        { label: 'Sep', value: 20000 },
        { label: 'Dec', value: 48000 },
      ],
      callout: '40×',
      ...shared,
    };
    const draft = toDraft(scene, ctx)!;
    expect(draft).toMatchObject({ kind: 'chart', settings: { chart: 'line', labels: ['Jan', 'Jun', 'Dec'], values: [1200, 9000, 48000], callout: { text: '40×' } } });
    expect(ctx.notes).toEqual(['Sep (20000) is left out of the chart: no figure of the request or its documents, checked sum or general fact gives it.']);
    expect(sceneVisual(draft.kind, draft.settings)).toEqual({ kind: 'chart', names: ['line chart: 40×'] });

    const unchecked = context([1200, 48000]);
    const noCallout = toDraft({ ...scene, points: [scene.points[0]!, scene.points[3]!], callout: '50×' }, unchecked)!;
    expect(noCallout.settings.callout).toBeUndefined();
    expect(unchecked.notes).toEqual(['its callout "50×" is left out: its figure is not stated, nor a checked sum of the chart\'s figures.']);
  });

  it('a how-to is step cards, each step with its own picture; a step without one shows its number', () => {
    const draft = toDraft({ kind: 'step_cards', heading: 'Banana pancakes', steps: [{ text: 'Mash two bananas', picture: 'banana' }, { text: 'Whisk in two eggs' }], ...shared }, context([]))!;
    expect(draft).toMatchObject({ kind: 'step-cards', title: 'Banana pancakes', settings: { heading: 'Banana pancakes', steps: [{ text: 'Mash two bananas', picture: 'banana' }, { text: 'Whisk in two eggs' }] } });
    expect(sceneVisual('step-cards', { steps: [{ text: 'Mash', picture: 'openmoji:banana' }, { text: 'Whisk' }] }).names).toEqual(['openmoji:banana', 'step 2']);
  });

  it('a thing and its parts is a labelled illustration of the scene’s picture', () => {
    const draft = toDraft({ kind: 'illustration', title: 'Inside a heat pump', parts: [{ label: 'Compressor', detail: 'squeezes the gas' }, { label: 'Coils' }], picture: 'heat pump', ...shared }, context([]))!;
    expect(draft).toMatchObject({ kind: 'labelled', settings: { title: 'Inside a heat pump', picture: 'heat pump', parts: [{ label: 'Compressor', detail: 'squeezes the gas' }, { label: 'Coils' }] } });
    expect(sceneVisual('labelled', draft.settings).names).toEqual(['heat pump', 'callout: Compressor', 'callout: Coils']);
  });

  it('one striking figure is a big number, only when it is stated', () => {
    const scene: PlannedByModel = { kind: 'big_number', value: 40, prefix: '', suffix: '×', label: 'more users in a year', context: 'from 1,200 to 48,000', ...shared };
    expect(toDraft(scene, context([40]))).toMatchObject({ kind: 'big-number', settings: { value: 40, suffix: '×', label: 'more users in a year', context: 'from 1,200 to 48,000' } });
    const ctx = context([]);
    expect(toDraft(scene, ctx)).toBeUndefined();
    expect(ctx.notes).toEqual(['its figure 40× is not stated in the request or its documents, nor a checked sum or general fact.']);
  });
});
