import type { GalleryCase } from './gallery.js';

/** Charts, timeline, comparison, icon grid. */
export const DATA_CASES: GalleryCase[] = [];
