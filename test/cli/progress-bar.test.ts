import { describe, expect, it } from 'vitest';
import { ProgressBar, type BarStream } from '../../src/cli/progress-bar.js';

function stream(isTTY: boolean): BarStream & { text: string } {
  return {
    isTTY,
    columns: 100,
    text: '',
    write(chunk: string) {
      this.text += chunk;
      return true;
    },
  };
}

/** The percentages of the frames a terminal bar drew, in order. */
function drawnPercents(text: string): number[] {
  return [...text.matchAll(/\] +(\d+)%/g)].map((match) => Number(match[1]));
}

describe('ProgressBar', () => {
  it('never draws less than the furthest fraction it was given', () => {
    const out = stream(true);
    const bar = new ProgressBar({ stream: out });
    bar.update({ fraction: 0.62, stage: 'finishing' });
    bar.update({ fraction: 0.95, stage: 'rendering', detail: '100% (frame 90/90)' });
    bar.update({ fraction: 0.4, stage: 'rendering', detail: '10% (frame 9/90)' });
    bar.update({ fraction: undefined, stage: 'failed', detail: '(no browser)' });
    expect(drawnPercents(out.text)).toEqual([62, 95, 95, 95]);
    expect(bar.fraction).toBe(0.95);
    expect(out.text).toContain(']  95%  rendering 10% (frame 9/90)');
    expect(out.text).toContain(']  95%  failed (no browser)');
  });

  it('on a terminal redraws one line, blanks what a longer line left, and ends the line once on done', () => {
    const out = stream(true);
    const bar = new ProgressBar({ stream: out });
    bar.update({ fraction: 0.1, stage: 'generating', detail: '0/3 scenes (Writing scene 1 of 3: A long title)' });
    bar.update({ fraction: 1, stage: 'done' });
    bar.done();
    bar.done();
    const frames = out.text.replace(/\n$/, '').split('\r').slice(1);
    expect(frames).toHaveLength(2);
    expect(frames[1]!.startsWith(`[${'#'.repeat(28)}] 100%  done `)).toBe(true);
    expect(frames[1]!.length).toBe(frames[0]!.length);
    expect(out.text.endsWith('\n')).toBe(true);
    expect(out.text.match(/\n/g)).toHaveLength(1);
  });

  it('off a terminal prints a line when the stage changes or another tenth is done, never a carriage return', () => {
    const out = stream(false);
    const bar = new ProgressBar({ stream: out });
    bar.update({ fraction: 0, stage: 'queued' });
    bar.update({ fraction: 0.02, stage: 'planning', step: 'writing the story plan' });
    bar.update({ fraction: 0.02, stage: 'planning', step: 'narrating scene 1 of 3' });
    for (let committed = 0; committed <= 3; committed += 1) {
      bar.update({ fraction: 0.12 + (0.5 * committed) / 3, stage: 'generating', detail: `${committed}/3 scenes` });
    }
    for (let frame = 0; frame <= 90; frame += 9) {
      bar.update({ fraction: 0.67 + (0.31 * frame) / 90, stage: 'rendering', detail: `${Math.floor((100 * frame) / 90)}% (frame ${frame}/90)` });
    }
    bar.update({ fraction: 0.5, stage: 'rendering', detail: '0% (frame 0/90)' });
    bar.update({ fraction: 1, stage: 'done' });
    bar.done();
    expect(out.text).not.toContain('\r');
    const lines = out.text.trimEnd().split('\n');
    expect(lines).toEqual([
      '[  0%] queued',
      '[  2%] writing the story plan',
      '[ 12%] generating 0/3 scenes',
      '[ 28%] generating 1/3 scenes',
      '[ 45%] generating 2/3 scenes',
      '[ 62%] generating 3/3 scenes',
      '[ 67%] rendering 0% (frame 0/90)',
      '[ 70%] rendering 10% (frame 9/90)',
      '[ 82%] rendering 50% (frame 45/90)',
      '[ 91%] rendering 80% (frame 72/90)',
      '[100%] done',
    ]);
  });

  it('prints nothing off a terminal for a --json command, so stderr keeps only an error object', () => {
    const out = stream(false);
    const bar = new ProgressBar({ stream: out, json: true });
    bar.update({ fraction: 0.5, stage: 'rendering', detail: '50% (frame 45/90)' });
    bar.done();
    expect(out.text).toBe('');
    const terminal = stream(true);
    new ProgressBar({ stream: terminal, json: true }).update({ fraction: 0.5, stage: 'rendering' });
    expect(terminal.text).toContain(' 50%  rendering');
  });
});
