import { describe, expect, it } from 'vitest';
import { infographicRenderProgress, jobProgress, readingLabel, renderReading, snapshotOfPoll, type JobSnapshot, type ProgressReading } from '../../src/cli/job-progress.js';

const STAGES = ['queued', 'planning', 'generating', 'finishing', 'rendering', 'done'];

/** The states a rendered three-scene job passes through, as the engine writes them. */
const RENDERED_JOB: JobSnapshot[] = [
  { status: 'queued', phaseDetail: 'Waiting for a worker', scenesPlanned: 0, scenesCommitted: 0 },
  { status: 'processing', phase: 'planning', phaseDetail: 'Writing the story plan', scenesPlanned: 0, scenesCommitted: 0 },
  { status: 'processing', phase: 'planning', phaseDetail: 'Narrating scene 2 of 3', scenesPlanned: 0, scenesCommitted: 0 },
  { status: 'processing', phase: 'generating', phaseDetail: 'Planned 3 scenes: Octopuses', scenesPlanned: 3, scenesCommitted: 0 },
  { status: 'processing', phase: 'generating', phaseDetail: 'Writing scene 1 of 3: Hearts', scenesPlanned: 3, scenesCommitted: 0 },
  { status: 'processing', phase: 'generating', phaseDetail: 'Committed scene 1 of 3: Hearts', scenesPlanned: 3, scenesCommitted: 1 },
  { status: 'processing', phase: 'generating', phaseDetail: 'Committed scene 3 of 3: Brains', scenesPlanned: 3, scenesCommitted: 3 },
  { status: 'processing', phase: 'finishing', phaseDetail: 'Mixing the soundtrack', scenesPlanned: 3, scenesCommitted: 3 },
  // The moment the old bar drew "100% rendering: Rendering the MP4: 0%".
  { status: 'rendering', phaseDetail: 'Rendering the MP4', scenesPlanned: 3, scenesCommitted: 3, framesDone: 0, framesTotal: 0 },
  { status: 'rendering', phaseDetail: 'Rendering the MP4: 0%', scenesPlanned: 3, scenesCommitted: 3, framesDone: 0, framesTotal: 180 },
  { status: 'rendering', phaseDetail: 'Rendering the MP4: 42%', scenesPlanned: 3, scenesCommitted: 3, framesDone: 76, framesTotal: 180 },
  { status: 'rendering', phaseDetail: 'Rendering the MP4: 100%', scenesPlanned: 3, scenesCommitted: 3, framesDone: 180, framesTotal: 180 },
  { status: 'completed', phaseDetail: 'Done', scenesPlanned: 3, scenesCommitted: 3, framesDone: 180, framesTotal: 180 },
];

const labelOf = readingLabel;

function expectForwardAndSingleStage(readings: ProgressReading[]): void {
  const fractions = readings.map((reading) => reading.fraction!);
  for (const [index, fraction] of fractions.entries()) {
    expect(fraction, `reading ${index}`).toBeGreaterThanOrEqual(0);
    expect(fraction, `reading ${index}`).toBeLessThanOrEqual(1);
    if (index > 0) expect(fraction, `reading ${index} (${labelOf(readings[index]!)}) after ${labelOf(readings[index - 1]!)}`).toBeGreaterThanOrEqual(fractions[index - 1]!);
  }
  for (const reading of readings) {
    const label = labelOf(reading);
    expect(STAGES).toContain(reading.stage);
    // One stage named (or the step in the job's words, naming none), and at most one percentage: the stage's own.
    expect(STAGES.filter((stage) => label.startsWith(stage) || label.includes(` ${stage}`)), label).toEqual(reading.step ? [] : [reading.stage]);
    expect(label.match(/%/g)?.length ?? 0, label).toBeLessThanOrEqual(1);
    expect(label).not.toMatch(/processing|Rendering the MP4/);
  }
}

describe('jobProgress', () => {
  it('moves a rendered job forward through planning, generating, finishing and rendering, naming one stage at a time', () => {
    const readings = RENDERED_JOB.map((job) => jobProgress(job, { render: true }));
    expectForwardAndSingleStage(readings);
    expect(readings.map((reading) => reading.stage)).toEqual([
      'queued', 'planning', 'planning', 'generating', 'generating', 'generating', 'generating', 'finishing', 'rendering', 'rendering', 'rendering', 'rendering', 'done',
    ]);
    // Narration is spoken in the API's planning phase, but it is not planning: the bar says what it is.
    expect(labelOf(readings[1]!)).toBe('writing the story plan');
    expect(labelOf(readings[2]!)).toBe('narrating scene 2 of 3');
    expect(labelOf(readings[5]!)).toBe('generating 1/3 scenes (Committed scene 1 of 3: Hearts)');
    expect(labelOf(readings[10]!)).toBe('rendering 42% (frame 76/180)');
    expect(readings.at(-1)!.fraction).toBe(1);
  });

  it('maps the render into its own band: after generation, short of done until the job completes', () => {
    const finishing = jobProgress(RENDERED_JOB[7]!, { render: true }).fraction!;
    const renderStart = jobProgress(RENDERED_JOB[9]!, { render: true }).fraction!;
    const renderEnd = jobProgress(RENDERED_JOB[11]!, { render: true }).fraction!;
    expect(renderStart).toBeGreaterThan(finishing);
    expect(renderEnd).toBeGreaterThan(renderStart);
    expect(renderEnd).toBeLessThan(1);
  });

  it('fills the bar through finishing for a job that does not render', () => {
    const readings = RENDERED_JOB.filter((job) => job.status !== 'rendering').map((job) => jobProgress(job, { render: false }));
    expectForwardAndSingleStage(readings);
    expect(jobProgress(RENDERED_JOB[7]!, { render: false }).fraction).toBeGreaterThan(jobProgress(RENDERED_JOB[7]!, { render: true }).fraction!);
  });

  it('holds the bar where it was when the job fails or is canceled, and names the failure', () => {
    expect(jobProgress({ status: 'failed', phase: 'generating', scenesPlanned: 3, scenesCommitted: 1, errorMessage: 'the browser crashed' }, { render: true })).toEqual({
      fraction: undefined,
      stage: 'failed',
      detail: '(the browser crashed)',
    });
    expect(jobProgress({ status: 'canceled', scenesPlanned: 3, scenesCommitted: 1 }, { render: true })).toEqual({ fraction: undefined, stage: 'canceled' });
  });

  it('reads a poll response, including the render frames a node reports while rendering', () => {
    const job = snapshotOfPoll({ status: 'rendering', phase_detail: 'Rendering the MP4: 50%', progress: { scenes_committed: 2, scenes_planned: 2, frames_done: 60, frames_total: 120 } });
    expect(labelOf(jobProgress(job, { render: true }))).toBe('rendering 50% (frame 60/120)');
    const held = snapshotOfPoll({ status: 'rendering', phase_detail: 'Rendering the MP4: 50% (40 frames captured, 20 held, 31 frames/s)', progress: { scenes_committed: 2, scenes_planned: 2, frames_done: 60, frames_total: 120 } });
    expect(labelOf(jobProgress(held, { render: true }))).toBe('rendering 50% (frame 60/120) · 40 frames captured, 20 held, 31 frames/s');
    const failed = snapshotOfPoll({ status: 'failed', progress: { scenes_committed: 0, scenes_planned: 2 }, error: { code: 'render_failed', message: 'no browser' } });
    expect(labelOf(jobProgress(failed, { render: true }))).toBe('failed (no browser)');
  });
});

describe('readingLabel', () => {
  it('names the planning phase by the step the job says it is on, and says planning only when it says none', () => {
    const planning = (phaseDetail?: string) => readingLabel(jobProgress({ status: 'processing', phase: 'planning', phaseDetail, scenesPlanned: 0, scenesCommitted: 0 }, { render: false }));
    expect(planning('Narrating scene 1 of 3')).toBe('narrating scene 1 of 3');
    expect(planning('Narrating scene 2 again')).toBe('narrating scene 2 again');
    expect(planning('Enhancing the prompt')).toBe('enhancing the prompt');
    expect(planning('SVG logo traced')).toBe('SVG logo traced');
    expect(planning()).toBe('planning');
    expect(jobProgress({ status: 'processing', phase: 'planning', phaseDetail: 'Narrating scene 1 of 3', scenesPlanned: 0, scenesCommitted: 0 }, { render: false }).stage).toBe('planning');
  });
});

describe('renderReading', () => {
  it('counts frames within its band and says the frame', () => {
    expect(renderReading(0, 300)).toEqual({ fraction: 0, stage: 'rendering', detail: '0% (frame 0/300)' });
    expect(renderReading(150, 300, [0.5, 0.9])).toEqual({ fraction: 0.7, stage: 'rendering', detail: '50% (frame 150/300)' });
    expect(renderReading(0, 0)).toEqual({ fraction: 0, stage: 'rendering' });
    expect(renderReading(90, 300, undefined, '60 frames captured, 30 held, 25 frames/s').detail).toBe('30% (frame 90/300) · 60 frames captured, 30 held, 25 frames/s');
  });
});

describe('infographicRenderProgress', () => {
  it('goes queued, rendering, done and holds on failure', () => {
    const readings = ['queued', 'rendering', 'completed'].map((status) => infographicRenderProgress(status));
    expectForwardAndSingleStage(readings);
    expect(infographicRenderProgress('failed', 'out of memory')).toEqual({ fraction: undefined, stage: 'failed', detail: '(out of memory)' });
  });
});
