import path from 'node:path';
import { PACKAGE_ROOT } from '../../package-root.js';

/** The Remotion project's folder. */
export const COMPOSITIONS_DIR = path.join(PACKAGE_ROOT, 'compositions');
