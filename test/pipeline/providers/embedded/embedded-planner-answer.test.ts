import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourceDocument } from '../../../../src/documents/read-document.js';
import { EmbeddedPlanner } from '../../../../src/pipeline/providers/embedded/embedded-planner.js';
import type { StoryPlan } from '../../../../src/pipeline/providers/provider-types.js';
import { documentFiles } from '../../../documents/document-files.js';

const SALES = 'Quarter,North,South,West\nQ1,120,200,90\nQ2,150,210,110\nQ3,190,205,160\n';
const QUESTION = 'Quarterly sales by region are attached. Which region grew fastest this year?';

describe('EmbeddedPlanner answering a question about a CSV', () => {
  const files = documentFiles();
  let sales: SourceDocument;
  beforeAll(async () => {
    sales = await files.read('csv', SALES, 'sales.csv');
  });
  afterAll(() => files.remove());

  function plan(prompt: string, language = 'en', durationSeconds = 30, multiScene = true): Promise<StoryPlan> {
    return new EmbeddedPlanner().plan({ prompt, durationSeconds, multiScene, fps: 30, language, materials: { images: [], documents: [sales] } });
  }

  it('states the answer right after the hook, from the cells, then charts the series', async () => {
    const story = await plan(QUESTION);
    expect(story.scenes[0]!.role).toBe('hook');
    expect(story.scenes[1]).toMatchObject({
      kind: 'stat',
      settings: {
        value: 78,
        prefix: '+',
        suffix: '%',
        decimals: 0,
        label: 'West grew fastest, Q1 to Q3',
        source: 'Source: sales.csv, rows 1, 3',
        sourceRef: { field: 'documents[0]', fileName: 'sales.csv', labelColumn: 'Quarter', valueColumn: 'West', rows: [1, 3] },
      },
      narration: 'West grew fastest: from 90 to 160, up 78 percent.',
    });
    expect(story.scenes[2]).toMatchObject({
      kind: 'chart',
      settings: { chart: 'line', labels: ['Q1', 'Q2', 'Q3'], values: [90, 110, 160], sourceRef: { valueColumn: 'West', rows: [1, 2, 3] } },
    });
    // The series is charted once.
    expect(story.scenes.filter((scene) => scene.kind === 'chart' && (scene.settings.sourceRef as { valueColumn: string }).valueColumn === 'West')).toHaveLength(1);
  });

  it('keeps the answer and its chart in a short video', async () => {
    const story = await plan(QUESTION, 'en', 10);
    expect(story.scenes.map((scene) => scene.kind).slice(1, 3)).toEqual(['stat', 'chart']);
  });

  it('says the answer in German with German numbers', async () => {
    const story = await plan('Die Quartalsumsätze nach Region sind angehängt. Welche Region ist am stärksten gewachsen?', 'de');
    expect(story.scenes[1]).toMatchObject({
      kind: 'stat',
      settings: { value: 78, label: 'West: stärkstes Wachstum, Q1 bis Q3' },
      narration: 'West ist am stärksten gewachsen: von 90 auf 160, ein Plus von 78 Prozent.',
    });
  });

  it('without a question shows the headline finding after the charts', async () => {
    const story = await plan('Quarterly sales by region are attached.', 'en', 40);
    const kinds = story.scenes.map((scene) => scene.kind);
    const stat = kinds.indexOf('stat');
    expect(stat).toBeGreaterThan(kinds.lastIndexOf('chart'));
    expect(story.scenes[stat]!.settings).toMatchObject({ label: 'West grew fastest, Q1 to Q3', sourceRef: { valueColumn: 'West' } });
  });

  it('a single scene is the answer', async () => {
    const story = await plan(QUESTION, 'en', 10, false);
    expect(story.scenes).toHaveLength(1);
    expect(story.scenes[0]).toMatchObject({ kind: 'stat', settings: { value: 78 }, narration: '' });
  });
});
