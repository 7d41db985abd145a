import { useVideoConfig } from 'remotion';

/** The canvas as layouts see it: its shape, a unit that scales type, and safe margins. */
export interface Layout {
  width: number;
  height: number;
  orientation: 'landscape' | 'portrait' | 'square';
  /** Width over height. */
  ratio: number;
  /** 1 at 1080 px on the shorter side; every size in the kit is a multiple of it. */
  unit: number;
  /** Margin kept clear on every side. */
  margin: number;
  /** The box inside the margins. */
  contentWidth: number;
  contentHeight: number;
  /** Side by side when there is room for two columns, else stacked. */
  columns: 1 | 2;
}

/** The layout of a canvas of `width` × `height`. */
export function layoutFor(width: number, height: number): Layout {
  const ratio = width / height;
  const orientation = ratio > 1.15 ? 'landscape' : ratio < 0.87 ? 'portrait' : 'square';
  const unit = Math.min(width, height) / 1080;
  const margin = Math.round(Math.min(width, height) * 0.08);
  return {
    width,
    height,
    orientation,
    ratio,
    unit,
    margin,
    contentWidth: width - margin * 2,
    contentHeight: height - margin * 2,
    columns: ratio >= 1.15 ? 2 : 1,
  };
}

/** Reads the canvas and derives the layout every kit component adapts to. */
export function useLayout(): Layout {
  const { width, height } = useVideoConfig();
  return layoutFor(width, height);
}
