import type { SceneTheme } from '../../../src/pipeline/theme/resolve-theme.js';
import { libraryPicture, sceneFor, type GalleryCase } from './gallery.js';

/** A narration timing as the node stores it in a scene's settings: the words of `text` said `step` seconds apart from `start`. */
function narrated(text: string, start: number, step: number) {
  const words: { index: number; length: number; start: number }[] = [];
  for (const match of text.matchAll(/\S+/g)) words.push({ index: match.index!, length: match[0].length, start: start + words.length * step });
  return { text, words, start, end: start + words.length * step };
}

/** Charts, timeline, comparison, icon grid. */
export const DATA_CASES: GalleryCase[] = [
  {
    name: 'bar-chart',
    code: sceneFor('BarChart'),
    settings: { title: 'Quarterly revenue grew every quarter', labels: ['Q1', 'Q2', 'Q3', 'Q4'], values: [1.2, 1.8, 2.4, 3.1], unit: '$', valueLabel: 'Revenue, millions', source: 'Source: sales.csv, rows 1–4', kicker: 'FY 2024' },
  },
  // Twelve long labels under a three-line title: on a square the bars show in two pages (12 s, as its reading time gives it).
  {
    name: 'bar-chart-long',
    code: sceneFor('BarChart'),
    settings: {
      title: 'Where the engineering budget went across twelve departments',
      labels: ['Infrastructure & Hosting', 'Customer Success & Support', 'Research', 'Security Engineering', 'Data Platform', 'Mobile Applications', 'Internationalization', 'Developer Experience', 'Quality Assurance', 'Design Systems', 'Machine Learning', 'Documentation'],
      values: [420, 310, 275, 240, 198, 180, 0, 122, 110, 95, 260, 40],
      unit: '€',
      valueLabel: 'Spend, thousands of euros',
      source: 'Source: budget-2024.xlsx, sheet Engineering',
    },
    pages: { durationInFrames: 360, frames: [160, 330] },
  },
  {
    name: 'bar-chart-3d-negative',
    code: sceneFor('BarChart'),
    // Depth is a pack option the gallery's theme type does not list yet.
    theme: { depth: '3d' } as Partial<SceneTheme>,
    settings: { title: 'Net change in headcount by office', labels: ['Berlin', 'Lisbon', 'Austin', 'Singapore', 'Toronto', 'Nairobi'], values: [14, -6, 9, 0, -2.5, 21], unit: '', valueLabel: 'People, year over year', kicker: 'Hiring' },
  },
  {
    name: 'line-chart',
    code: sceneFor('LineChart'),
    settings: { title: 'Solar capacity installed per year', labels: ['2020', '2021', '2022', '2023', '2024'], values: [125, 168, 192, 347, 452], unit: '', valueLabel: 'Gigawatts added', source: 'Source: energy-stats.csv, rows 12–16' },
  },
  {
    name: 'line-chart-months',
    code: sceneFor('LineChart'),
    settings: {
      title: 'Monthly active subscribers through a record year',
      kicker: 'Subscriptions',
      labels: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
      values: [18200, 19850, 19100, 22400, 24950, 23800, 27100, 29900, 28400, 31750, 35200, 38900],
      unit: '',
      source: 'Source: billing export, 2024',
    },
  },
  {
    name: 'donut-chart',
    code: sceneFor('DonutChart'),
    settings: { title: 'How commuters get to work', labels: ['Public transport', 'Bicycle', 'Car'], values: [46, 31, 23], unit: '%', source: 'Source: city mobility survey 2024, n = 2,400', kicker: 'Mobility' },
  },
  {
    name: 'donut-chart-many',
    code: sceneFor('DonutChart'),
    settings: {
      title: 'Cloud spend by service',
      labels: ['Compute instances', 'Object storage', 'Managed databases', 'Content delivery network', 'Kubernetes', 'Data transfer egress', 'Monitoring & observability', 'Other'],
      values: [48200, 21500, 18900, 9400, 8700, 6100, 3900, 2300],
      unit: '$',
      valueLabel: 'Monthly cost',
    },
    // Eight legend rows: where they cannot keep the floor at once, they show in two pages of four.
    pages: { durationInFrames: 360, frames: [160, 330] },
  },
  {
    name: 'pie-chart',
    code: sceneFor('PieChart'),
    settings: { title: 'Renewable share of electricity', labels: ['Renewable', 'Fossil and nuclear'], values: [62.5, 37.5], unit: '%', source: 'Source: grid operator annual report' },
  },
  {
    name: 'timeline',
    code: sceneFor('Timeline'),
    settings: {
      title: 'From garage to global in six steps',
      kicker: 'Our story',
      events: [
        { when: '2015', text: 'Two founders build the first prototype in a garage' },
        { when: '2016', text: 'Seed round closes with twelve angel investors' },
        { when: '2018', text: 'First 10,000 customers across Europe' },
        { when: '2020', text: 'Remote-first company with offices on three continents' },
        { when: '2022', text: 'Launch of the enterprise platform and SOC 2 certification' },
        { when: 'Today', text: 'Two million people use the app every single week' },
      ],
    },
    // Six two-line events: on squares and 4:5 they show in two pages of three (12 s, as their reading time gives them).
    pages: { durationInFrames: 360, frames: [160, 330] },
  },
  {
    name: 'timeline-short',
    code: sceneFor('Timeline'),
    settings: {
      title: 'Product launch plan',
      events: [
        { when: 'March', text: 'Private beta with design partners' },
        { when: 'May', text: 'Public waitlist opens' },
        { when: 'September 2025', text: 'General availability in all markets' },
      ],
    },
  },
  {
    name: 'comparison',
    code: sceneFor('Comparison'),
    theme: { depth: '3d' } as Partial<SceneTheme>,
    settings: {
      title: 'Renting versus buying a home',
      kicker: 'Decision guide',
      left: { title: 'Renting', points: ['Lower upfront costs', 'Flexibility to move with short notice', 'Landlord handles repairs and maintenance', 'No exposure to falling house prices', 'Predictable monthly payments'] },
      right: { title: 'Buying', points: ['Builds equity over time', 'Freedom to renovate'] },
    },
  },
  {
    name: 'icon-grid',
    code: sceneFor('IconGrid'),
    settings: {
      title: 'Everything included in every plan',
      items: [
        { icon: 'truck', label: 'Free next-day delivery' },
        { icon: 'shield-check', label: 'Bank-grade security' },
        { icon: 'clock', label: '24/7 human support' },
        { icon: 'trending-up', label: 'Growth analytics' },
        { icon: 'globe', label: 'Available in 40 countries' },
        { icon: 'leaf', label: 'Carbon-neutral operations' },
        { icon: 'not-an-icon', label: 'Secure encrypted payments' },
        { icon: 'users', label: 'Unlimited team members and collaborators' },
      ],
    },
  },
  {
    name: 'icon-grid-few',
    code: sceneFor('IconGrid'),
    theme: { depth: '3d' } as Partial<SceneTheme>,
    settings: { title: 'Why customers choose us', kicker: 'Benefits', items: [{ icon: 'zap', label: 'Fast' }, { icon: 'wallet', label: 'Affordable' }, { icon: 'heart', label: 'Loved by 50,000 customers' }] },
  },
];

/**
 * Data cases added after the gallery's first full list: they go at its end (see kit-gallery.test.ts),
 * so the packs every other case is rendered in stay as they were.
 */
export const LATER_DATA_CASES: GalleryCase[] = [
  {
    // Few short points: larger type, and cards that stand most of the body's height.
    name: 'comparison-short',
    code: sceneFor('Comparison'),
    settings: {
      title: 'What goes in and what comes out',
      left: { title: 'In', points: ['Sunlight', 'Water', 'Carbon dioxide'] },
      right: { title: 'Out', points: ['Sugar for the plant', 'Oxygen for the air'] },
    },
  },
  // The change called out: the caller's text between two named points, and on bars.
  {
    name: 'line-chart-callout',
    code: sceneFor('LineChart'),
    settings: { title: 'Monthly users, 40× in a year', labels: ['Jan', 'Mar', 'May', 'Jul', 'Sep', 'Nov', 'Dec'], values: [1200, 2600, 5400, 9800, 18500, 31000, 48000], valueLabel: 'Monthly active users', callout: { text: '40×' } },
  },
  {
    name: 'bar-chart-callout',
    code: sceneFor('BarChart'),
    settings: { title: 'Orders per week since the redesign', labels: ['Week 1', 'Week 2', 'Week 3', 'Week 4', 'Week 5'], values: [840, 910, 1020, 1090, 1160], callout: { text: '+38%', from: 0, to: 4 }, kicker: 'Redesign' },
  },
  // Built with the narration: at the audited frame the third week is being read, its bar emphasised and the first two dimmed; weeks four and five are still to come.
  {
    name: 'bar-chart-narrated',
    code: sceneFor('BarChart'),
    settings: {
      title: 'Orders per week since the redesign',
      labels: ['Week 1', 'Week 2', 'Week 3', 'Week 4', 'Week 5'],
      values: [840, 910, 1020, 1090, 1160],
      callout: { text: '+38%' },
      narrationTiming: narrated('Week 1 brought 840 orders, week 2 brought 910, week 3 brought 1,020, week 4 brought 1,090 and week 5 brought 1,160, up 38 percent.', 0.35, 0.32),
    },
    durationInFrames: 330,
    settledFrame: 112,
  },
  // A big-number reveal: the figure on a card over the canvas, with its context line and small print.
  {
    name: 'big-number',
    code: sceneFor('BigNumber'),
    settings: { value: 48000, label: 'monthly active users', context: 'up from 1,200 a year ago: 40× in twelve months', kicker: 'Growth 2024', source: 'Source: product analytics, December 2024' },
  },
  // With a picture: a full-bleed field beside it (wide) or under it (tall, square); a prefix, decimals and a suffix.
  {
    name: 'big-number-picture',
    code: sceneFor('BigNumber', ['picture']),
    settings: { value: 4.5, prefix: '$', suffix: 'M', decimals: 1, label: 'raised in our seed round', context: 'from 32 investors in nine countries', picture: 'hero' },
    assets: { hero: libraryPicture('fluent-emoji-flat:rocket') },
  },
  // A long label and a short figure: the figure still owns the field.
  {
    name: 'big-number-long',
    code: sceneFor('BigNumber'),
    settings: { value: 40, suffix: '×', label: 'more people used the app at the end of the year than at its start', kicker: 'Twelve months' },
  },
];
