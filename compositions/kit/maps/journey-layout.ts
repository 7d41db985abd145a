// A map journey, pure: how far each leg of the route has drawn as the places are named, and the
// camera that flies from place to place. It imports nothing, so the node's tests type-check it as
// they run it (place-map-layout.ts reads the world's shapes).

/**
 * How far each leg of a journey has drawn (0..1) at `frame`: leg `i` draws toward pin `i + 1`
 * over the `frames` before that pin enters (`enter`, frames), arriving as it drops.
 */
export function legReveals(enter: number[], frame: number, frames = 16): number[] {
  return enter.slice(1).map((at, i) => {
    const start = Math.max(enter[i]! + 2, at - frames);
    return Math.max(0, Math.min(1, (frame - start) / Math.max(1, at + 2 - start)));
  });
}

/** One shot of a camera over a box: the box point at its centre and the zoom (see compositions/kit/camera.ts). */
export interface JourneyShot {
  frame: number;
  x: number;
  y: number;
  scale: number;
}

/**
 * The camera flying a journey over a map box of `width` × `height`: the whole map until the first
 * place is named, then to each place as it enters (its pin at the centre, zoomed in so a typical
 * leg of the route spans about half the view, at most 2×, as far as the map still covers the box), and back to the
 * whole route at `end`. Empty when the places come in quicker than the camera can follow
 * (`minGap` frames apart) or the zoom would be slight.
 */
export function journeyShots(points: [number, number][], enter: number[], end: number, box: { width: number; height: number }, options: { zoom?: number; minGap?: number; lead?: number } = {}): JourneyShot[] {
  const minGap = options.minGap ?? 18;
  const lead = options.lead ?? 6;
  if (points.length < 2 || enter.length < points.length) return [];
  for (let i = 1; i < points.length; i += 1) if (enter[i]! - enter[i - 1]! < minGap) return [];
  const legs = points.slice(1).map((p, i) => Math.hypot(p[0] - points[i]![0], p[1] - points[i]![1]));
  const typical = legs.reduce((sum, leg) => sum + leg, 0) / legs.length;
  const zoom = options.zoom ?? Math.max(1, Math.min(2, (Math.min(box.width, box.height) * 0.9) / Math.max(1, typical)));
  if (zoom < 1.2) return [];
  const half = { x: box.width / (2 * zoom), y: box.height / (2 * zoom) };
  const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(high, value));
  const whole = { x: box.width / 2, y: box.height / 2, scale: 1 };
  const shots: JourneyShot[] = [{ frame: 0, ...whole }];
  points.forEach(([x, y], i) => shots.push({ frame: Math.max(1, enter[i]! - lead), x: clamp(x, half.x, box.width - half.x), y: clamp(y, half.y, box.height - half.y), scale: zoom }));
  shots.push({ frame: Math.max(end, enter[points.length - 1]! + minGap), ...whole });
  return shots;
}
