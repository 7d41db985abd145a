import path from 'node:path';
import type { NodeContext } from '../../node-context.js';
import { restoreJobFiles } from '../../storage/job-files.js';
import { DOCUMENTS_FILE } from '../materials/prepare-materials.js';

/** A path relative to `files/` of a job's file or a brand kit's logo, as the rows store them. */
const FILE_REFERENCE = /^(?:videos|brand-kits)\/[\w.-]+(?:\/[\w.-]+)*\.\w+$/;

/** Every string in a JSON value that names a file under `files/`. */
function referencesIn(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (FILE_REFERENCE.test(value) && !value.split('/').includes('..')) into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) referencesIn(item, into);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) referencesIn(item, into);
  }
}

function parsed(json: string | null | undefined): unknown {
  if (!json) return undefined;
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/**
 * The files (relative to `files/`) a job's rows name: its inputs (the create options'
 * attachments and the documents read at create), prepared assets and stills (the plan, the review
 * state, scene settings), narration clips, the soundtrack, the brand kit's logo, its MP4 and those of its other renders. Read from the rows rather
 * than listed from the bucket, so an edit's files borrowed from its source job come along too.
 */
export function jobFileReferences(ctx: Pick<NodeContext, 'videos' | 'brandKits'>, videoId: string): string[] {
  const row = ctx.videos.get(videoId);
  if (!row) return [];
  const found = new Set<string>([path.posix.join('videos', videoId, 'inputs', DOCUMENTS_FILE)]);
  for (const json of [row.options, row.plan, row.review]) referencesIn(parsed(json), found);
  // The brand kit's logo, which the plan stage prepares as an asset.
  const brandKitId = (parsed(row.options) as { brandKitId?: unknown } | undefined)?.brandKitId;
  if (typeof brandKitId === 'string') referencesIn(ctx.brandKits.get(brandKitId)?.logo_path, found);
  referencesIn([row.soundtrack_path, row.output_path], found);
  for (const scene of ctx.videos.scenes(videoId)) {
    referencesIn(parsed(scene.settings), found);
    referencesIn(scene.narration_audio, found);
  }
  for (const render of ctx.videos.listRenders(videoId)) referencesIn(render.output_path, found);
  return [...found];
}

/**
 * Brings back from the bucket the files of a job this disk lacks, before the job's stages run (a
 * restarted node on a new disk, or a moved machine with the database copied). Resolves the paths
 * restored; without a store it does nothing.
 */
export async function restoreFilesOfJob(ctx: Pick<NodeContext, 'videos' | 'brandKits' | 'store' | 'filesDir'>, videoId: string): Promise<string[]> {
  if (!ctx.store) return [];
  return restoreJobFiles(ctx, jobFileReferences(ctx, videoId));
}
