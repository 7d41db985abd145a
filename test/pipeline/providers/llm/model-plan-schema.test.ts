import { describe, expect, it } from 'vitest';
import { modelPlanSchema, toDraft, type DraftContext, type PlannedByModel } from '../../../../src/pipeline/providers/llm/model-plan-schema.js';

const PLACES: Record<string, { code: string; name: string; lon: number; lat: number }> = {
  Finland: { code: 'FIN', name: 'Finland', lon: 26, lat: 64 },
  Norwegen: { code: 'NOR', name: 'Norway', lon: 9, lat: 61 },
};

/** A context where 48, 3, 10 and 30 are stated and two places are known. */
const context: DraftContext = {
  fixed: [],
  actionAllowed: false,
  isStated: (value) => [48, 3, 10, 30].includes(Math.abs(value)),
  findPlace: (name) => PLACES[name],
};

const scene = (content: Record<string, unknown>): PlannedByModel => modelPlanSchema.shape.scenes.element.parse({ narration: 'Said.', seconds: 4, ...content });

describe("a model's planned scene as a kit scene", () => {
  it('keeps the scene kinds that show: flows, hubs, checklists and before-and-after with their picture words', () => {
    const flow = toDraft(scene({ kind: 'flow', title: 'How it heats', shape: 'cycle', nodes: [{ label: 'Outdoor air', picture: 'snowflake' }, { label: 'Compressor' }, { label: 'Warm rooms', picture: 'house' }] }), context);
    expect(flow).toMatchObject({ kind: 'flow', title: 'How it heats', settings: { shape: 'cycle', nodes: [{ label: 'Outdoor air', picture: 'snowflake' }, { label: 'Compressor' }, { label: 'Warm rooms', picture: 'house' }] } });
    expect(toDraft(scene({ kind: 'hub', title: 'One app', hub: { label: 'App' }, spokes: [{ label: 'Notes' }, { label: 'Tasks' }] }), context)?.kind).toBe('hub');
    expect(toDraft(scene({ kind: 'checklist', heading: 'Tonight', items: ['No screens', 'Cool room'], picture: 'bed' }), context)).toMatchObject({ kind: 'checklist', settings: { heading: 'Tonight', picture: 'bed' } });
    expect(toDraft(scene({ kind: 'before_after', title: 'Desk', before: { label: 'Messy', points: [] }, after: { label: 'Tidy', points: ['Clear'] } }), context)?.kind).toBe('before-after');
  });

  it('keeps only stated figures: a grid of one becomes a counter, of none goes; a ranking drops values it cannot source', () => {
    const stats = (values: number[]) => scene({ kind: 'stats', title: 'Bakery', stats: values.map((value) => ({ value, prefix: '', suffix: '', label: `Figure ${value}` })) });
    expect(toDraft(stats([48, 3, 7]), context)).toMatchObject({ kind: 'stat-grid', settings: { stats: [{ value: 48 }, { value: 3 }] } });
    expect(toDraft(stats([48, 7]), context)).toMatchObject({ kind: 'stat', settings: { value: 48, label: 'Figure 48' } });
    expect(toDraft(stats([7, 9]), context)).toBeUndefined();
    const ranking = toDraft(scene({ kind: 'ranking', title: 'Coffee', unit: 'kg', items: [{ label: 'Finland', value: 48 }, { label: 'Norway', value: 9.9 }] }), context);
    expect(ranking?.settings).toEqual({ title: 'Coffee', unit: 'kg', items: [{ label: 'Finland', value: 48 }, { label: 'Norway' }] });
  });

  it('draws a pictogram only of a stated share', () => {
    expect(toDraft(scene({ kind: 'pictogram', count: 3, total: 10, label: 'of adults sleep too little' }), context)?.kind).toBe('pictogram');
    expect(toDraft(scene({ kind: 'pictogram', count: 3, total: 7, label: 'of adults sleep too little' }), context)).toBeUndefined();
    expect(toDraft(scene({ kind: 'pictogram', count: 12, total: 10, label: 'of adults' }), context)).toBeUndefined();
  });

  it('puts the places the catalog knows on a map, labelled as the model wrote them, and drops a map of none', () => {
    const map = toDraft(scene({ kind: 'map', title: 'Coffee countries', places: ['Finland', 'Norwegen', 'Atlantis'] }), context);
    expect(map?.settings).toEqual({ title: 'Coffee countries', regions: ['FIN', 'NOR'], labels: { FIN: 'Finland', NOR: 'Norwegen' } });
    const route = toDraft(scene({ kind: 'map', title: 'Trip', places: ['Finland', 'Norwegen'], route: true }), context);
    expect(route?.settings.markers).toEqual([{ label: 'Finland', lon: 26, lat: 64 }, { label: 'Norwegen', lon: 9, lat: 61 }]);
    expect(toDraft(scene({ kind: 'map', title: 'Nowhere', places: ['Atlantis'] }), context)).toBeUndefined();
  });

  it('reveals the attached logo with the name, and shows the name as a headline when there is none', () => {
    expect(toDraft(scene({ kind: 'logo', name: 'Northwind', tagline: 'Sail further' }), { ...context, logo: 'image-0' })).toMatchObject({ kind: 'logo', settings: { logo: 'image-0', name: 'Northwind', tagline: 'Sail further' } });
    expect(toDraft(scene({ kind: 'logo', name: 'Northwind' }), context)).toMatchObject({ kind: 'kinetic', settings: { text: 'Northwind' } });
  });
});
