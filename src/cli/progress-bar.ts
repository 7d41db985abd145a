import { readingLabel, type ProgressReading } from './job-progress.js';

/** Where a bar draws: stderr, or any stream that may be a terminal. */
export interface BarStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** Options of a {@link ProgressBar}. */
export interface ProgressBarOptions {
  /** @default process.stderr */
  stream?: BarStream;
  /**
   * The command prints JSON: off a terminal the bar then prints nothing, so stderr holds only the
   * error object of a failure. @default false
   */
  json?: boolean;
  /**
   * `tty` redraws one line in place; `lines` prints a line when the stage changes or another tenth
   * of the work is done; `off` draws nothing. @default `tty` on a terminal, else `lines` (`off` with `json`)
   */
  mode?: 'tty' | 'lines' | 'off';
}

const BAR_WIDTH = 28;

/**
 * The CLI's progress: an overall fraction that only moves forward (a reading below the furthest
 * one seen draws at the furthest) and a label naming the current stage with its own detail.
 */
export class ProgressBar {
  private readonly stream: BarStream;
  private readonly mode: 'tty' | 'lines' | 'off';
  private furthest = 0;
  private lastLine = '';
  private lastStage = '';
  private lastTenth = -1;

  constructor(options: ProgressBarOptions = {}) {
    this.stream = options.stream ?? process.stderr;
    this.mode = options.mode ?? (this.stream.isTTY ? 'tty' : options.json ? 'off' : 'lines');
  }

  /** The fraction drawn now: the furthest reached. */
  get fraction(): number {
    return this.furthest;
  }

  /** Draws a reading; its fraction counts only when it is further than any before. */
  update(reading: ProgressReading): void {
    if (reading.fraction !== undefined && Number.isFinite(reading.fraction)) {
      this.furthest = Math.max(this.furthest, Math.min(1, reading.fraction));
    }
    if (this.mode === 'off') return;
    const percent = String(Math.floor(this.furthest * 100)).padStart(3);
    const label = readingLabel(reading);
    if (this.mode === 'lines') {
      const tenth = Math.floor(this.furthest * 10);
      if (reading.stage === this.lastStage && tenth <= this.lastTenth) return;
      this.lastStage = reading.stage;
      this.lastTenth = tenth;
      this.stream.write(`[${percent}%] ${label}\n`);
      return;
    }
    const filled = Math.round(this.furthest * BAR_WIDTH);
    // A pseudo-terminal may report 0 columns.
    const columns = Math.max(40, (this.stream.columns || 100) - 1);
    const line = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${percent}%  ${label}`.slice(0, columns);
    if (line === this.lastLine) return;
    // Spaces over what is left of a longer previous line.
    this.stream.write(`\r${line}${' '.repeat(Math.max(0, this.lastLine.length - line.length))}`);
    this.lastLine = line;
  }

  /** Ends the bar's line (on a terminal); the bar can be drawn again after. */
  done(): void {
    if (this.mode === 'tty' && this.lastLine) this.stream.write('\n');
    this.lastLine = '';
  }
}
