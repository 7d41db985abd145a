import { useVideoConfig } from 'remotion';

/** The canvas as layouts see it: its shape, a unit that scales type, and safe margins. */
export interface Layout {
  width: number;
  height: number;
  orientation: 'landscape' | 'portrait' | 'square';
  /** 1 at 1080 px on the shorter side; every size in the kit is a multiple of it. */
  unit: number;
  /** Margin kept clear on every side. */
  margin: number;
  /** The width text may use. */
  contentWidth: number;
  contentHeight: number;
}

/** Reads the canvas and derives the layout every kit component adapts to. */
export function useLayout(): Layout {
  const { width, height } = useVideoConfig();
  const ratio = width / height;
  const orientation = ratio > 1.15 ? 'landscape' : ratio < 0.87 ? 'portrait' : 'square';
  const unit = Math.min(width, height) / 1080;
  const margin = Math.round(Math.min(width, height) * 0.08);
  return { width, height, orientation, unit, margin, contentWidth: width - margin * 2, contentHeight: height - margin * 2 };
}
