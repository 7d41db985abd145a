import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ensureBundle } from '../../render/bundle/ensure-bundle.js';
import { compileScene } from '../../render/scene-code/compile-scene.js';
import { saveJobFiles } from '../../storage/job-files.js';
import type { SceneRow } from '../../store/videos-store.js';
import { sceneAssetUrls } from '../materials/prepare-materials.js';
import { kitTemplate } from '../providers/embedded/embedded-scene-writer.js';
import type { StageContext } from '../stages/stage-context.js';
import { storedPlanOf } from '../stages/stored-plan.js';
import type { CastMember, ReviewGate, ReviewStill } from './review-state.js';

/** The scene a cast sheet renders: the kit's CastSheet with the member's portrait. */
const CAST_SHEET_SOURCE = `import React from 'react';
import { CastSheet } from '@kit';

export default function Scene({ theme, settings, assets }) {
  const image = settings.image ? assets[settings.image] : undefined;
  return <CastSheet theme={theme} name={settings.name} look={settings.look} image={image} kicker={settings.kicker} />;
}
`;

/** Frames a cast sheet is rendered over, and the one taken: entrances done, the exit not begun. */
const CAST_SHEET_FRAMES = 90;
const CAST_SHEET_STILL = 60;

const compiled = new Map<string, Promise<string>>();
const codeOf = (source: string) => {
  let code = compiled.get(source);
  if (!code) {
    code = compileScene(source).then((scene) => scene.code);
    compiled.set(source, code);
  }
  return code;
};

/** Where a board's still is kept, relative to files/. */
function stillPath(jobId: string, gate: ReviewGate, round: number, index: number): string {
  return path.posix.join('videos', jobId, 'review', `${gate}-r${round}-${index}.jpeg`);
}

/** Renders one JPEG still of kit code at a frame, into files/`relative`. */
async function renderStill(stage: StageContext, source: string, settings: Record<string, unknown>, durationInFrames: number, frame: number, relative: string): Promise<void> {
  const row = stage.job();
  const plan = storedPlanOf(row);
  const output = path.join(stage.ctx.filesDir, relative);
  mkdirSync(path.dirname(output), { recursive: true });
  const code = await codeOf(source);
  await stage.pool.run(
    {
      type: 'stills',
      serveUrl: await ensureBundle(stage.cacheDir),
      inputProps: {
        code,
        theme: plan.theme,
        settings,
        assets: sceneAssetUrls(stage.ctx.filesDir, plan.assets ?? {}, settings, code, plan.theme),
        width: row.width,
        height: row.height,
        fps: row.fps,
        durationInFrames,
      },
      frames: [frame],
      outputPaths: [output],
      imageFormat: 'jpeg',
    },
    { signal: stage.signal },
  );
  await saveJobFiles(stage.ctx, [relative]);
}

/**
 * The cast sheets: one still per member, at the job's size. Members not in `redraw` keep the
 * still they have on `previous` (a redo draws only what the changes named).
 */
export async function renderCastSheets(stage: StageContext, cast: CastMember[], round: number, previous: ReviewStill[] = [], redraw?: ReadonlySet<string>): Promise<ReviewStill[]> {
  const row = stage.job();
  const stills: ReviewStill[] = [];
  for (const [index, member] of cast.entries()) {
    stage.checkCancel();
    const kept = previous.find((still) => still.name === member.name);
    if (kept && redraw && !redraw.has(member.name)) {
      stills.push({ ...kept, index });
      continue;
    }
    stage.progress({ phase_detail: `Drawing the cast sheet of ${member.name} (${index + 1} of ${cast.length})` });
    const relative = stillPath(stage.jobId, 'cast', round, index);
    const image = member.portrait ?? member.image;
    await renderStill(stage, CAST_SHEET_SOURCE, { name: member.name, look: member.look, ...(image ? { image } : {}) }, CAST_SHEET_FRAMES, CAST_SHEET_STILL, relative);
    stills.push({ index, name: member.name, path: relative, width: row.width, height: row.height, time_seconds: 0 });
  }
  return stills;
}

/**
 * The storyboard: one still per planned scene, the middle frame of its shot drawn by the kit (as
 * the embedded footage will film it). Scenes not in `redraw` keep their still from `previous`.
 */
export async function renderStoryboard(stage: StageContext, scenes: SceneRow[], round: number, previous: ReviewStill[] = [], redraw?: ReadonlySet<string>): Promise<ReviewStill[]> {
  const row = stage.job();
  const stills: ReviewStill[] = [];
  let start = 0;
  for (const [index, scene] of [...scenes].sort((a, b) => a.position - b.position).entries()) {
    stage.checkCancel();
    const frames = Math.max(1, Math.round(scene.duration_seconds * row.fps));
    const middle = Math.floor((frames - 1) / 2);
    const time = Math.round((start + middle / row.fps) * 1000) / 1000;
    start += scene.duration_seconds;
    const kept = previous.find((still) => still.scene_id === scene.id);
    if (kept && redraw && !redraw.has(scene.id)) {
      stills.push({ ...kept, index, time_seconds: time });
      continue;
    }
    stage.progress({ phase_detail: `Drawing storyboard still ${index + 1} of ${scenes.length}` });
    const relative = stillPath(stage.jobId, 'storyboard', round, index);
    const kind = scene.kind as Parameters<typeof kitTemplate>[0];
    await renderStill(stage, kitTemplate(kind), JSON.parse(scene.settings) as Record<string, unknown>, frames, middle, relative);
    stills.push({ index, scene_id: scene.id, path: relative, width: row.width, height: row.height, time_seconds: time });
  }
  return stills;
}
