import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as delay } from 'node:timers/promises';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { assertValidKey, StoreNotFoundError, writeAside, type FileStore } from './file-store.js';

/** Where an {@link S3Store} keeps its objects and how it reaches them. */
export interface S3StoreOptions {
  bucket: string;
  /** Prefix of every object key, without leading or trailing slash. @default "" (the bucket root) */
  prefix?: string;
  /** An S3-compatible endpoint (R2, Garage, SeaweedFS, MinIO, Ceph). @default AWS S3 for the region */
  endpoint?: string;
  region: string;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key`. @default true when an endpoint is set */
  forcePathStyle?: boolean;
  /** Whether {@link S3Store.presignedUrl} hands out links. @default false */
  presign?: boolean;
  /** Fixed credentials (tests). @default the SDK's chain: AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_PROFILE, instance roles */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

type S3Sdk = typeof import('@aws-sdk/client-s3');
type Presigner = typeof import('@aws-sdk/s3-request-presigner');

/** SigV4 presigned URLs live at most seven days. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;
/** Attempts of one streamed upload; each reopens the file (a consumed stream cannot be resent). */
const UPLOAD_ATTEMPTS = 3;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);
const DENIED_NAMES = new Set(['AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'Forbidden', 'InvalidToken', 'ExpiredToken']);

/** `s3://bucket/prefix at <endpoint> (path-style)` or `s3://bucket/prefix (AWS S3, <region>)`; never credentials. */
export function describeS3Location(options: Pick<S3StoreOptions, 'bucket' | 'prefix' | 'endpoint' | 'region' | 'forcePathStyle'>): string {
  const where = `s3://${options.bucket}${options.prefix ? `/${options.prefix}` : ''}`;
  if (options.endpoint === undefined) return `${where} (AWS S3, ${options.region})`;
  const style = (options.forcePathStyle ?? true) ? 'path-style' : 'virtual-hosted';
  return `${where} at ${safeEndpoint(options.endpoint)} (${style})`;
}

/** The endpoint without user info, query or fragment, so a URL with a key in it is never logged. */
function safeEndpoint(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    return `${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return '(an endpoint that is not a URL)';
  }
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266). */
function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

interface SdkError {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
  errors?: unknown[];
}

function statusOf(error: unknown): number | undefined {
  return (error as SdkError | undefined)?.$metadata?.httpStatusCode;
}

/** The Node error code of a failed connection; Node 20 wraps parallel attempts in an AggregateError. */
function networkCode(error: unknown): string | undefined {
  const e = error as SdkError | undefined;
  if (e?.code && NETWORK_CODES.has(e.code)) return e.code;
  for (const inner of e?.errors ?? []) {
    const code = networkCode(inner);
    if (code) return code;
  }
  return undefined;
}

function isTransient(error: unknown): boolean {
  const status = statusOf(error);
  const name = (error as SdkError | undefined)?.name;
  return (status !== undefined && (status >= 500 || status === 429)) || name === 'SlowDown' || name === 'TimeoutError' || networkCode(error) !== undefined;
}

/**
 * Files in an S3 or S3-compatible bucket, under a key prefix. The AWS SDK is loaded on first use,
 * so nodes that keep files locally never pay for it.
 */
export class S3Store implements FileStore {
  readonly kind = 's3';
  readonly description: string;
  readonly presigns: boolean;
  readonly #options: S3StoreOptions & { prefix: string; forcePathStyle: boolean };
  #sdk: Promise<{ sdk: S3Sdk; presigner: Presigner; client: S3Client; uploadClient: S3Client }> | undefined;

  constructor(options: S3StoreOptions) {
    const prefix = (options.prefix ?? '').replace(/^\/+|\/+$/g, '');
    if (prefix !== '') assertValidKey(prefix);
    this.#options = { ...options, prefix, forcePathStyle: options.forcePathStyle ?? options.endpoint !== undefined };
    this.description = describeS3Location(this.#options);
    this.presigns = options.presign ?? false;
  }

  #load() {
    this.#sdk ??= (async () => {
      const [sdk, presigner] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]);
      const { region, endpoint, forcePathStyle, credentials } = this.#options;
      const config: S3ClientConfig = {
        region,
        forcePathStyle,
        ...(endpoint !== undefined ? { endpoint } : {}),
        ...(credentials !== undefined ? { credentials } : {}),
        // Connection setup is bounded; a long transfer is not, only a silent socket.
        requestHandler: { connectionTimeout: 10_000, socketTimeout: 120_000 },
        // Since 3.729 the SDK adds CRC32 checksums (as aws-chunked trailers on streams) to every
        // upload; many S3-compatible servers refuse or mis-store them, so only send what an
        // operation requires: https://docs.aws.amazon.com/sdkref/latest/guide/feature-dataintegrity.html
        ...(endpoint !== undefined ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
      };
      // Streamed uploads are retried here with a fresh stream; the SDK would resend a consumed one
      // (https://github.com/aws/aws-sdk-js-v3/issues/5479).
      return { sdk, presigner, client: new sdk.S3Client(config), uploadClient: new sdk.S3Client({ ...config, maxAttempts: 1 }) };
    })();
    return this.#sdk;
  }

  #objectKey(key: string): string {
    assertValidKey(key);
    return this.#options.prefix ? `${this.#options.prefix}/${key}` : key;
  }

  /** A plain-words error for a failed request: unreachable endpoint, missing bucket, refused credentials. */
  #explain(error: unknown, action: string): Error {
    const { bucket, endpoint } = this.#options;
    const e = error as SdkError;
    const status = statusOf(error);
    const where = endpoint === undefined ? `AWS S3 (${this.#options.region})` : safeEndpoint(endpoint);
    let reason: string;
    const code = networkCode(error);
    if (code) reason = `cannot reach ${where} (${code}): is the endpoint right and the server up?`;
    else if (e?.name === 'TimeoutError') reason = `${where} did not answer in time`;
    else if (e?.name === 'CredentialsProviderError') reason = 'no S3 credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE';
    else if (e?.name === 'NoSuchBucket') reason = `bucket "${bucket}" does not exist at ${where}`;
    else if (status === 403 || DENIED_NAMES.has(e?.name ?? '')) reason = `access denied to bucket "${bucket}" at ${where} (${e?.name ?? status}): check the credentials and the bucket's permissions`;
    else if (status === 301 || e?.name === 'PermanentRedirect') reason = `bucket "${bucket}" is in another region than ${this.#options.region}: set AWS_REGION`;
    else reason = `${where} answered ${status ?? 'with an error'}${e?.name ? ` ${e.name}` : ''}`;
    return new Error(`S3 store ${action} failed: ${reason}`, { cause: error });
  }

  #notFound(error: unknown): boolean {
    const name = (error as SdkError | undefined)?.name;
    return name === 'NoSuchKey' || (statusOf(error) === 404 && name !== 'NoSuchBucket');
  }

  async putFile(key: string, file: string, contentType?: string): Promise<void> {
    const Key = this.#objectKey(key);
    const { sdk, uploadClient } = await this.#load();
    const { size } = await stat(file);
    for (let attempt = 1; ; attempt += 1) {
      const Body = createReadStream(file);
      try {
        await uploadClient.send(new sdk.PutObjectCommand({ Bucket: this.#options.bucket, Key, Body, ContentLength: size, ContentType: contentType }));
        return;
      } catch (error) {
        if (attempt >= UPLOAD_ATTEMPTS || !isTransient(error)) throw this.#explain(error, `upload of ${key}`);
        await delay(250 * 2 ** attempt);
      } finally {
        Body.destroy();
      }
    }
  }

  async putBytes(key: string, bytes: Buffer | string, contentType?: string): Promise<void> {
    const Key = this.#objectKey(key);
    const { sdk, client } = await this.#load();
    const Body = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
    try {
      await client.send(new sdk.PutObjectCommand({ Bucket: this.#options.bucket, Key, Body, ContentLength: Body.length, ContentType: contentType }));
    } catch (error) {
      throw this.#explain(error, `upload of ${key}`);
    }
  }

  async #get(key: string) {
    const Key = this.#objectKey(key);
    const { sdk, client } = await this.#load();
    let output;
    try {
      output = await client.send(new sdk.GetObjectCommand({ Bucket: this.#options.bucket, Key }));
    } catch (error) {
      if (this.#notFound(error)) throw new StoreNotFoundError(key, { cause: error });
      throw this.#explain(error, `download of ${key}`);
    }
    if (!output.Body) throw new Error(`S3 store download of ${key} failed: the response has no body`);
    return output.Body;
  }

  async getFile(key: string, file: string): Promise<void> {
    const body = await this.#get(key);
    try {
      await writeAside(file, (temporary) => pipeline(body as Readable, createWriteStream(temporary)));
    } catch (error) {
      (body as Readable).destroy?.();
      throw error;
    }
  }

  async getBytes(key: string): Promise<Buffer> {
    const body = await this.#get(key);
    return Buffer.from(await body.transformToByteArray());
  }

  async exists(key: string): Promise<boolean> {
    const Key = this.#objectKey(key);
    const { sdk, client } = await this.#load();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.#options.bucket, Key }));
      return true;
    } catch (error) {
      // A HEAD answer has no body, so a missing bucket is a 404 like a missing key: `check()` tells them apart.
      if (statusOf(error) === 404) return false;
      throw this.#explain(error, `lookup of ${key}`);
    }
  }

  async delete(key: string): Promise<void> {
    const Key = this.#objectKey(key);
    const { sdk, client } = await this.#load();
    try {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: this.#options.bucket, Key }));
    } catch (error) {
      if (this.#notFound(error)) return;
      throw this.#explain(error, `delete of ${key}`);
    }
  }

  async presignedUrl(key: string, seconds: number, options: { downloadName?: string } = {}): Promise<string | undefined> {
    const Key = this.#objectKey(key);
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_PRESIGN_SECONDS) {
      throw new Error(`presigned links last 1 to ${MAX_PRESIGN_SECONDS} whole seconds, got ${seconds}`);
    }
    if (!this.presigns) return undefined;
    const { sdk, presigner, client } = await this.#load();
    const command = new sdk.GetObjectCommand({
      Bucket: this.#options.bucket,
      Key,
      ...(options.downloadName ? { ResponseContentDisposition: attachmentDisposition(options.downloadName) } : {}),
    });
    return presigner.getSignedUrl(client, command, { expiresIn: seconds });
  }

  async check(): Promise<string> {
    const key = `.store-probe-${randomUUID()}`;
    const probe = `service doctor probe ${new Date().toISOString()}`;
    let written = false;
    try {
      await this.putBytes(key, probe, 'text/plain');
      written = true;
      const back = await this.getBytes(key);
      if (back.toString('utf8') !== probe) throw new Error(`S3 store check failed: ${this.description} returned different bytes than were written`);
    } catch (error) {
      if (error instanceof StoreNotFoundError) throw new Error(`S3 store check failed: an object just written to ${this.description} cannot be read back`, { cause: error });
      throw error;
    } finally {
      if (written) await this.delete(key).catch(() => undefined);
    }
    return `writes, reads and deletes objects in ${this.description}`;
  }

  /** Closes the SDK's pooled connections; the store must not be used afterwards. */
  async destroy(): Promise<void> {
    if (!this.#sdk) return;
    const { client, uploadClient } = await this.#sdk;
    client.destroy();
    uploadClient.destroy();
  }
}
