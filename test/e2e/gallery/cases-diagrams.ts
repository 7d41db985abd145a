import type { GalleryCase } from './gallery.js';

/** Gallery cases of the kit's diagrams. */
export const DIAGRAMS_CASES: GalleryCase[] = [];
