import type { FrameAudit } from '../render-pool.js';
import type { TestedScene } from './test-render-scene.js';

/** Contrast above this (WCAG AAA is 7:1) earns nothing more. */
const CONTRAST_CAP = 7;
/** The kit's safe margin at each edge, as a share of the canvas's shorter side (see the kit's `layoutFor`). */
const SAFE_MARGIN = 0.08;
/** A largest text of this share of the shorter side (86 px at 1080p) earns the full text points. */
const TEXT_FULL = 0.08;
/** A visual box of this share of the canvas earns the full visual points. */
const VISUAL_FULL = 0.25;
/** Points for each layout measure at its full value: coverage counts most, then type size, then a visual. */
const WEIGHTS = { coverage: 10, text: 6, visual: 4 } as const;

/** How a scene's test render measured, for choosing the best of several drafts. */
export interface SceneScore {
  /** Layout findings over every audited frame (text overflow, clipping, overlap, low contrast). */
  issues: number;
  /** The lowest text contrast over the audited frames (1 to 21; 21 when no text). */
  minContrast: number;
  /** How much of the safe area (the canvas inside the kit's margins) the box around the content covers, 0 to 1, averaged over the audited frames. */
  coverage: number;
  /** The largest text's size over the canvas's shorter side, averaged over the audited frames. */
  largestText: number;
  /** The box around every visual as a share of the canvas, averaged over the audited frames. */
  visualArea: number;
  /** One number to rank by, higher better: findings first, then contrast up to 7:1, then the layout (coverage, text size, visual). */
  value: number;
}

/** The share of the safe area an audit's content box covers (0 to 1). */
function safeAreaCoverage(audit: FrameAudit): number {
  const width = audit.width || 1;
  const height = audit.height || 1;
  const margin = Math.min(width, height) * SAFE_MARGIN;
  const safe = Math.max(1, (width - 2 * margin) * (height - 2 * margin));
  return Math.min(1, (audit.content.width * width * audit.content.height * height) / safe);
}

const mean = (values: number[]) => (values.length > 0 ? values.reduce((sum, value) => sum + value, 0) / values.length : 0);

/**
 * Scores a tested scene from its layout audits: fewest findings first, then the higher lowest
 * contrast (capped at 7:1), then what the audit measures of the layout: how much of the safe area
 * the content spans, how large its largest text is, how large its visual is. Pixel texture earns
 * nothing: a busy placeholder must not beat a scene that draws its subject large. Only the audit
 * decides, so the choice is reproducible.
 */
export async function scoreTestedScene(tested: Pick<TestedScene, 'audits'>): Promise<SceneScore> {
  const issues = tested.audits.reduce((sum, audit) => sum + audit.issues.length, 0);
  const contrasts = tested.audits.filter((audit) => audit.texts > 0).map((audit) => audit.minContrast);
  const minContrast = contrasts.length > 0 ? Math.min(...contrasts) : 21;
  const coverage = mean(tested.audits.map(safeAreaCoverage));
  const largestText = mean(tested.audits.map((audit) => audit.largestText));
  const visualArea = mean(tested.audits.map((audit) => audit.visualArea));
  const layout = WEIGHTS.coverage * coverage + WEIGHTS.text * Math.min(1, largestText / TEXT_FULL) + WEIGHTS.visual * Math.min(1, visualArea / VISUAL_FULL);
  return { issues, minContrast, coverage, largestText, visualArea, value: -100 * issues + 2 * Math.min(minContrast, CONTRAST_CAP) + layout };
}
