// The world the kit's maps draw: Natural Earth countries from world-atlas, keyed by ISO 3166-1
// alpha-3. The 1:110m map (about 110 kB) is in the bundle; the 1:50m one (about 760 kB, with the
// small states 1:110m leaves out) is a chunk of its own, loaded only for a close-up.
import { useEffect, useState } from 'react';
import { continueRender, delayRender } from 'remotion';
import { geoArea } from 'd3-geo';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import isoCodes from 'i18n-iso-countries/codes.json';
import englishNames from 'i18n-iso-countries/langs/en.json';
import coarseTopology from 'world-atlas/countries-110m.json';

/** One country as drawn: its outline, and its largest polygon (mainland) that views fit and labels sit on. */
export interface CountryShape {
  /** ISO 3166-1 alpha-3. */
  code: string;
  /** Its short English name. */
  name: string;
  shape: Feature<Polygon | MultiPolygon>;
  main: Feature<Polygon>;
}

/** The countries of one map detail. */
export interface World {
  countries: CountryShape[];
  byCode: ReadonlyMap<string, CountryShape>;
  detailed: boolean;
}

type CountriesTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;

const ALPHA3_BY_NUMERIC = new Map(isoCodes.map(([, alpha3, numeric]) => [numeric, alpha3] as [string, string]));
const ALPHA2_BY_ALPHA3 = new Map(isoCodes.map(([alpha2, alpha3]) => [alpha3, alpha2] as [string, string]));

const ALPHA3 = new Set(isoCodes.map(([, alpha3]) => alpha3));
const ALPHA3_BY_ALPHA2 = new Map(isoCodes.map(([alpha2, alpha3]) => [alpha2, alpha3] as [string, string]));
let alpha3ByEnglishName: Map<string, string> | undefined;

/**
 * The alpha-3 code a scene means by a region: the code itself, an alpha-2 code or an English name
 * ("Finland", "united states"), since model-written settings mix them.
 */
export function regionCode(value: unknown): string | undefined {
  const text = String(value ?? '').trim();
  const upper = text.toUpperCase();
  if (ALPHA3.has(upper)) return upper;
  if (ALPHA3_BY_ALPHA2.has(upper)) return ALPHA3_BY_ALPHA2.get(upper);
  if (!alpha3ByEnglishName) {
    alpha3ByEnglishName = new Map();
    for (const [alpha2, names] of Object.entries(englishNames.countries as Record<string, string | string[]>)) {
      for (const name of Array.isArray(names) ? names : [names]) alpha3ByEnglishName.set(name.toLowerCase(), ALPHA3_BY_ALPHA2.get(alpha2) ?? '');
    }
    for (const [code, name] of Object.entries(SHORT_NAMES)) alpha3ByEnglishName.set(name.toLowerCase(), code);
  }
  return alpha3ByEnglishName.get(text.toLowerCase()) || undefined;
}

/** Short names where the ISO list leads with a formal or ambiguous one. */
const SHORT_NAMES: Record<string, string> = {
  KOR: 'South Korea',
  PRK: 'North Korea',
  COD: 'DR Congo',
  GBR: 'United Kingdom',
  ARE: 'United Arab Emirates',
  NLD: 'Netherlands',
  LAO: 'Laos',
  VAT: 'Vatican City',
  FLK: 'Falkland Islands',
};

/** The English name a map labels a country with when the scene gives none. */
export function englishName(code: string, fallback = code): string {
  if (SHORT_NAMES[code]) return SHORT_NAMES[code];
  const listed = (englishNames.countries as Record<string, string | string[]>)[ALPHA2_BY_ALPHA3.get(code) ?? ''];
  if (!listed) return fallback;
  // A list leads with the formal name ("People's Republic of China"), then the common one.
  const name = Array.isArray(listed) ? (listed[1] ?? listed[0]!) : listed;
  return name.replace(/\s*\(.*\)$/, '').replace(/,.*$/, '');
}

function largestPolygon(shape: Feature<Polygon | MultiPolygon>): Feature<Polygon> {
  if (shape.geometry.type === 'Polygon') return shape as Feature<Polygon>;
  let best: Polygon['coordinates'] = shape.geometry.coordinates[0] ?? [];
  let bestArea = -1;
  for (const coordinates of shape.geometry.coordinates) {
    const area = geoArea({ type: 'Polygon', coordinates });
    if (area > bestArea) {
      best = coordinates;
      bestArea = area;
    }
  }
  return { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: best } };
}

function worldOf(topology: CountriesTopology, detailed: boolean): World {
  const countries: CountryShape[] = [];
  for (const geometry of topology.objects.countries.geometries) {
    const atlasName = (geometry.properties as { name?: string } | undefined)?.name;
    const code = ALPHA3_BY_NUMERIC.get(String(geometry.id ?? '')) ?? `X-${atlasName ?? countries.length}`;
    const shape = feature(topology, geometry) as Feature<Polygon | MultiPolygon>;
    if (!shape.geometry) continue;
    countries.push({ code, name: englishName(code, atlasName ?? code), shape, main: largestPolygon(shape) });
  }
  return { countries, byCode: new Map(countries.map((country) => [country.code, country])), detailed };
}

/** The 1:110m world, in the bundle. */
export const COARSE_WORLD: World = worldOf(coarseTopology as unknown as CountriesTopology, false);

let detailedWorld: World | undefined;
let loadingDetailed: Promise<World> | undefined;

function loadDetailedWorld(): Promise<World> {
  loadingDetailed ??= import('world-atlas/countries-50m.json').then((module) => {
    detailedWorld = worldOf((module.default ?? module) as unknown as CountriesTopology, true);
    return detailedWorld;
  });
  return loadingDetailed;
}

/**
 * The world at the detail a view needs: 1:110m at once, or 1:50m once its chunk has loaded (the
 * frame waits for it; if it fails to load the coarse map is drawn).
 */
export function useWorld(detailed: boolean): World {
  const [loaded, setLoaded] = useState<World | undefined>(detailedWorld);
  const [handle] = useState(() => (detailed && !detailedWorld ? delayRender('loading the 1:50m world map') : undefined));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (handle === undefined) return;
    loadDetailedWorld().then(setLoaded, () => setFailed(true));
  }, [handle]);
  useEffect(() => {
    if (handle !== undefined && (loaded || failed)) continueRender(handle);
  }, [handle, loaded, failed]);
  return detailed && loaded ? loaded : COARSE_WORLD;
}
