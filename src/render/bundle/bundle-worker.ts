// The bundle builder: a child process that runs webpack (@remotion/bundler) over compositions/ into
// the folder it is given. Webpack holds a thread for tens of seconds and grows a heap of hundreds of
// megabytes; here neither is the server's.
import path from 'node:path';
import { bundle } from '@remotion/bundler';
import type { BundleWorkerMessage } from './bundle-protocol.js';
import { COMPOSITIONS_DIR } from './compositions-dir.js';

function send(message: BundleWorkerMessage): void {
  process.send?.(message);
}

const outDir = process.argv[2];
try {
  if (!outDir) throw new Error('bundle worker: no output folder given');
  await bundle({
    entryPoint: path.join(COMPOSITIONS_DIR, 'index.ts'),
    outDir,
    enableCaching: false,
    onProgress: (percent) => send({ type: 'progress', percent }),
  });
  send({ type: 'done' });
} catch (error) {
  send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  process.exitCode = 1;
}
process.disconnect?.();
