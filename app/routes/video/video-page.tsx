import { ApiError } from '../../api/api-error.js';
import type { Frames, Video } from '../../api/types.js';
import { ErrorNotice } from '../../components/error-notice.js';
import { VideoLivePreview } from '../../components/live-preview.js';
import { useLoad } from '../../components/use-load.js';
import { formatCredits, formatDate, isFinished } from '../../format/format.js';
import type { VideoPreviewData } from '../../player/scene-preview.js';
import { useApi } from '../../session/session-context.js';
import { FramesGrid } from './frames-grid.js';
import { RenderList } from './render-list.js';
import { ReviewGate } from './review-gate.js';
import { SceneEditing } from './scene-editing.js';
import { CancelAction, EditAction, RenderAction } from './video-actions.js';
import { EditSourceLink, VideoEdits } from './video-edits.js';
import { VideoStatus } from './video-status.js';
import { useNow, useVideoPoll } from './use-video-poll.js';

/** A 409 `not_ready` (nothing to show yet) is not a failure worth showing. */
function notReady(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** The page of one video (its `app_url`): live status, preview, MP4, renders, frames, review, edit. */
export function VideoPage({ id }: { id: string }) {
  const api = useApi();
  const now = useNow();
  const { video, error, replace } = useVideoPoll(id);
  const path = `../v1/videos/${encodeURIComponent(id)}`;
  const committed = video?.progress.scenes_committed ?? 0;
  // Preview and stills are asked again when what they show can have changed.
  const stateKey = `${video?.status}:${committed}:${video?.review?.round ?? ''}:${video?.download_url === undefined ? '' : 'mp4'}`;
  const preview = useLoad(() => api.get<VideoPreviewData>(`${path}/preview`), stateKey, video !== undefined && video.status !== 'queued');
  const frames = useLoad(() => api.get<Frames>(`${path}/frames`, { max_frames: 12 }), stateKey, committed > 0 || video?.status === 'awaiting_approval');

  if (video === undefined) {
    return error === undefined ? (
      <p role="status">Loading the video…</p>
    ) : (
      <section>
        <h1>Video</h1>
        <ErrorNotice error={error} />
      </section>
    );
  }
  const title = video.scenes[0]?.title ?? 'Video';
  const sceneIds = video.scenes.map((scene) => scene.id);
  // Only a finished video whose story was planned can be edited (the node refuses the rest).
  const editable = isFinished(video.status) && video.scenes.length > 0;
  return (
    <article className="video-page">
      <header className="page-head">
        <div>
          <h1>{title}</h1>
          <p className="prompt">{video.prompt}</p>
          <EditSourceLink video={video} />
          <p className="meta">
            {video.model} · created {formatDate(video.created_at)}
            {video.credits_cost === undefined ? '' : ` · cost ${formatCredits(video.credits_cost)} credits`}
          </p>
        </div>
      </header>
      <ErrorNotice error={error} />
      <VideoStatus video={video} now={now} />
      {video.status === 'awaiting_approval' ? <ReviewGate video={video} frames={frames.data} onAnswered={replace} /> : null}

      <section aria-labelledby="watch-title" className="watch">
        <h2 id="watch-title">Watch</h2>
        {video.download_url === undefined ? (
          <VideoLivePreview preview={preview.data} />
        ) : (
          <>
            {/* The poster is a real frame (the end of the first scene's hold, from the MP4), not the blank frame before it loads. */}
            <video controls preload="metadata" src={video.download_url} poster={`${path}/poster`} className="mp4" aria-label="The rendered video" />
            <p>
              <a href={video.download_url} download={`${video.id}.mp4`}>
                Download the MP4
              </a>{' '}
              (the link lasts 15 minutes; this page renews it)
            </p>
          </>
        )}
        {video.status === 'completed' ? <OutputLinks video={video} /> : null}
        {preview.error !== undefined && !notReady(preview.error) ? <ErrorNotice error={preview.error} /> : null}
      </section>

      <RenderList videoId={video.id} renders={video.renders ?? []} />

      <section aria-labelledby="scenes-title">
        <h2 id="scenes-title">Scenes</h2>
        {editable ? (
          <SceneEditing key={video.id} video={video} frames={frames.data} preview={preview.data} />
        ) : video.scenes.length === 0 ? (
          <p>The scenes appear once the story is planned.</p>
        ) : (
          <ol className="scene-list">
            {video.scenes.map((scene, i) => (
              <li key={scene.id}>
                {scene.title} <span className="meta">({scene.duration_seconds.toFixed(1)} s{scene.visual ? `, ${visualWords(scene.visual)}` : ''}{i < committed ? ', ready' : ''})</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      {video.status === 'awaiting_approval' ? null : (
        <section aria-labelledby="frames-title">
          <h2 id="frames-title">Frames</h2>
          {frames.data === undefined ? <p>{committed === 0 ? 'Frames appear once a scene is made.' : 'Loading frames…'}</p> : <FramesGrid frames={frames.data} sceneIds={sceneIds} />}
          {frames.error !== undefined && !notReady(frames.error) ? <ErrorNotice error={frames.error} /> : null}
        </section>
      )}

      <section aria-labelledby="actions-title" className="actions">
        <h2 id="actions-title">Actions</h2>
        <CancelAction video={video} onChanged={replace} />
        <RenderAction video={video} onChanged={replace} />
        <EditAction video={video} />
      </section>

      <VideoEdits videoId={video.id} refreshKey={video.status} />
    </article>
  );
}

/** What a scene shows, in a few words: its kind and, for pictures, their names (`fluent-emoji-flat:rocket` reads "rocket"). */
function visualWords(visual: { kind: string; names: string[] }): string {
  if (visual.kind !== 'illustration' && visual.kind !== 'icon') return visual.kind;
  const names = visual.names.slice(0, 4).map((name) => name.replace(/^[a-z0-9-]+:/, '').replace(/-/g, ' '));
  return names.length > 0 ? `${visual.kind}: ${names.join(', ')}` : visual.kind;
}

/**
 * Files to take elsewhere from a finished video: its narration as captions (SubRip, WebVTT) and a
 * poster still. Plain links: the session's cookie signs them in, and the node answers each as a
 * download.
 */
function OutputLinks({ video }: { video: Video }) {
  const base = `../v1/videos/${encodeURIComponent(video.id)}`;
  return (
    <p className="meta">
      {video.audio?.narration ? (
        <>
          Captions:{' '}
          <a href={`${base}/captions?format=srt`} download={`${video.id}.srt`}>
            SRT
          </a>{' '}
          ·{' '}
          <a href={`${base}/captions?format=vtt`} download={`${video.id}.vtt`}>
            WebVTT
          </a>{' '}
          ·{' '}
        </>
      ) : null}
      Poster:{' '}
      <a href={`${base}/poster?format=jpeg`} download={`${video.id}-poster.jpg`}>
        JPEG
      </a>{' '}
      ·{' '}
      <a href={`${base}/poster?format=png`} download={`${video.id}-poster.png`}>
        PNG
      </a>
    </p>
  );
}
