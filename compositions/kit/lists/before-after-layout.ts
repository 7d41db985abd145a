// Where the two panels of a before/after go in a body box and how each is laid out inside. Pure:
// unit tested in test/render/kit/before-after-layout.test.ts.
/** The two cards in a body box and how each is laid out inside. */
export interface BeforeAfterBoxes {
  /** Cards side by side (else stacked). */
  across: boolean;
  panels: { left: number; top: number; width: number; height: number }[];
  /** The handle's centre, between the cards. */
  handle: { x: number; y: number; size: number };
  pad: number;
  /** Picture left of the text (wide cards) rather than above it. */
  pictureBeside: boolean;
  picture: number;
  textW: number;
  labelH: number;
  pointsH: number;
}

/** The share of the panels' room the "after" panel takes: the emphasis is the larger. */
export const AFTER_SHARE = 0.54;

/**
 * Side by side on wide and square canvases, stacked on tall ones, "after" the larger; each panel's
 * picture takes about two fifths of it beside the text (or above it), more where there are no points.
 * Both panels are laid out inside alike, at the size of the smaller ("before").
 */
export function beforeAfterLayout(layout: { ratio: number }, pointed: boolean, width: number, height: number, u: number, floor: number): BeforeAfterBoxes {
  const across = layout.ratio >= 0.95;
  const gap = (across ? 64 : 84) * u;
  const room = (across ? width : height) - gap;
  const first = Math.round(room * (1 - AFTER_SHARE));
  const panels = across
    ? [{ left: 0, top: 0, width: first, height }, { left: first + gap, top: 0, width: room - first, height }]
    : [{ left: 0, top: 0, width, height: first }, { left: 0, top: first + gap, width, height: room - first }];
  const handle = across ? { x: first + gap / 2, y: height / 2, size: gap * 0.8 } : { x: width / 2, y: first + gap / 2, size: gap * 0.8 };
  const panelW = panels[0]!.width;
  const panelH = panels[0]!.height;
  const pad = Math.min(panelW, panelH) * (pointed ? 0.07 : 0.08);
  const innerW = panelW - pad * 2;
  const innerH = panelH - pad * 2;
  const pictureBeside = panelW / panelH > 1.15;
  const picture = Math.round(pictureBeside ? Math.min(innerH * 0.92, innerW * (pointed ? 0.4 : 0.5)) : Math.min(innerH * (pointed ? 0.4 : 0.62), innerW * (pointed ? 0.7 : 0.9)));
  const textW = pictureBeside ? innerW - picture - pad : innerW;
  const textH = pictureBeside ? innerH : innerH - picture - pad * 0.7;
  const labelH = Math.min(textH * 0.34, Math.max(90 * u, floor * 2.3));
  return { across, panels, handle, pad, pictureBeside, picture, textW, labelH, pointsH: textH - labelH - 16 * u };
}
