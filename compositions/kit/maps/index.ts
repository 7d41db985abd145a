// The kit's maps: one component per file, its layout function beside it.
export { PlaceMap, type MapMarker } from './place-map';
export { mapView, placeLabels, routePath, MAP_MAX_MARKERS, MAP_MAX_REGIONS } from './place-map-layout';
