import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SourceDocument } from '../../documents/read-document.js';
import { saveJobTree } from '../../storage/job-files.js';
import { newId } from '../../store/ids.js';
import type { VideoRow } from '../../store/videos-store.js';
import { DOCUMENTS_FILE, prepareMaterials, type JobMaterials } from '../materials/prepare-materials.js';
import { withScenePictures } from '../materials/scene-pictures.js';
import type { StoryPlan } from '../providers/provider-types.js';
import type { NarrationLanguage } from '../speech/languages.js';
import { stripDirectives } from '../speech/read-audio-intent.js';
import { resolveTheme, type SceneTheme } from '../theme/resolve-theme.js';
import { parseWarnings } from '../videos/job-warnings.js';
import { footageMillicredits, type CreditPart } from '../create/estimate-credits.js';
import type { ResolvedVideoOptions } from '../create/resolve-video-options.js';
import { footageScenes, footageSeconds } from './footage-scenes.js';
import { followReading } from './follow-reading.js';
import { findModel } from '../../catalog/models.js';
import { MIN_DURATION_SECONDS } from '../create/create-video-schema.js';
import { attachmentPaths } from './job-attachments.js';
import type { StageContext } from './stage-context.js';
import type { NarratedPlan, StoredPlan } from './stored-plan.js';

/** A plan made but not yet stored: the planner's story, the theme chosen for it and what it drew on. */
export interface PlanDraft {
  plan: StoryPlan;
  theme: SceneTheme;
  language: NarrationLanguage;
  materials: JobMaterials;
}

/**
 * The job's estimate with its `ai_video` part priced by the seconds of film the plan holds, not the
 * share asked for at create; undefined when the job has no such part.
 */
function footageEstimate(stage: StageContext, seconds: number): { options: string; millicredits: number } | undefined {
  const row = stage.job();
  const options = JSON.parse(row.options) as ResolvedVideoOptions & { estimate?: CreditPart[] };
  const parts = options.estimate;
  if (!parts?.some((part) => part.part === 'ai_video')) return undefined;
  const estimate = parts.flatMap((part) => (part.part !== 'ai_video' ? [part] : seconds > 0 ? [{ ...part, millicredits: footageMillicredits(options, seconds) }] : []));
  return { options: JSON.stringify({ ...options, estimate }), millicredits: estimate.reduce((sum, part) => sum + part.millicredits, 0) };
}

/** The job's images (prepared as assets), documents (read at create) and brand logo. */
async function jobMaterials(stage: StageContext, row: VideoRow, brandLogoPath: string | undefined): Promise<JobMaterials> {
  const options = stage.options();
  const attachments = attachmentPaths(row);
  const images = options.images.flatMap((image, index) => {
    const file = attachments.get(`images[${index}]`);
    return file ? [{ field: `images[${index}]`, path: file, ...(image.context ? { context: image.context } : {}) }] : [];
  });
  const documentsFile = path.join(stage.ctx.filesDir, 'videos', row.id, 'inputs', DOCUMENTS_FILE);
  const documents = existsSync(documentsFile) ? (JSON.parse(readFileSync(documentsFile, 'utf8')) as SourceDocument[]) : [];
  return prepareMaterials(stage.ctx.filesDir, path.posix.join('videos', row.id, 'assets'), { images, documents, ...(brandLogoPath ? { brandLogoPath } : {}), logoWanted: LOGO_WORDS.test(row.prompt) });
}

/**
 * The plan stage: detects the narration language, prepares the materials, asks the planner for the
 * story and chooses the theme. Nothing is stored here: the narrated plan is stored whole by
 * {@link storePlan}, the plan checkpoint. Undefined when that checkpoint is already written.
 */
/** A request about a logo, in the languages the planner reads. */
const LOGO_WORDS = /\b(?:logos?|logotipo|logotype|wordmark)\b/i;

export async function planStage(stage: StageContext): Promise<PlanDraft | undefined> {
  const row = stage.job();
  if (row.plan) return undefined;
  const options = stage.options();
  stage.checkCancel();
  const language = options.narrationLanguage ?? (await stage.audio().detectLanguage(row.prompt));
  const brand = options.brandKitId ? stage.ctx.brandKits.get(options.brandKitId) : undefined;
  const brandColors = brand ? (JSON.parse(brand.colors) as Record<string, string>) : {};
  const brandFonts = brand ? (JSON.parse(brand.fonts) as Record<string, string>) : {};
  const brandName = options.brandSettings?.brandName ?? brand?.name;
  const brandDescription = options.brandSettings?.brandDescription ?? (brand?.description || undefined);
  const materials = await jobMaterials(stage, row, brand?.logo_path ?? undefined);
  const videoModel = findModel(options.model);
  await saveJobTree(stage.ctx, path.posix.join('videos', row.id, 'assets'));
  const plan = await stage.providers.planner.plan(
    {
      // The planner works from the user's own words; an enhanced prompt is shown, not planned from.
      prompt: stripDirectives(row.prompt),
      durationSeconds: options.durationSeconds,
      // A length the caller's field did not set may follow the length a model reads in the request.
      durationFrom: options.durationSource === 'model' ? 'prompt' : (options.durationSource ?? 'request'),
      narrated: options.narration,
      ...(videoModel ? { lengthRange: { min: MIN_DURATION_SECONDS, max: videoModel.maxDurationSeconds } } : {}),
      multiScene: options.multiScene,
      fps: options.fps,
      language,
      // The planner marks film moments only where a video model can film them: without one, auto
      // keeps every scene a designed one (a drawn stand-in would be sold as nothing better).
      ...(options.aiVideo === 'auto' && options.multiScene && stage.footage ? { filmShots: true } : {}),
      materials: {
        images: materials.images,
        documents: materials.documents,
        ...(materials.logo ? { logo: materials.logo } : {}),
        ...(brandName ? { brandName } : {}),
        ...(brandDescription ? { brandDescription } : {}),
        imageFiles: Object.fromEntries(materials.images.flatMap((image) => (materials.assets[image.name] ? [[image.name, path.join(stage.ctx.filesDir, materials.assets[image.name]!)]] : []))),
      },
    },
    stage.signal,
    (detail) => stage.progress({ phase_detail: detail }),
  );
  stage.checkCancel();
  // What a language model read in the request (length, frame, sound, language) becomes the job's, where no field set it.
  const spoken = followReading(stage, plan, language);
  const theme = resolveTheme({
    prompt: row.prompt,
    animationStyle: options.animationStyle,
    backgroundColor: options.backgroundColor,
    brandColors: {
      primary: options.brandSettings?.primaryColor ?? brandColors.primary,
      secondary: options.brandSettings?.secondaryColor ?? brandColors.secondary,
      accent: options.brandSettings?.accentColor ?? brandColors.accent,
    },
    brandFonts: { heading: options.brandSettings?.headingFont ?? brandFonts.heading, body: options.brandSettings?.bodyFont ?? brandFonts.body },
    ...(options.brandSettings?.visualStyle ? { visualStyle: options.brandSettings.visualStyle } : {}),
    ...(brandName ? { brandName } : {}),
    documentKinds: materials.documents.map((doc) => doc.kind),
  });
  return { plan, theme, language: spoken, materials };
}

/**
 * The plan checkpoint: the scene list (with narration clips and fitted durations) and the stored
 * plan, in one transaction, replacing any scene rows a crashed attempt left uncommitted.
 */
export function storePlan(stage: StageContext, draft: PlanDraft, narrated: NarratedPlan): void {
  const { ctx, jobId } = stage;
  const { theme, materials } = draft;
  const options = stage.options();
  // Film shots where ai_video asks for them; the footage part of the price follows the seconds of film made.
  const filmed = options.multiScene ? { ...draft.plan, scenes: footageScenes(draft.plan.scenes, options.aiVideo) } : draft.plan;
  // Scenes show pictures from the visual library: their own words' or the video's subject's (src/pipeline/materials/scene-pictures.ts).
  const plan = { ...filmed, scenes: withScenePictures(filmed.scenes, draft.language, filmed.title) };
  const estimate = footageEstimate(stage, footageSeconds(plan.scenes));
  const stored: StoredPlan = {
    title: plan.title,
    theme,
    planner: plan.plannedBy ?? stage.providers.planner.name,
    audio: narrated.audio,
    assets: materials.assets,
    images: materials.images.map(({ name, field, role }) => ({ name, field, role })),
    ...(plan.scenes.some((scene) => scene.facts?.length) ? { facts: plan.scenes.flatMap((scene, position) => (scene.facts ?? []).map((fact) => ({ position, ...fact }))) } : {}),
  };
  ctx.db.transaction(() => {
    if (estimate) ctx.db.prepare('UPDATE videos SET options = ?, estimated_millicredits = ? WHERE id = ?').run(estimate.options, estimate.millicredits, jobId);
    ctx.videos.deleteUncommittedScenes(jobId);
    plan.scenes.forEach((scene, position) => {
      const clip = narrated.speech[position];
      ctx.videos.insertScene({
        id: newId('scn'),
        video_id: jobId,
        position,
        title: scene.title,
        role: scene.role,
        kind: scene.kind,
        duration_seconds: scene.durationSeconds,
        settings: JSON.stringify(scene.settings),
        source: null,
        compiled: null,
        writer: null,
        committed_at: null,
        narration: scene.narration || null,
        narration_audio: clip?.path ?? null,
        narration_seconds: clip?.seconds ?? null,
        narration_words: clip ? JSON.stringify(clip.words) : null,
        audit: null,
        authoring: null,
      });
    });
    stage.progress({
      ...(plan.warnings?.length ? { warnings: JSON.stringify([...parseWarnings(stage.job().warnings), ...plan.warnings]) } : {}),
      plan: JSON.stringify(stored),
      scenes_planned: plan.scenes.length,
      phase: 'generating',
      phase_detail: `Planned ${plan.scenes.length} scene${plan.scenes.length === 1 ? '' : 's'}: ${plan.title}`,
    });
  })();
}
