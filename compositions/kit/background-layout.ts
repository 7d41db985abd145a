/**
 * How one scene's background is arranged within its pack's character: where its two glows sit
 * and which way a soft band of the pack's colour crosses it, chosen from the scene's seed. The
 * pack's kind, palette and tints stay (see Background in background.tsx); neighbouring scenes,
 * whose seeds differ, differ in arrangement, so a video does not show one backdrop throughout.
 */
export interface BackgroundVariant {
  /** The arrangement's index among {@link BACKGROUND_VARIANTS}. */
  index: number;
  /** Centres of the primary and the secondary glow, in percent of the canvas. */
  glows: [{ x: number; y: number }, { x: number; y: number }];
  /** The band's direction (a CSS linear-gradient angle, degrees) and where along it its middle lies (percent). */
  band: { angle: number; at: number };
}

type Arrangement = Omit<BackgroundVariant, 'index'>;

/**
 * The arrangements: glows in opposite corners (both diagonals), top and bottom, left and right,
 * each with a band across the other way, so no two read alike.
 */
export const BACKGROUND_VARIANTS: readonly Arrangement[] = [
  { glows: [{ x: 30, y: 25 }, { x: 80, y: 80 }], band: { angle: 60, at: 62 } },
  { glows: [{ x: 78, y: 22 }, { x: 18, y: 82 }], band: { angle: 120, at: 40 } },
  { glows: [{ x: 50, y: 8 }, { x: 55, y: 96 }], band: { angle: 90, at: 70 } },
  { glows: [{ x: 10, y: 55 }, { x: 92, y: 40 }], band: { angle: 0, at: 35 } },
  { glows: [{ x: 22, y: 85 }, { x: 85, y: 15 }], band: { angle: 150, at: 55 } },
  { glows: [{ x: 65, y: 50 }, { x: 12, y: 10 }], band: { angle: 30, at: 30 } },
];

/** A stable hash of a seed (any text). */
export function seedHash(seed: string): number {
  return [...seed].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7);
}

/** The arrangement of the scene with this seed. */
export function backgroundVariant(seed: string): BackgroundVariant {
  const index = seedHash(seed) % BACKGROUND_VARIANTS.length;
  return { index, ...BACKGROUND_VARIANTS[index]! };
}

/** The band's strongest opacity for a pack's glow tint: fainter than the glows, so it tints no more than they do under text. */
export function bandAlpha(glowTint: number): number {
  return Math.min(glowTint * 0.6, 0.1);
}
