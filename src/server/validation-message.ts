import type { z } from 'zod';

/** Formats the first zod issue as "<part>.<field>: <problem>". */
export function validationMessage(error: z.ZodError, part: string): string {
  const issue = error.issues[0]!;
  const field = [part, ...issue.path.map(String)].join('.');
  if (issue.code === 'unrecognized_keys') return `${part}${issue.path.length ? '.' + issue.path.join('.') : ''}: unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  return `${field}: ${issue.message}`;
}
