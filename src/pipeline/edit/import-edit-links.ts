import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fetchAttachment, findYtDlp, isSocialLink, type AttachmentRequest, type FetchedAttachment } from '../../attachments/fetch-attachment.js';
import { SOCIAL_IMPORTS_PER_DAY, ytDlpImporter } from '../../attachments/import-social.js';
import { invalidRequest, ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import { probeVideo, requireFfmpeg, runBinary } from '../../render/ffmpeg/run-ffmpeg.js';
import { prepareClientAudio } from '../audio/client-audio.js';
import { conformClip } from '../providers/footage/conform-clip.js';
import { EDIT_LINK_HELP, type EditLink } from './edit-links.js';

/** A music link made the soundtrack: its WAV (relative to files/) and beat grid. */
export interface ImportedMusic {
  url: string;
  /** The song it was named as, when it was found by search. */
  song?: { title: string; artist?: string };
  path: string;
  bpm: number;
  offset: number;
}

/** A footage link conformed to the job's size and rate: an MP4 relative to files/ and its length. */
export interface ImportedClip {
  link: EditLink;
  path: string;
  seconds: number;
}

/** What an edit's links imported. */
export interface ImportedLinks {
  music?: ImportedMusic;
  clips: ImportedClip[];
  /** Social-site links among them (priced and counted against the daily cap). */
  social: string[];
}

/** What importing needs to know of the edit job. */
export interface LinkImportRequest {
  accountId: string;
  /** The new job: files go under `files/videos/<videoId>/`. */
  videoId: string;
  links: EditLink[];
  shape: { width: number; height: number; fps: number };
  /** The longest a link's clip may be: its scene's length, or the longest an added scene may be. */
  clipSeconds(link: EditLink): number;
  signal?: AbortSignal;
}

const show = (url: string) => (url.length > 200 ? `${url.slice(0, 200)}…` : url);

/** The number of social-link imports an account made today (UTC), and when the count resets. */
export function socialImportsToday(ctx: NodeContext, accountId: string): { used: number; resetsInSeconds: number } {
  const since = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
  const used = ctx.db.prepare('SELECT COUNT(*) FROM social_imports WHERE account_id = ? AND created_at >= ?').pluck().get(accountId, since) as number;
  return { used, resetsInSeconds: Math.ceil((Date.parse(since) + 86_400_000 - Date.now()) / 1000) };
}

/** Seconds of audio FFmpeg decodes from a file; 0 when it holds none. */
async function audioSeconds(ffprobe: string, file: string): Promise<number> {
  try {
    const output = await runBinary(ffprobe, ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'format=duration:stream=codec_type', '-of', 'json', file]);
    const parsed = JSON.parse(output) as { streams?: unknown[]; format?: { duration?: string } };
    return parsed.streams && parsed.streams.length > 0 ? Number(parsed.format?.duration ?? 0) : 0;
  } catch {
    return 0;
  }
}

/**
 * Imports an edit's links into the new job's `inputs/` by the rules of create's attachments
 * (DECISIONS.md "Inputs from links"): SSRF-safe fetches with size caps and types checked by bytes,
 * social-site links through yt-dlp within the daily cap. A music link must decode as audio and is
 * prepared as a client music track (WAV and beat grid); a footage link must decode as video and is
 * conformed to the job's size and rate, cut to its scene. A link whose clause named no role is
 * footage when it holds video. Any failure is a 400 naming the link; the caller removes the job's
 * directory, so nothing is left.
 */
export async function importEditLinks(ctx: NodeContext, request: LinkImportRequest): Promise<ImportedLinks> {
  const { links, videoId } = request;
  const social = links.filter((link) => link.song || isSocialLink(link.url)).map((link) => link.url);
  const ytDlp = social.length > 0 ? await findYtDlp() : undefined;
  const song = links.find((link) => link.song);
  if (song && !ytDlp) {
    throw invalidRequest(`prompt: a song can only be named when this node has yt-dlp on PATH to find it, and it has not; link the music file itself ("use the music <url>")`);
  }
  if (social.length > 0 && !ytDlp) {
    throw invalidRequest(`prompt: ${show(social[0]!)} is a social or video-sharing link, which needs an importer (yt-dlp on PATH) that this node does not have; link the file itself`);
  }
  if (social.length > 0) {
    const today = socialImportsToday(ctx, request.accountId);
    if (today.used + social.length > SOCIAL_IMPORTS_PER_DAY) {
      throw new ServiceError('rate_limited', `social-link imports are limited to ${SOCIAL_IMPORTS_PER_DAY} per day; ${today.used} used today`, {
        headers: { 'retry-after': String(today.resetsInSeconds) },
      });
    }
  }
  const ffmpeg = requireFfmpeg(ctx.config.ffmpegPath);
  const inputsRelative = path.posix.join('videos', videoId, 'inputs');
  const inputsDir = path.join(ctx.filesDir, inputsRelative);
  const imported: ImportedLinks = { clips: [], social };

  for (const [index, link] of links.entries()) {
    const field = `links[${index}]`;
    const named = link.song ? `prompt: the song "${link.song.title}"${link.song.artist ? ` by ${link.song.artist}` : ''}` : `prompt: the link ${show(link.url)}`;
    const unclear = link.role === undefined ? ` ${EDIT_LINK_HELP}` : '';
    const attachment: AttachmentRequest = { url: link.url, kind: link.role === 'music' ? 'audio' : 'video', field };
    let fetched: FetchedAttachment;
    try {
      if (link.song) mkdirSync(inputsDir, { recursive: true });
      // A named song is yt-dlp's first search result; a link is fetched (or imported) as create does.
      fetched = link.song
        ? await ytDlpImporter(ytDlp!)(attachment, { destDir: inputsDir, signal: request.signal ?? new AbortController().signal })
        : await fetchAttachment(attachment, {
            allowPrivateUrls: ctx.config.allowPrivateUrls,
            destDir: inputsDir,
            ...(ytDlp ? { importSocial: ytDlpImporter(ytDlp) } : {}),
            ...(request.signal ? { signal: request.signal } : {}),
          });
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      // The fetcher's messages start with the field it was given; the user knows the link, not the field.
      const why = error.message.startsWith(`${field}: `) ? error.message.slice(field.length + 2) : error.message;
      const message = why.includes(show(link.url)) ? `prompt: ${why}` : `${named}: ${why}`;
      throw new ServiceError(error.code, unclear ? `${message.replace(/\.$/u, '')}.${unclear}` : message, { cause: error });
    }

    if (link.role === 'music') {
      if (!((await audioSeconds(ffmpeg.ffprobe, fetched.path)) > 0)) throw invalidRequest(`${named} could not be decoded as audio`);
      const relative = path.posix.join(inputsRelative, path.basename(fetched.path));
      const prepared = await prepareClientAudio(ctx, videoId, [{ role: 'music', path: relative }], request.signal);
      imported.music = { url: link.url, ...(link.song ? { song: link.song } : {}), path: prepared.music!.path, bpm: prepared.music!.grid.bpm, offset: prepared.music!.grid.offset };
      continue;
    }

    const probe = await probeVideo(ffmpeg, fetched.path).catch(() => undefined);
    if (!probe || !(probe.durationSeconds > 0)) {
      rmSync(fetched.path, { force: true });
      throw invalidRequest(link.role === undefined ? `${named} holds no video, so what it is for cannot be told.${unclear}` : `${named} could not be decoded as video`);
    }
    const { width, height, fps } = request.shape;
    const clipRelative = path.posix.join(inputsRelative, `clip-${index + 1}.mp4`);
    try {
      const conformed = await conformClip(
        ffmpeg,
        fetched.path,
        path.join(ctx.filesDir, clipRelative),
        { width, height, fps, seconds: Math.min(probe.durationSeconds, request.clipSeconds(link)) },
        `the link ${show(link.url)}`,
        request.signal,
      );
      imported.clips.push({ link: { ...link, role: 'footage' }, path: clipRelative, seconds: Math.round(conformed.durationSeconds * fps) / fps });
    } catch (error) {
      if (request.signal?.aborted) throw error;
      throw invalidRequest(`${named} could not be decoded as video`, error);
    } finally {
      rmSync(fetched.path, { force: true });
    }
  }
  return imported;
}
