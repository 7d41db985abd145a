// Data components: charts, timeline, comparison, icon grid, infographic.
export { BarChart, MIN_BAR_GAP_PX, MIN_BAR_PX } from './bar-chart';
export type { ChartProps } from './bar-chart';
export { formatValue } from './common';
export { Comparison } from './comparison';
export type { ComparisonSide } from './comparison';
export { IconGrid } from './icon-grid';
export type { IconItem } from './icon-grid';
export { ICON_NAMES, iconFor } from './icons';
export { Infographic, INFOGRAPHIC_MAX_ITEMS } from './infographic';
export type { InfographicItem, InfographicProps, InfographicVisual } from './infographic';
export { LineChart } from './line-chart';
export { DonutChart, PieChart } from './pie-chart';
export { Timeline } from './timeline';
export type { TimelineEvent } from './timeline';
