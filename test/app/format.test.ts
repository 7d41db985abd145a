import { describe, expect, it } from 'vitest';
import { frameAlt } from '../../app/format/frame-alt.js';
import { formatAge, formatCredits, formatDate, formatDuration, isFinished, percent, statusLabel } from '../../app/format/format.js';

describe('formatters', () => {
  it('formats credits with at most two decimals', () => {
    expect(formatCredits(6.3)).toBe('6.3');
    expect(formatCredits(0.125)).toBe('0.13');
    expect(formatCredits(12)).toBe('12');
  });

  it('formats durations in seconds, minutes and hours', () => {
    expect(formatDuration(45.9)).toBe('45 s');
    expect(formatDuration(185)).toBe('3 min 05 s');
    expect(formatDuration(3720)).toBe('1 h 02 min');
    expect(formatDuration(-3)).toBe('0 s');
  });

  it('formats the heartbeat age relative to now', () => {
    const now = Date.parse('2026-11-24T01:00:00Z');
    expect(formatAge('2026-11-24T00:59:59.5Z', now)).toBe('just now');
    expect(formatAge('2026-11-24T00:59:48Z', now)).toBe('12 s ago');
    expect(formatAge('not a date', now)).toBe('unknown');
  });

  it('formats dates in UTC to the minute', () => {
    expect(formatDate('2026-11-24T00:53:21.123Z')).toBe('2026-11-24 00:53 UTC');
  });

  it('labels statuses, known and unknown', () => {
    expect(statusLabel('awaiting_approval')).toBe('Awaiting approval');
    expect(statusLabel('some_new_state')).toBe('Some new state');
  });

  it('knows which statuses are final', () => {
    expect(['completed', 'failed', 'canceled'].every(isFinished)).toBe(true);
    expect(['queued', 'processing', 'awaiting_approval', 'rendering'].some(isFinished)).toBe(false);
  });

  it('computes a clamped percentage, 0 when the total is unknown', () => {
    expect(percent(45, 90)).toBe(50);
    expect(percent(120, 90)).toBe(100);
    expect(percent(undefined, 90)).toBe(0);
    expect(percent(3, 0)).toBe(0);
  });
});

describe('frameAlt', () => {
  const frame = { scene_id: 'scn_2', index: 1, time_seconds: 7.25, width: 640, height: 360, mime_type: 'image/jpeg', data: '' };
  it('names the scene and time of a video frame or storyboard still', () => {
    expect(frameAlt({ video_id: 'v', source: 'video', frames: [] }, frame, 1)).toBe('Frame of scene 2 at 7.3 s');
    expect(frameAlt({ video_id: 'v', source: 'storyboard', frames: [] }, frame, 1)).toBe('Storyboard still of scene 2 at 7.3 s');
  });
  it('names the cast member of a cast sheet', () => {
    expect(frameAlt({ video_id: 'v', source: 'cast', frames: [] }, { ...frame, scene_id: null, index: 0, name: 'Mara' }, undefined)).toBe('Cast sheet 1: Mara');
  });
});
