// The full-bleed colour field behind a scene's hero (a title's picture, a list's panel, a closing
// scene's visual): pure, unit tested in test/render/kit/colour-field-layout.test.ts.

/** A box in px from the canvas's top-left corner. */
export interface FieldBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The colour field behind a hero `visual` on a `width` × `height` canvas: beside the text (`beside`,
 * the visual on the right) it runs from halfway across the gap before the visual to the canvas's
 * right edge, full height; above the text it runs from the canvas's top to halfway across the gap
 * under the visual, full width. It bleeds off the canvas's edges on those sides, so the frame reads
 * as a poster split into a colour field and a text field.
 */
export function colourFieldBox(width: number, height: number, visual: FieldBox, gap: number, beside: boolean): FieldBox {
  if (beside) {
    const left = Math.max(0, Math.round(visual.left - gap / 2));
    return { left, top: 0, width: width - left, height };
  }
  const bottom = Math.min(height, Math.round(visual.top + visual.height + gap / 2));
  return { left: 0, top: 0, width, height: bottom };
}
