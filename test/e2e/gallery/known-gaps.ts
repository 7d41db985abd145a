// The layout rules some existing components do not meet yet, case by case, from the last full
// gallery run: the rule assertions skip exactly these (case, rule) pairs, and a test fails when a
// listed gap no longer occurs, so the list only shrinks. Open work, mostly on squares, where a
// stacked heading leaves the body little height: long chart and infographic labels (twelve bars,
// eight legend rows) under 4%, subheadlines at 3.5–3.9%, six-event timelines and five-point
// comparisons and lists, flow diagrams with long German details, and pie and donut charts a little
// under a fifth of the canvas.

/** A layout rule of the gallery test: span and centring, text sizes, the visual's area. */
export type LayoutRule = 'span' | 'text' | 'visual';

/** Cases and the rules they break at one size or more. */
export const KNOWN_GAPS: Readonly<Record<string, readonly LayoutRule[]>> = {
  'bar-chart-long': ['text', 'visual'],
  'before-after-es': ['text'],
  'bullet-list': ['text'],
  'checklist-long': ['text'],
  'comparison': ['text'],
  'donut-chart': ['visual'],
  'donut-chart-many': ['text'],
  'flow-german-cycle': ['text', 'visual'],
  'flow-heat-pump-cycle': ['visual'],
  'flow-line-six-long': ['text', 'visual'],
  'icon-grid': ['text'],
  'infographic-bar': ['text', 'visual'],
  'infographic-brand-pale': ['text'],
  'infographic-figure-single': ['text'],
  'infographic-figures': ['text'],
  'infographic-figures-6-3d': ['text'],
  'infographic-long': ['text', 'visual'],
  'infographic-pie': ['text', 'visual'],
  'infographic-points': ['text', 'visual'],
  'infographic-points-8': ['text'],
  'kinetic-long-words': ['text'],
  'line-chart-months': ['text'],
  'map-german': ['text'],
  'stat-grid-four-long': ['text'],
  'timeline': ['text'],
};
