import type { GalleryCase } from './gallery.js';

/** Gallery cases of the kit's lists. */
export const LISTS_CASES: GalleryCase[] = [];
