import type { ModelId } from '../../catalog/models.js';
import type { SceneRow } from '../../store/videos-store.js';
import type { MusicMood } from '../audio/audio-protocol.js';
import type { ResolvedVideoOptions } from '../create/resolve-video-options.js';
import type { SceneRole } from '../providers/provider-types.js';
import type { StoredPlan } from '../stages/stored-plan.js';

/** A scene of the video being edited, as the job stored it (`scenes` rows, settings parsed). */
export interface EditScene {
  /** The stored position (0-based); the user calls it scene `position + 1`. */
  position: number;
  role: SceneRole;
  kind: string;
  title: string;
  durationSeconds: number;
  settings: Record<string, unknown>;
  /** What the narrator says; empty for a silent scene. */
  narration: string;
  /** Length of the scene's narration clip, when it has one: the scene may not get shorter than it. */
  narrationSeconds?: number;
}

/** The job-wide choices an edit may change, as the job stored them (the plan's sound and theme). */
export interface EditOptions {
  model: ModelId;
  narration: boolean;
  music: boolean;
  sfx: boolean;
  voice: string;
  language: string;
  musicMood?: MusicMood;
  /** The theme's colors as `#RRGGBB` (the pack's, overridden by the brand's and `background_color`). */
  colors: { primary?: string; secondary?: string; accent?: string; background?: string };
  fonts: { heading?: string; body?: string };
  /** Asset names of the job's attached images, by their index in `images[]`. */
  images: string[];
}

/** An image sent with the edit request (`images[i]`), prepared as a plan asset of the edit job. */
export interface AttachedEditImage {
  /** Its index in the edit request's `images[]`. */
  index: number;
  /** The plan asset name scenes refer to it by (`edit-image-<index>`). */
  name: string;
  role: 'import' | 'style' | 'reference';
  context?: string;
}

/** What an edit starts from: a finished job's scenes and options. */
export interface EditSource {
  scenes: EditScene[];
  options: EditOptions;
  /** Images sent with the edit request; "the new image", "image 2" name them. */
  attached?: AttachedEditImage[];
  /** Whether a scene that takes an attached image becomes a film shot of it (an ai_video "full" source) rather than an image scene. */
  footageStills?: boolean;
}

/** The stored job an edit source is read from. */
export interface StoredJob {
  scenes: SceneRow[];
  plan: StoredPlan;
  options: Pick<ResolvedVideoOptions, 'model' | 'narration' | 'music' | 'sfx'>;
}

/** The edit source of a stored job: its scene rows and plan, in the form edits work on. */
export function editSourceOf(job: StoredJob): EditSource {
  const { plan, options } = job;
  const audio = plan.audio;
  const palette = plan.theme.palette;
  const images = [...(plan.images ?? [])]
    .map((image) => ({ name: image.name, index: Number(/^images\[(\d+)\]$/.exec(image.field)?.[1] ?? NaN) }))
    .filter((image) => Number.isInteger(image.index))
    .sort((a, b) => a.index - b.index);
  const byIndex: string[] = [];
  for (const image of images) byIndex[image.index] = image.name;
  return {
    scenes: [...job.scenes]
      .sort((a, b) => a.position - b.position)
      .map((row) => ({
        position: row.position,
        role: row.role as SceneRole,
        kind: row.kind,
        title: row.title,
        durationSeconds: row.duration_seconds,
        settings: JSON.parse(row.settings) as Record<string, unknown>,
        narration: row.narration ?? '',
        ...(row.narration_seconds !== null ? { narrationSeconds: row.narration_seconds } : {}),
      })),
    options: {
      model: options.model,
      narration: audio?.narration ?? options.narration,
      music: audio?.music ?? options.music,
      sfx: audio?.sfx ?? options.sfx,
      voice: audio?.voice ?? '',
      language: audio?.language ?? 'en',
      ...(audio?.mood ? { musicMood: audio.mood } : {}),
      colors: {
        ...(palette.primary ? { primary: palette.primary } : {}),
        ...(palette.secondary ? { secondary: palette.secondary } : {}),
        ...(palette.accent ? { accent: palette.accent } : {}),
        ...(palette.background ? { background: palette.background } : {}),
      },
      fonts: { heading: plan.theme.fonts.heading, body: plan.theme.fonts.body },
      images: Array.from(byIndex, (name) => name ?? ''),
    },
  };
}
