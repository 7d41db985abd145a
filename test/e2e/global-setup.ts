import { E2E_CACHE_DIR } from './e2e-node.js';
import { ensureBundle } from '../../src/render/bundle/ensure-bundle.js';

/** Builds the compositions bundle once before the render tests (they share its cache). */
export default async function setup(): Promise<void> {
  await ensureBundle(E2E_CACHE_DIR);
}
