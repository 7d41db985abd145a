import sharp from 'sharp';
import type { TestedScene } from './test-render-scene.js';

/** Contrast above this (WCAG AAA is 7:1) earns nothing more. */
const CONTRAST_CAP = 7;

/** How a scene's test render measured, for choosing the best of several drafts. */
export interface SceneScore {
  /** Layout findings over every audited frame (text overflow, clipping, overlap, low contrast). */
  issues: number;
  /** The lowest text contrast over the audited frames (1 to 21; 21 when no text). */
  minContrast: number;
  /** Shannon entropy of the middle still (0 to 8 bits): an empty canvas scores low, a used one high. */
  detail: number;
  /** One number to rank by, higher better: findings first, then contrast up to 7:1, then detail. */
  value: number;
}

/**
 * Scores a tested scene: fewest audit findings first, then the higher lowest contrast (capped at
 * 7:1), then the more detailed middle frame. Only the audit and the pixels decide, so the choice
 * is reproducible.
 */
export async function scoreTestedScene(tested: Pick<TestedScene, 'audits' | 'stills'>): Promise<SceneScore> {
  const issues = tested.audits.reduce((sum, audit) => sum + audit.issues.length, 0);
  const contrasts = tested.audits.filter((audit) => audit.texts > 0).map((audit) => audit.minContrast);
  const minContrast = contrasts.length > 0 ? Math.min(...contrasts) : 21;
  const middle = tested.stills[Math.floor(tested.stills.length / 2)];
  const detail = middle ? (await sharp(middle.path).stats()).entropy : 0;
  return { issues, minContrast, detail, value: -100 * issues + 2 * Math.min(minContrast, CONTRAST_CAP) + detail };
}
