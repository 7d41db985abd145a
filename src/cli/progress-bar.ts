/** A one-line progress bar on stderr (only when stderr is a terminal, or when forced). */
export class ProgressBar {
  private last = '';
  private readonly enabled: boolean;

  constructor(options: { enabled?: boolean } = {}) {
    this.enabled = options.enabled ?? Boolean(process.stderr.isTTY);
  }

  /** Draws the bar at `fraction` (0..1) with a label. */
  update(fraction: number, label: string): void {
    if (!this.enabled) return;
    const width = 28;
    const filled = Math.round(Math.max(0, Math.min(1, fraction)) * width);
    const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.floor(fraction * 100)).padStart(3)}%  ${label}`.slice(0, 110);
    if (line === this.last) return;
    this.last = line;
    process.stderr.write(`\r${line.padEnd(110)}`);
  }

  /** Ends the bar's line. */
  done(): void {
    if (this.enabled && this.last) process.stderr.write('\n');
    this.last = '';
  }
}
