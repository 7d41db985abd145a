import { ServiceError } from '../errors/service-error.js';

/** Options every printing command takes. */
export interface OutputOptions {
  json?: boolean;
}

/** Prints data as JSON (`--json`) or through a human formatter. */
export function print(data: unknown, options: OutputOptions, human: () => string): void {
  process.stdout.write(options.json ? JSON.stringify(data, null, 2) + '\n' : human() + '\n');
}

/** A plain aligned table. */
export function table(rows: Record<string, unknown>[], columns: string[]): string {
  if (rows.length === 0) return '(none)';
  const cells = rows.map((row) => columns.map((column) => formatCell(row[column])));
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((row) => row[i]!.length)));
  const line = (values: string[]) => values.map((value, i) => value.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(columns.map((c) => c.toUpperCase())), ...cells.map(line)].join('\n');
}

/** `key: value` lines. */
export function details(record: Record<string, unknown>): string {
  const width = Math.max(...Object.keys(record).map((key) => key.length));
  return Object.entries(record)
    .map(([key, value]) => `${(key + ':').padEnd(width + 1)} ${formatCell(value)}`)
    .join('\n');
}

function formatCell(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Reports a failed command on stderr (as an error object with `--json`) and sets the exit code. */
export function reportError(error: unknown, options: OutputOptions): void {
  const serviceError =
    error instanceof ServiceError
      ? error
      : new ServiceError('internal_error', error instanceof Error ? error.message : String(error), { cause: error });
  process.stderr.write(
    options.json ? JSON.stringify(serviceError.toBody()) + '\n' : `error: ${serviceError.message}\n`,
  );
  process.exitCode = 1;
}

/** Reads all of stdin as text (for `--password-stdin`), without its final newline. */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}
