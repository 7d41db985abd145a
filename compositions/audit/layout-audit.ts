// The layout audit: run in the page after a frame is laid out, it finds text that overflows its
// box or is clipped, elements that leave the canvas without being marked as intended bleeds, and
// text whose contrast against what is painted under it is below the minimum. The gallery test and
// the pipeline's test renders read its report from the browser console. Burned-in captions that
// cover the scene's own text are found too.
import { composite, contrastRatio, parseColor, type Rgba } from '../kit/color';

/** One problem the audit found. */
export interface AuditIssue {
  kind: 'overflow' | 'clipped' | 'off-canvas' | 'contrast' | 'covered';
  /** The element: its kit part name or tag, and the start of its text. */
  element: string;
  detail: string;
}

/** The audit of one frame. */
export interface LayoutAudit {
  width: number;
  height: number;
  /** Text elements checked. */
  texts: number;
  /** The lowest text contrast found (21 when there is no text). */
  minContrast: number;
  /** The font families text was drawn in (the first family of each text element's stack). */
  fonts: string[];
  /** The largest text's font size over the canvas's shorter side (a 1080p headline at 86 px: 0.08). */
  largestText: number;
  /** The smallest text's font size over the canvas's shorter side, small print (`data-kit-role="fineprint"`: source lines, kickers, axis ticks) aside; 0 when there is no such text. */
  smallestText: number;
  /** The smallest such text: its kit part name or tag, and the start of its text. */
  smallestTextElement: string;
  /** The largest heading's font size over the shorter side (text in a `heading` or `headline` part, or `data-kit-role="heading"`); 0 when the frame has no heading. */
  headingText: number;
  /**
   * The box around every text and visual, in shares of the canvas's width and height (0 to 1):
   * its size, its edges (left and top from the canvas's left and top, right and bottom from its
   * right and bottom) and its centre's offset from the canvas's centre (negative: left or above).
   */
  content: { width: number; height: number; left: number; top: number; right: number; bottom: number; offsetX: number; offsetY: number };
  /** The box around every visual (images, icons, chart marks: img, svg, canvas, and the kit's drawn parts) as a share of the canvas's area. */
  visualArea: number;
  issues: AuditIssue[];
}

/** The console line prefix the report is logged with. */
export const AUDIT_LOG_PREFIX = '[kit-audit] ';
/** Contrast every text element must reach. */
export const AUDIT_MIN_CONTRAST = 4.5;
const TOLERANCE = 1.5;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function describe(element: Element): string {
  const part = element.closest('[data-kit-part]')?.getAttribute('data-kit-part');
  const text = (element.textContent ?? '').trim().slice(0, 40);
  return `${part ?? element.tagName.toLowerCase()}${text ? ` "${text}"` : ''}`;
}

function ownTextNodes(element: Element): Text[] {
  return [...element.childNodes].filter((node): node is Text => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
}

/**
 * The box a text's lines take. Each line counts with its line box, not its font's content area
 * (a tight line height lets ascenders and descenders reach into the neighbouring line by design).
 */
function textBox(element: Element, nodes: Text[]): Box | undefined {
  const style = getComputedStyle(element);
  const lineHeight = style.lineHeight === 'normal' ? undefined : parseFloat(style.lineHeight);
  let box: Box | undefined;
  for (const node of nodes) {
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      if (rect.width === 0 && rect.height === 0) continue;
      const inset = lineHeight !== undefined ? Math.max(0, (rect.height - lineHeight) / 2) : 0;
      const line = { left: rect.left, top: rect.top + inset, right: rect.right, bottom: rect.bottom - inset };
      box = box
        ? { left: Math.min(box.left, line.left), top: Math.min(box.top, line.top), right: Math.max(box.right, line.right), bottom: Math.max(box.bottom, line.bottom) }
        : line;
    }
  }
  return box;
}

function isVisible(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    const style = getComputedStyle(node);
    if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
  }
  return true;
}

/** The product of the opacities of an element and its ancestors. */
function effectiveOpacity(element: Element): number {
  let opacity = 1;
  for (let node: Element | null = element; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
  return opacity;
}

function outside(inner: Box, outer: Box): string | undefined {
  const parts: string[] = [];
  if (inner.left < outer.left - TOLERANCE) parts.push(`left by ${(outer.left - inner.left).toFixed(1)}px`);
  if (inner.right > outer.right + TOLERANCE) parts.push(`right by ${(inner.right - outer.right).toFixed(1)}px`);
  if (inner.top < outer.top - TOLERANCE) parts.push(`top by ${(outer.top - inner.top).toFixed(1)}px`);
  if (inner.bottom > outer.bottom + TOLERANCE) parts.push(`bottom by ${(inner.bottom - outer.bottom).toFixed(1)}px`);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** The nearest block-level box that holds a text element's text. */
function blockBox(element: Element): Element {
  let node: Element = element;
  while (node.parentElement && getComputedStyle(node).display.startsWith('inline') && node.tagName.toLowerCase() !== 'svg') node = node.parentElement;
  return node;
}

/** Colors a layer may paint at a point: its background color and gradient stops, or unknown pixels. */
function layerColors(element: Element): Rgba[] | 'unknown' | undefined {
  const declared = element.getAttribute('data-kit-paint');
  if (declared) {
    // A decoration declares the most it paints: "<color> <alpha>".
    const [color, alpha] = declared.split(' ');
    const paint = parseColor(color ?? '');
    return paint ? [{ ...paint, a: Number(alpha ?? 1) }] : 'unknown';
  }
  const tag = element.tagName.toLowerCase();
  if (tag === 'img' || tag === 'video' || tag === 'canvas' || tag === 'image') return 'unknown';
  const style = getComputedStyle(element);
  if (element instanceof SVGElement) {
    if (tag === 'svg' || tag === 'g' || tag === 'text' || tag === 'tspan') return undefined;
    const fill = parseColor(style.fill);
    if (!fill || fill.a === 0 || style.fill === 'none') return undefined;
    return [{ ...fill, a: fill.a * Number(style.fillOpacity || 1) }];
  }
  const colors: Rgba[] = [];
  const background = parseColor(style.backgroundColor);
  if (background && background.a > 0) colors.push(background);
  if (style.backgroundImage && style.backgroundImage !== 'none') {
    if (/url\(/.test(style.backgroundImage)) return 'unknown';
    for (const match of style.backgroundImage.matchAll(/rgba?\([^)]*\)/g)) {
      const stop = parseColor(match[0]);
      if (stop && stop.a > 0) colors.push(background && background.a > 0 ? composite(stop, composite(background, { r: 255, g: 255, b: 255, a: 1 })) : stop);
    }
  }
  return colors.length > 0 ? colors : undefined;
}

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };
const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };

/** Every color that may be under a point, painting the layers below `target` from the bottom up. */
function backdropsAt(x: number, y: number, target: Element, root: Element): Rgba[] {
  const stack = document.elementsFromPoint(x, y).filter((element) => root.contains(element));
  const below = stack.slice(stack.indexOf(target) >= 0 ? stack.indexOf(target) : 0).reverse();
  let candidates: Rgba[] = [WHITE];
  for (const layer of below) {
    if (layer !== target && target.contains(layer)) continue;
    // Parts of a decoration that declared its paint are covered by that declaration.
    if (layer.parentElement?.closest('[data-kit-paint]')) continue;
    const colors = layerColors(layer);
    if (!colors) continue;
    const opacity = effectiveOpacity(layer);
    const paints = colors === 'unknown' ? [BLACK, WHITE] : colors;
    const next: Rgba[] = [];
    for (const base of candidates) for (const paint of paints) next.push(composite(paint, base, paint.a * opacity));
    // Keep the extremes: the darkest and lightest backdrops bound the contrast.
    next.sort((a, b) => a.r + a.g + a.b - (b.r + b.g + b.b));
    candidates = next.length > 6 ? [...next.slice(0, 3), ...next.slice(-3)] : next;
  }
  return candidates;
}

/** Kit parts that draw a picture rather than hold text: icon discs, chart marks and axes (a chart's plot spans its axis), meters. */
const VISUAL_PARTS = new Set([
  'icon-panel',
  'icon-disc',
  'icon-badge',
  'bar',
  'bar-track',
  'axis',
  'line-plot',
  'slice',
  'legend-swatch',
  'meter',
  'figure-meter',
  'icon',
  'timeline-node',
  'diagram',
  'map',
  'device',
  'pictogram',
  'check',
  'stat-picture',
  'rank-bar',
  'hub',
]);

/** Kit parts that are small print by design: a source line, a kicker over a heading, a lower third's tag, a chart's axis caption. */
const FINEPRINT_PARTS = ['kicker', 'source', 'segment-title', 'value-label'];

/** Whether a text is small print by design: a fine-print part or marked `data-kit-role="fineprint"`. */
function isFineprint(element: Element): boolean {
  return element.closest(['[data-kit-role="fineprint"]', ...FINEPRINT_PARTS.map((part) => `[data-kit-part="${part}"]`)].join(', ')) !== null;
}

/** Whether a text is a heading: a scene's headline or a marked heading. */
function isHeading(element: Element): boolean {
  return element.closest('[data-kit-role="heading"], [data-kit-part="heading"], [data-kit-part="headline"]') !== null;
}

/** Whether an element is a visual: an image, an svg (once, not its shapes), a canvas or video, or a drawn kit part; never the background. */
function isVisual(element: Element): boolean {
  if (element.closest('[data-kit-part="background"]')) return false;
  const tag = element.tagName.toLowerCase();
  if (tag === 'img' || tag === 'canvas' || tag === 'video') return true;
  if (tag === 'svg') return !element.parentElement?.closest('svg');
  return VISUAL_PARTS.has(element.getAttribute('data-kit-part') ?? '');
}

/**
 * A box as it stands on the stage, before the nearest camera layer around it moves it: a camera
 * layer is laid out as the whole canvas and moved by translate and scale only, so its drawn box
 * against the canvas gives the move to undo.
 */
function onStage(element: Element, box: Box, canvas: Box): Box {
  const camera = element.parentElement?.closest('[data-kit-camera]');
  if (!camera) return box;
  const moved = camera.getBoundingClientRect();
  if (moved.width <= 0 || moved.height <= 0) return box;
  const sx = (canvas.right - canvas.left) / moved.width;
  const sy = (canvas.bottom - canvas.top) / moved.height;
  return {
    left: canvas.left + (box.left - moved.left) * sx,
    right: canvas.left + (box.right - moved.left) * sx,
    top: canvas.top + (box.top - moved.top) * sy,
    bottom: canvas.top + (box.bottom - moved.top) * sy,
  };
}

/** Audits the element tree under `root`, whose box is the canvas. */
export function auditLayout(root: HTMLElement): LayoutAudit {
  const canvas = root.getBoundingClientRect();
  const canvasBox: Box = { left: canvas.left, top: canvas.top, right: canvas.right, bottom: canvas.bottom };
  const issues: AuditIssue[] = [];
  const captionBoxes: { box: Box; element: Element }[] = [];
  const sceneTexts: { box: Box; element: Element }[] = [];
  let texts = 0;
  let minContrast = 21;
  const fonts = new Set<string>();
  const shorter = Math.min(canvas.width, canvas.height) || 1;
  let largestText = 0;
  let smallestText = Infinity;
  let smallestTextElement = '';
  let headingText = 0;
  let content: Box | undefined;
  let visuals: Box | undefined;
  /** `union` grown by `box`, both clipped to the canvas. */
  const grow = (union: Box | undefined, box: Box): Box | undefined => {
    const clipped = { left: Math.max(box.left, canvasBox.left), top: Math.max(box.top, canvasBox.top), right: Math.min(box.right, canvasBox.right), bottom: Math.min(box.bottom, canvasBox.bottom) };
    if (clipped.right <= clipped.left || clipped.bottom <= clipped.top) return union;
    return union
      ? { left: Math.min(union.left, clipped.left), top: Math.min(union.top, clipped.top), right: Math.max(union.right, clipped.right), bottom: Math.max(union.bottom, clipped.bottom) }
      : clipped;
  };

  for (const element of root.querySelectorAll('*')) {
    if (!isVisible(element)) continue;
    const bleeds = element.closest('[data-kit-bleed]') !== null;
    const rect = element.getBoundingClientRect();
    // A camera layer (the scene frame's push, a scene's own camera) is the canvas itself, moved: what
    // it holds is checked where it stands on the stage, before the camera moves it (a push in takes
    // the frame's edges past the canvas on purpose), and the layer's own box is not checked.
    if (!bleeds && !element.hasAttribute('data-kit-camera') && rect.width > 0 && rect.height > 0) {
      const off = outside(onStage(element, { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom }, canvasBox), canvasBox);
      if (off) issues.push({ kind: 'off-canvas', element: describe(element), detail: `leaves the canvas ${off}` });
    }
    if (isVisual(element) && rect.width > 0 && rect.height > 0) {
      const box = { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
      content = grow(content, box);
      visuals = grow(visuals, box);
    }

    const nodes = ownTextNodes(element);
    if (nodes.length === 0) continue;
    const box = textBox(element, nodes);
    if (!box) continue;
    texts += 1;
    (element.closest('[data-kit-part="captions"]') ? captionBoxes : sceneTexts).push({ box, element });
    content = grow(content, box);
    const fontSize = parseFloat(getComputedStyle(element).fontSize) / shorter;
    largestText = Math.max(largestText, fontSize);
    if (!isFineprint(element) && fontSize < smallestText) {
      smallestText = fontSize;
      smallestTextElement = describe(element);
    }
    if (isHeading(element)) headingText = Math.max(headingText, fontSize);
    const holder = blockBox(element).getBoundingClientRect();
    const overflow = outside(box, { left: holder.left, top: holder.top, right: holder.right, bottom: holder.bottom });
    // A word still fading in moves on its way (a kinetic headline's words slide up into their line): it overflows only once it is shown.
    if (overflow && effectiveOpacity(element) >= 0.99) issues.push({ kind: 'overflow', element: describe(element), detail: `text overflows its box ${overflow}` });
    for (let node = element.parentElement; node && node !== root.parentElement; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.overflow === 'visible' && style.clipPath === 'none') continue;
      const clip = node.getBoundingClientRect();
      const clipped = outside(box, { left: clip.left, top: clip.top, right: clip.right, bottom: clip.bottom });
      if (clipped) {
        issues.push({ kind: 'clipped', element: describe(element), detail: `text is clipped by a ${node.tagName.toLowerCase()} (${clipped})` });
        break;
      }
    }

    fonts.add(getComputedStyle(element).fontFamily.split(',')[0]!.trim().replace(/^["']|["']$/g, ''));
    const color = parseColor(getComputedStyle(element).color);
    // Text still fading in or out is in passing; contrast is judged once it is fully shown.
    const opacity = effectiveOpacity(element);
    if (!color || opacity < 0.99) continue;
    const fgAlpha = color.a * opacity;
    let ratio = 21;
    const inset = 2;
    const xs = [box.left + inset, (box.left + box.right) / 2, box.right - inset];
    const ys = [box.top + inset, (box.top + box.bottom) / 2, box.bottom - inset];
    for (const x of xs) {
      for (const y of ys) {
        if (x < canvasBox.left || x > canvasBox.right || y < canvasBox.top || y > canvasBox.bottom) continue;
        for (const backdrop of backdropsAt(x, y, element, root)) {
          ratio = Math.min(ratio, contrastRatio(composite(color, backdrop, fgAlpha), backdrop));
        }
      }
    }
    minContrast = Math.min(minContrast, ratio);
    if (ratio < AUDIT_MIN_CONTRAST) issues.push({ kind: 'contrast', element: describe(element), detail: `contrast ${ratio.toFixed(2)}:1 is below ${AUDIT_MIN_CONTRAST}:1` });
  }
  // Captions may not lie over any of the scene's text (a tolerance of a pixel and a half).
  for (const caption of captionBoxes) {
    const covered = sceneTexts.find(({ box }) => Math.min(box.right, caption.box.right) - Math.max(box.left, caption.box.left) > TOLERANCE && Math.min(box.bottom, caption.box.bottom) - Math.max(box.top, caption.box.top) > TOLERANCE);
    if (covered) issues.push({ kind: 'covered', element: describe(caption.element), detail: `the caption covers ${describe(covered.element)}` });
  }
  const share = (value: number) => Math.round(value * 1000) / 1000;
  const across = (value: number) => share(value / (canvas.width || 1));
  const down = (value: number) => share(value / (canvas.height || 1));
  return {
    width: Math.round(canvas.width),
    height: Math.round(canvas.height),
    texts,
    minContrast,
    fonts: [...fonts],
    largestText: share(largestText),
    smallestText: share(Number.isFinite(smallestText) ? smallestText : 0),
    smallestTextElement,
    headingText: share(headingText),
    content: content
      ? {
          width: across(content.right - content.left),
          height: down(content.bottom - content.top),
          left: across(content.left - canvas.left),
          top: down(content.top - canvas.top),
          right: across(canvas.right - content.right),
          bottom: down(canvas.bottom - content.bottom),
          offsetX: across((content.left + content.right) / 2 - (canvas.left + canvas.right) / 2),
          offsetY: down((content.top + content.bottom) / 2 - (canvas.top + canvas.bottom) / 2),
        }
      : { width: 0, height: 0, left: 0, top: 0, right: 0, bottom: 0, offsetX: 0, offsetY: 0 },
    visualArea: visuals ? share(((visuals.right - visuals.left) * (visuals.bottom - visuals.top)) / (canvas.width * canvas.height || 1)) : 0,
    issues,
  };
}
