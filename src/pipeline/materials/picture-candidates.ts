import { searchVisuals, visualSvg, type VisualKind } from '../../catalog/visuals/index.js';
import { libraryPictureFor, pictureName } from '../edit/scene-picture.js';

/** One library picture a search offers (`GET /v1/pictures`). */
export interface PictureCandidate {
  /** The library id, what `set_picture`'s `picture` takes: `fluent-emoji-flat:honey-pot`. */
  id: string;
  /** What it shows, in words: "honey pot". */
  name: string;
  kind: VisualKind;
  /** 0..1, how well it fits the words; the pick an edit would make for them scores 1. */
  score: number;
  /** Whether it is the picture an edit's `set_picture` (or "show a honey jar in scene 2") picks for these words. */
  chosen: boolean;
  /** The picture as standalone SVG markup, 96 px square. */
  svg: string;
}

/** The size the candidates' SVG is drawn at: a thumbnail. */
const PREVIEW_SIZE = 96;

/**
 * The library pictures that fit words, for a person to choose one: first the picture an edit
 * would pick for them (the same search scenes use, in the video's language, English, then the
 * grammar's others), then the library search's other matches, colour illustrations and flags before
 * line icons. Empty when nothing fits.
 */
export function pictureCandidates(query: string, options: { language: string; limit: number }): PictureCandidate[] {
  const chosen = libraryPictureFor(query, options.language);
  const found = [
    ...searchVisuals(query, { language: options.language, limit: options.limit, kinds: ['illustration', 'flag'] }),
    ...searchVisuals(query, { language: options.language, limit: options.limit, kinds: ['icon'] }),
  ];
  const ranked = [...(chosen ? [{ id: chosen, score: 1 }] : []), ...found.map((match) => ({ id: match.id, score: match.score }))];
  const seen = new Set<string>();
  const candidates: PictureCandidate[] = [];
  for (const { id, score } of ranked) {
    if (seen.has(id) || candidates.length >= options.limit) continue;
    seen.add(id);
    const svg = visualSvg(id, { size: PREVIEW_SIZE });
    if (!svg) continue;
    const kind: VisualKind = id.startsWith('lucide:') ? 'icon' : id.startsWith('circle-flags:') ? 'flag' : 'illustration';
    candidates.push({ id, name: pictureName(id), kind, score: Math.round(score * 100) / 100, chosen: id === chosen, svg });
  }
  return candidates;
}
