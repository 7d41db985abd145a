import { describe, expect, it } from 'vitest';
import { LocalStore } from '../../src/storage/file-store.js';
import { S3Store } from '../../src/storage/s3-store.js';
import { describeStoreSetting, openStore, parseStoreSetting } from '../../src/storage/store-config.js';

function settingError(make: () => unknown): Error & { code?: string; status?: number } {
  try {
    make();
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected an error');
}

const AWS_DEFAULTS = { kind: 's3', prefix: '', region: 'us-east-1', forcePathStyle: false, presign: false } as const;

describe('parseStoreSetting', () => {
  it('keeps files in the data dir when --store is unset or empty', () => {
    expect(parseStoreSetting(undefined, {})).toEqual({ kind: 'local' });
    expect(parseStoreSetting('', {})).toEqual({ kind: 'local' });
    expect(parseStoreSetting('  ', { AWS_ENDPOINT_URL: 'http://127.0.0.1:9000', SERVICE_STORE_PRESIGN: '1' })).toEqual({ kind: 'local' });
  });

  it('reads a bucket alone as the bucket root on AWS S3 in us-east-1', () => {
    expect(parseStoreSetting('s3://renders', {})).toEqual({ ...AWS_DEFAULTS, bucket: 'renders' });
    expect(parseStoreSetting('s3://renders/', {})).toEqual({ ...AWS_DEFAULTS, bucket: 'renders' });
  });

  it('reads a bucket and prefix, normalizing slashes', () => {
    expect(parseStoreSetting('s3://renders/node-a', {})).toEqual({ ...AWS_DEFAULTS, bucket: 'renders', prefix: 'node-a' });
    expect(parseStoreSetting(' s3://renders//fleet/node-a/ ', {})).toMatchObject({ bucket: 'renders', prefix: 'fleet/node-a' });
  });

  it('takes the endpoint from AWS_ENDPOINT_URL_S3 over AWS_ENDPOINT_URL, and then uses path-style addressing', () => {
    expect(parseStoreSetting('s3://renders', { AWS_ENDPOINT_URL: 'http://127.0.0.1:9000/' })).toMatchObject({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
    expect(
      parseStoreSetting('s3://renders', { AWS_ENDPOINT_URL: 'http://127.0.0.1:9000', AWS_ENDPOINT_URL_S3: 'https://acct.r2.cloudflarestorage.com' }),
    ).toMatchObject({ endpoint: 'https://acct.r2.cloudflarestorage.com', forcePathStyle: true });
    expect(parseStoreSetting('s3://renders', { AWS_ENDPOINT_URL: '' })).not.toHaveProperty('endpoint');
  });

  it('takes the region from AWS_REGION over AWS_DEFAULT_REGION', () => {
    expect(parseStoreSetting('s3://renders', { AWS_DEFAULT_REGION: 'eu-west-1' })).toMatchObject({ region: 'eu-west-1' });
    expect(parseStoreSetting('s3://renders', { AWS_DEFAULT_REGION: 'eu-west-1', AWS_REGION: 'auto' })).toMatchObject({ region: 'auto' });
  });

  it('turns presigned links on with SERVICE_STORE_PRESIGN=1 and refuses other values', () => {
    expect(parseStoreSetting('s3://renders', { SERVICE_STORE_PRESIGN: '1' })).toMatchObject({ presign: true });
    expect(parseStoreSetting('s3://renders', { SERVICE_STORE_PRESIGN: '0' })).toMatchObject({ presign: false });
    expect(settingError(() => parseStoreSetting('s3://renders', { SERVICE_STORE_PRESIGN: 'maybe' }))).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('SERVICE_STORE_PRESIGN') });
  });

  it('never reads credentials into the setting', () => {
    const setting = parseStoreSetting('s3://renders', { AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret-value' });
    expect(JSON.stringify(setting)).not.toMatch(/AKIAEXAMPLE|secret-value/);
  });

  it.each([
    ['a bad scheme', 'gs://renders', /expected s3:\/\/<bucket>/],
    ['a plain path', '/var/files', /expected s3:\/\/<bucket>/],
    ['an empty bucket', 's3://', /names no bucket/],
    ['an empty bucket before a prefix', 's3:///node-a', /names no bucket/],
    ['a bucket name S3 does not allow', 's3://Renders!', /is not a bucket name/],
    ['a one-letter bucket', 's3://r', /is not a bucket name/],
    ['a .. prefix segment', 's3://renders/../other', /may not contain \. or \.\. segments/],
    ['a query in the prefix', 's3://renders/a?b=1', /may not contain \?/],
  ])('refuses %s with invalid_request naming --store and SERVICE_STORE, with an example', (_case, value, message) => {
    const error = settingError(() => parseStoreSetting(value, {}));
    expect(error).toMatchObject({ code: 'invalid_request', status: 400 });
    expect(error.message).toContain('--store (SERVICE_STORE)');
    expect(error.message).toContain('e.g. s3://renders');
    expect(error.message).toMatch(message);
  });

  it('refuses an endpoint that is not an http(s) URL, or that holds credentials, naming the variable', () => {
    expect(settingError(() => parseStoreSetting('s3://renders', { AWS_ENDPOINT_URL_S3: 'minio:9000' })).message).toMatch(/^AWS_ENDPOINT_URL_S3 .*--store \(SERVICE_STORE\).*http\(s\) URL/);
    expect(settingError(() => parseStoreSetting('s3://renders', { AWS_ENDPOINT_URL: 'http://key:secret@127.0.0.1:9000' })).message).toMatch(/^AWS_ENDPOINT_URL must not hold credentials/);
  });
});

describe('openStore', () => {
  it('opens the data dir store at localRoot, or an S3 store for a bucket', () => {
    const local = openStore({ kind: 'local' }, { localRoot: '/data/files' });
    expect(local).toBeInstanceOf(LocalStore);
    expect(local.description).toBe('/data/files');
    const s3 = openStore(parseStoreSetting('s3://renders/node-a', { AWS_ENDPOINT_URL: 'http://127.0.0.1:4568' }), { localRoot: '/data/files' });
    expect(s3).toBeInstanceOf(S3Store);
    expect(s3.kind).toBe('s3');
    expect(s3.description).toBe('s3://renders/node-a at http://127.0.0.1:4568 (path-style)');
  });
});

describe('describeStoreSetting', () => {
  it('names the data dir, or the bucket, prefix, endpoint and presigning', () => {
    expect(describeStoreSetting({ kind: 'local' })).toBe('the data dir (<data-dir>/files)');
    expect(describeStoreSetting(parseStoreSetting('s3://renders/node-a', { AWS_REGION: 'eu-central-1' }))).toBe('s3://renders/node-a (AWS S3, eu-central-1)');
    expect(describeStoreSetting(parseStoreSetting('s3://renders', { AWS_ENDPOINT_URL: 'http://garage:3900', SERVICE_STORE_PRESIGN: '1' }))).toBe(
      's3://renders at http://garage:3900 (path-style), presigned links on',
    );
  });
});
