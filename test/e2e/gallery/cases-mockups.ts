import type { GalleryCase } from './gallery.js';

/** Gallery cases of the kit's mockups. */
export const MOCKUPS_CASES: GalleryCase[] = [];
