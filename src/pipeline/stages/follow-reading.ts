import { findModel } from '../../catalog/models.js';
import { rescaleEstimate, type CreditPart } from '../create/estimate-credits.js';
import { ASPECT_RATIO_SIZES, type ResolvedVideoOptions } from '../create/resolve-video-options.js';
import type { AspectRatio } from '../create/create-video-schema.js';
import type { PlanReading, StoryPlan } from '../providers/provider-types.js';
import { isNarrationLanguage, type NarrationLanguage } from '../speech/languages.js';
import { addJobWarning } from '../videos/job-warnings.js';
import type { StageContext } from './stage-context.js';

const SHAPES: Record<NonNullable<PlanReading['shape']>, AspectRatio> = { landscape: '16:9', portrait: '9:16', square: '1:1', feed: '4:5' };

/**
 * The job's options after a language model read the request: each wish it read (the length, the
 * frame, narration, music, captions, the language) is followed where the caller set no field of its
 * own and the node had only its default or its patterns' reading. The options, the estimate (per
 * second parts rescaled to the new length, so the charge is for what is made) and the job's length
 * are written at once, with a warning that says what the request changed; a later stage reads them
 * as it always does. Returns the narration language to speak in.
 */
export function followReading(stage: StageContext, plan: StoryPlan, detected: NarrationLanguage): NarrationLanguage {
  const reading = plan.reading;
  if (!reading) return detected;
  const row = stage.job();
  const options = JSON.parse(row.options) as ResolvedVideoOptions & { estimate?: CreditPart[] };
  const next = { ...options };
  const changed: string[] = [];

  if (reading.durationSeconds !== undefined && options.durationSource !== undefined && options.durationSource !== 'request' && reading.durationSeconds !== options.durationSeconds) {
    changed.push(`${reading.durationSeconds} seconds long (was ${options.durationSeconds})`);
    next.durationSeconds = reading.durationSeconds;
    next.durationSource = 'model';
    if (options.estimate) next.estimate = rescaleEstimate(options.estimate, reading.durationSeconds / options.durationSeconds);
  }
  const ratio = reading.shape ? SHAPES[reading.shape] : undefined;
  if (ratio && (options.aspectSource === 'prompt' || options.aspectSource === 'default') && ratio !== options.aspectRatio) {
    changed.push(`${ratio} (was ${options.aspectRatio ?? `${options.width}x${options.height}`})`);
    next.aspectRatio = ratio;
    next.aspectSource = 'model';
    ({ width: next.width, height: next.height } = ASPECT_RATIO_SIZES[ratio]);
  }
  const multiScene = findModel(options.model)?.multiScene ?? options.multiScene;
  if (reading.narration !== undefined && options.narrationSource === 'default' && multiScene && reading.narration !== options.narration) {
    changed.push(reading.narration ? 'narrated' : 'without narration');
    next.narration = reading.narration;
    next.narrationSource = 'model';
  }
  if (reading.music !== undefined && options.musicSource === 'default' && multiScene && reading.music !== options.music) {
    changed.push(reading.music ? 'with music' : 'without music');
    next.music = reading.music;
    next.musicSource = 'model';
  }
  if (reading.captions !== undefined && options.captions === undefined) next.captions = reading.captions;

  const language = !options.narrationLanguage && reading.language && isNarrationLanguage(reading.language) ? reading.language : detected;
  if (language !== detected) changed.push(`in language ${language} (the words read as ${detected})`);

  if (JSON.stringify(next) !== JSON.stringify(options)) {
    const millicredits = next.estimate ? next.estimate.reduce((sum, part) => sum + part.millicredits, 0) : row.estimated_millicredits;
    stage.ctx.db.prepare('UPDATE videos SET options = ?, estimated_millicredits = ?, duration_seconds = ? WHERE id = ?').run(JSON.stringify(next), millicredits, next.durationSeconds, row.id);
  }
  if (changed.length > 0) {
    const price = next.durationSeconds !== options.durationSeconds && next.estimate ? ` The estimate follows the length: ${(row.estimated_millicredits / 1000).toFixed(2)} credits became ${((next.estimate ?? []).reduce((sum, part) => sum + part.millicredits, 0) / 1000).toFixed(2)}.` : '';
    addJobWarning(stage, { code: 'request_read_by_model', message: `The language model read the request as asking for a video ${changed.join(', ')}, so the video is made that way.${price}` });
  }
  return language;
}
