import { narrationTiming } from './cases-diagrams.js';
import { sceneFor, type GalleryCase } from './gallery.js';

/** Gallery cases of the kit's maps. */
export const MAPS_CASES: GalleryCase[] = [
  {
    name: 'map-nordic',
    code: sceneFor('PlaceMap'),
    settings: {
      title: 'The Nordics drink the most coffee',
      kicker: 'Kilograms per person a year',
      regions: ['FIN', 'NOR', 'ISL', 'DNK'],
      labels: { FIN: 'Finland 12 kg', NOR: 'Norway 9.9 kg', ISL: 'Iceland 9 kg', DNK: 'Denmark 8.7 kg' },
    },
  },
  {
    name: 'map-country',
    code: sceneFor('PlaceMap'),
    settings: { title: 'Portugal', kicker: 'Destination of the year', regions: ['PRT'] },
  },
  {
    name: 'map-route',
    code: sceneFor('PlaceMap'),
    settings: {
      title: 'Four cities in ten days',
      route: true,
      markers: [
        { label: 'Amsterdam', lon: 4.9, lat: 52.37 },
        { label: 'Paris', lon: 2.35, lat: 48.86 },
        { label: 'Barcelona', lon: 2.17, lat: 41.39 },
        { label: 'Rome', lon: 12.5, lat: 41.9 },
      ],
    },
  },
  {
    name: 'map-world',
    code: sceneFor('PlaceMap'),
    settings: { title: 'Six countries hold half the world', regions: ['USA', 'BRA', 'NGA', 'IND', 'CHN', 'AUS'] },
  },
  {
    name: 'map-german',
    code: sceneFor('PlaceMap'),
    settings: {
      title: 'Unsere Märkte im deutschsprachigen Raum',
      kicker: 'Vertrieb',
      regions: ['DEU', 'AUT', 'CHE'],
      labels: { DEU: 'Deutschland', AUT: 'Österreich', CHE: 'Schweiz' },
      markers: [{ label: 'Zentrale München', lon: 11.58, lat: 48.14 }],
    },
  },
  {
    name: 'map-benelux-french',
    code: sceneFor('PlaceMap'),
    settings: { title: 'Le Benelux en trois pays', regions: ['BEL', 'NLD', 'LUX'], labels: { BEL: 'Belgique', NLD: 'Pays-Bas', LUX: 'Luxembourg' } },
  },
  {
    name: 'map-flight-untitled',
    code: sceneFor('PlaceMap'),
    settings: {
      route: true,
      markers: [
        { label: 'New York City, United States', lon: -74, lat: 40.7 },
        { label: 'London', lon: -0.13, lat: 51.5 },
        { label: 'Dubai International', lon: 55.3, lat: 25.2 },
        { label: 'Sydney', lon: 151.2, lat: -33.87 },
        { label: 'nowhere', lon: 'x', lat: 1 },
      ],
      regions: ['bogus', 42, 'Australia'],
    },
  },
  {
    name: 'map-journey-narrated',
    code: sceneFor('PlaceMap'),
    settings: {
      title: 'A week by train',
      kicker: 'Rail journey',
      route: true,
      markers: [
        { label: 'Vienna', lon: 16.37, lat: 48.21 },
        { label: 'Prague', lon: 14.42, lat: 50.08 },
        { label: 'Berlin', lon: 13.4, lat: 52.52 },
        { label: 'Copenhagen', lon: 12.57, lat: 55.68 },
      ],
      narrationTiming: narrationTiming('We start in Vienna, ride north to Prague, on to Berlin and end the week in Copenhagen.', 0.4, 0.24),
    },
    // Audited once the camera, having flown the route, holds the whole journey again.
    durationInFrames: 240,
    settledFrame: 210,
  },
];
