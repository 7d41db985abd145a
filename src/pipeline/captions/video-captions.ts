import type { SpokenWord } from '../audio/audio-protocol.js';
import { ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import type { VideoRow } from '../../store/videos-store.js';
import { isTerminal } from '../engine/job-states.js';
import { NARRATION_LEAD } from '../speech/fit-timeline.js';
import type { StoredPlan } from '../stages/stored-plan.js';
import { sceneTimeline } from '../videos/scene-timeline.js';
import { cutCaptionCues, type NarrationSpan } from './caption-cues.js';
import { CAPTION_CONTENT_TYPES, writeCaptions, type CaptionFormat } from './caption-files.js';

/** A job's caption file (`GET /v1/videos/{id}/captions`, MCP `get_captions`, `service captions`). */
export interface VideoCaptions {
  video_id: string;
  format: CaptionFormat;
  /** The narration's language (BCP-47, no region). */
  language: string;
  /** How many cues the file holds. */
  cues: number;
  /** The file's text. */
  captions: string;
  /** The name to save it as: `<video id>.srt` or `.vtt`. */
  file_name: string;
  content_type: string;
}

/**
 * The job's narration as spans on its timeline: each narrated scene's clip from the scene's start
 * plus the narration lead. 404 `not_found` for a job without narration (narration off, music only,
 * or every script dropped); 409 `not_ready` while the narration is still to be spoken (before the
 * plan, or an edit's changed scenes before they are spoken again).
 */
export function narrationSpans(ctx: NodeContext, row: VideoRow): { language: string; spans: NarrationSpan[] } {
  const finished = isTerminal(row.status);
  const none = () => new ServiceError('not_found', `video ${row.id} has no narration, so it has no captions`);
  if (!row.plan) {
    if (finished) throw none();
    throw new ServiceError('not_ready', `video ${row.id} has no narration yet: its captions exist once the plan is narrated (poll until phase is generating)`);
  }
  const audio = (JSON.parse(row.plan) as StoredPlan).audio;
  if (!audio?.narration) throw none();
  const { scenes } = sceneTimeline(ctx.videos.scenes(row.id), row.fps);
  const narrated = scenes.filter(({ scene }) => scene.narration?.trim());
  const spoken = narrated.filter(({ scene }) => scene.narration_words !== null && scene.narration_seconds !== null);
  if (spoken.length < narrated.length && !finished) {
    throw new ServiceError('not_ready', `video ${row.id} is still narrating ${narrated.length - spoken.length} scene${narrated.length - spoken.length === 1 ? '' : 's'}; its captions exist once every scene is spoken`);
  }
  if (spoken.length === 0) throw none();
  return {
    language: audio.language,
    spans: spoken.map(({ scene, start, frames }) => ({
      text: scene.narration!,
      words: JSON.parse(scene.narration_words!) as SpokenWord[],
      start: start + NARRATION_LEAD,
      seconds: scene.narration_seconds!,
      end: start + frames / row.fps,
    })),
  };
}

/** The job's captions in `format`, cut from its narration's word timings in the narration's language. */
export function videoCaptions(ctx: NodeContext, row: VideoRow, format: CaptionFormat): VideoCaptions {
  const { language, spans } = narrationSpans(ctx, row);
  const cues = cutCaptionCues(spans, language);
  return {
    video_id: row.id,
    format,
    language,
    cues: cues.length,
    captions: writeCaptions(format, cues),
    file_name: `${row.id}.${format}`,
    content_type: CAPTION_CONTENT_TYPES[format],
  };
}
