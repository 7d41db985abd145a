import { describe, expect, it } from 'vitest';
import { sceneVisual } from '../../../src/pipeline/videos/scene-visual.js';

describe('sceneVisual', () => {
  it('names the library pictures of an icon grid whose every card has one, else its icons or labels', () => {
    expect(sceneVisual('icons', { title: 'Pack', items: [{ icon: 'auto', label: 'Rocket', picture: 'fluent-emoji-flat:rocket' }, { icon: 'auto', label: 'Bed', picture: 'fluent-emoji-flat:bed' }] })).toEqual({
      kind: 'illustration',
      names: ['fluent-emoji-flat:rocket', 'fluent-emoji-flat:bed'],
    });
    expect(sceneVisual('icons', { items: [{ icon: 'heart', label: 'Love' }, { icon: 'auto', label: 'Cool' }] })).toEqual({ kind: 'icon', names: ['heart', 'Cool'] });
  });

  it('says what charts, timelines, images, film shots and words show', () => {
    expect(sceneVisual('chart', { title: 'Sales', chart: { type: 'line', points: [] } })).toEqual({ kind: 'chart', names: ['line chart'] });
    expect(sceneVisual('infographic', { headline: 'Coffee', visual: 'donut', items: [] })).toEqual({ kind: 'chart', names: ['donut chart'] });
    expect(sceneVisual('timeline', { title: 'Flight', events: [{ when: '1903', text: 'First flight' }, { when: '1969', text: 'Moon' }] })).toEqual({ kind: 'diagram', names: ['timeline: 1903, 1969'] });
    expect(sceneVisual('image-grid', { heading: 'Team', images: ['image-1', 'image-2'] })).toEqual({ kind: 'image', names: ['image-1', 'image-2'] });
    expect(sceneVisual('footage', { caption: 'Cold air', description: 'An outdoor unit in the snow' })).toEqual({ kind: 'footage', names: ['An outdoor unit in the snow'] });
    expect(sceneVisual('bullets', { heading: 'Why Acme', items: ['Fast'] })).toEqual({ kind: 'typography', names: ['Why Acme'] });
    expect(sceneVisual('title', { title: 'How honeybees make honey', picture: 'fluent-emoji-flat:honeybee' })).toEqual({ kind: 'illustration', names: ['fluent-emoji-flat:honeybee'] });
    expect(sceneVisual('stat', { value: 3, label: 'hearts' })).toEqual({ kind: 'typography', names: ['hearts'] });
  });

  it('says what the diagrams, maps, mockups, ratio and ranking charts, figure grids and drawn film shots show', () => {
    expect(sceneVisual('flow', { title: 'Heat', shape: 'cycle', nodes: [{ label: 'Air', picture: 'fluent-emoji-flat:snowflake' }, { label: 'House' }] })).toEqual({ kind: 'diagram', names: ['cycle flow: fluent-emoji-flat:snowflake → step 2'] });
    expect(sceneVisual('hub', { title: 'App', hub: { label: 'App' }, spokes: [{ label: 'Notes' }, { label: 'Tasks' }] })).toEqual({ kind: 'diagram', names: ['hub and spokes: hub → step 1, step 2'] });
    expect(sceneVisual('hub', { title: 'App', hub: { label: 'App', picture: 'lucide:app-window' }, spokes: [{ label: 'Notes', picture: 'lucide:notebook' }, { label: 'Tasks' }] })).toEqual({ kind: 'diagram', names: ['hub and spokes: lucide:app-window → lucide:notebook, step 2'] });
    expect(sceneVisual('map', { title: 'Coffee', regions: ['FIN', 'NOR'], labels: { FIN: 'Finnland' } })).toEqual({ kind: 'map', names: ['Finnland', 'NOR'] });
    expect(sceneVisual('device', { image: 'image-1', device: 'phone' })).toEqual({ kind: 'mockup', names: ['phone: image-1'] });
    expect(sceneVisual('pictogram', { count: 3, total: 10, label: 'adults', picture: 'fluent-emoji-flat:bed' })).toEqual({ kind: 'chart', names: ['pictogram: 3 of 10'] });
    expect(sceneVisual('ranking', { title: 'Coffee', items: [{ label: 'Finland' }, { label: 'Norway' }] })).toEqual({ kind: 'chart', names: ['ranking: Finland, Norway'] });
    expect(sceneVisual('stat-grid', { title: 'Bakery', stats: [{ value: 1, label: 'Bread', picture: 'fluent-emoji-flat:bread' }] })).toEqual({ kind: 'illustration', names: ['fluent-emoji-flat:bread'] });
    expect(sceneVisual('footage', { caption: 'Bees', description: 'Bees', pictures: ['fluent-emoji-flat:honeybee'] })).toEqual({ kind: 'illustration', names: ['fluent-emoji-flat:honeybee'] });
    expect(sceneVisual('footage', { caption: 'Bees', clip: 'clip-1', pictures: ['fluent-emoji-flat:honeybee'] })).toEqual({ kind: 'footage', names: ['Bees'] });
  });

  it('names an element without a picture by its step number, never by a letter of its words', () => {
    expect(sceneVisual('comparison', { title: 'Heat', left: { title: 'Boiler', points: [] }, right: { title: 'Heat pump', points: [], picture: 'fluent-emoji-flat:house' } })).toEqual({ kind: 'illustration', names: ['step 1', 'fluent-emoji-flat:house'] });
    expect(sceneVisual('comparison', { title: 'Heat', left: { title: 'Boiler', points: [] }, right: { title: 'Heat pump', points: [] } })).toEqual({ kind: 'typography', names: ['step 1', 'step 2'] });
    const flow = sceneVisual('flow', { title: 'Lift', nodes: [{ label: 'Bend your knees' }, { label: 'Lift', picture: 'fluent-emoji-flat:package' }, { label: 'You' }] });
    expect(flow.names).toEqual(['line flow: step 1 → fluent-emoji-flat:package → step 3']);
    expect(flow.names.join(' ')).not.toMatch(/initial/);
  });

  it('calls library line icons icons', () => {
    expect(sceneVisual('stat', { value: 3, label: 'Support', picture: 'lucide:headset' })).toEqual({ kind: 'icon', names: ['lucide:headset'] });
  });
});
