/** Bundle worker → parent. */
export type BundleWorkerMessage = { type: 'progress'; percent: number } | { type: 'done' } | { type: 'error'; message: string };
