import { afterAll, describe, expect, it } from 'vitest';
import { infographicSettings } from '../../../src/pipeline/infographics/infographic-settings.js';
import { planInfographicEmbedded } from '../../../src/pipeline/providers/embedded/embedded-infographic.js';
import { resolveTheme } from '../../../src/pipeline/theme/resolve-theme.js';
import { documentFiles } from '../../documents/document-files.js';
import { textPdf } from '../../documents/pdf-fixtures.js';

const files = documentFiles();
afterAll(() => files.remove());

describe('the embedded infographic planner', () => {
  it('draws a CSV as a chart whose labels and values are exactly its cells, with the source shown', async () => {
    const csv = await files.read('csv', 'Region,Revenue ($)\nNorth,1200\nSouth,980\nEast,1510\nWest,1430\n', 'revenue.csv');
    const content = planInfographicEmbedded({ prompt: 'Revenue by region for 2024', documents: [csv] });
    expect(content.visual).toBe('bar');
    expect(content.items).toEqual([
      { label: 'North', value: 1200 },
      { label: 'South', value: 980 },
      { label: 'East', value: 1510 },
      { label: 'West', value: 1430 },
    ]);
    expect(content.unit).toBe('$');
    expect(content.headline).toBe('Revenue by region for 2024');
    expect(content.source).toBe('Source: revenue.csv, rows 1–4');
    expect(content.sourceRef).toMatchObject({ labelColumn: 'Region', valueColumn: 'Revenue ($)', rows: [1, 2, 3, 4] });
  });

  it('turns three or more figures in one unit stated in the prompt into a bar chart', () => {
    const content = planInfographicEmbedded({
      prompt: 'How teams ship software in 2025. 62% of teams ship weekly. 48% of teams ship daily. 35% of teams ship on every merge.',
      documents: [],
    });
    expect(content.visual).toBe('bar');
    expect(content.unit).toBe('%');
    expect(content.items.map((item) => item.value)).toEqual([62, 48, 35]);
    expect(content.items.map((item) => item.label)).toEqual(['Teams ship weekly', 'Teams ship daily', 'Teams ship on every merge']);
    expect(content.headline).toBe('How teams ship software in 2025');
  });

  it('charts figures in thousands or millions of one unit, headed by the lead before the colon, each item labelled whole', () => {
    const budget = planInfographicEmbedded({ prompt: 'Where our 2024 engineering budget went: infrastructure and hosting 420k, customer success 310k, research 275k, security 240k, developer tools 122k', documents: [] });
    expect(budget).toMatchObject({ headline: 'Where our 2024 engineering budget went', visual: 'bar', unit: 'k' });
    // "and" inside an item is part of its name, not a break between items.
    expect(budget.items.map((item) => [item.label, item.value])).toEqual([['Infrastructure and hosting', 420], ['Customer success', 310], ['Research', 275], ['Security', 240], ['Developer tools', 122]]);
    const revenue = planInfographicEmbedded({ prompt: 'Revenue by region in 2024: North $1.2M, South $0.8M, West $2.1M', documents: [] });
    expect(revenue).toMatchObject({ headline: 'Revenue by region in 2024', visual: 'bar', unit: '$M' });
    // The first item is North, not the lead's first word.
    expect(revenue.items.map((item) => item.label)).toEqual(['North', 'South', 'West']);
  });

  it('shows figures in mixed units as labeled counters, keeping prefix and suffix', () => {
    const content = planInfographicEmbedded({ prompt: 'Our year in numbers. Revenue hit $4.2 million. Builds got 3x faster.', documents: [] });
    expect(content.visual).toBe('figures');
    expect(content.items).toEqual([
      { label: 'Revenue hit', value: 4.2, prefix: '$', suffix: 'M', decimals: 1 },
      { label: 'Builds got faster', value: 3, suffix: 'x', decimals: 0 },
    ]);
  });

  it('reads a number with a thousands separator as a figure, and a bare one in the year range as a year', () => {
    const content = planInfographicEmbedded({ prompt: 'Support in 2024. We saved 1,850 support hours. Tickets fell 40%.', documents: [] });
    expect(content.items.map((item) => item.value)).toEqual([1850, 40]);
  });

  it('grounds the headline in a PDF\'s title and the figures in its sentences, with the page', async () => {
    const pdf = await files.read(
      'pdf',
      textPdf([['Remote Work Survey 2025', '', 'Of the people we asked, 71% of employees prefer a hybrid schedule over five office days.', 'About 44% of managers report higher output from distributed teams this year.']]),
      'survey.pdf',
    );
    const content = planInfographicEmbedded({ prompt: 'Summarize the remote work survey', documents: [pdf] });
    expect(content.headline).toBe('Remote Work Survey 2025');
    expect(content.subheadline).toBe('The remote work survey');
    expect(content.items.map((item) => item.value)).toEqual([71, 44]);
    expect(content.source).toBe('Source: survey.pdf, p. 1');
  });

  it('lists a text document\'s key statements as points when it states no figures', async () => {
    const text = await files.read(
      'txt',
      'Onboarding guide\n\nEvery new hire meets their mentor during the first week on the team.\nThe laptop arrives before the start date with every tool installed.\nEach team writes down its working agreements in the shared handbook.\n',
      'guide.txt',
    );
    const content = planInfographicEmbedded({ prompt: 'What new hires should know', documents: [text] });
    expect(content.headline).toBe('Onboarding guide');
    expect(content.visual).toBe('points');
    expect(content.items.length).toBeGreaterThanOrEqual(2);
    expect(content.items[0]!.label).toBe('Every new hire meets their mentor during the first week');
    expect(content.source).toBe('Source: guide.txt');
  });

  it('lists the prompt\'s points when there are no numbers, with the brand as kicker', () => {
    const content = planInfographicEmbedded({ prompt: 'Why teams pick Nimbus. It deploys in seconds, scales on demand and costs less.', documents: [], brandName: 'Nimbus' });
    expect(content.visual).toBe('points');
    expect(content.kicker).toBe('Nimbus');
    expect(content.items.map((item) => item.label)).toEqual(['It deploys in seconds', 'Scales on demand', 'Costs less']);
  });

  it('shows every figure a prose list states, one item each, headed by what it lists, never the instruction', () => {
    const content = planInfographicEmbedded({ prompt: 'Finland drinks 12 kg, Norway 9.9 kg, Iceland 9 kg and Denmark 8.7 kg. Make it a vertical infographic for Instagram stories.', documents: [] });
    expect(content.visual).toBe('figures');
    expect(content.items.map((item) => [item.label, item.value, item.suffix])).toEqual([
      ['Finland', 12, ' kg'],
      ['Norway', 9.9, ' kg'],
      ['Iceland', 9, ' kg'],
      ['Denmark', 8.7, ' kg'],
    ]);
    expect(content.headline).toBe('Finland, Norway, Iceland & Denmark');
    expect(content.subheadline).toBeUndefined();
    // Each item is a setting of its own, so each can be changed.
    const { settings } = infographicSettings(content, resolveTheme({ prompt: 'coffee' }));
    expect([1, 2, 3, 4].map((n) => [settings[`item${n}Label`], settings[`item${n}Value`]])).toEqual([['Finland', 12], ['Norway', 9.9], ['Iceland', 9], ['Denmark', 8.7]]);
  });

  it('never counts the number of a name ("Apollo 11")', () => {
    const content = planInfographicEmbedded({ prompt: 'Apollo 11 landed on the moon in 1969 with 3 astronauts aboard and 240,000 miles to fly.', documents: [] });
    expect(content.items.map((item) => item.value)).not.toContain(11);
  });
});
