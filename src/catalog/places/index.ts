// Places the kit's maps can show, found by name in any language.
export { findPlace, placesIn, type Place } from './find-place.js';
