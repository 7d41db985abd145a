import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseToFrameMessage, playOrder } from '../../app/player/parse-message.js';
import { throttleLatest } from '../../app/player/throttle.js';

const theme = { id: 'plain', palette: { background: '#FFFFFF', text: '#111827' }, fonts: { heading: 'Inter', body: 'Inter' } };
const committed = { id: 'scn_1', position: 1, title: 'Hive', duration_in_frames: 60, committed: true, code: 'module.exports.default = () => null;', theme, settings: {}, assets: {} };
const pending = { id: 'scn_0', position: 0, title: 'Dance', duration_in_frames: 30, committed: false, theme, settings: {}, assets: {} };
const video = { video_id: 'vid_1', status: 'processing', width: 1280, height: 720, fps: 30, scenes: [committed, pending] };
const infographic = { versionId: 'ifv_1', width: 640, height: 360, fps: 30, durationInFrames: 120, code: committed.code, theme, settings: { headline: 'Teams' }, assets: {} };

describe('parseToFrameMessage', () => {
  it('accepts a video preview and keeps autoplay only when it is true', () => {
    expect(parseToFrameMessage({ type: 'preview', preview: video, autoplay: true })).toEqual({ message: { type: 'preview', preview: video, autoplay: true } });
    expect(parseToFrameMessage({ type: 'preview', preview: video, autoplay: 'yes' })).toEqual({ message: { type: 'preview', preview: video } });
  });

  it('accepts an infographic with settings values, and none as no values', () => {
    expect(parseToFrameMessage({ type: 'infographic', preview: infographic, settings: { primaryColor: '#FF0000' } })).toEqual({
      message: { type: 'infographic', preview: infographic, settings: { primaryColor: '#FF0000' } },
    });
    expect(parseToFrameMessage({ type: 'infographic', preview: infographic })).toEqual({ message: { type: 'infographic', preview: infographic, settings: {} } });
  });

  it('ignores messages that are not for the preview', () => {
    for (const data of [null, 'preview', 42, [], { type: 'frame', frame: 3 }, { type: 'something' }]) expect(parseToFrameMessage(data)).toBeUndefined();
  });

  it('refuses a malformed preview with the field at fault', () => {
    const cases: [unknown, string][] = [
      [{ ...video, width: 0 }, 'preview.width'],
      [{ ...video, width: 12.5 }, 'preview.width'],
      [{ ...video, fps: -1 }, 'preview.fps'],
      [{ ...video, scenes: 'all' }, 'preview.scenes'],
      [{ ...video, scenes: [{ ...pending, duration_in_frames: 0 }] }, 'preview.scenes[0].duration_in_frames'],
      [{ ...video, scenes: [{ ...committed, code: undefined }] }, 'preview.scenes[0].code'],
      [{ ...video, scenes: [pending, { ...committed, theme: { palette: {} } }] }, 'preview.scenes[1].theme'],
      [{ ...video, scenes: [{ ...committed, assets: { logo: 3 } }] }, 'preview.scenes[0].assets'],
      [{ ...video, soundtrack_url: 5 }, 'preview.soundtrack_url'],
    ];
    for (const [preview, field] of cases) {
      const parsed = parseToFrameMessage({ type: 'preview', preview });
      expect(parsed && 'error' in parsed ? parsed.error : parsed).toContain(field);
    }
    const noCode = parseToFrameMessage({ type: 'infographic', preview: { ...infographic, code: '' } });
    expect(noCode && 'error' in noCode ? noCode.error : noCode).toContain('preview.code');
    const badValues = parseToFrameMessage({ type: 'infographic', preview: infographic, settings: ['#FF0000'] });
    expect(badValues && 'error' in badValues ? badValues.error : badValues).toContain('settings');
  });

  it('lets an uncommitted scene travel without code or theme', () => {
    const bare = { id: 'scn_2', position: 2, title: 'Soon', duration_in_frames: 45, committed: false };
    expect(parseToFrameMessage({ type: 'preview', preview: { ...video, scenes: [bare] } })).toHaveProperty('message');
  });
});

describe('playOrder', () => {
  it('plays scenes by position whatever order they arrive in', () => {
    expect(playOrder(video.scenes as never).map((scene) => scene.id)).toEqual(['scn_0', 'scn_1']);
  });
});

describe('throttleLatest', () => {
  afterEach(() => vi.useRealTimers());

  it('sends the first value at once and the last of a burst when the interval ends', () => {
    vi.useFakeTimers();
    const sent: number[] = [];
    const frames = throttleLatest<number>((frame) => sent.push(frame), 200, () => Date.now());
    frames.push(1);
    frames.push(2);
    frames.push(3);
    expect(sent).toEqual([1]);
    vi.advanceTimersByTime(199);
    expect(sent).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([1, 3]);
    vi.advanceTimersByTime(500);
    frames.push(4);
    expect(sent).toEqual([1, 3, 4]);
  });

  it('drops a pending value once cancelled', () => {
    vi.useFakeTimers();
    const sent: number[] = [];
    const frames = throttleLatest<number>((frame) => sent.push(frame), 200, () => Date.now());
    frames.push(1);
    frames.push(2);
    frames.cancel();
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual([1]);
  });
});
