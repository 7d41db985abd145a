import type { GalleryCase } from './gallery.js';

/** Images, logo reveal, quote, kinetic headline, lower third. */
export const MEDIA_CASES: GalleryCase[] = [];
