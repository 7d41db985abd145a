// Segments rendered by `service worker` processes on other machines: scene inputs go to the shared
// store, one task per scene goes on the BullMQ queue, and the segments come back through the store.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { SegmentQueue, SegmentTaskData } from '../../queue/segment-queue.js';
import type { FileStore } from '../../storage/file-store.js';
import type { SceneInputProps } from '../worker/render-protocol.js';

/** The distributed side of rendering: the queue workers take tasks from and the store they share. */
export interface RemoteRendering {
  queue: SegmentQueue;
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
 * Makes segments through the queue: a segment already in the store (uploaded by a worker before
 * this node restarted) is downloaded, not rendered again; the others go to the workers as one
 * task per scene (so they spread over every worker), their inputs uploaded first. Resolves with
 * which worker rendered each scene and the frames captured and held.
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
): Promise<{ workers: Record<string, string>; captured: number; held: number; fromStore: number }> {
  const { store, queue } = remote;
  const toRender: RemoteSegment[] = [];
  let fromStore = 0;
  for (const segment of segments) {
    const { segmentKey } = remoteKeys(segment.hash);
    if (await store.exists(segmentKey)) {
      await download(store, segmentKey, segment.file);
      fromStore += 1;
    } else toRender.push(segment);
  }
  const tasks: SegmentTaskData[] = [];
  for (const [index, segment] of toRender.entries()) {
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
  const workers: Record<string, string> = {};
  let captured = 0;
  let held = 0;
  if (tasks.length > 0) {
    const results = await queue.render(tasks, {
      ...(options.signal ? { signal: options.signal } : {}),
      onProgress: (task, progress) => options.onProgress?.(task, progress.progress, progress.capturedFrames, progress.heldFrames),
    });
    for (const [index, result] of results.entries()) {
      const segment = toRender[index]!;
      workers[segment.sceneId] = result.worker;
      captured += result.capturedFrames;
      held += result.heldFrames;
      await download(store, remoteKeys(segment.hash).segmentKey, segment.file);
    }
  }
  return { workers, captured, held, fromStore };
}

async function download(store: FileStore, key: string, file: string): Promise<void> {
  if (existsSync(file)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  await store.getFile(key, file);
}
