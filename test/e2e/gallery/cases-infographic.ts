import { infographicSeconds } from '../../../src/pipeline/infographics/infographic-duration.js';
import { sceneFor, type GalleryCase } from './gallery.js';

/** The plain pack's palette, for cases that swap in brand colors. */
const PLAIN_PALETTE = { background: '#FFFFFF', surface: '#F3F4F6', text: '#111827', primary: '#2563EB', secondary: '#64748B', accent: '#F59E0B' };

/** The stress infographic: a 14-word headline, a 24-word subheadline, six long bar labels, a long caption and source. */
const LONG_SETTINGS = {
  kicker: 'Operations report for the board of directors',
  headline: 'Where the engineering budget went across the departments that build and run the platform',
  subheadline: 'Infrastructure and customer-facing teams took the largest share of spending, while internationalization was paused for the whole year pending the new localization strategy',
  visual: 'bar',
  items: [
    { label: 'Infrastructure & Hosting Operations', value: 420 },
    { label: 'Customer Success & Support Engineering', value: 310 },
    { label: 'Research and Advanced Prototyping', value: 275 },
    { label: 'Security Engineering and Compliance', value: 240 },
    { label: 'Internationalization', value: 0 },
    { label: 'Developer Experience & Internal Tools', value: 122 },
  ],
  unit: '€',
  valueLabel: 'Spend in thousands of euros over the fiscal year, excluding salaries',
  source: 'Source: budget-2024.xlsx, sheet Engineering, rows 4–9, figures audited by the finance team in January',
};

/**
 * The Infographic scene: bars, pie, figures and points, long texts, the most items, brand colors and
 * depth (its line and donut draw with the chart bodies the chart cases cover at every size).
 */
export const INFOGRAPHIC_CASES: GalleryCase[] = [
  {
    name: 'infographic-bar',
    code: sceneFor('Infographic'),
    settings: {
      kicker: 'FY 2024',
      headline: 'Revenue grew every quarter',
      subheadline: 'Subscription sales more than doubled between the first and the last quarter',
      visual: 'bar',
      items: [
        { label: 'Q1', value: 1.2 },
        { label: 'Q2', value: 1.8 },
        { label: 'Q3', value: 2.4 },
        { label: 'Q4', value: 3.1 },
      ],
      unit: '$',
      valueLabel: 'Revenue, millions',
      source: 'Source: sales.csv, rows 1–4',
    },
  },
  {
    name: 'infographic-pie',
    code: sceneFor('Infographic'),
    settings: {
      kicker: 'Energy',
      headline: 'Renewables now supply most of our power',
      visual: 'pie',
      items: [
        { label: 'Wind', value: 34 },
        { label: 'Solar', value: 21 },
        { label: 'Hydro', value: 8 },
        { label: 'Gas', value: 24 },
        { label: 'Nuclear', value: 13 },
      ],
      unit: '%',
      source: 'Source: grid operator annual report',
    },
  },
  {
    name: 'infographic-figures',
    code: sceneFor('Infographic'),
    settings: {
      kicker: 'Year in review',
      headline: 'A record year for the community',
      subheadline: 'Members, events and volunteer time in 2024',
      visual: 'figures',
      items: [
        { label: 'members worldwide', value: 48200 },
        { label: 'local events hosted', value: 1250 },
        { label: 'of members volunteered', value: 37, suffix: '%' },
      ],
      source: 'Source: membership database, December 2024',
    },
  },
  {
    name: 'infographic-points',
    code: sceneFor('Infographic'),
    settings: {
      headline: 'Why teams choose us',
      subheadline: 'Four reasons from our customer interviews',
      visual: 'points',
      items: [
        { label: 'Fast onboarding', value: 0, icon: 'auto' },
        { label: 'Secure by default', value: 0, icon: 'auto' },
        { label: '24/7 human support', value: 0 },
        { label: 'Fair pricing', value: 0, icon: 'dollar-sign' },
      ],
    },
  },
  {
    name: 'infographic-long',
    code: sceneFor('Infographic'),
    settings: LONG_SETTINGS,
    // Asked for no duration, this infographic lasts as long as its text takes to read (29 s): the
    // long subheadline opens it in the chart's place for its reading time, then the bars show in
    // pages where they cannot keep the floor at once. A frame in each page's hold.
    pages: { durationInFrames: infographicSeconds(undefined, LONG_SETTINGS) * 30, frames: [430, 640, 845] },
  },
  {
    name: 'infographic-figures-6-3d',
    code: sceneFor('Infographic'),
    theme: { depth: '3d' },
    settings: {
      kicker: 'Launch week',
      headline: 'The numbers behind the launch',
      visual: 'figures',
      items: [
        { label: 'raised from backers', value: 4.2, prefix: '$', suffix: 'M' },
        { label: 'conversion rate', value: 12.5, suffix: '%' },
        { label: 'faster checkout', value: 3, suffix: 'x' },
        { label: 'support hours saved', value: 1850, suffix: ' hrs' },
        { label: 'countries reached', value: 42 },
        { label: 'net promoter score', value: 71.25, decimals: 1 },
      ],
      source: 'Source: launch dashboard, week 1',
    },
  },
  {
    name: 'infographic-points-8',
    code: sceneFor('Infographic'),
    settings: {
      kicker: 'Every plan',
      headline: 'Everything included',
      visual: 'points',
      items: [
        { label: 'Free next-day delivery', value: 0, icon: 'truck' },
        { label: 'Bank-grade security', value: 0, icon: 'shield-check' },
        { label: '24/7 human support', value: 0, icon: 'clock' },
        { label: 'Growth analytics', value: 0, icon: 'auto' },
        { label: 'Available in 40 countries', value: 0, icon: 'globe' },
        { label: 'Carbon-neutral operations', value: 0, icon: 'auto' },
        { label: 'Secure encrypted payments', value: 0, icon: 'not-an-icon' },
        { label: 'Unlimited team members and collaborators', value: 0 },
      ],
      source: 'Source: pricing page, March 2025',
    },
  },
  // Brand colors that would break contrast: a pale yellow primary and accent on white, with depth.
  {
    name: 'infographic-brand-pale',
    code: sceneFor('Infographic'),
    pack: 'plain',
    theme: { palette: { ...PLAIN_PALETTE, primary: '#FDE047', accent: '#FEF9C3' }, depth: '3d' },
    settings: {
      kicker: 'Sunny Day Lemonade',
      headline: 'Squeezed fresh every morning',
      subheadline: 'What went into this summer’s stands',
      visual: 'figures',
      items: [
        { label: 'lemons squeezed', value: 120000 },
        { label: 'cups sold', value: 86500 },
        { label: 'less sugar than soda', value: 40, suffix: '%' },
        { label: 'average price', value: 2.5, prefix: '$' },
      ],
    },
  },
  {
    // Two figures in different units: the cards must use the canvas, not sit in a narrow column.
    name: 'infographic-figures-2',
    code: sceneFor('Infographic'),
    settings: {
      kicker: 'Nimbus',
      headline: 'Our year in numbers',
      visual: 'figures',
      items: [
        { label: 'Revenue hit', value: 4.2, prefix: '$', suffix: 'M' },
        { label: 'Builds got faster', value: 3, suffix: 'x' },
      ],
    },
  },
  {
    name: 'infographic-figure-single',
    code: sceneFor('Infographic'),
    settings: {
      headline: 'One number says it all',
      subheadline: 'Customers who renewed after their first year',
      visual: 'figures',
      items: [{ label: 'renewal rate', value: 94, suffix: '%' }],
      source: 'Source: CRM export, 2024 cohort',
    },
  },
];
