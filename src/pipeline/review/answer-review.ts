import { invalidRequest, ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import type { VideoRow } from '../../store/videos-store.js';
import { applyTransition } from '../engine/apply-transition.js';
import type { EditReader } from '../edit/model-edit-reader.js';
import { readCastChanges } from './cast.js';
import { BOARD_NAMES, reviewOf, type ReviewState } from './review-state.js';
import { readStoryboardChanges } from './storyboard-changes.js';

/** The body of `POST /v1/videos/{id}/approve`: `{}` to go on, `{ changes }` to redo the board first. */
export interface ApproveBody {
  changes?: string | undefined;
}

/** The job's review when it is paused at a gate; 409 `not_awaiting_approval` otherwise. */
export function pausedReview(row: VideoRow): ReviewState {
  const review = reviewOf(row);
  if (row.status !== 'awaiting_approval' || !review) {
    throw new ServiceError('not_awaiting_approval', `video ${row.id} is ${row.status}, not paused at a review gate; only a storyboard build (storyboard: true with ai_video "full") pauses for approval`);
  }
  if (review.state !== 'paused') {
    throw new ServiceError('not_awaiting_approval', `video ${row.id} is redoing its ${BOARD_NAMES[review.gate]} after the changes asked for; answer again when review.round is ${review.round + 1}`);
  }
  return review;
}

/**
 * Answers a paused review gate (`POST /approve`, MCP `approve_video`). With no changes the same job
 * goes on (`approve`); with changes they are read and checked now (a change that cannot be made
 * is a 400 and nothing moves), then the board is redone and the job pauses again
 * (`request_changes`). Either way the engine is woken to do it. Returns the job as stored after.
 */
export async function answerReview(
  ctx: NodeContext,
  row: VideoRow,
  body: ApproveBody,
  options: { enqueue: (id: string) => void; reader?: EditReader },
): Promise<VideoRow> {
  const review = pausedReview(row);
  const changes = body.changes?.trim();
  if (body.changes !== undefined && !changes) throw invalidRequest('changes: empty; send {} to approve, or say what to change');
  let next: ReviewState;
  if (!changes) {
    next = { ...review, state: 'approved' };
  } else if (review.gate === 'cast') {
    readCastChanges(changes, review.cast);
    next = { ...review, state: 'redoing', changes };
  } else {
    const read = await readStoryboardChanges(row, ctx.videos.scenes(row.id), changes, options.reader);
    next = { ...review, state: 'redoing', changes, operations: read.operations, read_by: read.read_by };
  }
  ctx.db.transaction(() => {
    // Answered twice at once, or canceled while the changes were read: only the first answer counts.
    pausedReview(ctx.videos.get(row.id)!);
    applyTransition(ctx, row.id, changes ? 'request_changes' : 'approve', {
      review: JSON.stringify(next),
      ...(changes
        ? { phase_detail: `Redoing the ${BOARD_NAMES[review.gate]}: ${changes.slice(0, 120)}` }
        : { phase: 'generating', phase_detail: review.gate === 'cast' ? 'Cast approved: drawing the storyboard' : 'Storyboard approved: making the scenes' }),
    });
  })();
  options.enqueue(row.id);
  return ctx.videos.get(row.id)!;
}
