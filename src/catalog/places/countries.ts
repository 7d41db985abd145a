// The countries the node knows by name: ISO 3166-1 codes, their names in every language
// i18n-iso-countries ships (plus common aliases), and a centroid from world-atlas (Natural Earth
// 1:50m) for each country drawn there. Built once, on first use.
import { createRequire } from 'node:module';
import { geoArea, geoCentroid } from 'd3-geo';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

const require = createRequire(import.meta.url);

interface IsoCountries {
  getSupportedLanguages(): string[];
  getNames(language: string, options: { select: 'all' }): Record<string, string[]>;
  alpha2ToAlpha3(code: string): string | undefined;
  numericToAlpha3(code: string): string | undefined;
}

/** One country: its alpha-3 code, names by language (the first is the one shown) and centroid. */
export interface Country {
  code: string;
  names: ReadonlyMap<string, readonly string[]>;
  lon: number;
  lat: number;
}

/** Names the ISO lists do not carry, by alpha-3 code: short forms, former and colloquial names. */
const ALIASES: Record<string, string[]> = {
  USA: ['USA', 'US', 'U.S.', 'U.S.A.', 'America', 'United States', 'the States', 'EE. UU.', 'EEUU', 'Amerika'],
  GBR: ['UK', 'U.K.', 'Britain', 'Great Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland', 'Angleterre', 'Inglaterra', 'Großbritannien', 'Grossbritannien'],
  NLD: ['Holland', 'the Netherlands', 'Hollande', 'Holanda'],
  ARE: ['UAE', 'U.A.E.', 'Emirates', 'VAE'],
  COD: ['DRC', 'DR Congo', 'Congo-Kinshasa', 'Zaire'],
  COG: ['Congo-Brazzaville'],
  KOR: ['Korea', 'South Korea'],
  PRK: ['North Korea', 'Nordkorea'],
  RUS: ['Russia'],
  CZE: ['Czech Republic', 'Czechia'],
  MMR: ['Burma'],
  SWZ: ['Swaziland'],
  MKD: ['Macedonia'],
  TUR: ['Turkey', 'Türkiye'],
  CIV: ['Ivory Coast'],
  VAT: ['Vatican', 'Vatican City'],
  TWN: ['Taiwan'],
  IRN: ['Iran', 'Persia'],
  LAO: ['Laos'],
  SYR: ['Syria'],
  BOL: ['Bolivia'],
  VEN: ['Venezuela'],
  TZA: ['Tanzania'],
  MDA: ['Moldova'],
  VNM: ['Vietnam', 'Viet Nam'],
  CPV: ['Cape Verde'],
  TLS: ['East Timor'],
};

/** The name shown for a country in English when the ISO list's first is a formal one. */
const ENGLISH_SHORT: Record<string, string> = {
  USA: 'United States',
  GBR: 'United Kingdom',
  CHN: 'China',
  RUS: 'Russia',
  KOR: 'South Korea',
  PRK: 'North Korea',
  IRN: 'Iran',
  CZE: 'Czechia',
  CIV: "Côte d'Ivoire",
  TZA: 'Tanzania',
  SYR: 'Syria',
  LAO: 'Laos',
  BOL: 'Bolivia',
  VEN: 'Venezuela',
  MDA: 'Moldova',
  VNM: 'Vietnam',
  TWN: 'Taiwan',
  COD: 'DR Congo',
  COG: 'Congo',
  MKD: 'North Macedonia',
  PSE: 'Palestine',
  GMB: 'Gambia',
};

/** The i18n-iso-countries library with every locale it ships registered (its Node entry does that). */
export function isoCountries(): IsoCountries {
  return require('i18n-iso-countries') as IsoCountries;
}

/** The centroid of a country's largest polygon (mainland France, not its overseas departments). */
function mainCentroid(shape: Feature<Polygon | MultiPolygon>): [number, number] {
  if (shape.geometry.type === 'Polygon') return geoCentroid(shape);
  let best: Polygon | undefined;
  let bestArea = -1;
  for (const coordinates of shape.geometry.coordinates) {
    const polygon: Polygon = { type: 'Polygon', coordinates };
    const area = geoArea(polygon);
    if (area > bestArea) {
      best = polygon;
      bestArea = area;
    }
  }
  return best ? geoCentroid(best) : geoCentroid(shape);
}

function centroidsByCode(iso: IsoCountries): Map<string, [number, number]> {
  const topology = require('world-atlas/countries-50m.json') as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  const out = new Map<string, [number, number]>();
  for (const geometry of topology.objects.countries.geometries) {
    const code = geometry.id === undefined ? undefined : iso.numericToAlpha3(String(geometry.id));
    if (!code || out.has(code)) continue;
    const shape = feature(topology, geometry) as Feature<Polygon | MultiPolygon>;
    if (shape.geometry) out.set(code, mainCentroid(shape));
  }
  return out;
}

let cached: Country[] | undefined;

/** Every country drawn on the world map, with its names and centroid. */
export function countries(): Country[] {
  cached ??= buildCountries();
  return cached;
}

function buildCountries(): Country[] {
  const iso = isoCountries();
  const centroids = centroidsByCode(iso);
  const byCode = new Map<string, Map<string, string[]>>();
  for (const language of iso.getSupportedLanguages()) {
    for (const [alpha2, names] of Object.entries(iso.getNames(language, { select: 'all' }))) {
      const code = iso.alpha2ToAlpha3(alpha2);
      if (!code || !centroids.has(code)) continue;
      const entry = byCode.get(code) ?? new Map<string, string[]>();
      entry.set(language, language === 'en' && ENGLISH_SHORT[code] ? [ENGLISH_SHORT[code], ...names] : names);
      byCode.set(code, entry);
    }
  }
  return [...byCode].map(([code, names]) => {
    const [lon, lat] = centroids.get(code)!;
    return { code, names, lon, lat };
  });
}

/** The aliases of a country (all languages). */
export function aliasesOf(code: string): readonly string[] {
  return ALIASES[code] ?? [];
}
