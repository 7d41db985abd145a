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
 * icons as satellites, without repeats or the neutral fallback, at most four.
 */
export function panelIcons(heading: string, points: string[], fallback = 'sparkles', withSatellites = true): PanelIcons {
  const pointIcons = points.map((point, index) => ({ name: iconFor(point), point: index })).filter((entry) => entry.name !== FALLBACK_ICON);
  const headingIcon = iconFor(heading);
  const hero = headingIcon !== FALLBACK_ICON ? headingIcon : (pointIcons[0]?.name ?? fallback);
  const satellites = withSatellites ? pointIcons.filter((entry, index) => entry.name !== hero && pointIcons.findIndex((other) => other.name === entry.name) === index).slice(0, 4) : [];
  return { hero, satellites };
}
