import { describe, expect, it } from 'vitest';
import { captionBand } from '../../compositions/kit/caption-words.js';
import type { SpokenWord } from '../../src/pipeline/audio/audio-protocol.js';
import { captionTrack, type CaptionStyle } from '../../src/pipeline/speech/caption-chunks.js';
import { stripShares } from './frame-compare.js';
import { libraryPicture, renderGallery, sceneFor, type GalleryCase, type GalleryShot } from './gallery/gallery.js';

// Burned-in captions in each look, in scripts the fonts cover, over scenes with text of their own,
// at 16:9, 9:16, 1:1 and 4:5: the layout audit finds no caption over the scene's text, and no text
// that overflows, is clipped, leaves the canvas or lacks contrast.

const SIZES = [
  { label: '16x9', width: 1280, height: 720 },
  { label: '9x16', width: 720, height: 1280 },
  { label: '1x1', width: 1080, height: 1080 },
  { label: '4x5', width: 864, height: 1080 },
];
/** The audited frame (3.93 s at 30 fps) falls inside the narration, which runs from 2 s to 6 s. */
const FRAME = 118;

/** Narration lines, and a title and points for the scene, in each script. */
const SCRIPTS: { language: string; narration: string; title: string; items: string[]; unspaced?: boolean }[] = [
  { language: 'en', narration: 'Heat pumps move warmth from cold outdoor air into your home, even in the middle of winter.', title: 'How a heat pump warms a house', items: ['Outdoor air', 'Refrigerant loop', 'Warm rooms'] },
  { language: 'ar', narration: 'تنقل المضخات الحرارية الدفء من الهواء البارد في الخارج إلى داخل منزلك حتى في منتصف الشتاء.', title: 'كيف تدفئ المضخة الحرارية المنزل', items: ['الهواء الخارجي', 'دائرة التبريد', 'غرف دافئة'] },
  { language: 'hi', narration: 'हीट पंप ठंडी बाहरी हवा से गर्मी लेकर आपके घर के अंदर पहुँचाते हैं, सर्दियों में भी।', title: 'हीट पंप घर को कैसे गर्म करता है', items: ['बाहरी हवा', 'रेफ्रिजरेंट', 'गर्म कमरे'] },
  { language: 'ja', narration: 'ヒートポンプは冷たい外気から熱を集めて、冬でも家の中へ運びます。', title: 'ヒートポンプが家を暖める仕組み', items: ['外の空気', '冷媒の循環', '暖かい部屋'], unspaced: true },
  { language: 'zh', narration: '热泵从寒冷的室外空气中收集热量，即使在冬天也能把它送进你的家。', title: '热泵如何为房屋供暖', items: ['室外空气', '制冷剂循环', '温暖的房间'], unspaced: true },
  { language: 'ru', narration: 'Тепловой насос переносит тепло из холодного уличного воздуха в ваш дом даже посреди зимы.', title: 'Как тепловой насос греет дом', items: ['Уличный воздух', 'Контур хладагента', 'Тёплые комнаты'] },
];

/** Word timings spread over 2..6 s: a word (or in unspaced scripts a character) at a time. */
function wordsOf(text: string, unspaced: boolean): SpokenWord[] {
  const pieces = unspaced ? [...text].map((char, index) => ({ index, length: char.length })).filter((p) => !/[。、，]/.test(text[p.index]!)) : [...text.matchAll(/\S+/g)].map((m) => ({ index: m.index, length: m[0].replace(/[,.!?،।]$/u, '').length }));
  return pieces.map((piece, i) => ({ ...piece, start: (4 * i) / pieces.length }));
}

function casesFor(style: CaptionStyle): GalleryCase[] {
  return SCRIPTS.flatMap((script) => {
    const words = wordsOf(script.narration, script.unspaced === true);
    const scene = { heading: script.title, items: script.items };
    const track = (position: 'bottom' | 'top') => captionTrack({ style, position }, { kind: 'bullets', settings: scene }, script.narration, words, 2, 4);
    return [
      { name: `${style}-${script.language}-bottom`, code: sceneFor('BulletList'), pack: 'plain', settings: { ...scene, narrationCaptions: track('bottom') } },
      { name: `${style}-${script.language}-top`, code: sceneFor('BulletList'), pack: 'tech-neon', settings: { ...scene, narrationCaptions: track('top') } },
    ];
  });
}

const PROBLEMS = ['covered', 'overflow', 'clipped', 'off-canvas', 'contrast'];
const problemsOf = (shots: GalleryShot[]) => shots.flatMap((shot) => shot.audit.issues.filter((issue) => PROBLEMS.includes(issue.kind)).map((issue) => `${shot.name} ${shot.size.label}: ${issue.kind} ${issue.element}: ${issue.detail}`));

describe('burned-in captions', () => {
  for (const style of ['clean', 'bold', 'karaoke'] as const) {
    it(`${style}: in English, Arabic, Hindi, Japanese, Chinese and Russian, at the bottom and the top, never over the scene's text`, async () => {
      const cases = casesFor(style);
      const shots = await renderGallery(cases, SIZES, FRAME, { out: `/tmp/service-captions-${style}` });
      expect(problemsOf(shots)).toEqual([]);
      for (const shot of shots) {
        // Its band: dark, with light type on it (the scene without captions has none there).
        const where = shot.name.endsWith('-top') ? 'top' : 'bottom';
        const band = stripShares(shot.file, shot.size, where, captionBand({ style, position: where }, shot.size.width, shot.size.height));
        expect(band.dark, `${shot.name} ${shot.size.label}: the caption band`).toBeGreaterThan(0.5);
        expect(band.bright, `${shot.name} ${shot.size.label}: the caption's type`).toBeGreaterThan(0.01);
        // The scene is laid out in the canvas the band leaves, its type sized to that canvas's
        // shorter side (on landscape and square canvases, up to a sixth less than the full one's).
        expect(shot.audit.smallestText, `${shot.name} ${shot.size.label}: body and caption type`).toBeGreaterThanOrEqual(0.03);
      }
    }, 600_000);
  }

  it('in the middle of a filmed shot, on a plate over the picture', async () => {
    const script = SCRIPTS[0]!;
    const words = wordsOf(script.narration, false);
    const settings = { description: 'A house in the snow', move: 'push-in', pictures: [libraryPicture('fluent-emoji-flat:house')] };
    const cases = (['clean', 'karaoke'] as const).map((style) => ({ name: `footage-${style}`, code: sceneFor('FootageShot'), pack: 'plain', settings: { ...settings, narrationCaptions: captionTrack({ style, position: 'middle' }, { kind: 'footage', settings }, script.narration, words, 2, 4) } }));
    const shots = await renderGallery(cases, SIZES, FRAME, { out: '/tmp/service-captions-middle' });
    expect(problemsOf(shots)).toEqual([]);
    for (const shot of shots) expect(shot.audit.texts).toBeGreaterThan(0);
  }, 300_000);
});
