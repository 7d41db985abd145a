import { createHash } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { access, mkdir, open, rename, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { invalidRequest, ServiceError } from '../errors/service-error.js';
import {
  NonPublicTargetError,
  pinnedRequest,
  UnresolvedHostError,
  untilAborted,
  type PinnedRequestOptions,
} from '../security/pinned-request.js';
import { EXTENSION_BY_MIME_TYPE, sniffContentType } from './sniff-content-type.js';

/** What an attachment is for; decides its size cap and accepted types (`video`: footage links in an edit). */
export type AttachmentKind = 'image' | 'document' | 'audio' | 'video';

/** One link to fetch. */
export interface AttachmentRequest {
  url: string;
  kind: AttachmentKind;
  /** The request field with its index, for example `images[2]`; every error message starts with it. */
  field: string;
  /** Documents: the `mime_type` the client declared; the bytes must match it. */
  declaredMimeType?: string;
}

/** How to fetch. */
export interface FetchAttachmentOptions {
  /** Whether loopback, private and link-local addresses may be fetched (the node's operator decides). */
  allowPrivateUrls: boolean;
  /** Directory the file is written to (created when missing). */
  destDir: string;
  /** Whole fetch, redirects and body included. @default 20000 */
  timeoutMs?: number;
  /** Overrides the size cap of every kind. @default {@link ATTACHMENT_SIZE_CAPS} of the kind */
  maxBytes?: number;
  /** Resolves host names; every address is checked and the connection pinned to them. @default dns.promises.lookup */
  resolve?: PinnedRequestOptions['resolve'];
  /** Where the socket for a checked address goes; tests stand a local server in for a public address. */
  connectTo?: PinnedRequestOptions['connectTo'];
  /** Cancels the fetch; the signal's reason is thrown. */
  signal?: AbortSignal;
  /**
   * Imports a social-site audio link with yt-dlp. Only called when yt-dlp is on PATH; without
   * this function such links are refused.
   */
  importSocial?: (request: AttachmentRequest, context: { destDir: string; signal: AbortSignal }) => Promise<FetchedAttachment>;
}

/** A fetched and checked file. */
export interface FetchedAttachment {
  field: string;
  url: string;
  /** Where the file was written: `destDir/<field, sanitized>.<ext>`, for example `images-2.png`. */
  path: string;
  /** The type found in the bytes (for documents, the declared type they matched). */
  mimeType: string;
  bytes: number;
  /** Hex SHA-256 of the file. */
  sha256: string;
}

const MB = 1024 * 1024;

/** Size caps by kind (DECISIONS.md "Inputs from links"). */
export const ATTACHMENT_SIZE_CAPS: Readonly<Record<AttachmentKind, number>> = {
  image: 25 * MB,
  document: 25 * MB,
  audio: 100 * MB,
  video: 100 * MB,
};

/** Time allowed for one fetch. @default 20000 */
export const ATTACHMENT_TIMEOUT_MS = 20_000;

/** Redirects followed before giving up. */
export const MAX_REDIRECTS = 5;

/** How many links {@link fetchAttachments} fetches at once. */
export const FETCH_CONCURRENCY = 4;

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml']);
const AUDIO_TYPES = new Set(['audio/mpeg', 'audio/wav', 'audio/mp4', 'audio/aac', 'audio/ogg', 'audio/flac']);
/** Video containers by their sniffed type: every ISO-BMFF file (MP4, MOV, M4V) sniffs as `audio/mp4`. */
const VIDEO_TYPES: Readonly<Record<string, string>> = { 'audio/mp4': 'video/mp4', 'video/webm': 'video/webm' };
const TEXT_DOCUMENT_TYPES = new Set(['text/csv', 'text/plain']);
const SHARP_FORMATS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};
const ACCEPT: Record<AttachmentKind, string> = {
  image: 'image/png, image/jpeg, image/webp, image/svg+xml;q=0.9, */*;q=0.1',
  document: 'application/pdf, text/csv, text/plain;q=0.9, */*;q=0.1',
  audio: 'audio/*, */*;q=0.1',
  video: 'video/mp4, video/webm, video/*;q=0.9, */*;q=0.1',
};
const HEAD_BYTES = 64 * 1024;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const SOCIAL_DOMAINS = [
  'youtube.com',
  'youtu.be',
  'tiktok.com',
  'instagram.com',
  'soundcloud.com',
  'vimeo.com',
  'x.com',
  'twitter.com',
  'facebook.com',
  'fb.watch',
];

/** Whether a link points to a video-sharing or social site (imported with yt-dlp, priced as an import). */
export function isSocialLink(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return false;
  }
  return SOCIAL_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** The path of `yt-dlp` on PATH, or undefined when the node has no importer. */
export async function findYtDlp(): Promise<string | undefined> {
  const names = process.platform === 'win32' ? ['yt-dlp.exe', 'yt-dlp'] : ['yt-dlp'];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    for (const name of names) {
      const candidate = path.join(dir, name);
      try {
        await access(candidate, fsConstants.X_OK);
        return candidate;
      } catch {
        // not here; keep looking
      }
    }
  }
  return undefined;
}

function formatBytes(bytes: number): string {
  if (bytes % MB === 0) return `${bytes / MB} MB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

function show(url: URL | string): string {
  const text = typeof url === 'string' ? url : url.href;
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function fileBase(field: string): string {
  return field.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'attachment';
}

async function decodesAsImage(filePath: string, mimeType: string): Promise<boolean> {
  const { default: sharp } = await import('sharp');
  try {
    const metadata = await sharp(filePath, { failOn: 'warning' }).metadata();
    if (metadata.format !== SHARP_FORMATS[mimeType]) return false;
    // Metadata reads only the header; decoding a tiny resize reads every pixel, which catches
    // truncated and corrupt files.
    await sharp(filePath, { failOn: 'warning' }).resize(8, 8, { fit: 'inside' }).raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

/**
 * Fetches one link into `destDir` by the rules of DECISIONS.md "Inputs from links": http(s) only,
 * no private addresses unless allowed (every redirect hop resolved, checked and connected to the
 * checked address only, at most 5 hops), a timeout, a size cap enforced while streaming, and the
 * content type checked by the bytes. Every failure is `invalid_request` with a message starting
 * with the request's field; a link that cannot be fetched says only that, never what its server
 * answered. Nothing is left on disk.
 */
export async function fetchAttachment(
  request: AttachmentRequest,
  options: FetchAttachmentOptions,
): Promise<FetchedAttachment> {
  const fail = (why: string, cause?: unknown) => invalidRequest(`${request.field}: ${why}`, cause);
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw fail(`"${show(request.url)}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fail(`${show(url)} is not an http or https URL`);
  if (url.username || url.password) throw fail(`${show(url)} must not carry credentials`);
  options.signal?.throwIfAborted();

  const timeoutMs = options.timeoutMs ?? ATTACHMENT_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`timed out after ${timeoutMs} ms`));
  }, timeoutMs);
  const forwardAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  const base = fileBase(request.field);
  const partPath = path.join(options.destDir, `${base}.part`);
  try {
    await mkdir(options.destDir, { recursive: true });
    if ((request.kind === 'audio' || request.kind === 'video') && isSocialLink(url.href)) {
      if (!(await findYtDlp())) {
        throw fail(`${show(url)} is a social or video-sharing link, which needs an importer (yt-dlp on PATH) that this node does not have; link the ${request.kind} file itself`);
      }
      if (!options.importSocial) throw fail(`${show(url)} is a social or video-sharing link, and this node does not import those`);
      return await options.importSocial(request, { destDir: options.destDir, signal: controller.signal });
    }
    return await download(request, url, options, controller.signal, partPath, base, fail);
  } catch (error) {
    await rm(partPath, { force: true });
    if (error instanceof ServiceError) throw error;
    if (options.signal?.aborted) throw options.signal.reason;
    if (timedOut) throw fail(`${show(url)} did not finish within ${timeoutMs / 1000} s`, error);
    // Neither the status nor the network error is echoed: either would tell a caller about hosts it cannot see.
    throw fail(`${show(url)} could not be fetched`, error);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

async function download(
  request: AttachmentRequest,
  firstUrl: URL,
  options: FetchAttachmentOptions,
  signal: AbortSignal,
  partPath: string,
  base: string,
  fail: (why: string, cause?: unknown) => ServiceError,
): Promise<FetchedAttachment> {
  const cap = options.maxBytes ?? ATTACHMENT_SIZE_CAPS[request.kind];
  const tooLarge = () => fail(`larger than ${formatBytes(cap)}`);
  const network: PinnedRequestOptions = {
    allowPrivate: options.allowPrivateUrls,
    ...(options.resolve ? { resolve: options.resolve } : {}),
    ...(options.connectTo ? { connectTo: options.connectTo } : {}),
  };

  let url = firstUrl;
  let response: IncomingMessage;
  for (let redirects = 0; ; redirects += 1) {
    try {
      response = await pinnedRequest(
        url,
        {
          signal,
          headers: { accept: ACCEPT[request.kind], 'accept-encoding': 'identity', 'user-agent': 'video-node-attachment-fetcher' },
        },
        network,
      );
    } catch (error) {
      if (error instanceof NonPublicTargetError) {
        throw fail(`${show(url)} points to a private, loopback or link-local address, which this node does not allow`, error);
      }
      if (error instanceof UnresolvedHostError) throw fail(`the host "${error.host}" could not be resolved`, error);
      throw error;
    }
    const status = response.statusCode ?? 0;
    if (!REDIRECT_STATUSES.has(status)) break;
    response.destroy();
    const location = response.headers.location;
    if (!location) throw fail(`${show(url)} could not be fetched`);
    if (redirects >= MAX_REDIRECTS) throw fail(`${show(firstUrl)} redirected more than ${MAX_REDIRECTS} times`);
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw fail(`${show(url)} redirected to an invalid URL`);
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:') {
      throw fail(`${show(url)} redirected to ${show(next)}, which is not http or https`);
    }
    url = next;
  }

  const status = response.statusCode ?? 0;
  if (status < 200 || status > 299) {
    response.destroy();
    throw fail(`${show(url)} could not be fetched`);
  }
  const declaredLength = Number(response.headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(declaredLength) && declaredLength > cap) {
    response.destroy();
    throw tooLarge();
  }

  const hash = createHash('sha256');
  const head = new Uint8Array(HEAD_BYTES);
  let headLength = 0;
  let bytes = 0;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let isText = true;
  const file = await open(partPath, 'w');
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      bytes += chunk.byteLength;
      if (bytes > cap) {
        response.destroy();
        throw tooLarge();
      }
      hash.update(chunk);
      if (headLength < HEAD_BYTES) {
        const take = chunk.subarray(0, HEAD_BYTES - headLength);
        head.set(take, headLength);
        headLength += take.byteLength;
      }
      if (isText) {
        try {
          decoder.decode(chunk, { stream: true });
          if (chunk.includes(0)) isText = false;
        } catch {
          isText = false;
        }
      }
      await file.write(chunk);
    }
  } finally {
    response.destroy();
    await file.close();
  }
  if (isText) {
    try {
      decoder.decode();
    } catch {
      isText = false;
    }
  }
  if (bytes === 0) throw fail(`${show(url)} answered with an empty file`);

  const sniffed = sniffContentType(head.subarray(0, headLength), { isText });
  let mimeType = sniffed;
  if (request.kind === 'image') {
    if (!IMAGE_TYPES.has(sniffed)) throw fail(`is ${sniffed} by its bytes, not an image (PNG, JPEG, WebP or SVG)`);
    if (!(await untilAborted(decodesAsImage(partPath, sniffed), signal))) {
      throw fail(`is not a decodable ${SHARP_FORMATS[sniffed]!.toUpperCase()} image (truncated or corrupt)`);
    }
  } else if (request.kind === 'audio') {
    if (!AUDIO_TYPES.has(sniffed)) throw fail(`is ${sniffed} by its bytes, not audio (MP3, WAV, M4A/AAC, OGG or FLAC)`);
  } else if (request.kind === 'video') {
    const video = VIDEO_TYPES[sniffed];
    if (!video) throw fail(`is ${sniffed} by its bytes, not a video (MP4, MOV or WebM)`);
    mimeType = video;
  } else {
    const declared = request.declaredMimeType;
    const matches =
      declared === undefined
        ? sniffed === 'application/pdf' || sniffed === 'text/plain'
        : sniffed === declared || (sniffed === 'text/plain' && TEXT_DOCUMENT_TYPES.has(declared));
    if (!matches) {
      throw fail(`is ${sniffed} by its bytes, not ${declared ?? 'a PDF, CSV or plain text document'}`);
    }
    // CSV and plain text look alike in bytes; the declared type tells them apart.
    if (sniffed === 'text/plain' && declared !== undefined) mimeType = declared;
  }

  const finalPath = path.join(options.destDir, `${base}.${EXTENSION_BY_MIME_TYPE[mimeType] ?? 'bin'}`);
  await rename(partPath, finalPath);
  return { field: request.field, url: request.url, path: finalPath, mimeType, bytes, sha256: hash.digest('hex') };
}

/**
 * Fetches every link (at most {@link FETCH_CONCURRENCY} at once), in request order. On the first
 * failure it stops the others, deletes every file it wrote and rethrows that failure.
 */
export async function fetchAttachments(
  requests: readonly AttachmentRequest[],
  options: FetchAttachmentOptions,
): Promise<FetchedAttachment[]> {
  const controller = new AbortController();
  const forwardAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) forwardAbort();
  options.signal?.addEventListener('abort', forwardAbort, { once: true });
  const results: FetchedAttachment[] = [];
  const written: string[] = [];
  let failure: { error: unknown } | undefined;
  let next = 0;

  const worker = async () => {
    while (!failure && next < requests.length) {
      const index = next;
      next += 1;
      try {
        const fetched = await fetchAttachment(requests[index]!, { ...options, signal: controller.signal });
        written.push(fetched.path);
        results[index] = fetched;
      } catch (error) {
        if (!failure) {
          failure = { error };
          controller.abort();
        }
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(FETCH_CONCURRENCY, requests.length) }, worker));
  } finally {
    options.signal?.removeEventListener('abort', forwardAbort);
  }
  if (failure) {
    await Promise.all(written.map((file) => rm(file, { force: true })));
    throw failure.error;
  }
  return results;
}
