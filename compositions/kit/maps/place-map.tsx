/**
 * A map of places: countries highlighted in the pack's primary (a tint of it each when there are
 * several), pins with labels, and optionally a route that arcs from pin to pin with an aeroplane
 * flying it. The view is fitted to the places (the world when there are none): Natural Earth for
 * the world or a continent, a conformal conic for a close-up. The land fades in, the countries
 * fill one after another, the pins drop and the route draws on; then the map pushes in slowly,
 * the pins pulse, the highlighted borders breathe and the aeroplane keeps flying the route.
 * With narration the places (the pins, else the countries) enter as they are named, the one
 * spoken about marked; a route becomes a journey: each leg draws toward its place as it is
 * named, the aeroplane at its tip, and a camera inside the map's card flies from place to place,
 * back on the whole route as the narration ends.
 */
import React, { useMemo } from 'react';
import { measureText } from '@remotion/layout-utils';
import { evolvePath, getLength, getPointAtLength, getTangentAtLength } from '@remotion/paths';
import { Easing, useCurrentFrame, useVideoConfig } from 'remotion';
import { geoCentroid, geoGraticule10, geoPath } from 'd3-geo';
import type { Theme } from '../../scene-props';
import { kitColors, readableOn } from '../color';
import { fitText, FitLines, type TextFit } from '../fitted-text';
import { fontFamily, fontWeight } from '../fonts';
import { useLayout } from '../layout';
import { idleSeconds, useEntrance } from '../motion';
import { SceneFrame } from '../scene-frame';
import { bodyDelay, cornerRadius, DataScene, depthShadow, mixColors, staggerFor, useReveal } from '../data/common';
import { journeyShots, legReveals } from './journey-layout';
import { innerPoint, labelBounds, leaderEnd, MAP_MAX_MARKERS, MAP_MAX_PUSH, MAP_MAX_REGIONS, mapView, needsDetail, placeLabels, projectionAt, pushPoint, routeLegs, routePath, routeSamples, type MapView } from './place-map-layout';
import { cameraAt, cameraTransform, pushIn } from '../camera';
import { useNarrationBuild } from '../narration-build';
import { COARSE_WORLD, regionCode, useWorld, type World } from './world';

/** A pin on the map. */
export interface MapMarker {
  label: string;
  lon: number;
  lat: number;
}

/** Seconds the push-in takes to reach {@link MAP_MAX_PUSH}. */
const PUSH_SECONDS = 9;
/** Frames the route takes to draw on. */
const ROUTE_FRAMES = 36;
/** An aeroplane seen from above, nose to the right, in a 24 × 24 box centred on 12, 12. */
const PLANE = 'M22 12 L16 10.4 L10.6 3.5 L8.4 3.5 L11 10.2 L5.4 10.4 L3.4 7.6 L1.8 7.6 L2.9 12 L1.8 16.4 L3.4 16.4 L5.4 13.6 L11 13.8 L8.4 20.5 L10.6 20.5 L16 13.6 Z';

function cleanRegions(regions: unknown): string[] {
  if (!Array.isArray(regions)) return [];
  const codes = regions.map(regionCode).filter((code): code is string => code !== undefined);
  return [...new Set(codes)].slice(0, MAP_MAX_REGIONS);
}

function cleanMarkers(markers: unknown): MapMarker[] {
  if (!Array.isArray(markers)) return [];
  return markers
    .map((marker) => ({ label: String(marker?.label ?? '').trim(), lon: Number(marker?.lon), lat: Number(marker?.lat) }))
    .filter((marker) => Number.isFinite(marker.lon) && Number.isFinite(marker.lat) && Math.abs(marker.lat) <= 85 && Math.abs(marker.lon) <= 180)
    .slice(0, MAP_MAX_MARKERS);
}

function cleanLabels(labels: unknown): Record<string, string> {
  if (!labels || typeof labels !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [region, text] of Object.entries(labels)) {
    const code = regionCode(region);
    if (code && typeof text === 'string' && text.trim()) out[code] = text.trim();
  }
  return out;
}

/**
 * A map that highlights `regions` (ISO 3166-1 alpha-3 codes; alpha-2 codes and English names are
 * read too), labelled with `labels[code]` or their English name, and pins `markers` (at most
 * {@link MAP_MAX_MARKERS}), joined in order by a flown route when `route` is set.
 */
export const PlaceMap: React.FC<{ theme: Theme; title?: string; kicker?: string; regions?: string[]; markers?: MapMarker[]; route?: boolean; labels?: Record<string, string> }> = ({ theme, title, kicker, regions, markers, route, labels }) => {
  const layout = useLayout();
  const shownRegions = cleanRegions(regions);
  const shownMarkers = cleanMarkers(markers);
  const heading = typeof title === 'string' ? title.trim() : '';
  const titled = heading !== '';
  const body = (box: { width: number; height: number }, delay: number) => (
    <MapBody theme={theme} width={box.width} height={box.height} regions={shownRegions} markers={shownMarkers} route={route === true && shownMarkers.length >= 2} labels={cleanLabels(labels)} delay={delay} titled={titled} />
  );
  const seed = `map-${heading}-${shownRegions.join('')}`;
  if (titled) {
    return (
      <DataScene theme={theme} seed={seed} title={heading} kicker={typeof kicker === 'string' ? kicker : undefined} part="place-map">
        {(box) => body(box, bodyDelay(theme))}
      </DataScene>
    );
  }
  return (
    <SceneFrame theme={theme} seed={seed}>
      <div data-kit-part="place-map" style={{ position: 'absolute', left: layout.margin, top: layout.margin, width: layout.contentWidth, height: layout.contentHeight }}>
        {body({ width: layout.contentWidth, height: layout.contentHeight }, Math.round(theme.motion.staggerFrames))}
      </div>
    </SceneFrame>
  );
};

/** Fills for `count` highlighted regions: the primary, then lighter and darker tints of it. */
function regionTints(primary: string, paper: string, ink: string, count: number): string[] {
  const steps: [string, number][] = [
    [paper, 0],
    [paper, 0.4],
    [ink, 0.32],
    [paper, 0.62],
    [ink, 0.52],
    [paper, 0.2],
    [ink, 0.18],
    [paper, 0.5],
    [ink, 0.42],
    [paper, 0.72],
    [ink, 0.62],
    [paper, 0.3],
  ];
  return Array.from({ length: count }, (_, i) => mixColors(primary, steps[i % steps.length]![0], steps[i % steps.length]![1]));
}

interface PlacedLabel {
  key: string;
  fit: TextFit;
  textWidth: number;
  width: number;
  height: number;
  left: number;
  top: number;
  swatch?: string;
  delay: number;
  /** The point the label names, and how far the label may sit from it before a leader line joins them. */
  anchor: [number, number];
  reach: number;
}

/** The map drawn into a box of `width` × `height`, its entrance starting at frame `delay`. */
const MapBody: React.FC<{ theme: Theme; width: number; height: number; regions: string[]; markers: MapMarker[]; route: boolean; labels: Record<string, string>; delay: number; titled: boolean }> = ({
  theme,
  width: W,
  height: H,
  regions,
  markers,
  route,
  labels,
  delay,
  titled,
}) => {
  const layout = useLayout();
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const colors = kitColors(theme);
  const world = useWorld(needsDetail(COARSE_WORLD, regions, markers));
  const shown = regions.filter((code) => world.byCode.has(code));
  const u = layout.unit;
  // Without a title the labels are the largest text and are set larger.
  const fontSize = (titled ? 46 : 56) * u;
  const gap = 12 * u;
  const dotR = Math.max(6, 12 * u);
  const view = useMemo(
    () => mapView(world, shown, markers, W, H, markers.length > 0 ? fontSize * 2.4 : fontSize * 1.2, fontSize * 1.5),
    // The view depends on the places and the box, not on object identity.
    [world, shown.join(), markers.map((m) => `${m.lon},${m.lat}`).join(), W, H, fontSize],
  );

  const regionStagger = staggerFor(theme, shown.length, 30);
  const markerStagger = staggerFor(theme, markers.length, 24);
  const ownRegionDelay = (i: number) => delay + 8 + i * regionStagger;
  const ownMarkerDelay = (i: number) => delay + 12 + shown.length * regionStagger + i * markerStagger;
  // The places enter as the narration names them: the pins in their order, else the countries.
  const byMarkers = markers.length > 0;
  const build = useNarrationBuild(
    byMarkers ? markers.map((marker) => marker.label) : shown.map((code) => labels[code] ?? world.byCode.get(code)?.name ?? code),
    byMarkers ? markers.map((_, i) => ownMarkerDelay(i)) : shown.map((_, i) => ownRegionDelay(i)),
    { first: delay + 8, gap: 4 },
  );
  const narratedAt = (i: number) => (build.narrated ? build.enter[i] : undefined);
  const regionDelay = (i: number) => (byMarkers ? undefined : narratedAt(i)) ?? ownRegionDelay(i);
  const markerDelay = (i: number) => (byMarkers ? narratedAt(i) : undefined) ?? ownMarkerDelay(i);
  // A journey: the route draws leg by leg toward each place as it is named, and the camera flies along it.
  const journey = route && byMarkers && build.narrated;
  const routeDelay = ownMarkerDelay(markers.length) + 2;
  const journeyEnd = journey ? Math.max(...build.enter) + 16 : 0;
  const lastDelay = journey ? journeyEnd - theme.motion.durationFrames : route ? routeDelay + ROUTE_FRAMES - theme.motion.durationFrames : Math.max(regionDelay(shown.length - 1), markerDelay(markers.length - 1), delay);
  const entered = useEntrance(theme, lastDelay);
  const routeReveal = useReveal(routeDelay, ROUTE_FRAMES);
  const land = useEntrance(theme, delay);
  const seconds = idleSeconds(frame, fps, entered);
  const pushT = Math.max(0, Math.min(1, (seconds - delay / fps) / PUSH_SECONDS));
  const push = 1 + (MAP_MAX_PUSH - 1) * Easing.inOut(Easing.sin)(pushT);
  const projection = projectionAt(view, push);
  const path = geoPath(projection);

  const ink = colors.text;
  const sea = mixColors(colors.background, colors.primary, 0.1);
  const landFill = mixColors(mixColors(colors.background, colors.surface, 0.5), ink, 0.13);
  const tints = regionTints(colors.primary, colors.background, ink, shown.length);
  const radius = cornerRadius(theme, Math.min(W, H), 40 * u);
  const routeTop = Math.max(dotR * 2, 8 * u);

  const labelsPlaced = useMemo(
    () => layoutLabels({ theme, view, world, shown, markers, labels, tints, fontSize, gap, dotR, route, routeTop, regionDelay, markerDelay }),
    // Placed once per view: the labels then move with the push-in.
    [view, JSON.stringify(labels), markers.map((m) => m.label).join('\n'), theme],
  );
  const markerPoints = markers.map((marker): [number, number] => projection([marker.lon, marker.lat]) ?? [W / 2, H / 2]);
  const routeD = route ? routePath(markerPoints, routeTop) : '';
  const legs = route ? routeLegs(markerPoints, routeTop) : [];
  const reveals = journey ? legReveals(build.enter, frame) : legs.map((_, i) => Math.max(0, Math.min(1, routeReveal * legs.length - i)));
  // The camera over the map (inside its card): in on each place as it is named, back on the whole route at the end of the narration.
  const still = projectionAt(view, 1);
  const stillPoints = markers.map((marker): [number, number] => still([marker.lon, marker.lat]) ?? [W / 2, H / 2]);
  const { durationInFrames } = useVideoConfig();
  const shots = journey ? journeyShots(stillPoints, build.enter, Math.min(durationInFrames - Math.round(fps * 1.2), journeyEnd + Math.round(fps * 0.8)), { width: W, height: H }) : [];
  const shot = shots.length > 0 ? cameraAt(shots, frame, { moveFrames: 24 }) : undefined;
  // A slow push goes on under the journey's camera, so the whole route it ends on never stands still.
  const camera = shot ? { ...shot, scale: shot.scale * pushIn(frame, durationInFrames) } : undefined;
  const zoomed = camera !== undefined && camera.scale > 1.005;
  // A point of the map as the camera shows it.
  const viewed = (x: number, y: number): [number, number] => (camera ? [W / 2 + camera.scale * (x - camera.x), H / 2 + camera.scale * (y - camera.y)] : [x, y]);
  const focusing = markers.length > 1 && markers.some((_, i) => build.emphasis(i) < 0.999);

  return (
    <>
      <div data-kit-part="map-frame" style={{ position: 'absolute', inset: 0, borderRadius: radius, overflow: 'hidden', background: sea, boxShadow: depthShadow(theme, u) }}>
        <div data-kit-camera="map" style={{ position: 'absolute', left: 0, top: 0, width: W, height: H, ...(camera ? { transform: cameraTransform(camera, W, H) } : {}) }}>
        <svg data-kit-part="map" width={W} height={H} viewBox={`0 0 ${W} ${H}`} style={{ position: 'absolute', left: 0, top: 0, display: 'block' }}>
          <path d={path(geoGraticule10()) ?? ''} fill="none" stroke={ink} strokeOpacity={0.07 * land} strokeWidth={Math.max(0.6, 1 * u)} />
          <g data-kit-part="map-land" opacity={land}>
            {world.countries.map((country) => (shown.includes(country.code) ? null : <path key={country.code} d={path(country.shape) ?? ''} fill={landFill} stroke={sea} strokeWidth={Math.max(0.6, 1.2 * u)} strokeLinejoin="round" />))}
          </g>
          {shown.map((code, i) => (
            <Region key={code} theme={theme} d={path(world.byCode.get(code)!.shape) ?? ''} fill={tints[i]!} from={landFill} edge={sea} delay={regionDelay(i)} seconds={seconds} index={i} u={u} />
          ))}
          {route ? <Route theme={theme} d={routeD} legs={legs} reveals={reveals} seconds={seconds} start={(journey ? journeyEnd : routeDelay + ROUTE_FRAMES) / fps} u={u} /> : null}
          {zoomed
            ? null
            : labelsPlaced.map((label) => (
                <Leader key={label.key} theme={theme} label={label} view={view} push={push} u={u} />
              ))}
          {markerPoints.map((point, i) => (
            <Marker key={i} theme={theme} x={point[0]} y={point[1]} r={dotR * (1 + (focusing ? 0.45 * build.emphasis(i) : 0))} delay={markerDelay(i)} seconds={seconds} index={i} u={u} />
          ))}
        </svg>
        </div>
      </div>
      {labelsPlaced.map((label) => {
        const [left, top] = pushPoint(view, label.left, label.top, push);
        // Under the camera a label keeps its size and follows what it names; one the camera leaves out is hidden.
        const [ax, ay] = pushPoint(view, label.anchor[0], label.anchor[1], push);
        const [vx, vy] = viewed(ax, ay);
        const at = { left: left + vx - ax, top: top + vy - ay };
        const inside = at.left >= 0 && at.top >= 0 && at.left + label.width <= W && at.top + label.height <= H;
        const index = label.key.startsWith('m') ? Number(label.key.slice(1)) : -1;
        return inside ? <MapLabel key={label.key} theme={theme} label={label} left={at.left} top={at.top} fontSize={fontSize} u={u} spoken={focusing && index >= 0 ? build.emphasis(index) : 0} /> : null;
      })}
    </>
  );
};

/** Labels for the regions and markers, measured and placed so that none covers another, a pin or a small country. */
function layoutLabels(options: {
  theme: Theme;
  view: MapView;
  world: World;
  shown: string[];
  markers: MapMarker[];
  labels: Record<string, string>;
  tints: string[];
  fontSize: number;
  gap: number;
  dotR: number;
  route: boolean;
  routeTop: number;
  regionDelay: (i: number) => number;
  markerDelay: (i: number) => number;
}): PlacedLabel[] {
  const { theme, view, world, shown, markers, labels, tints, fontSize, gap, dotR, route, routeTop, regionDelay, markerDelay } = options;
  const still = projectionAt(view, 1);
  const family = theme.fonts.body;
  const padX = fontSize * 0.5;
  const padY = fontSize * 0.22;
  const swatch = fontSize * 0.55;
  const measure = (text: string, withSwatch: boolean) => {
    const extra = padX * 2 + (withSwatch ? swatch + fontSize * 0.3 : 0);
    const fit = fitText({ text, width: Math.max(fontSize * 3, view.width * 0.5 - extra), height: fontSize * 1.15 * 2, maxLines: 2, maxFontSize: fontSize, family, weight: 700, lineHeight: 1.15 });
    let textWidth = 0;
    for (const line of fit.lines) textWidth = Math.max(textWidth, measureText({ text: line, fontFamily: fontFamily(family), fontWeight: fontWeight(family, 700), fontSize: fit.fontSize, validateFontIsLoaded: false }).width);
    textWidth = Math.ceil(textWidth) + 2;
    return { fit, textWidth, width: textWidth + extra, height: fit.height + padY * 2 };
  };
  const markerPoints = markers.map((marker): [number, number] => still([marker.lon, marker.lat]) ?? [view.width / 2, view.height / 2]);
  const requests = [
    ...markers.flatMap((marker, i) => {
      if (!marker.label) return [];
      const [x, y] = markerPoints[i]!;
      const size = measure(marker.label, false);
      return [{ key: `m${i}`, x, y, reachX: dotR * 1.4, reachY: dotR * 1.4, beside: true, delay: markerDelay(i) + 4, swatch: undefined as string | undefined, ...size }];
    }),
    ...shown.map((code, i) => {
      const country = world.byCode.get(code)!;
      const ring = (country.main.geometry.coordinates[0] ?? []).map((point) => still(point as [number, number])).filter((point): point is [number, number] => point !== null);
      const xs = ring.map((point) => point[0]);
      const ys = ring.map((point) => point[1]);
      const inner = innerPoint(ring);
      const [x, y] = inner ? [inner.x, inner.y] : (still(geoCentroid(country.main)) ?? [view.width / 2, view.height / 2]);
      const halfW = ring.length > 0 ? (Math.max(...xs) - Math.min(...xs)) / 2 : 0;
      const halfH = ring.length > 0 ? (Math.max(...ys) - Math.min(...ys)) / 2 : 0;
      const size = measure(labels[code] ?? country.name, true);
      // A label larger than its country would hide it: it goes beside the country's heart instead, with a leader line.
      const beside = size.width > halfW * 2 * 1.15 || size.height > (inner?.radius ?? 0) * 2.2;
      const reach = Math.max(dotR, Math.min(inner?.radius ?? dotR, halfW, halfH));
      return { key: `r${code}`, x, y, reachX: beside ? reach : 0, reachY: beside ? reach : 0, beside, delay: regionDelay(i) + 6, swatch: tints[i], ...size };
    }),
  ];
  const routeClear = route ? routeSamples(markerPoints, routeTop).map(([x, y]) => ({ left: x - gap, top: y - gap, right: x + gap, bottom: y + gap })) : [];
  const unlabelled = markers.flatMap((marker, i) => (marker.label ? [] : [{ left: markerPoints[i]![0] - dotR, top: markerPoints[i]![1] - dotR, right: markerPoints[i]![0] + dotR, bottom: markerPoints[i]![1] + dotR }]));
  // Labels that sit on their country go first (they have one good spot), then the pins', then those beside small countries.
  const rank = (request: (typeof requests)[number]) => (!request.beside ? 0 : request.swatch === undefined ? 1 : 2);
  const ordered = [...requests].sort((a, b) => rank(a) - rank(b));
  const spots = placeLabels(ordered, labelBounds(view, gap), gap, [...unlabelled, ...routeClear]);
  return ordered.map((request, i) => ({ key: request.key, fit: request.fit, textWidth: request.textWidth, width: request.width, height: request.height, left: spots[i]!.left, top: spots[i]!.top, swatch: request.swatch, delay: request.delay, anchor: [request.x, request.y], reach: request.beside ? Math.max(request.reachX, request.reachY) + gap * 2.5 : Infinity }));
}

/** A highlighted country: fills from the land's color into its tint, then its border breathes. */
const Region: React.FC<{ theme: Theme; d: string; fill: string; from: string; edge: string; delay: number; seconds: number; index: number; u: number }> = ({ theme, d, fill, from, edge, delay, seconds, index, u }) => {
  const enter = useEntrance(theme, delay);
  const breathe = 0.5 + 0.5 * Math.sin(seconds * 2.2 + index * 0.9);
  return <path data-kit-part="map-region" d={d} fill={mixColors(from, fill, Math.min(1, Math.max(0, enter)))} stroke={edge} strokeWidth={(1.4 + 1.6 * breathe * Math.min(1, enter)) * u} strokeLinejoin="round" />;
};

/** A thin line from what a label names (a region's heart, a pin) to the label, when the label had to move away from it. */
const Leader: React.FC<{ theme: Theme; label: PlacedLabel; view: MapView; push: number; u: number }> = ({ theme, label, view, push, u }) => {
  const colors = kitColors(theme);
  const enter = useEntrance(theme, label.delay);
  const [x, y] = pushPoint(view, label.anchor[0], label.anchor[1], push);
  const [left, top] = pushPoint(view, label.left, label.top, push);
  const end = leaderEnd(x, y, { left, top, right: left + label.width, bottom: top + label.height });
  if (!end || Math.hypot(end[0] - x, end[1] - y) <= label.reach) return null;
  return (
    <g data-kit-part="map-leader" opacity={Math.min(1, Math.max(0, enter))}>
      <line x1={x} y1={y} x2={end[0]} y2={end[1]} stroke={colors.text} strokeOpacity={0.75} strokeWidth={2 * u} />
      <circle cx={x} cy={y} r={4.5 * u} fill={colors.surface} stroke={colors.text} strokeWidth={2 * u} />
    </g>
  );
};

/** A pin: drops in, then a ring pulses out from it. */
const Marker: React.FC<{ theme: Theme; x: number; y: number; r: number; delay: number; seconds: number; index: number; u: number }> = ({ theme, x, y, r, delay, seconds, index, u }) => {
  const colors = kitColors(theme);
  const drop = useEntrance(theme, delay);
  const shown = Math.min(1, Math.max(0, drop));
  const phase = (seconds * 0.75 + index * 0.27) % 1;
  return (
    <g data-kit-part="map-marker" transform={`translate(${x.toFixed(1)} ${(y - (1 - drop) * 36 * u).toFixed(1)})`} opacity={shown}>
      <circle r={r * (1 + 1.8 * phase)} fill="none" stroke={colors.accent} strokeWidth={2.5 * u} strokeOpacity={0.6 * (1 - phase) * shown} />
      <circle r={r} fill={colors.accent} stroke={colors.surface} strokeWidth={3.5 * u} />
    </g>
  );
};

/**
 * The route: its legs draw on one after another (`reveals`, one per leg) with the aeroplane at the
 * tip of the leg drawing, then the aeroplane keeps flying the whole route `d`.
 */
const Route: React.FC<{ theme: Theme; d: string; legs: string[]; reveals: number[]; seconds: number; start: number; u: number }> = ({ theme, d, legs, reveals, seconds, start, u }) => {
  const colors = kitColors(theme);
  const length = d ? getLength(d) : 0;
  if (!d || length <= 0) return null;
  const drawn = reveals.every((reveal) => reveal >= 1);
  const loop = 2.5 + legs.length * 1.2;
  // While drawing, the aeroplane rides the tip of the leg being drawn; once drawn, it flies the whole route.
  const drawing = reveals.findIndex((reveal) => reveal > 0 && reveal < 1);
  const track = drawn ? d : drawing >= 0 ? legs[drawing]! : '';
  const trackLength = track ? getLength(track) : 0;
  const flying = drawn ? ((((seconds - start) / loop) % 1) + 1) % 1 : drawing >= 0 ? reveals[drawing]! : 0;
  const at = Math.max(0.001, Math.min(0.999, flying)) * trackLength;
  const point = (track && getPointAtLength(track, at)) || { x: 0, y: 0 };
  const tangent = (track && getTangentAtLength(track, at)) || { x: 1, y: 0 };
  const angle = (Math.atan2(tangent.y, tangent.x) * 180) / Math.PI;
  // The aeroplane fades out at the end of the route and in at its start, so the loop never jumps.
  const planeOpacity = !track ? 0 : drawn ? Math.min(1, Math.min(flying, 1 - flying) * 10) : Math.min(1, flying * 8, (1 - flying) * 8);
  const size = 40 * u;
  return (
    <g data-kit-part="map-route">
      {legs.map((leg, i) => {
        const reveal = reveals[i] ?? 0;
        if (reveal <= 0) return null;
        const evolved = evolvePath(reveal, leg);
        return (
          <g key={i}>
            <path d={leg} fill="none" stroke={colors.surface} strokeWidth={8 * u} strokeLinecap="round" strokeOpacity={0.7} strokeDasharray={evolved.strokeDasharray} strokeDashoffset={evolved.strokeDashoffset} />
            <path d={leg} fill="none" stroke={colors.accent} strokeWidth={4 * u} strokeLinecap="round" strokeDasharray={evolved.strokeDasharray} strokeDashoffset={evolved.strokeDashoffset} />
          </g>
        );
      })}
      {planeOpacity > 0 ? (
        <g transform={`translate(${point.x.toFixed(1)} ${point.y.toFixed(1)}) rotate(${angle.toFixed(1)}) scale(${(size / 24).toFixed(3)}) translate(-12 -12)`} opacity={planeOpacity}>
          <path d={PLANE} fill={readableOn(colors.surface, colors.text)} stroke={colors.surface} strokeWidth={1.2} strokeLinejoin="round" />
        </g>
      ) : null}
    </g>
  );
};

/** A label on the map: a pill of the pack's surface (readable over land and sea), a swatch of its region's tint. */
const MapLabel: React.FC<{ theme: Theme; label: PlacedLabel; left: number; top: number; fontSize: number; u: number; spoken?: number }> = ({ theme, label, left, top, fontSize, u, spoken = 0 }) => {
  const colors = kitColors(theme);
  const enter = useEntrance(theme, label.delay);
  const swatch = fontSize * 0.55;
  return (
    <div
      data-kit-part="map-label"
      style={{
        position: 'absolute',
        left,
        top,
        width: label.width,
        height: label.height,
        boxSizing: 'border-box',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: fontSize * 0.3,
        borderRadius: cornerRadius(theme, label.height, label.height / 2),
        background: colors.surface,
        border: `${Math.max(1, (1.5 + 2.5 * spoken) * u)}px solid ${spoken > 0.01 ? mixColors(mixColors(colors.surface, colors.text, 0.18), colors.accent, spoken) : mixColors(colors.surface, colors.text, 0.18)}`,
        boxShadow: `0 ${3 * u}px ${10 * u}px rgba(0,0,0,0.18)`,
        opacity: Math.min(1, Math.max(0, enter * 1.4)),
        transform: `translateY(${(1 - Math.min(1, enter)) * 14 * u}px) scale(${1 + 0.06 * spoken})`,
      }}
    >
      {label.swatch ? <div style={{ flex: 'none', width: swatch, height: swatch, borderRadius: swatch / 2, background: label.swatch, border: `${Math.max(1, 1.5 * u)}px solid ${colors.onSurface}` }} /> : null}
      <FitLines fit={label.fit} width={label.textWidth} family={theme.fonts.body} weight={700} color={colors.onSurface} lineHeight={1.15} align="center" />
    </div>
  );
};
