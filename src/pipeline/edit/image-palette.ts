import sharp from 'sharp';

/** The colours an image gives a video's theme, as `#RRGGBB`. */
export interface ImagePalette {
  primary: string;
  secondary: string;
  accent: string;
}

type Rgb = [number, number, number];

/** The side an image is shrunk to before its colours are counted. */
const SAMPLE_SIDE = 64;
/** Colour clusters looked for. */
const CLUSTERS = 6;
const ITERATIONS = 12;
/** How far apart (RGB distance) two colours of the palette must be to count as different. */
const DISTINCT = 60;
/** A cluster this colourful (max minus min channel) and this common is preferred as the primary over greys. */
const COLOURFUL = 40;
const COMMON = 0.08;

const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
const chroma = (c: Rgb) => Math.max(...c) - Math.min(...c);
const hex = (c: Rgb) => `#${c.map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const luminance = (c: Rgb) => (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255;

/** The opaque pixels of an image shrunk to {@link SAMPLE_SIDE}. */
async function samplePixels(input: string | Buffer): Promise<Rgb[]> {
  const { data, info } = await sharp(input, { density: 72 }).rotate().resize(SAMPLE_SIDE, SAMPLE_SIDE, { fit: 'inside' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels: Rgb[] = [];
  for (let i = 0; i + 3 < data.length; i += info.channels) if (data[i + 3]! >= 128) pixels.push([data[i]!, data[i + 1]!, data[i + 2]!]);
  return pixels;
}

/**
 * Groups pixels into at most {@link CLUSTERS} colours with k-means: seeded deterministically with the
 * most common coarse colour, then each next seed the pixel farthest from the seeds so far. Returns
 * the clusters' mean colours with their share of the pixels, most common first.
 */
export function colourClusters(pixels: readonly Rgb[]): { colour: Rgb; weight: number }[] {
  if (pixels.length === 0) return [];
  const coarse = new Map<number, number>();
  for (const p of pixels) {
    const key = ((p[0] >> 4) << 8) | ((p[1] >> 4) << 4) | (p[2] >> 4);
    coarse.set(key, (coarse.get(key) ?? 0) + 1);
  }
  const top = [...coarse.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
  const centers: Rgb[] = [[((top >> 8) << 4) + 8, (((top >> 4) & 15) << 4) + 8, ((top & 15) << 4) + 8]];
  while (centers.length < CLUSTERS) {
    let far: Rgb | undefined;
    let farthest = 0;
    for (const p of pixels) {
      const d = Math.min(...centers.map((c) => distance(p, c)));
      if (d > farthest) [far, farthest] = [p, d];
    }
    if (!far || farthest < 8) break;
    centers.push([...far]);
  }
  let assigned = new Array<number>(pixels.length).fill(0);
  for (let round = 0; round < ITERATIONS; round += 1) {
    assigned = pixels.map((p) => centers.reduce((best, c, i) => (distance(p, c) < distance(p, centers[best]!) ? i : best), 0));
    const sums = centers.map(() => [0, 0, 0, 0]);
    pixels.forEach((p, i) => {
      const sum = sums[assigned[i]!]!;
      sum[0]! += p[0];
      sum[1]! += p[1];
      sum[2]! += p[2];
      sum[3]! += 1;
    });
    sums.forEach((sum, i) => {
      if (sum[3]! > 0) centers[i] = [sum[0]! / sum[3]!, sum[1]! / sum[3]!, sum[2]! / sum[3]!];
    });
  }
  const counts = centers.map(() => 0);
  for (const index of assigned) counts[index]! += 1;
  return centers
    .map((colour, i) => ({ colour, weight: counts[i]! / pixels.length }))
    .filter((cluster) => cluster.weight > 0)
    .sort((a, b) => b.weight - a.weight);
}

/**
 * The palette of a set of colour clusters: the primary is the most common colourful colour (a grey or
 * white backdrop gives way to a colour covering at least 8% of the image), the secondary the next most
 * common colour that differs from it, the accent the most vivid remaining one; missing ones are
 * shades of the primary. Readable contrast is the kit's job when it draws (as for any palette).
 */
export function paletteOfClusters(clusters: readonly { colour: Rgb; weight: number }[]): ImagePalette {
  if (clusters.length === 0) throw new Error('the image has no opaque pixels');
  const primary = (clusters.find((c) => chroma(c.colour) >= COLOURFUL && c.weight >= COMMON) ?? clusters[0]!).colour;
  const secondary = clusters.find((c) => distance(c.colour, primary) >= DISTINCT)?.colour ?? mix(primary, [0, 0, 0], 0.45);
  const rest = clusters.filter((c) => distance(c.colour, primary) >= DISTINCT && distance(c.colour, secondary) >= DISTINCT);
  const vivid = rest.sort((a, b) => chroma(b.colour) * Math.sqrt(b.weight) - chroma(a.colour) * Math.sqrt(a.weight))[0]?.colour;
  const accent = vivid ?? mix(primary, luminance(primary) > 0.5 ? [0, 0, 0] : [255, 255, 255], 0.5);
  return { primary: hex(primary), secondary: hex(secondary), accent: hex(accent) };
}

/** An image's palette (PNG, JPEG, WebP or SVG, a file or its bytes): see {@link paletteOfClusters}. */
export async function imagePalette(input: string | Buffer): Promise<ImagePalette> {
  return paletteOfClusters(colourClusters(await samplePixels(input)));
}
