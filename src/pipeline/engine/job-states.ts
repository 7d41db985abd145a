/** Video job statuses, per the spec. */
export const JOB_STATUSES = ['queued', 'processing', 'rendering', 'completed', 'failed', 'canceled', 'awaiting_approval'] as const;
/** One of {@link JOB_STATUSES}. */
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Terminal statuses: nothing moves a job out of them. */
export const TERMINAL_STATUSES: ReadonlySet<JobStatus> = new Set(['completed', 'failed', 'canceled']);

/** Finer steps inside `processing`. */
export type JobPhase = 'planning' | 'generating' | 'finishing';

/** What moves a job. */
export type JobTrigger =
  | 'start' // the engine picks the job up
  | 'generation_done_render' // generation ended and an MP4 was asked for
  | 'succeed'
  | 'fail'
  | 'cancel' // POST /cancel taking effect
  | 'gate_reached' // a storyboard review gate
  | 'approve' // POST /approve with an empty body: the build continues
  | 'request_changes'; // POST /approve with changes: redone, paused again

/**
 * The spec's transition table, in one place: the engine moves jobs only through it and the tests
 * read it. Cancel while processing is cooperative: the request sets a flag, and the engine applies
 * `cancel` at its next checkpoint.
 */
export const TRANSITIONS: readonly { from: readonly JobStatus[]; trigger: JobTrigger; to: JobStatus }[] = [
  { from: ['queued'], trigger: 'start', to: 'processing' },
  { from: ['processing'], trigger: 'generation_done_render', to: 'rendering' },
  { from: ['processing', 'rendering'], trigger: 'succeed', to: 'completed' },
  { from: ['queued', 'processing', 'rendering', 'awaiting_approval'], trigger: 'fail', to: 'failed' },
  // Cancel while rendering is our addition (DECISIONS is silent): cooperative, like processing.
  { from: ['queued', 'processing', 'rendering', 'awaiting_approval'], trigger: 'cancel', to: 'canceled' },
  { from: ['processing'], trigger: 'gate_reached', to: 'awaiting_approval' },
  { from: ['awaiting_approval'], trigger: 'approve', to: 'processing' },
  { from: ['awaiting_approval'], trigger: 'request_changes', to: 'awaiting_approval' },
];

/** The status a trigger moves a job to from `from`, or undefined when the table has no such row. */
export function nextStatus(from: JobStatus, trigger: JobTrigger): JobStatus | undefined {
  return TRANSITIONS.find((row) => row.trigger === trigger && row.from.includes(from))?.to;
}

/** Whether a status is terminal. */
export function isTerminal(status: JobStatus): boolean {
  return TERMINAL_STATUSES.has(status);
}
