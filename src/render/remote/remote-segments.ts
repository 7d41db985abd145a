// Segments rendered by `service worker` processes on other machines: scene inputs go to the shared
// store, one task per scene (or per frame range of a long scene) goes on the BullMQ queue, and the
// segments come back through the store.
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { invalidRequest } from '../../errors/service-error.js';
import type { SegmentQueue, SegmentTaskData } from '../../queue/segment-queue.js';
import { StoreNotFoundError, type FileStore } from '../../storage/file-store.js';
import { runBinary } from '../ffmpeg/run-ffmpeg.js';
import type { SceneInputProps } from '../worker/render-protocol.js';

/** The distributed side of rendering: the queue workers take tasks from and the store they share. */
export interface RemoteRendering {
  /** The queue, or its promise while BullMQ loads (the node loads it only when --queue is set). */
  queue: SegmentQueue | Promise<SegmentQueue>;
  store: FileStore;
}

/** A segment to make: its scene, its cache key and where it goes on this machine. */
export interface RemoteSegment {
  sceneId: string;
  inputProps: SceneInputProps;
  hash: string;
  file: string;
}

/** Store keys of a segment's inputs and output. */
export function remoteKeys(hash: string): { propsKey: string; segmentKey: string } {
  return { propsKey: `scene-props/${hash}.json`, segmentKey: `segments/${hash}.mp4` };
}

/** Store key of the part of a segment that plays frames [from, to) of its scene. */
export function partKey(hash: string, [from, to]: [number, number]): string {
  return `segments/${hash}.part-${from}-${to}.mp4`;
}

/**
 * How long a frame range of a split scene is, in seconds: long enough that a worker's probe and
 * page start-up stay a small share of its task, short enough that a long scene keeps several
 * workers busy.
 */
export const SEGMENT_RANGE_SECONDS = 4;

/** The environment variable that overrides {@link SEGMENT_RANGE_SECONDS}. */
export const SEGMENT_RANGE_ENV = 'SERVICE_SEGMENT_RANGE_SECONDS';

/** The range length in seconds: `SERVICE_SEGMENT_RANGE_SECONDS` when set (a positive number), else {@link SEGMENT_RANGE_SECONDS}. */
export function segmentRangeSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const value = env[SEGMENT_RANGE_ENV]?.trim();
  if (value === undefined || value === '') return SEGMENT_RANGE_SECONDS;
  return positiveSeconds(Number(value), `${SEGMENT_RANGE_ENV} ("${value}")`);
}

function positiveSeconds(seconds: number, name: string): number {
  if (!Number.isFinite(seconds) || seconds <= 0) throw invalidRequest(`${name} must be a positive number of seconds, e.g. ${SEGMENT_RANGE_SECONDS}`);
  return seconds;
}

/**
 * The frame ranges a scene of `frames` frames is rendered in: `floor(frames / rangeFrames)` ranges
 * (at most `maxRanges`) of near-equal length, or the whole scene as one range when that is fewer
 * than two (splitting shorter scenes would cost more probes and joins than it saves).
 */
export function frameRanges(frames: number, rangeFrames: number, maxRanges = Infinity): [number, number][] {
  const count = Math.min(maxRanges, Math.floor(frames / Math.max(1, rangeFrames)));
  if (count < 2) return [[0, frames]];
  return Array.from({ length: count }, (_, index) => [Math.round((index * frames) / count), Math.round(((index + 1) * frames) / count)]);
}

/** One task of a flow: the segment it renders and, for a split scene, its frame range. */
interface PlannedTask {
  segment: number;
  range?: [number, number];
}

/** Options of {@link renderRemoteSegments}. */
export interface RemoteSegmentsOptions {
  renderKey: string;
  kitVersion: string;
  /** The FFmpeg binary that joins the parts of a split scene. */
  ffmpeg: string;
  captureAll?: boolean;
  /** Length of a split scene's frame ranges in seconds. @default segmentRangeSeconds() (SERVICE_SEGMENT_RANGE_SECONDS, else 4) */
  rangeSeconds?: number;
  signal?: AbortSignal;
  /** Per segment: progress 0..1, frames captured and held (summed over a split scene's ranges). */
  onProgress?: (index: number, progress: number, captured: number, held: number) => void;
  /** Why the render cannot go on (Redis does not answer, no worker is connected), checked every `watchEveryMs`; undefined once it can again. */
  onWaiting?: (reason: string | undefined) => void;
  /** @default 5000 */
  watchEveryMs?: number;
}

/**
 * Makes segments through the queue, one task per scene (so they spread over every worker), their
 * inputs uploaded first. While connected workers outnumber the scenes, a scene at least two ranges
 * long (see {@link frameRanges}, {@link splitLongScenes}) is split into one task per frame range, so
 * its frames spread over the idle workers too; its parts are joined here into
 * its segment, which goes to the bucket like any other. The flow is the same whenever the same
 * segments are asked for: a control node that restarts mid-render adds it again and BullMQ finds
 * the tasks already waiting, running or done, so nothing is rendered twice; a worker also skips a
 * segment (or part) already in the bucket. Resolves with which workers rendered each scene
 * (comma-joined when several rendered a split scene's parts; scenes whose segment was already in
 * the bucket are left out) and the frames captured and held.
 */
export async function renderRemoteSegments(
  remote: RemoteRendering,
  segments: RemoteSegment[],
  options: RemoteSegmentsOptions,
): Promise<{ workers: Record<string, string>; captured: number; held: number }> {
  const { store } = remote;
  const queue = await remote.queue;
  const rangeSeconds = options.rangeSeconds === undefined ? segmentRangeSeconds() : positiveSeconds(options.rangeSeconds, 'the segment range length');
  const unwatch = options.onWaiting ? watchQueue(queue, options.watchEveryMs ?? 5000, options.onWaiting) : () => undefined;
  try {
    return await renderThroughQueue(queue, store, segments, { ...options, rangeSeconds });
  } finally {
    unwatch();
  }
}

/**
 * Tells `onWaiting`, every `everyMs` while a render waits on the queue, why it cannot go on: Redis
 * does not answer (its clients hold the render's commands until it is back), or no `service
 * worker` is connected. Undefined once it can. Returns the function that stops watching.
 */
function watchQueue(queue: SegmentQueue, everyMs: number, onWaiting: (reason: string | undefined) => void): () => void {
  let said: string | undefined;
  let stopped = false;
  const check = async (): Promise<void> => {
    const health = await queue.health();
    if (stopped) return;
    const reason = !health.reachable
      ? `waiting: ${health.reason}; the render goes on when it is back`
      : health.workers === 0
        ? 'waiting: no render worker is connected to the queue; start one with `service worker --queue … --store …`'
        : undefined;
    if (reason !== said) onWaiting((said = reason));
  };
  const timer = setInterval(() => void check().catch(() => undefined), everyMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

/** {@link renderRemoteSegments} once the queue is open and the range length known. */
async function renderThroughQueue(
  queue: SegmentQueue,
  store: FileStore,
  segments: RemoteSegment[],
  options: RemoteSegmentsOptions & { rangeSeconds: number },
): Promise<{ workers: Record<string, string>; captured: number; held: number }> {
  for (const segment of segments) {
    const { propsKey } = remoteKeys(segment.hash);
    if (!(await store.exists(propsKey))) await store.putBytes(propsKey, JSON.stringify(segment.inputProps), 'application/json');
  }
  const splits = await splitLongScenes(queue, store, segments, options.rangeSeconds);
  const planned: PlannedTask[] = segments.flatMap((_segment, index) => splits.get(index)?.map((range) => ({ segment: index, range })) ?? [{ segment: index }]);
  const tasks = planned.map((task, batch) => taskData(segments[task.segment]!, task.range, batch, options));
  const results = await queue.render(tasks, {
    ...(options.signal ? { signal: options.signal } : {}),
    onProgress: sceneProgress(segments, planned, options.onProgress),
  });
  const workers: Record<string, string> = {};
  let captured = 0;
  let held = 0;
  for (const [index, segment] of segments.entries()) {
    const parts = planned.flatMap((task, taskIndex) => (task.segment === index ? [{ task, result: results[taskIndex]! }] : []));
    // A task that found its segment in the bucket made no frames: nobody rendered it for this job.
    const names = [...new Set(parts.filter(({ result }) => result.capturedFrames + result.heldFrames > 0).map(({ result }) => result.worker))];
    if (names.length > 0) workers[segment.sceneId] = names.join(',');
    captured += parts.reduce((sum, { result }) => sum + result.capturedFrames, 0);
    held += parts.reduce((sum, { result }) => sum + result.heldFrames, 0);
    const ranges = parts.flatMap(({ task }) => (task.range ? [task.range] : []));
    if (ranges.length > 0) await joinParts(store, options.ffmpeg, segment, ranges, options.signal);
    else await download(store, remoteKeys(segment.hash).segmentKey, segment.file);
  }
  return { workers, captured, held };
}

/**
 * Which scenes to split, and how: only to keep idle workers busy. Each scene is one task anyway,
 * so splitting may add as many tasks as there are connected workers beyond the scenes, longest
 * scenes first (on workers that are all busy, more tasks only add probes and joins). A segment
 * already in the bucket (joined by an earlier run) is not split: its one task finds it.
 */
export async function splitLongScenes(queue: SegmentQueue, store: FileStore, segments: RemoteSegment[], rangeSeconds: number): Promise<Map<number, [number, number][]>> {
  const splits = new Map<number, [number, number][]>();
  const health = await queue.health();
  let spare = health.reachable ? health.workers - segments.length : 0;
  const longestFirst = segments.map((_segment, index) => index).sort((a, b) => segments[b]!.inputProps.durationInFrames - segments[a]!.inputProps.durationInFrames);
  for (const index of longestFirst) {
    if (spare <= 0) break;
    const { fps, durationInFrames } = segments[index]!.inputProps;
    const ranges = frameRanges(durationInFrames, Math.round(rangeSeconds * fps), spare + 1);
    if (ranges.length < 2 || (await store.exists(remoteKeys(segments[index]!.hash).segmentKey))) continue;
    splits.set(index, ranges);
    spare -= ranges.length - 1;
  }
  return splits;
}

/** The queue data of a task: a whole scene, or one frame range of it. */
function taskData(segment: RemoteSegment, range: [number, number] | undefined, batch: number, options: RemoteSegmentsOptions): SegmentTaskData {
  const { propsKey, segmentKey } = remoteKeys(segment.hash);
  const { width, height, fps, durationInFrames } = segment.inputProps;
  return {
    videoKey: options.renderKey,
    batch,
    kitVersion: options.kitVersion,
    shape: { width, height, fps },
    ...(options.captureAll ? { captureAll: true } : {}),
    scenes: [
      range
        ? { sceneId: segment.sceneId, propsKey, segmentKey: partKey(segment.hash, range), frames: range[1] - range[0], frameRange: range }
        : { sceneId: segment.sceneId, propsKey, segmentKey, frames: durationInFrames },
    ],
  };
}

/**
 * Turns the queue's per-task progress into per-scene progress: a split scene's progress is its
 * ranges' progress weighted by their frames, its captured and held frames the sums of theirs.
 */
function sceneProgress(segments: RemoteSegment[], planned: PlannedTask[], onProgress: RemoteSegmentsOptions['onProgress']): (task: number, progress: { progress: number; capturedFrames: number; heldFrames: number }) => void {
  const latest = planned.map(() => ({ progress: 0, captured: 0, held: 0 }));
  const framesOf = (task: PlannedTask): number => (task.range ? task.range[1] - task.range[0] : segments[task.segment]!.inputProps.durationInFrames);
  return (task, update) => {
    latest[task] = { progress: update.progress, captured: update.capturedFrames, held: update.heldFrames };
    const segment = planned[task]!.segment;
    const sum = { done: 0, captured: 0, held: 0 };
    planned.forEach((other, index) => {
      if (other.segment !== segment) return;
      sum.done += latest[index]!.progress * framesOf(other);
      sum.captured += latest[index]!.captured;
      sum.held += latest[index]!.held;
    });
    onProgress?.(segment, sum.done / segments[segment]!.inputProps.durationInFrames, sum.captured, sum.held);
  };
}

/**
 * Makes a split scene's segment from its parts: downloads them, joins them in order without
 * re-encoding (each part starts on a keyframe with the same encoder settings, so the join plays
 * like an unsplit render), uploads the joined segment under the scene's own key so other renders
 * find it, then deletes the parts. Parts are deleted only once the joined segment is in the store,
 * so a render that finds a part gone (another render of the same scene joined it first) takes the
 * joined segment instead, as does a run that finds it already there.
 */
async function joinParts(store: FileStore, ffmpeg: string, segment: RemoteSegment, ranges: [number, number][], signal?: AbortSignal): Promise<void> {
  const { segmentKey } = remoteKeys(segment.hash);
  const deleteParts = () => Promise.all(ranges.map((range) => store.delete(partKey(segment.hash, range))));
  if (existsSync(segment.file)) return;
  if (await store.exists(segmentKey)) {
    await download(store, segmentKey, segment.file);
    // Parts this render made again after another one had joined them.
    await deleteParts();
    return;
  }
  mkdirSync(path.dirname(segment.file), { recursive: true });
  const scratch = mkdtempSync(path.join(path.dirname(segment.file), `.${segment.hash}.parts-`));
  try {
    const files: string[] = [];
    for (const [index, range] of ranges.entries()) {
      const file = path.join(scratch, `${index}.mp4`);
      try {
        await store.getFile(partKey(segment.hash, range), file);
      } catch (error) {
        if (error instanceof StoreNotFoundError && (await store.exists(segmentKey))) return await download(store, segmentKey, segment.file);
        throw error;
      }
      files.push(file);
    }
    await joinSegments(ffmpeg, files, segment.file, signal ? { signal } : {});
    await store.putFile(segmentKey, segment.file, 'video/mp4');
    await deleteParts();
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Joins segments of one size, rate and encoder, in order, with FFmpeg's concat demuxer and no
 * re-encoding: a split scene's parts, and a video's segments. The output appears only when complete (written aside, then renamed).
 */
export async function joinSegments(ffmpeg: string, files: string[], output: string, options: { signal?: AbortSignal; faststart?: boolean } = {}): Promise<void> {
  const list = `${output}.parts-${process.pid}.txt`;
  const partial = `${output}.joining-${process.pid}.mp4`;
  writeFileSync(list, files.map((file) => `file '${file.replace(/'/g, "'\\''")}'`).join('\n') + '\n');
  try {
    // faststart: the index goes first, so a finished video plays while it downloads.
    await runBinary(ffmpeg, ['-y', '-v', 'error', '-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', ...(options.faststart ? ['-movflags', '+faststart'] : []), partial], options.signal);
    renameSync(partial, output);
  } finally {
    rmSync(list, { force: true });
    rmSync(partial, { force: true });
  }
}

async function download(store: FileStore, key: string, file: string): Promise<void> {
  if (existsSync(file)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  await store.getFile(key, file);
}
