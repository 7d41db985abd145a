// The layout rules some existing components do not meet yet, case by case, from the last full
// gallery run: the rule assertions skip exactly these (case, rule) pairs, and a test fails when a
// listed gap no longer occurs, so the list only shrinks. Open work: the charts' labels and the
// infographics' figure labels under 4% of the shorter side on square canvases, the figures'
// visuals, long diagram labels on squares, the timeline's visual
// on tall canvases.

/** A layout rule of the gallery test: span and centring, text sizes, the visual's area. */
export type LayoutRule = 'span' | 'text' | 'visual';

/** Cases and the rules they break at one size or more. */
export const KNOWN_GAPS: Readonly<Record<string, readonly LayoutRule[]>> = {
  'bar-chart': ['text'],
  'bar-chart-3d-negative': ['text'],
  'bar-chart-long': ['text', 'visual'],
  'before-after-es': ['text'],
  'bullet-list': ['text'],
  'checklist-long': ['text'],
  'checklist-no-picture': ['span'],
  'comparison': ['text'],
  'donut-chart': ['text', 'visual'],
  'donut-chart-many': ['text', 'visual'],
  'flow-german-cycle': ['text', 'visual'],
  'flow-heat-pump-cycle': ['visual'],
  'flow-line-six-long': ['text', 'visual'],
  'flow-no-pictures': ['text'],
  'hub-six': ['text'],
  'icon-grid': ['text'],
  'icon-grid-few': ['span', 'text', 'visual'],
  'image-frame-contain-portrait': ['span', 'visual'],
  'image-grid-6': ['text'],
  'image-split': ['text'],
  'infographic-bar': ['text', 'visual'],
  'infographic-brand-pale': ['text'],
  'infographic-figure-single': ['span', 'text', 'visual'],
  'infographic-figures': ['span', 'text', 'visual'],
  'infographic-figures-2': ['span', 'visual'],
  'infographic-figures-6-3d': ['text'],
  'infographic-long': ['text', 'visual'],
  'infographic-pie': ['text', 'visual'],
  'infographic-points': ['text', 'visual'],
  'infographic-points-8': ['text'],
  'kinetic-long-words': ['text'],
  'line-chart': ['text'],
  'line-chart-months': ['text'],
  'map-german': ['text'],
  'pie-chart': ['text', 'visual'],
  'quote-long': ['text'],
  'stat-grid-four-long': ['text'],
  'timeline': ['text', 'visual'],
};
