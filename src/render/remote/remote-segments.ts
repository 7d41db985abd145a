// Segments rendered by `service worker` processes on other machines: scene inputs go to the shared
// store, one task per scene goes on the BullMQ queue, and the segments come back through the store.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { SegmentQueue, SegmentTaskData } from '../../queue/segment-queue.js';
import type { FileStore } from '../../storage/file-store.js';
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

/**
 * Makes segments through the queue, one task per scene (so they spread over every worker), their
 * inputs uploaded first. The flow is the same whenever the same segments are asked for: a control
 * node that restarts mid-render adds it again and BullMQ finds the tasks already waiting, running
 * or done, so nothing is rendered twice; a worker also skips a segment already in the bucket.
 * Resolves with which worker rendered each scene (scenes whose segment was already in the bucket
 * are left out) and the frames captured and held.
 */
export async function renderRemoteSegments(
  remote: RemoteRendering,
  segments: RemoteSegment[],
  options: {
    renderKey: string;
    kitVersion: string;
    captureAll?: boolean;
    signal?: AbortSignal;
    onProgress?: (index: number, progress: number, captured: number, held: number) => void;
  },
): Promise<{ workers: Record<string, string>; captured: number; held: number }> {
  const { store } = remote;
  const queue = await remote.queue;
  const tasks: SegmentTaskData[] = [];
  for (const [index, segment] of segments.entries()) {
    const { propsKey, segmentKey } = remoteKeys(segment.hash);
    if (!(await store.exists(propsKey))) await store.putBytes(propsKey, JSON.stringify(segment.inputProps), 'application/json');
    const { width, height, fps, durationInFrames } = segment.inputProps;
    tasks.push({
      videoKey: options.renderKey,
      batch: index,
      kitVersion: options.kitVersion,
      shape: { width, height, fps },
      ...(options.captureAll ? { captureAll: true } : {}),
      scenes: [{ sceneId: segment.sceneId, propsKey, segmentKey, frames: durationInFrames }],
    });
  }
  const results = await queue.render(tasks, {
    ...(options.signal ? { signal: options.signal } : {}),
    onProgress: (task, progress) => options.onProgress?.(task, progress.progress, progress.capturedFrames, progress.heldFrames),
  });
  const workers: Record<string, string> = {};
  let captured = 0;
  let held = 0;
  for (const [index, result] of results.entries()) {
    const segment = segments[index]!;
    // A task that found its segment in the bucket made no frames: nobody rendered it for this job.
    if (result.capturedFrames + result.heldFrames > 0) workers[segment.sceneId] = result.worker;
    captured += result.capturedFrames;
    held += result.heldFrames;
    await download(store, remoteKeys(segment.hash).segmentKey, segment.file);
  }
  return { workers, captured, held };
}

async function download(store: FileStore, key: string, file: string): Promise<void> {
  if (existsSync(file)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  await store.getFile(key, file);
}
