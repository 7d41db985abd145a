import { describe, expect, it } from 'vitest';
import { resolveScaleOut } from '../../src/config/resolve-config.js';

describe('--queue and --store', () => {
  it('go together: a queue needs a bucket, a bucket needs a queue, and a queue URL must be Redis', () => {
    expect(resolveScaleOut(undefined, undefined, {})).toEqual({ queueUrl: undefined, store: { kind: 'local' } });
    expect(() => resolveScaleOut('redis://127.0.0.1:6379', undefined, {})).toThrow(/--queue \(SERVICE_QUEUE\) needs --store s3:\/\/bucket\/prefix/);
    expect(() => resolveScaleOut(undefined, 's3://renders', {})).toThrow(/set --queue redis:\/\/host:port/);
    expect(() => resolveScaleOut('http://127.0.0.1:6379', 's3://renders', {})).toThrow(/must start with redis:\/\/ or rediss:\/\//);
    expect(resolveScaleOut('redis://127.0.0.1:6379', 's3://renders/node-a', { AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000' })).toMatchObject({
      queueUrl: 'redis://127.0.0.1:6379',
      store: { kind: 's3', bucket: 'renders', prefix: 'node-a', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true },
    });
  });
});
