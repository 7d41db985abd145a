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

describe('EmbeddedPlanner answering a question about a wide table (periods as columns)', () => {
  // A row per product line, a column per quarter, the measure in each header: the orientation that
  // used to be read as one chart per column.
  const WIDE = 'Product line,Q1 revenue ($k),Q2 revenue ($k),Q3 revenue ($k)\nAnalytics,800,1100,1400\nStorage,1200,1300,1350\nSecurity,600,650,700\nSupport,900,880,860\n';
  const files = documentFiles();
  let wide: SourceDocument;
  beforeAll(async () => {
    wide = await files.read('csv', WIDE, 'q3.csv');
  });
  afterAll(() => files.remove());

  it.each([
    ['Which product line grew fastest?', 'en', 'Analytics grew fastest: from $800,000 to $1.4 million, up 75 percent.'],
    ['Welche Produktlinie ist am schnellsten gewachsen?', 'de', 'Analytics ist am stärksten gewachsen: von 800.000 $ auf 1,4 Millionen $, ein Plus von 75 Prozent.'],
    ['Quelle gamme de produits a le plus progressé ?', 'fr', 'Analytics a le plus progressé : de 800 000 $ à 1,4 million $, soit une hausse de 75 pour cent.'],
    ['¿Qué línea de producto creció más rápido?', 'es', 'Analytics creció más: de 800.000 $ a 1,4 millones $, un aumento de 75 por ciento.'],
  ])('answers "%s" with the fastest grower across the quarters, then charts it by quarter and the lines in the latest quarter', async (prompt, language, said) => {
    const story = await new EmbeddedPlanner().plan({ prompt, durationSeconds: 30, multiScene: true, fps: 30, language, materials: { images: [], documents: [wide] } });
    const answer = story.scenes.find((scene) => scene.kind === 'stat')!;
    expect(answer.settings).toMatchObject({ value: 75, prefix: '+', suffix: '%', sourceRef: { valueColumn: 'Analytics', columns: ['Q1 revenue ($k)', 'Q3 revenue ($k)'] } });
    expect(answer.narration.replace(/[\u00a0\u202f]/g, ' ')).toBe(said);
    const charts = story.scenes.filter((scene) => scene.kind === 'chart');
    expect(charts[0]!.settings).toMatchObject({ labels: ['Q1', 'Q2', 'Q3'], values: [800, 1100, 1400] });
    // Never one chart per period column: the other chart compares the lines in the latest quarter.
    expect(charts.map((scene) => scene.settings.title)).not.toContain('Q1 revenue');
    expect(charts[1]!.settings).toMatchObject({ title: 'Revenue by product line, Q3', labels: ['Analytics', 'Storage', 'Security', 'Support'], values: [1400, 1350, 700, 860] });
  });

  it('keeps the headers\' scale ($k): the charts show "$1,400k" and say "$1.4 million", never "$1,400"', async () => {
    const story = await new EmbeddedPlanner().plan({ prompt: 'Which product line grew fastest?', durationSeconds: 30, multiScene: true, fps: 30, language: 'en', materials: { images: [], documents: [wide] } });
    const charts = story.scenes.filter((scene) => scene.kind === 'chart');
    for (const chart of charts) expect(chart.settings.unit).toBe('$k');
    expect(charts[0]!.settings).toMatchObject({ title: 'Analytics: revenue', valueLabel: 'Revenue' });
    expect(charts[0]!.narration).toBe('Analytics: revenue. Q1: $800,000, Q2: $1.1 million, Q3: $1.4 million.');
    expect(charts[1]!.narration).toContain('Storage: $1.35 million');
  });
});
