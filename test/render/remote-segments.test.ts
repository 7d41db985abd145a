import { describe, expect, it } from 'vitest';
import type { SegmentQueue } from '../../src/queue/segment-queue.js';
import { frameRanges, partKey, renderRemoteSegments, SEGMENT_RANGE_SECONDS, segmentRangeSeconds } from '../../src/render/remote/remote-segments.js';
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
  });
});
