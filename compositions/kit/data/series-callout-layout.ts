// The change a series chart calls out ("40×", "+38%"): which two points it spans, the text it
// computes when the caller gives none, and the bracket drawn between the points with its badge.
// Pure functions, unit tested (test/render/kit/series-callout-layout.test.ts).

/** A change called out on a series chart: its text and the indices of the two points it spans. */
export interface SeriesCallout {
  /** The badge's text ("40×", "+38%"). */
  text: string;
  /** Index of the point the change runs from. @default 0 (the first) */
  from?: number;
  /** Index of the point the change runs to. @default the last */
  to?: number;
}

/** A callout resolved against its series: both indices in range and in order. */
export interface ResolvedCallout {
  text: string;
  from: number;
  to: number;
}

/**
 * The growth a series shows, as "N×", when it is worth calling out: its first and last values are
 * positive and the last is at least twice the first. Under 10× it keeps one decimal where it has
 * one ("2.5×", "3×"); from 10× it is a whole number ("40×"). Undefined otherwise.
 */
export function growthCallout(values: number[]): ResolvedCallout | undefined {
  if (values.length < 2) return undefined;
  const first = values[0]!;
  const last = values[values.length - 1]!;
  if (!(first > 0) || !(last > 0) || !Number.isFinite(first) || !Number.isFinite(last) || last < first * 2) return undefined;
  const ratio = last / first;
  const shown = ratio >= 10 ? String(Math.round(ratio)) : String(Number(ratio.toFixed(1)));
  return { text: `${shown}×`, from: 0, to: values.length - 1 };
}

/**
 * The callout a chart draws: the caller's (its indices clamped into the series and put in
 * order; a blank text draws none), or without one the series' growth ({@link growthCallout}).
 * A series of fewer than two points calls nothing out; nor does a callout whose points coincide.
 */
export function resolveCallout(callout: SeriesCallout | undefined, values: number[]): ResolvedCallout | undefined {
  const n = values.length;
  if (n < 2) return undefined;
  if (!callout) return growthCallout(values);
  const text = typeof callout.text === 'string' ? callout.text.trim() : '';
  if (!text) return undefined;
  const clamp = (index: unknown, fallback: number) => (typeof index === 'number' && Number.isFinite(index) ? Math.max(0, Math.min(n - 1, Math.round(index))) : fallback);
  const a = clamp(callout.from, 0);
  const b = clamp(callout.to, n - 1);
  if (a === b) return undefined;
  return { text, from: Math.min(a, b), to: Math.max(a, b) };
}

/** Where a point's mark ends on top: its x and the top of what is drawn over it (a value, a chip). */
export interface CalloutAnchor {
  x: number;
  top: number;
}

/** The bracket between two points and the badge on it. */
export interface CalloutGeometry {
  /** An SVG path: up from the first point's top to the bracket's level, across, and down to the second's. */
  path: string;
  /** The arrowhead at the second point, an SVG path pointing down onto it. */
  head: string;
  /** The badge's top-left corner: centred on the bracket, kept in the box. */
  badge: { left: number; top: number };
  /** The length of the path, for drawing it on. */
  length: number;
}

/**
 * The bracket of a callout over a chart of `boxWidth`: from anchor `a` up to `level`, across to
 * `b`'s x and down to `b`, stopping `clearance` px over each anchor's top, with an arrowhead of
 * `head` px at `b`; the badge (`badgeWidth` × `badgeHeight`) centred on the across line, never
 * outside the box.
 */
export function calloutGeometry(a: CalloutAnchor, b: CalloutAnchor, level: number, badgeWidth: number, badgeHeight: number, boxWidth: number, clearance: number, head: number): CalloutGeometry {
  const aEnd = Math.max(level, a.top - clearance);
  const bEnd = Math.max(level, b.top - clearance);
  const path = `M ${a.x} ${aEnd} L ${a.x} ${level} L ${b.x} ${level} L ${b.x} ${bEnd}`;
  const headPath = `M ${b.x - head * 0.6} ${bEnd - head} L ${b.x} ${bEnd} L ${b.x + head * 0.6} ${bEnd - head}`;
  const centre = (a.x + b.x) / 2;
  const left = Math.max(0, Math.min(boxWidth - badgeWidth, centre - badgeWidth / 2));
  const length = aEnd - level + Math.abs(b.x - a.x) + (bEnd - level);
  return { path, head: headPath, badge: { left, top: level - badgeHeight / 2 }, length };
}
