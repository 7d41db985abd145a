import { describe, expect, it } from 'vitest';
import type { SegmentQueue } from '../../src/queue/segment-queue.js';
import { frameRanges, partKey, renderRemoteSegments, SEGMENT_RANGE_SECONDS, segmentRangeSeconds, splitLongScenes, type RemoteSegment } from '../../src/render/remote/remote-segments.js';
import type { FileStore } from '../../src/storage/file-store.js';
import { describeRenderDetail } from '../../src/render/render-video.js';

describe('frameRanges', () => {
  it('keeps a scene shorter than two ranges whole', () => {
    expect(frameRanges(239, 120)).toEqual([[0, 239]]);
    expect(frameRanges(90, 120)).toEqual([[0, 90]]);
  });

  it('splits a scene of at least two ranges into floor(frames / range) near-equal ranges that cover it', () => {
    expect(frameRanges(240, 120)).toEqual([
      [0, 120],
      [120, 240],
    ]);
    const ranges = frameRanges(1000, 120);
    expect(ranges).toHaveLength(8);
    expect(ranges[0]![0]).toBe(0);
    expect(ranges.at(-1)![1]).toBe(1000);
    for (const [index, [from, to]] of ranges.entries()) {
      if (index > 0) expect(from).toBe(ranges[index - 1]![1]);
      expect(to - from).toBeGreaterThanOrEqual(124);
      expect(to - from).toBeLessThanOrEqual(126);
    }
  });

  it('makes at most maxRanges ranges', () => {
    expect(frameRanges(1000, 120, 3)).toEqual([
      [0, 333],
      [333, 667],
      [667, 1000],
    ]);
    expect(frameRanges(1000, 120, 1)).toEqual([[0, 1000]]);
  });

  it('names each part of a segment by its range', () => {
    expect(partKey('ab12', [120, 240])).toBe('segments/ab12.part-120-240.mp4');
  });
});

describe('segmentRangeSeconds', () => {
  it('is 4 seconds unless SERVICE_SEGMENT_RANGE_SECONDS says otherwise', () => {
    expect(SEGMENT_RANGE_SECONDS).toBe(4);
    expect(segmentRangeSeconds({})).toBe(4);
    expect(segmentRangeSeconds({ SERVICE_SEGMENT_RANGE_SECONDS: '' })).toBe(4);
    expect(segmentRangeSeconds({ SERVICE_SEGMENT_RANGE_SECONDS: ' 2.5 ' })).toBe(2.5);
  });

  it('refuses a value that is not a positive number, naming the variable', () => {
    for (const value of ['0', '-3', 'four', 'Infinity']) {
      expect(() => segmentRangeSeconds({ SERVICE_SEGMENT_RANGE_SECONDS: value })).toThrow(`SERVICE_SEGMENT_RANGE_SECONDS ("${value}") must be a positive number of seconds`);
    }
  });

  it('renderRemoteSegments refuses a range length that is not a positive number before adding any task', async () => {
    const remote = { queue: Promise.resolve({} as SegmentQueue), store: {} as FileStore };
    await expect(renderRemoteSegments(remote, [], { renderKey: 'vid/r1', kitVersion: 'kit', ffmpeg: 'ffmpeg', rangeSeconds: 0 })).rejects.toThrow('the segment range length must be a positive number of seconds');
  });
});

describe('describeRenderDetail', () => {
  it('reads the frames made, and says why a render waits when it does', () => {
    const detail = { captured: 212, held: 190, framesPerSecond: 27.6 };
    expect(describeRenderDetail(detail)).toBe('212 frames captured, 190 held, 28 frames/s');
    expect(describeRenderDetail({ ...detail, waiting: 'waiting: no render worker is connected to the queue' })).toBe(
      '212 frames captured, 190 held, 28 frames/s; waiting: no render worker is connected to the queue',
    );
    expect(describeRenderDetail({ captured: 0, held: 0, framesPerSecond: 0, waiting: 'waiting: Redis at redis://10.0.0.5:6379 does not answer' })).toBe(
      'waiting: Redis at redis://10.0.0.5:6379 does not answer',
    );
  });
});

describe('splitLongScenes', () => {
  /** Scenes at 30 fps of the given seconds. */
  function scenes(...seconds: number[]): RemoteSegment[] {
    return seconds.map((length, index) => ({ sceneId: `s${index}`, hash: `h${index}`, file: `/tmp/h${index}.mp4`, inputProps: { code: '', theme: {}, settings: {}, assets: {}, width: 320, height: 180, fps: 30, durationInFrames: length * 30 } }));
  }
  function queueWith(health: Awaited<ReturnType<SegmentQueue['health']>>): SegmentQueue {
    return { health: async () => health } as unknown as SegmentQueue;
  }
  const emptyStore = { exists: async () => false } as unknown as FileStore;

  it('splits only to keep idle workers busy, longest scenes first', async () => {
    // 3 scenes, 6 workers: 3 spare tasks, all to the 20 s scene (5 ranges possible, 4 allowed).
    const splits = await splitLongScenes(queueWith({ reachable: true, workers: 6 }), emptyStore, scenes(5, 20, 12), 4);
    expect([...splits.keys()]).toEqual([1]);
    expect(splits.get(1)).toHaveLength(4);
    // 3 scenes, 10 workers: the 20 s scene in 5 ranges, then the 12 s one in 3.
    const more = await splitLongScenes(queueWith({ reachable: true, workers: 10 }), emptyStore, scenes(5, 20, 12), 4);
    expect([...more.entries()].map(([index, ranges]) => [index, ranges.length])).toEqual([
      [1, 5],
      [2, 3],
    ]);
  });

  it('splits nothing when every worker already has a scene, none is connected, or Redis does not say', async () => {
    expect((await splitLongScenes(queueWith({ reachable: true, workers: 2 }), emptyStore, scenes(20, 20), 4)).size).toBe(0);
    expect((await splitLongScenes(queueWith({ reachable: true, workers: 0 }), emptyStore, scenes(20), 4)).size).toBe(0);
    expect((await splitLongScenes(queueWith({ reachable: false, reason: 'down' }), emptyStore, scenes(20), 4)).size).toBe(0);
  });

  it('does not split a scene whose joined segment is already in the bucket', async () => {
    const store = { exists: async (key: string) => key === 'segments/h0.mp4' } as unknown as FileStore;
    const splits = await splitLongScenes(queueWith({ reachable: true, workers: 4 }), store, scenes(20, 16), 4);
    expect([...splits.keys()]).toEqual([1]);
  });
});
