import type { EditOperation } from '../edit/edit-operations.js';
import type { VideoRow } from '../../store/videos-store.js';

/** The two review gates of a storyboard build, in the order the build reaches them. */
export type ReviewGate = 'cast' | 'storyboard';

/** What each gate's board is called in messages. */
export const BOARD_NAMES = { cast: 'cast sheets', storyboard: 'storyboard' } as const;

/** A recurring character or subject of the video, as its cast sheet shows it. */
export interface CastMember {
  name: string;
  /** How it looks, in words: what a portrait is drawn or generated from. */
  look: string;
  /** The attached image (plan `assets` name) said to show it: its portrait, kept through look changes. */
  image?: string;
  /** A portrait an image model made from the look (plan `assets` name); made again when the look changes. */
  portrait?: string;
}

/** One still of a board, as `GET /frames` shows it. */
export interface ReviewStill {
  /** Position on the board, from 0. */
  index: number;
  /** The planned scene a storyboard still shows. */
  scene_id?: string;
  /** The cast member a cast sheet shows. */
  name?: string;
  /** The JPEG, relative to files/. */
  path: string;
  width: number;
  height: number;
  /** Where in the video the still's moment is (storyboard stills); 0 for cast sheets. */
  time_seconds: number;
}

/**
 * Where a storyboard build stands (`videos.review`): `paused` waits for `POST /approve`; `redoing`
 * redoes the board after `{ changes }` and then pauses again at the next round; `approved` lets
 * the build go on past `gate`.
 */
export interface ReviewState {
  gate: ReviewGate;
  /** 1 for a board's first showing, one more for each redo. */
  round: number;
  state: 'paused' | 'redoing' | 'approved';
  /** The changes being made (while `redoing`). */
  changes?: string;
  /** The storyboard changes read as edit operations, and who read them (while `redoing`). */
  operations?: EditOperation[];
  read_by?: string;
  /** Once a redo's changes are applied: the cast names or scene ids whose stills are still to draw. */
  redraw?: string[];
  /** What the last redo changed, one line each. */
  changed?: string[];
  cast: CastMember[];
  /** The current board's stills. */
  stills: ReviewStill[];
}

/** The job's review state, or undefined for a job that has reached no gate. */
export function reviewOf(row: Pick<VideoRow, 'review'>): ReviewState | undefined {
  return row.review ? (JSON.parse(row.review) as ReviewState) : undefined;
}

/** Whether the engine has work to do on a job in `awaiting_approval`: a board to redo. */
export function isRedoing(row: Pick<VideoRow, 'status' | 'review'>): boolean {
  return row.status === 'awaiting_approval' && reviewOf(row)?.state === 'redoing';
}
