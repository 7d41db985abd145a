import { describe, expect, it } from 'vitest';
import { applyEditLinks, footageTargets, linkCreditParts, planWithLinks, unchangedEdit } from '../../../src/pipeline/edit/apply-edit-links.js';
import { applyEditOperations } from '../../../src/pipeline/edit/apply-edit-operations.js';
import { EditError } from '../../../src/pipeline/edit/edit-errors.js';
import { findEditLinks, MAX_EDIT_LINKS } from '../../../src/pipeline/edit/edit-links.js';
import type { StoredPlan } from '../../../src/pipeline/stages/stored-plan.js';
import { ServiceError } from '../../../src/errors/service-error.js';
import { sixSceneSource } from './edit-fixture.js';

const URL_A = 'https://cdn.example.com/media/track.mp3';
const URL_B = 'https://cdn.example.com/media/clip.mp4';

describe('findEditLinks', () => {
  it.each([
    [`use this music: ${URL_A}`, 'music'],
    [`add ${URL_A} as the soundtrack`, 'music'],
    [`put the song ${URL_A} under it`, 'music'],
    [`use the track at ${URL_A}.`, 'music'],
    [`nimm die Musik ${URL_A}`, 'music'],
    [`utilise la musique ${URL_A}`, 'music'],
    [`usa la música ${URL_A}`, 'music'],
    [`use the music from this video ${URL_A}`, 'music'],
    [`add this footage ${URL_B}`, 'footage'],
    [`add the clip ${URL_B}`, 'footage'],
    [`add this music video ${URL_B}`, 'footage'],
  ])('reads "%s" as %s', (prompt, role) => {
    const found = findEditLinks(prompt, 6);
    expect(found.links).toHaveLength(1);
    expect(found.links[0]).toMatchObject({ url: prompt.includes(URL_A) ? URL_A : URL_B, role });
    expect(found.instruction).toBe('');
  });

  it('reads the scene a footage clause names, in the source numbering', () => {
    expect(findEditLinks(`use the clip ${URL_B} in scene 2`, 6).links[0]).toMatchObject({ role: 'footage', scene: 2 });
    expect(findEditLinks(`use ${URL_B} for the opening scene`, 6).links[0]).toMatchObject({ role: 'footage', scene: 1 });
    expect(findEditLinks(`show ${URL_B} in the last scene`, 6).links[0]).toMatchObject({ role: 'footage', scene: 6 });
    expect(findEditLinks(`add the clip ${URL_B}`, 6).links[0]!.scene).toBeUndefined();
  });

  it('removes the link clauses and leaves the rest of the instruction for the grammar', () => {
    const found = findEditLinks(`use the music at ${URL_A} and make scene 2 shorter`, 6);
    expect(found.links).toEqual([{ url: URL_A, role: 'music', clause: `use the music at ${URL_A}` }]);
    expect(found.instruction).toBe('make scene 2 shorter');
    const two = findEditLinks(`Remove the last scene. Use the clip ${URL_B} in scene 3, please; add ${URL_A} as the soundtrack`, 6);
    expect(two.links.map((link) => [link.url, link.role, link.scene])).toEqual([
      [URL_B, 'footage', 3],
      [URL_A, 'music', undefined],
    ]);
    expect(two.instruction).toBe('Remove the last scene.');
  });

  it('reads a lone link by its sentence when its own clause says nothing: "here is a song, URL"', () => {
    const found = findEditLinks(`here is a song, ${URL_A}`, 6);
    expect(found.links[0]).toMatchObject({ url: URL_A, role: 'music' });
    expect(found.instruction).toBe('');
  });

  it('leaves the role open when the clause does not tell (the fetched file decides), and trims punctuation', () => {
    const found = findEditLinks(`add (${URL_B}).`, 6);
    expect(found.links).toEqual([{ url: URL_B, clause: `add (${URL_B}).` }]);
  });

  it('keeps a link that is text to show: in quotes, or in a change of words', () => {
    const quoted = findEditLinks(`make the title say "Visit ${URL_B}"`, 6);
    expect(quoted.links).toEqual([]);
    expect(quoted.instruction).toBe(`make the title say "Visit ${URL_B}"`);
    const text = findEditLinks(`change the text of the last scene to Sign up at ${URL_B}`, 6);
    expect(text.links).toEqual([]);
    expect(text.instruction).toBe(`change the text of the last scene to Sign up at ${URL_B}`);
  });

  it('leaves an instruction without links exactly as written', () => {
    expect(findEditLinks('remove the last scene, please', 6)).toEqual({ links: [], instruction: 'remove the last scene, please' });
  });

  it('refuses two music links and more links than an edit imports, with 400', () => {
    const refuse = (prompt: string) => {
      try {
        findEditLinks(prompt, 6);
      } catch (error) {
        expect(error).toBeInstanceOf(ServiceError);
        expect((error as ServiceError).status).toBe(400);
        return (error as ServiceError).message;
      }
      throw new Error('not refused');
    };
    expect(refuse(`use the music ${URL_A}; use the song ${URL_A}?x=2`)).toMatch(/one music link/);
    const many = Array.from({ length: MAX_EDIT_LINKS + 1 }, (_v, i) => `add the clip ${URL_B}?n=${i}`).join('; ');
    expect(refuse(many)).toMatch(new RegExp(`at most ${MAX_EDIT_LINKS} links`));
  });
});

describe('applyEditLinks', () => {
  const source = sixSceneSource();
  const clip = (link: { url: string; scene?: number }, index: number, seconds = 4) => ({ link: { ...link, role: 'footage' as const, clause: '' }, path: `videos/vid_new/inputs/clip-${index + 1}.mp4`, seconds });

  it('makes a named scene a footage scene showing the clip, captioned with its main text, redrawn and no longer reused', () => {
    const result = applyEditLinks(source, unchangedEdit(source), { clips: [clip({ url: URL_B, scene: 2 }, 0)], social: [] });
    expect(result.scenes[1]).toMatchObject({
      kind: 'footage',
      durationSeconds: 6,
      settings: { clip: 'link-clip-1', clipSeconds: 4, clipProvider: 'import', caption: 'Why Acme', description: 'Why Acme' },
    });
    expect([...result.regenerate]).toEqual([1]);
    expect(result.reused.has(1)).toBe(false);
    expect(result.reused.size).toBe(5);
    expect(result.remixAudio).toBe(false);
    expect(result.changes).toEqual([`scene 2 shows the clip from ${URL_B}`]);
  });

  it('adds a clip without a scene as a new scene at the end, as long as the clip within 2 to 10 s', () => {
    const result = applyEditLinks(source, unchangedEdit(source), { clips: [clip({ url: URL_B }, 0, 1.2), clip({ url: `${URL_B}?b` }, 1, 7.5)], social: [] });
    expect(result.scenes).toHaveLength(8);
    expect(result.scenes.slice(6).map((scene) => [scene.kind, scene.durationSeconds, scene.settings.clip])).toEqual([
      ['footage', 2, 'link-clip-1'],
      ['footage', 7.5, 'link-clip-2'],
    ]);
    expect(result.origins.slice(6)).toEqual([undefined, undefined]);
    expect([...result.regenerate]).toEqual([6, 7]);
    expect(result.remixAudio).toBe(true);
  });

  it('follows the edit\'s operations: scene numbers mean the source scenes, a removed one is refused', () => {
    const moved = applyEditOperations(source, [{ op: 'reorder', scene: 3, to: { position: 'start' } }]);
    const result = applyEditLinks(source, moved, { clips: [clip({ url: URL_B, scene: 3 }, 0)], social: [] });
    expect(result.scenes[0]).toMatchObject({ kind: 'footage', title: 'uptime' });
    const removed = applyEditOperations(source, [{ op: 'remove_scene', scene: 3 }]);
    expect(() => footageTargets(source, removed, [{ url: URL_B, role: 'footage', scene: 3, clause: '' }])).toThrow(EditError);
    expect(() => footageTargets(source, removed, [{ url: URL_B, role: 'footage', scene: 9, clause: '' }])).toThrow(/scene 9 does not exist/);
    expect(() => footageTargets(source, unchangedEdit(source), [1, 2].map((n) => ({ url: `${URL_B}?${n}`, role: 'footage' as const, scene: 2, clause: '' })))).toThrow(/one clip/);
  });

  it('refuses an added clip that takes the video past the model\'s length', () => {
    const long = applyEditOperations(source, [{ op: 'retime', scene: 1, seconds: 95 }]);
    expect(() => applyEditLinks(source, long, { clips: [clip({ url: URL_B }, 0, 10)], social: [] })).toThrow(/at most 120 s/);
  });

  it('turns the score off for music and mixes the soundtrack again; the plan gets the track, priced only as a social import', () => {
    const music = { url: URL_A, path: 'videos/vid_new/audio/client-0-music.wav', bpm: 120, offset: 0.25 };
    const result = applyEditLinks(source, unchangedEdit(source), { music, clips: [], social: [] });
    expect(result.options.music).toBe(false);
    expect(result.remixAudio).toBe(true);
    expect(result.regenerate.size).toBe(0);
    expect(result.changes).toEqual([`the soundtrack is the music from ${URL_A}`]);
    const plan = { title: 't', planner: 'embedded', theme: {}, audio: { narration: true, music: true, sfx: false, language: 'en', voice: 'embedded-ava', bpm: 100, mood: 'bright', seed: 1 } } as unknown as StoredPlan;
    expect(planWithLinks(plan, { music, clips: [clip({ url: URL_B }, 0)], social: [] })).toMatchObject({
      audio: { music: false, clientMusic: { path: music.path, bpm: 120, offset: 0.25 } },
      assets: { 'link-clip-1': 'videos/vid_new/inputs/clip-1.mp4' },
    });
    expect(linkCreditParts({ social: [] })).toEqual([]);
    expect(linkCreditParts({ social: ['https://youtube.com/watch?v=x'] })).toEqual([{ part: 'social_imports', millicredits: 2000 }]);
  });
});
