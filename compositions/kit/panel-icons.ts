import { FALLBACK_ICON, iconFor } from './data/icons';

/** The icons a panel shows: a hero for the whole scene and one satellite per distinct point. */
export interface PanelIcons {
  hero: string;
  /** Each satellite's icon name and the index of the point it stands for. */
  satellites: { name: string; point: number }[];
}

/**
 * Icons for a heading and its points, picked by {@link iconFor}: the heading's icon is the hero (the
 * first point that suggests one when the heading does not, else `fallback`); points add their own
 * icons as satellites, without repeats or the neutral fallback, at most four, padded with generic
 * badges to at least two.
 */
export function panelIcons(heading: string, points: string[], fallback = 'sparkles', withSatellites = true): PanelIcons {
  const pointIcons = points.map((point, index) => ({ name: iconFor(point), point: index })).filter((entry) => entry.name !== FALLBACK_ICON);
  const headingIcon = iconFor(heading);
  const hero = headingIcon !== FALLBACK_ICON ? headingIcon : (pointIcons[0]?.name ?? fallback);
  const picked = withSatellites ? pointIcons.filter((entry, index) => entry.name !== hero && pointIcons.findIndex((other) => other.name === entry.name) === index).slice(0, 4) : [];
  return { hero, satellites: withSatellites ? padSatellites(picked, hero, Math.min(points.length, 4)) : [] };
}

/** Generic badges for points that suggest no icon of their own. */
const FILLER_ICONS = ['star', 'check', 'lightbulb', 'target'];

/**
 * Satellites padded with generic badges to at least two (or one per point when there are fewer), so
 * a panel always has badges to carry out along its orbit; the padding stands for the points that
 * have none.
 */
function padSatellites(picked: { name: string; point: number }[], hero: string, points: number): { name: string; point: number }[] {
  const want = Math.min(points, Math.max(2, picked.length));
  const taken = new Set([hero, ...picked.map((entry) => entry.name)]);
  const free = Array.from({ length: points }, (_, point) => point).filter((point) => !picked.some((entry) => entry.point === point));
  const padded = [...picked];
  for (const name of FILLER_ICONS) {
    if (padded.length >= want || free.length === 0) break;
    if (!taken.has(name)) padded.push({ name, point: free.shift()! });
  }
  return padded;
}
