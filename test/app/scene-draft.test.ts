import { describe, expect, it } from 'vitest';
import type { VideoPreviewData } from '../../app/player/preview-types.js';
import { draftOperations, emptyDraft, previewWithDraft } from '../../app/routes/video/scene-draft.js';
import { sceneTexts, textLabel } from '../../app/routes/video/scene-texts.js';

describe('the scene editor\'s draft', () => {
  it('makes no operation when nothing changed', () => {
    expect(draftOperations(emptyDraft(4), 4)).toEqual([]);
  });

  it('moves only the scenes out of place, each to the start or after the scene before it, after the removals', () => {
    const draft = { ...emptyDraft(5), order: [5, 1, 3, 4] };
    expect(draftOperations(draft, 5)).toEqual([
      { op: 'remove_scene', scene: 2 },
      { op: 'reorder', scene: 5, to: { position: 'start' } },
    ]);
    expect(draftOperations({ ...emptyDraft(4), order: [2, 1, 4, 3] }, 4)).toEqual([
      { op: 'reorder', scene: 2, to: { position: 'start' } },
      { op: 'reorder', scene: 4, to: { after: 1 } },
    ]);
  });

  it('sends texts, lengths, colours and pictures of kept scenes only, by source number', () => {
    const draft = {
      ...emptyDraft(3),
      order: [1, 3],
      texts: { 1: { 'items.1': ' Foragers ' }, 2: { title: 'Gone anyway' } },
      seconds: { 3: 6 },
      textColors: { 1: '#ff0000' },
      pictures: { 3: { id: 'fluent-emoji-flat:honey-pot', name: 'honey pot' } },
      colors: { primary: '#112233' },
    };
    expect(draftOperations(draft, 3)).toEqual([
      { op: 'retext', scene: 1, key: 'items.1', text: 'Foragers' },
      { op: 'recolor_text', scene: 1, color: '#ff0000' },
      { op: 'retime', scene: 3, seconds: 6 },
      { op: 'set_picture', scene: 3, picture: 'fluent-emoji-flat:honey-pot' },
      { op: 'restyle', colors: { primary: '#112233' } },
      { op: 'remove_scene', scene: 2 },
    ]);
  });

  it('previews the draft: order, texts, lengths, colours and picture, without the old MP4', () => {
    const scene = (id: string, settings: Record<string, unknown>) => ({ id, position: 0, title: id, duration_in_frames: 90, committed: true, code: 'x', theme: { palette: { primary: '#000000' } } as never, settings, assets: {} });
    const preview: VideoPreviewData = { video_id: 'vid_1', status: 'completed', width: 320, height: 180, fps: 30, scenes: [scene('a', { title: 'A', items: ['x', 'y'] }), scene('b', { title: 'B' })], video_url: '/files/v.mp4' };
    const shown = previewWithDraft(preview, { ...emptyDraft(2), order: [2, 1], texts: { 1: { 'items.1': 'z' } }, seconds: { 2: 2.5 }, colors: { primary: '#ff0000' }, pictures: { 1: { id: 'lucide:star', name: 'star' } } });
    expect(shown.video_url).toBeUndefined();
    expect(shown.scenes.map((item) => [item.id, item.position, item.duration_in_frames])).toEqual([['b', 0, 75], ['a', 1, 90]]);
    expect(shown.scenes[1]!.settings).toEqual({ title: 'A', items: ['x', 'z'], picture: 'lucide:star' });
    expect(shown.scenes[0]!.theme.palette.primary).toBe('#ff0000');
    // The preview given is left as it was.
    expect(preview.scenes[0]!.settings.items).toEqual(['x', 'y']);
  });

  it('lists a scene\'s on-screen texts by key path, leaving out pictures, colours and layout', () => {
    expect(sceneTexts({ heading: 'Why', items: ['Fast', 'Cheap'], picture: 'fluent-emoji-flat:bee', textColor: '#fff', mode: 'contain', left: { points: ['One'] } })).toEqual([
      { key: 'heading', text: 'Why' },
      { key: 'items.0', text: 'Fast' },
      { key: 'items.1', text: 'Cheap' },
      { key: 'left.points.0', text: 'One' },
    ]);
    expect(textLabel('items.1')).toBe('Item 2');
    expect(textLabel('left.points.0')).toBe('Left point 1');
  });
});
