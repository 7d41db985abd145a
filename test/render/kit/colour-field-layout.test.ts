import { describe, expect, it } from 'vitest';
import { colourFieldBox } from '../../../compositions/kit/lists/colour-field-layout.js';

describe('colourFieldBox', () => {
  const visual = { left: 800, top: 100, width: 400, height: 400 };

  it('runs beside the text from the middle of the gap to the right edge, full height', () => {
    expect(colourFieldBox(1280, 720, visual, 48, true)).toEqual({ left: 776, top: 0, width: 504, height: 720 });
  });

  it('runs above the text from the top edge to the middle of the gap under the visual, full width', () => {
    expect(colourFieldBox(720, 1280, { left: 60, top: 60, width: 600, height: 500 }, 40, false)).toEqual({ left: 0, top: 0, width: 720, height: 580 });
  });

  it('stays on the canvas for a visual at its edge', () => {
    const box = colourFieldBox(720, 720, { left: 10, top: 0, width: 700, height: 720 }, 60, false);
    expect(box.height).toBe(720);
    expect(colourFieldBox(720, 720, { left: 10, top: 0, width: 700, height: 720 }, 60, true).left).toBe(0);
  });
});
