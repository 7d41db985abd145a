import { afterAll, describe, expect, it } from 'vitest';
import { analyzeTable, type TableAnalysis, type TableFinding } from '../../src/documents/table-analysis.js';
import { documentFiles } from './document-files.js';

const files = documentFiles();
afterAll(() => files.remove());

const SALES = 'Quarter,North,South,West\nQ1,120,200,90\nQ2,150,210,110\nQ3,190,205,160\n';

async function analyze(csv: string, fileName = 'table.csv'): Promise<TableAnalysis> {
  const analysis = analyzeTable(await files.read('csv', csv, fileName));
  if (!analysis) throw new Error('no analysis');
  return analysis;
}

function finding(analysis: TableAnalysis, kind: TableFinding['kind']): TableFinding | undefined {
  return analysis.findings.find((entry) => entry.kind === kind);
}

describe('analyzeTable', () => {
  it('ranks growth by percent change from the first period to the last, citing the two cells', async () => {
    const analysis = await analyze(SALES, 'sales.csv');
    const growth = finding(analysis, 'fastest-growth')!;
    expect(growth.items).toHaveLength(1);
    const west = growth.items[0]!;
    expect(west).toMatchObject({ series: 'West', from: { label: 'Q1', value: 90, row: 1 }, to: { label: 'Q3', value: 160, row: 3 }, change: 70 });
    expect(west.percentChange).toBeCloseTo(77.78, 2);
    expect(west.source).toEqual({ field: 'documents[0]', fileName: 'sales.csv', labelColumn: 'Quarter', valueColumn: 'West', rows: [1, 3] });
    expect(analysis.findings[0]!.kind).toBe('fastest-growth');
    // Every series, fastest first, for comparisons.
    expect(finding(analysis, 'change')!.items.map((item) => item.series)).toEqual(['West', 'North', 'South']);
  });

  it('gives each series its peak and trough with their row labels', async () => {
    const south = (await analyze(SALES)).series.find((series) => series.name === 'South')!;
    expect(south.overTime).toBe(true);
    expect(south.peak).toMatchObject({ at: { label: 'Q2', value: 210 }, source: { valueColumn: 'South', rows: [2] } });
    expect(south.trough).toMatchObject({ at: { label: 'Q1', value: 200 }, source: { rows: [1] } });
  });

  it('keeps every series tied for first: North and West both rose by 70', async () => {
    const analysis = await analyze(SALES);
    expect(finding(analysis, 'biggest-increase')!.items.map((item) => [item.series, item.change])).toEqual([
      ['North', 70],
      ['West', 70],
    ]);
    expect(finding(analysis, 'highest')!.items.map((item) => [item.series, item.at!.label, item.at!.value])).toEqual([['South', 'Q3', 205]]);
    expect(finding(analysis, 'lowest')!.items.map((item) => item.series)).toEqual(['West']);
  });

  it('finds the steepest decline, and none when nothing fell', async () => {
    const energy = await analyze('Year,Coal,Solar,Gas\n2021,500,20,300\n2022,450,35,290\n2023,300,60,285\n');
    const decline = finding(energy, 'steepest-decline')!;
    expect(decline.items.map((item) => item.series)).toEqual(['Coal']);
    expect(decline.items[0]!.percentChange).toBeCloseTo(-40, 9);
    expect(decline.items[0]!.source.rows).toEqual([1, 3]);
    expect(finding(await analyze(SALES.replace('205', '215')), 'steepest-decline')).toBeUndefined();
  });

  it('gives no percent for a series that starts at 0 or below, and ranks growth by percent among the others', async () => {
    const analysis = await analyze('Month,Alpha,Beta\nJan,0,10\nFeb,20,12\nMar,40,15\n');
    const alpha = analysis.series.find((series) => series.name === 'Alpha')!;
    expect(alpha.change).toMatchObject({ change: 40, from: { value: 0 }, to: { value: 40 } });
    expect(alpha.change!.percentChange).toBeUndefined();
    expect(finding(analysis, 'fastest-growth')!.items.map((item) => item.series)).toEqual(['Beta']);
    expect(finding(analysis, 'biggest-increase')!.items.map((item) => item.series)).toEqual(['Alpha']);
    expect(JSON.stringify(analysis)).not.toMatch(/Infinity|NaN|null/);
    // With no positive base anywhere, growth ranks by the absolute rise.
    const zero = await analyze('Month,Alpha,Beta\nJan,0,-5\nFeb,40,10\n');
    expect(finding(zero, 'fastest-growth')!.items.map((item) => [item.series, item.change])).toEqual([['Alpha', 40]]);
  });

  it('reads a table whose series are rows and whose headers are periods, citing row and columns', async () => {
    const analysis = await analyze('Region,2022,2023,2024\nNorth,100,120,150\nSouth,90,95,99\n', 'regions.csv');
    expect(analysis.series.map((series) => series.name)).toEqual(['North', 'South']);
    const north = finding(analysis, 'fastest-growth')!.items[0]!;
    expect(north).toMatchObject({ series: 'North', from: { label: '2022', value: 100 }, to: { label: '2024', value: 150 }, percentChange: 50 });
    expect(north.source).toEqual({ field: 'documents[0]', fileName: 'regions.csv', labelColumn: 'Region', valueColumn: 'North', rows: [1], columns: ['2022', '2024'] });
  });

  it('reads periods listed newest first in time order', async () => {
    const analysis = await analyze('Year,Sales\n2024,150\n2023,120\n2022,100\n');
    expect(analysis.series[0]!.change).toMatchObject({ from: { label: '2022', value: 100, row: 3 }, to: { label: '2024', value: 150, row: 1 }, percentChange: 50 });
  });

  it('skips identifier columns and uses the text column for labels', async () => {
    const analysis = await analyze('id,Quarter,Sales,customer_id\n1,Q1,10,7001\n2,Q2,20,7002\n3,Q3,40,7003\n');
    expect(analysis.series.map((series) => series.name)).toEqual(['Sales']);
    expect(analysis.series[0]!.source.labelColumn).toBe('Quarter');
    expect(finding(analysis, 'fastest-growth')!.items[0]!.percentChange).toBe(300);
  });

  it('skips cells that are not numbers and cites only the cells it used', async () => {
    const analysis = await analyze('Quarter,North,South\nQ1,n/a,10\nQ2,100,12\nQ3,150,\nQ4,180,15\n');
    const north = analysis.series.find((series) => series.name === 'North')!;
    expect(north.points.map((point) => point.label)).toEqual(['Q2', 'Q3', 'Q4']);
    expect(north.change).toMatchObject({ from: { label: 'Q2', value: 100 }, to: { label: 'Q4', value: 180 }, source: { rows: [2, 4] } });
    expect(analysis.series.find((series) => series.name === 'South')!.change!.source.rows).toEqual([1, 4]);
  });

  it('for a table of categories finds the highest and lowest row of each series, no change', async () => {
    const analysis = await analyze('Region,Revenue ($)\nNorth,1200\nSouth,950\nWest,1430\n');
    expect(analysis.series[0]).toMatchObject({ name: 'Revenue', unit: '$', overTime: false });
    expect(analysis.series[0]!.change).toBeUndefined();
    expect(finding(analysis, 'fastest-growth')).toBeUndefined();
    expect(finding(analysis, 'highest')!.items.map((item) => [item.at!.label, item.at!.value, item.source.rows])).toEqual([['West', 1430, [3]]]);
    expect(finding(analysis, 'lowest')!.items.map((item) => item.at!.label)).toEqual(['South']);
  });

  it('gives nothing for a text document or a table without numbers', async () => {
    expect(analyzeTable({ field: 'documents[0]', kind: 'text', text: 'Sales grew 5%.', truncated: false })).toBeUndefined();
    expect(analyzeTable(await files.read('csv', 'Name,Team\nAda,North\nBob,South\n'))).toBeUndefined();
  });
});
