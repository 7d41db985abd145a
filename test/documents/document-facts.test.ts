import { afterAll, describe, expect, it } from 'vitest';
import { chartsFrom, chooseChartKind, figuresFrom, MAX_CHART_POINTS, statementsFrom, titleFrom } from '../../src/documents/document-facts.js';
import type { SourceDocument } from '../../src/documents/read-document.js';
import { documentFiles } from './document-files.js';
import { textPdf } from './pdf-fixtures.js';

const files = documentFiles();
afterAll(() => files.remove());

function textDoc(text: string, extra: Partial<SourceDocument> = {}): SourceDocument {
  return { field: 'documents[0]', kind: 'text', text, truncated: false, ...extra };
}

describe('chartsFrom', () => {
  it('copies labels and values from the cells, with the data rows they come from', async () => {
    const csv = ['Region,Revenue ($),Note', 'North,"$1,200.50",up', 'South,,missing', ' West , $980 ,flat', 'East,$1500,new'].join('\n');
    const doc = await files.read('csv', csv, 'revenue.csv');
    expect(chartsFrom(doc)).toEqual([
      {
        title: 'Revenue',
        labels: ['North', 'West', 'East'],
        values: [1200.5, 980, 1500],
        valueLabel: 'Revenue ($)',
        unit: '$',
        kind: 'bar',
        source: { field: 'documents[0]', fileName: 'revenue.csv', labelColumn: 'Region', valueColumn: 'Revenue ($)', rows: [1, 3, 4] },
      },
    ]);
  });

  it('draws every numeric column but identifiers against the first non-numeric one', async () => {
    const doc = await files.read('csv', 'id,team,wins,losses,rank\n1,Reds,10,4,1\n2,Blues,8,6,2\n');
    const charts = chartsFrom(doc);
    expect(charts.map((chart) => [chart.source.labelColumn, chart.source.valueColumn])).toEqual([
      ['team', 'wins'],
      ['team', 'losses'],
    ]);
    expect(charts[0]).toMatchObject({ title: 'Wins', labels: ['Reds', 'Blues'], values: [10, 8] });
  });

  it(`labels an all-numeric table by its first column and keeps the first ${MAX_CHART_POINTS} rows`, async () => {
    const rows = Array.from({ length: 20 }, (_, index) => `${2000 + index},${(index + 1) * 10}`);
    const doc = await files.read('csv', `year,active_users\n${rows.join('\n')}\n`);
    const [chart] = chartsFrom(doc);
    expect(chart).toMatchObject({ title: 'Active users', kind: 'line', valueLabel: 'active_users' });
    expect(chart?.labels).toEqual(doc.table!.rows.slice(0, MAX_CHART_POINTS).map((row) => row[0]));
    expect(chart?.values).toEqual(doc.table!.rows.slice(0, MAX_CHART_POINTS).map((row) => Number(row[1])));
    expect(chart?.source.rows).toEqual(Array.from({ length: MAX_CHART_POINTS }, (_, index) => index + 1));
  });

  it('reads shares with a decimal comma from a semicolon CSV as a donut in %', async () => {
    const doc = await files.read('csv', 'Kanal;Anteil\nWeb;45,5%\nLaden;30%\nTelefon;24,5%\n');
    expect(chartsFrom(doc)).toEqual([
      expect.objectContaining({ labels: ['Web', 'Laden', 'Telefon'], values: [45.5, 30, 24.5], unit: '%', kind: 'donut' }),
    ]);
  });

  it('gives no chart for text, or for a table without a value column', async () => {
    expect(chartsFrom(textDoc('Revenue grew 12%.'))).toEqual([]);
    expect(chartsFrom(await files.read('csv', 'name,city\nAda,London\nAlan,Wilmslow\n'))).toEqual([]);
  });
});

describe('chooseChartKind', () => {
  const values = [10, 12, 9, 14];

  it.each([
    [['2021', '2022', '2023'], 'years'],
    [['Q1 2024', 'Q2 2024', 'Q3 2024', 'Q4 2024'], 'quarters'],
    [['2023 Q4', '2024 Q1', '2024 Q2'], 'year-first quarters'],
    [['Jan', 'Feb', 'March', 'Apr'], 'months'],
    [['Nov 2023', 'Dec 2023', 'Jan 2024'], 'months with years'],
    [['2024-01', '2024-02', '2024-03'], 'ISO months'],
    [['2024-01-05', '2024-02-01', '2024-03-15'], 'ISO dates'],
  ])('draws %j (%s) as a line', (labels) => {
    expect(chooseChartKind({ labels, values: values.slice(0, labels.length) })).toBe('line');
  });

  it('draws two points in time, time newest first, or mixed labels as bars', () => {
    expect(chooseChartKind({ labels: ['2023', '2024'], values: [1, 2] })).toBe('bar');
    expect(chooseChartKind({ labels: ['2024', '2023', '2022'], values: [1, 2, 3] })).toBe('bar');
    expect(chooseChartKind({ labels: ['2023', 'Q1 2024', 'Mar 2024'], values: [1, 2, 3] })).toBe('bar');
  });

  it('draws 3 to 6 shares summing to 100 ± 2 as a donut', () => {
    expect(chooseChartKind({ labels: ['Web', 'Store', 'Phone'], values: [45, 30, 24], unit: '%' })).toBe('donut');
    expect(chooseChartKind({ labels: ['A', 'B', 'C', 'D', 'E', 'F'], values: [20, 20, 20, 20, 10, 11], valueLabel: 'Market share' })).toBe('donut');
  });

  it('draws exactly 2 shares as a pie', () => {
    expect(chooseChartKind({ labels: ['Yes', 'No'], values: [62, 38], valueLabel: 'Percent' })).toBe('pie');
  });

  it('draws shares that do not sum to 100, more than 6 of them, or values that are not shares as bars', () => {
    expect(chooseChartKind({ labels: ['A', 'B', 'C'], values: [45, 30, 20], unit: '%' })).toBe('bar');
    expect(chooseChartKind({ labels: ['A', 'B', 'C', 'D', 'E', 'F', 'G'], values: [20, 20, 20, 10, 10, 10, 10], unit: '%' })).toBe('bar');
    expect(chooseChartKind({ labels: ['A', 'B', 'C'], values: [50, 30, 20], valueLabel: 'Units' })).toBe('bar');
    expect(chooseChartKind({ labels: ['A', 'B', 'C'], values: [120, -10, -10], unit: '%' })).toBe('bar');
  });
});

describe('statementsFrom', () => {
  const report = [
    'Annual Report 2024',
    '',
    'Acme Robotics had a strong year across every region it serves.',
    'Revenue grew 18% to $42 million, driven by warehouse robots in Europe.',
    'Our team thanks every customer for their trust and loyalty this year.',
    '',
    'Page 3 of 9',
    '',
    'Warehouse orders doubled, and 7,500 units shipped before the end of the third quarter.',
    'Copyright 2024 Acme Robotics. All rights reserved.',
    'https://example.com/annual-report',
    'We grew.',
  ].join('\n');

  it('picks the sentences with figures and drops headings, page numbers, links and boilerplate', () => {
    const statements = statementsFrom(textDoc(report, { fileName: 'report.txt' }), 'Explain our year', { count: 2 });
    expect(statements).toEqual([
      { text: 'Revenue grew 18% to $42 million, driven by warehouse robots in Europe.', source: { field: 'documents[0]', fileName: 'report.txt' } },
      { text: 'Warehouse orders doubled, and 7,500 units shipped before the end of the third quarter.', source: { field: 'documents[0]', fileName: 'report.txt' } },
    ]);
    const all = statementsFrom(textDoc(report), '', { count: 20 }).map((statement) => statement.text);
    expect(all).toHaveLength(4);
    expect(all.join(' ')).not.toMatch(/Page 3|rights reserved|example\.com|We grew|Annual Report 2024 Acme/);
  });

  it('prefers sentences that share words with the prompt, and returns them in document order', () => {
    const statements = statementsFrom(textDoc(report), 'A video about customer loyalty and trust', { count: 2 });
    expect(statements.map((statement) => statement.text)).toEqual([
      'Revenue grew 18% to $42 million, driven by warehouse robots in Europe.',
      'Our team thanks every customer for their trust and loyalty this year.',
    ]);
  });

  it('says which PDF page each statement is on', async () => {
    const doc = await files.read(
      'pdf',
      textPdf([
        ['Overview', 'The pilot reached 1,200 schools in its first year of running.'],
        ['Results', 'Reading scores rose 14% among pupils who joined the pilot.', 'Page 2 of 2'],
      ]),
      'pilot.pdf',
    );
    expect(statementsFrom(doc, 'reading pilot')).toEqual([
      { text: 'The pilot reached 1,200 schools in its first year of running.', source: { field: 'documents[0]', fileName: 'pilot.pdf', page: 1 } },
      { text: 'Reading scores rose 14% among pupils who joined the pilot.', source: { field: 'documents[0]', fileName: 'pilot.pdf', page: 2 } },
    ]);
  });

  it('keeps a sentence wrapped over lines whole, and gives none for a CSV', async () => {
    const wrapped = 'Sales in the northern region rose by\nnearly 40% after the new stores opened in 2023.';
    expect(statementsFrom(textDoc(wrapped), '').map((statement) => statement.text)).toEqual([
      'Sales in the northern region rose by nearly 40% after the new stores opened in 2023.',
    ]);
    expect(statementsFrom(await files.read('csv', 'a,b\nx,1\n'), 'a')).toEqual([]);
  });
});

describe('figuresFrom', () => {
  it('finds the figures of the statements, each with its source', () => {
    const figures = figuresFrom(textDoc('Revenue grew 18% to $42 million across the three regions we serve.', { fileName: 'r.txt' }));
    expect(figures.map((figure) => [figure.prefix, figure.value, figure.suffix, figure.source])).toEqual([
      ['', 18, '%', { field: 'documents[0]', fileName: 'r.txt' }],
      ['$', 42, 'M', { field: 'documents[0]', fileName: 'r.txt' }],
    ]);
  });
});

describe('titleFrom', () => {
  it('uses a meaningful PDF metadata title', async () => {
    const doc = await files.read('pdf', textPdf([['Some heading', 'Body text here.']], { title: 'Ocean Plastics 2024' }), 'x.pdf');
    expect(titleFrom(doc)).toBe('Ocean Plastics 2024');
  });

  it('skips a metadata title that names a file or says Untitled, and uses the first short line', () => {
    for (const title of ['Microsoft Word - draft3.docx', 'Untitled', 'report_final.pdf', '  ']) {
      expect(titleFrom(textDoc('Ocean Plastics Briefing\n\nPlastic waste doubled since 2000.', { kind: 'pdf', title }))).toBe('Ocean Plastics Briefing');
    }
    expect(titleFrom(textDoc('# Field Notes:\nWe walked 12 km along the coast.'))).toBe('Field Notes');
  });

  it('uses the file name without its extension when the first line is long or runs on', () => {
    const long = 'This document explains in considerable detail how the pilot programme was run across all schools.';
    expect(titleFrom(textDoc(long, { fileName: 'pilot_review.txt' }))).toBe('pilot review');
    expect(titleFrom(textDoc('Sales in the north rose by\nnearly 40% this year.', { fileName: 'notes.txt' }))).toBe('notes');
    expect(titleFrom(textDoc(long))).toBeUndefined();
  });

  it('titles a CSV by its file name', async () => {
    expect(titleFrom(await files.read('csv', 'a,b\nx,1\n', 'regional-sales.csv'))).toBe('regional-sales');
  });
});
