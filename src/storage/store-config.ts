import { invalidRequest } from '../errors/service-error.js';
import { LocalStore, type FileStore } from './file-store.js';
import { describeS3Location, S3Store } from './s3-store.js';

/** Where the node keeps files, complete: the data dir, or a bucket and how to reach it. */
export type StoreSetting =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** Key prefix without leading or trailing slash; "" for the bucket root. */
      prefix: string;
      /** An S3-compatible endpoint without a trailing slash; undefined for AWS S3. */
      endpoint?: string;
      region: string;
      /** True whenever an endpoint is set. */
      forcePathStyle: boolean;
      /** Clients may fetch files from the bucket directly through presigned links. */
      presign: boolean;
    };

const SETTING = '--store (SERVICE_STORE)';
const EXAMPLE = 'e.g. s3://renders or s3://renders/node-a';
/** S3's bucket naming rule, with `_` allowed for older buckets and stores that accept it. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$/;
const TRUE_VALUES = ['1', 'true', 'yes', 'on'];
const FALSE_VALUES = ['', '0', 'false', 'no', 'off'];

function envValue(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/**
 * Parses `--store` / `SERVICE_STORE`: undefined/'' → local; 's3://bucket' or
 * 's3://bucket/some/prefix' → s3. Endpoint from AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL, region
 * from AWS_REGION or AWS_DEFAULT_REGION (default us-east-1), presign from SERVICE_STORE_PRESIGN=1
 * (clients may fetch from the bucket directly). Credentials are NOT read here: the SDK's default
 * chain reads AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY/AWS_PROFILE. Throws `invalid_request`
 * naming the setting, with an example.
 */
export function parseStoreSetting(value: string | undefined, env: NodeJS.ProcessEnv): StoreSetting {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return { kind: 'local' };
  const match = /^s3:\/\/([^/]*)(?:\/(.*))?$/i.exec(trimmed);
  if (!match) throw invalidRequest(`${SETTING}: expected s3://<bucket> or s3://<bucket>/<prefix> (${EXAMPLE}), or nothing for the data dir; got "${trimmed}"`);
  const bucket = match[1]!;
  if (bucket === '') throw invalidRequest(`${SETTING}: "${trimmed}" names no bucket, ${EXAMPLE}`);
  if (!BUCKET_NAME.test(bucket) || bucket.includes('..')) {
    throw invalidRequest(`${SETTING}: "${bucket}" is not a bucket name (3 to 63 lowercase letters, digits, dots and hyphens), ${EXAMPLE}`);
  }
  const rawPrefix = match[2] ?? '';
  if (/[?#\\\s]/.test(rawPrefix)) throw invalidRequest(`${SETTING}: the prefix "${rawPrefix}" may not contain ?, #, \\ or spaces, ${EXAMPLE}`);
  const segments = rawPrefix.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '.' || segment === '..')) {
    throw invalidRequest(`${SETTING}: the prefix "${rawPrefix}" may not contain . or .. segments, ${EXAMPLE}`);
  }

  const endpointVariable = envValue(env, 'AWS_ENDPOINT_URL_S3') !== undefined ? 'AWS_ENDPOINT_URL_S3' : 'AWS_ENDPOINT_URL';
  const endpointValue = envValue(env, endpointVariable);
  let endpoint: string | undefined;
  if (endpointValue !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(endpointValue);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw invalidRequest(`${endpointVariable} (the endpoint of ${SETTING}) must be an http(s) URL, e.g. http://127.0.0.1:9000; got "${endpointValue}"`);
    }
    if (url.username || url.password) {
      throw invalidRequest(`${endpointVariable} must not hold credentials; set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead`);
    }
    endpoint = endpointValue.replace(/\/+$/, '');
  }

  const presignValue = (env.SERVICE_STORE_PRESIGN ?? '').trim().toLowerCase();
  if (!TRUE_VALUES.includes(presignValue) && !FALSE_VALUES.includes(presignValue)) {
    throw invalidRequest(`SERVICE_STORE_PRESIGN must be 1 or 0, got "${env.SERVICE_STORE_PRESIGN}"`);
  }

  return {
    kind: 's3',
    bucket,
    prefix: segments.join('/'),
    ...(endpoint !== undefined ? { endpoint } : {}),
    region: envValue(env, 'AWS_REGION') ?? envValue(env, 'AWS_DEFAULT_REGION') ?? 'us-east-1',
    forcePathStyle: endpoint !== undefined,
    presign: TRUE_VALUES.includes(presignValue),
  };
}

/** The store a setting names; `localRoot` is where local files live (`<data-dir>/files`). */
export function openStore(setting: StoreSetting, options: { localRoot: string }): FileStore {
  if (setting.kind === 'local') return new LocalStore(options.localRoot);
  const { bucket, prefix, endpoint, region, forcePathStyle, presign } = setting;
  return new S3Store({ bucket, prefix, ...(endpoint !== undefined ? { endpoint } : {}), region, forcePathStyle, presign });
}

/** A setting as logs and `service doctor` show it, never with credentials. */
export function describeStoreSetting(setting: StoreSetting): string {
  if (setting.kind === 'local') return 'the data dir (<data-dir>/files)';
  return `${describeS3Location(setting)}${setting.presign ? ', presigned links on' : ''}`;
}
