import { getIconData } from '@iconify/utils/lib/icon-set/get-icon';
import { iconToSVG } from '@iconify/utils/lib/svg/build';
import { iconToHTML } from '@iconify/utils/lib/svg/html';
import { replaceIDs } from '@iconify/utils/lib/svg/id';
import { loadIconSet, visualSet } from './visual-sets.js';

/** Options of {@link visualSvg}. */
export interface VisualSvgOptions {
  /** Width and height in pixels (the icon keeps its aspect ratio). @default the icon's own size in its set's units */
  size?: number;
  /** Replaces `currentColor` (line icons are drawn in it); colour illustrations and flags keep their colours. @default 'currentColor' */
  color?: string;
}

/**
 * A catalog picture as standalone SVG markup (xmlns, viewBox, ids made unique so that several
 * pictures can share one page), or undefined for an unknown id.
 */
export function visualSvg(id: string, options: VisualSvgOptions = {}): string | undefined {
  const colon = id.indexOf(':');
  if (colon < 0) return undefined;
  const prefix = id.slice(0, colon);
  if (!visualSet(prefix)) return undefined;
  const data = getIconData(loadIconSet(prefix), id.slice(colon + 1));
  if (!data) return undefined;
  const svg = iconToSVG(data, options.size === undefined ? {} : { width: options.size, height: options.size });
  let body = replaceIDs(svg.body);
  if (options.color) body = body.replace(/currentColor/g, options.color);
  return iconToHTML(body, svg.attributes);
}
