import { afterAll, describe, expect, it } from 'vitest';
import { analyzeTable, type TableAnalysis } from '../../src/documents/table-analysis.js';
import { answerQuestion, detectQuestion, formatFigure } from '../../src/documents/table-answer.js';
import { documentFiles } from './document-files.js';

const files = documentFiles();
afterAll(() => files.remove());

const SALES = 'Quarter,North,South,West\nQ1,120,200,90\nQ2,150,210,110\nQ3,190,205,160\n';

async function analyze(csv: string): Promise<TableAnalysis> {
  return analyzeTable(await files.read('csv', csv, 'sales.csv'))!;
}

describe('detectQuestion', () => {
  it.each([
    ['Quarterly sales by region are attached. Which region grew fastest this year?', 'growth'],
    ['Which product grew the most?', 'growth'],
    ['Welche Region ist am stärksten gewachsen?', 'growth'],
    ['Quelle région a le plus augmenté ?', 'growth'],
    ['¿Qué región creció más este año?', 'growth'],
    ['Which region had the biggest increase?', 'increase'],
    ['Wo war der größte Zuwachs?', 'increase'],
    ['¿Dónde hubo el mayor aumento?', 'increase'],
    ['What declined last year?', 'decline'],
    ['Welche Sparte ist gesunken?', 'decline'],
    ['Quel produit a le plus baissé ?', 'decline'],
    ['¿Qué región cayó?', 'decline'],
    ['Which region has the highest sales?', 'highest'],
    ['Welche Region hat den höchsten Umsatz?', 'highest'],
    ['Quelle région a le chiffre le plus élevé ?', 'highest'],
    ['¿Qué región tiene las ventas más altas?', 'highest'],
    ['Which region has the lowest churn?', 'lowest'],
    ['Welche Region hat den niedrigsten Umsatz?', 'lowest'],
    ['Quelle région a le chiffre le plus bas ?', 'lowest'],
    ['¿Qué región tiene el menor gasto?', 'lowest'],
    ['Compare the three regions.', 'compare'],
    ['Vergleiche die Regionen.', 'compare'],
    ['Comparez les régions.', 'compare'],
    ['Compara las regiones.', 'compare'],
  ])('reads "%s" as %s', (prompt, intent) => {
    expect(detectQuestion(prompt)).toBe(intent);
  });

  it('finds no question in a prompt that only describes its attachment', () => {
    expect(detectQuestion('Quarterly sales by region are attached. Make a short board video.')).toBeUndefined();
  });
});

describe('answerQuestion', () => {
  it('answers "which grew fastest" with the figure, a label and a sentence from the cells', async () => {
    const answer = answerQuestion(await analyze(SALES), 'Which region grew fastest this year?', 'en')!;
    expect(answer.intent).toBe('growth');
    expect(answer.figure).toEqual({ value: 78, prefix: '+', suffix: '%', decimals: 0 });
    expect(answer.label).toBe('West grew fastest, Q1 to Q3');
    expect(answer.sentence).toBe('West grew fastest: from 90 to 160, up 78 percent.');
    expect(answer.finding.items[0]!.source).toMatchObject({ valueColumn: 'West', rows: [1, 3] });
  });

  it.each([
    ['de', 'Welche Region ist am stärksten gewachsen?', 'Alpha ist am stärksten gewachsen: von 1.200 auf 1.254, ein Plus von 4,5 Prozent.', 'Alpha: stärkstes Wachstum, Q1 bis Q3'],
    ['fr', 'Quelle région a le plus augmenté ?', 'Alpha a le plus progressé : de 1\u202f200 à 1\u202f254, soit une hausse de 4,5 pour cent.', 'Alpha : plus forte croissance, de Q1 à Q3'],
    ['es', '¿Qué región creció más?', 'Alpha creció más: de 1200 a 1254, un aumento de 4,5 por ciento.', 'Alpha: mayor crecimiento, de Q1 a Q3'],
    ['en', 'Which region grew fastest?', 'Alpha grew fastest: from 1,200 to 1,254, up 4.5 percent.', 'Alpha grew fastest, Q1 to Q3'],
  ])('words the answer in %s with its decimal mark', async (language, prompt, sentence, label) => {
    const answer = answerQuestion(await analyze('Quarter,Alpha,Beta\nQ1,1200,100\nQ2,1230,101\nQ3,1254,103\n'), prompt, language)!;
    expect(answer.sentence).toBe(sentence);
    expect(answer.label).toBe(label);
    expect(answer.figure).toEqual({ value: 4.5, prefix: '+', suffix: '%', decimals: 1 });
  });

  it('says values in the scale the header names ("($k)", "(€m)") as people say them, the counter in full or in M', async () => {
    const wide = 'Line,Q1 revenue ($k),Q3 revenue ($k)\nAnalytics,800,1400\nStorage,1200,1350\n';
    const growth = answerQuestion(await analyze(wide), 'Which line grew fastest?', 'en')!;
    expect(growth.sentence).toBe('Analytics grew fastest: from $800,000 to $1.4 million, up 75 percent.');
    const increase = answerQuestion(await analyze(wide), 'Which line had the biggest increase?', 'en')!;
    expect(increase.figure).toEqual({ value: 600000, prefix: '+$', suffix: '', decimals: 0 });
    expect(increase.sentence).toContain('up $600,000');
    const euros = 'Year,Umsatz (€m)\n2022,2.5\n2023,3.1\n2024,4\n';
    const highest = answerQuestion(await analyze(euros), 'Welches Jahr war am höchsten?', 'de')!;
    expect(highest.figure).toEqual({ value: 4, prefix: '€', suffix: 'M', decimals: 0 });
    expect(highest.sentence).toContain('4 Millionen €');
    expect(answerQuestion(await analyze(euros), 'Quelle année a le plus progressé ?', 'fr')!.sentence).toContain('de 2,5 millions € à 4 millions €');
  });

  it('names every series tied for the biggest increase', async () => {
    const answer = answerQuestion(await analyze(SALES), 'Which region had the biggest increase?', 'en')!;
    expect(answer.figure).toEqual({ value: 70, prefix: '+', suffix: '', decimals: 0 });
    expect(answer.sentence).toBe('North and West rose the most: North from 120 to 190, West from 90 to 160, up 70 each.');
    expect(answer.finding.items.map((item) => item.source.valueColumn)).toEqual(['North', 'West']);
  });

  it('says "from 0 to 40" for growth from zero, never an infinite percent', async () => {
    const answer = answerQuestion(await analyze('Month,Signups\nJan,0\nFeb,15\nMar,40\n'), 'Which channel grew fastest?', 'en')!;
    expect(answer.sentence).toBe('Signups grew fastest: from 0 to 40.');
    expect(answer.figure).toEqual({ value: 40, prefix: '+', suffix: '', decimals: 0 });
    expect(JSON.stringify(answer)).not.toMatch(/Infinity|NaN/);
  });

  it('answers what declined, with the fall as a negative figure', async () => {
    const answer = answerQuestion(await analyze('Year,Coal,Solar\n2021,500,20\n2023,300,60\n'), 'Was ist zurückgegangen?', 'de')!;
    expect(answer.figure).toEqual({ value: -40, prefix: '', suffix: '%', decimals: 0 });
    expect(answer.sentence).toBe('Coal ist am stärksten gesunken: von 500 auf 300, ein Minus von 40 Prozent.');
  });

  it('gives nothing when the table cannot answer: nothing declined', async () => {
    expect(answerQuestion(await analyze(SALES.replace('205', '215')), 'What declined?', 'en')).toBeUndefined();
  });

  it('answers the highest of a table of categories in its unit', async () => {
    const answer = answerQuestion(await analyze('Region,Revenue ($)\nNorth,1200\nSouth,950\nWest,1430\n'), '¿Qué región tiene los ingresos más altos?', 'es')!;
    expect(answer.figure).toEqual({ value: 1430, prefix: '$', suffix: '', decimals: 0 });
    expect(answer.sentence).toBe('West tiene el valor más alto de Revenue: 1430 $.');
  });

  it('answers the highest of a lone time series with its peak, not its latest value', async () => {
    const answer = answerQuestion(await analyze('Quarter,Sales\nQ1,200\nQ2,210\nQ3,205\n'), 'Which quarter had the highest sales?', 'en')!;
    expect(answer.sentence).toBe('Q2 has the highest Sales: 210.');
    expect(answer.finding.items[0]!.source).toMatchObject({ valueColumn: 'Sales', rows: [2] });
  });

  it('compares series that did not move without claiming a leader', async () => {
    const answer = answerQuestion(await analyze('Quarter,A,B\nQ1,10,20\nQ2,10,20\n'), 'Compare A and B', 'en')!;
    expect(answer.sentence).toBe('A from 10 to 10, 0%; B from 20 to 20, 0%.');
    expect(answer.figure.value).toBe(0);
  });

  it('compares every series in the sentence, fastest first', async () => {
    const answer = answerQuestion(await analyze(SALES), 'Compare the regions.', 'en')!;
    expect(answer.intent).toBe('compare');
    expect(answer.sentence).toBe('West grew fastest: from 90 to 160, up 78 percent. West from 90 to 160, +78%; North from 120 to 190, +58%; South from 200 to 205, +2.5%.');
  });

  it('in other languages gives the figure and a label of names and numbers, no sentence', async () => {
    const answer = answerQuestion(await analyze(SALES), 'Which region grew fastest?', 'ja')!;
    expect(answer.sentence).toBeUndefined();
    expect(answer.figure).toEqual({ value: 78, prefix: '+', suffix: '%', decimals: 0 });
    expect(answer.label).toBe('West: 90 → 160, Q1 → Q3');
  });

  it('without a question gives the headline finding', async () => {
    const answer = answerQuestion(await analyze(SALES), 'Quarterly sales by region.', 'en')!;
    expect(answer.intent).toBeUndefined();
    expect(answer.finding.kind).toBe('fastest-growth');
  });
});

describe('formatFigure', () => {
  it('uses the language\'s decimal mark and grouping', () => {
    expect(formatFigure(1234.5, 'en', 1)).toBe('1,234.5');
    expect(formatFigure(1234.5, 'de', 1)).toBe('1.234,5');
    expect(formatFigure(4.5, 'es')).toBe('4,5');
  });
});
