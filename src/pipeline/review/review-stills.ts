import path from 'node:path';
import { saveJobFiles } from '../../storage/job-files.js';
import { pictureReference } from '../materials/picture-reference.js';
import { StillError, type StillProvider } from '../providers/stills/still-provider.js';
import type { StageContext } from '../stages/stage-context.js';
import { storedPlanOf } from '../stages/stored-plan.js';
import { parseWarnings, type JobWarning } from '../videos/job-warnings.js';
import type { CastMember } from './review-state.js';

/** Side of a generated cast portrait, in pixels. */
const PORTRAIT_SIDE = 768;

/** The warning a portrait or storyboard still gets when the image model made none; the kit draws it. */
export function stillFallbackWarning(what: string, reason: string): JobWarning {
  return { code: 'still_fallback', message: `${what} is drawn by the kit: the image model made no picture for it (${reason}).` };
}

/** Where the review's generated pictures are kept (absolute). */
function picturesDir(stage: StageContext): string {
  return path.join(stage.ctx.filesDir, 'videos', stage.jobId, 'review', 'pictures');
}

/** Adds a made picture to the plan's assets (and a warning, for a picture not made), in one write. */
function addAsset(stage: StageContext, name: string, file: string): void {
  const current = storedPlanOf(stage.job());
  const relative = path.relative(stage.ctx.filesDir, file).split(path.sep).join('/');
  stage.progress({ plan: JSON.stringify({ ...current, assets: { ...current.assets, [name]: relative } }) });
}

function warn(stage: StageContext, warning: JobWarning): void {
  stage.progress({ warnings: JSON.stringify([...parseWarnings(stage.job().warnings), warning]) });
}

/** Asks the model for one picture; undefined (and a warning) when it cannot make it. */
async function makePicture(stage: StageContext, provider: StillProvider, what: string, request: Omit<Parameters<StillProvider['makeStill']>[0], 'dir'>): Promise<string | undefined> {
  let file: string;
  try {
    file = (await provider.makeStill({ ...request, dir: picturesDir(stage) }, stage.signal)).path;
  } catch (error) {
    if (!(error instanceof StillError) || stage.signal.aborted) throw error;
    stage.logger?.warn({ videoId: stage.jobId, err: error }, 'the image model made no picture; the kit draws it');
    warn(stage, stillFallbackWarning(what, error.message));
    return undefined;
  }
  await saveJobFiles(stage.ctx, [path.relative(stage.ctx.filesDir, file).split(path.sep).join('/')]);
  return file;
}

/**
 * With an image model, a portrait for each cast member that has no picture (no attached image and
 * no portrait yet), from its name and look; the others as they are. Without one: the cast as it is
 * (the kit draws the portraits).
 */
export async function castPortraits(stage: StageContext, cast: CastMember[], round: number): Promise<CastMember[]> {
  const provider = stage.stills;
  if (!provider) return cast;
  const out: CastMember[] = [];
  for (const [index, member] of cast.entries()) {
    stage.checkCancel();
    if (member.image || member.portrait) {
      out.push(member);
      continue;
    }
    stage.progress({ phase_detail: `Portrait of ${member.name} (${provider.name})` });
    const file = await makePicture(stage, provider, `The portrait of ${member.name}`, {
      description: `Portrait of ${member.name}: ${member.look}. Head and shoulders, facing the camera, soft light, plain background, no text.`,
      width: PORTRAIT_SIDE,
      height: PORTRAIT_SIDE,
      seed: `${member.name}-${round}`,
    });
    if (!file) {
      out.push(member);
      continue;
    }
    const name = `portrait-${index}-r${round}`;
    addAsset(stage, name, file);
    out.push({ ...member, portrait: name });
  }
  return out;
}

/**
 * With an image model, a still for each planned film shot in `sceneIds` (every shot when unset)
 * that has no picture: its description, at the job's size, with the portraits of the cast it shows
 * as references. It becomes the shot's `image`, so the storyboard shows it and the footage starts
 * from it. Checkpoint: each scene's settings.
 */
export async function shotStills(stage: StageContext, cast: CastMember[], sceneIds?: ReadonlySet<string>): Promise<void> {
  const provider = stage.stills;
  if (!provider) return;
  const { ctx } = stage;
  const scenes = ctx.videos.scenes(stage.jobId).filter((scene) => scene.kind === 'footage' && !scene.committed_at && (!sceneIds || sceneIds.has(scene.id)));
  for (const scene of scenes) {
    const settings = JSON.parse(scene.settings) as Record<string, unknown>;
    if (typeof settings.image === 'string' || settings.stillError !== undefined) continue;
    stage.checkCancel();
    stage.progress({ phase_detail: `Storyboard still of scene ${scene.position + 1} (${provider.name})` });
    const plan = storedPlanOf(stage.job());
    const shown = Array.isArray(settings.cast) ? cast.filter((member) => (settings.cast as unknown[]).includes(member.name)) : [];
    const row = stage.job();
    const file = await makePicture(stage, provider, `The storyboard still of scene ${scene.position + 1}`, {
      description: `${String(settings.description ?? scene.title)}. A cinematic film frame, no text.`,
      width: row.width,
      height: row.height,
      references: shown.flatMap((member) => pictureReference(stage.ctx.filesDir, plan.assets, member.portrait ?? member.image)),
      ...(typeof settings.seed === 'string' ? { seed: settings.seed } : {}),
    });
    ctx.db.transaction(() => {
      if (file) {
        const name = `still-${scene.id}-${String(settings.seed ?? '')}`.replace(/[^\w.-]+/g, '-').slice(0, 80);
        addAsset(stage, name, file);
        ctx.db.prepare('UPDATE scenes SET settings = ? WHERE id = ?').run(JSON.stringify({ ...settings, image: name, stillProvider: provider.name }), scene.id);
      } else {
        ctx.db.prepare('UPDATE scenes SET settings = ? WHERE id = ?').run(JSON.stringify({ ...settings, stillError: true }), scene.id);
      }
    })();
  }
}
