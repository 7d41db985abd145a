// The layout rules some existing components do not meet yet, case by case, from the last full
// gallery run: the rule assertions skip exactly these (case, rule) pairs, and a test fails when a
// listed gap no longer occurs, so the list only shrinks. Open work, mostly on squares: long chart
// and legend labels (twelve bars, eight legend rows), six-event timelines, five-point comparisons
// and lists, icon labels of eight-item grids, flow diagrams with long German details, and charts a
// little under a fifth of the canvas under a long heading and subheadline.

/** A layout rule of the gallery test: span and centring, text sizes, the visual's area. */
export type LayoutRule = 'span' | 'text' | 'visual';

/** Cases and the rules they break at one size or more. */
export const KNOWN_GAPS: Readonly<Record<string, readonly LayoutRule[]>> = {
  'bar-chart-long': ['text'],
  'bullet-list': ['text'],
  'checklist-long': ['text'],
  'comparison': ['text'],
  'donut-chart-many': ['text'],
  'flow-german-cycle': ['text', 'visual'],
  'flow-heat-pump-cycle': ['visual'],
  'flow-line-six-long': ['text', 'visual'],
  'icon-grid': ['text'],
  'infographic-bar': ['visual'],
  'infographic-brand-pale': ['text'],
  'infographic-figures': ['text'],
  'infographic-figures-6-3d': ['text'],
  'infographic-long': ['text', 'visual'],
  'infographic-points': ['visual'],
  'infographic-points-8': ['text'],
  'kinetic-long-words': ['text'],
  'line-chart-months': ['text'],
  'timeline': ['text'],
};
