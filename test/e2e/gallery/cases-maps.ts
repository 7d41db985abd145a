import type { GalleryCase } from './gallery.js';

/** Gallery cases of the kit's maps. */
export const MAPS_CASES: GalleryCase[] = [];
