import { describe, expect, it } from 'vitest';
import { resolveConfig, resolveScaleOut } from '../../src/config/resolve-config.js';

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

describe('--jobs', () => {
  it('is 1 by default, read from SERVICE_JOBS, and refused outside 1 to 16 with what was given', () => {
    const cwd = '/tmp';
    expect(resolveConfig({}, {}, cwd).jobs).toBe(1);
    expect(resolveConfig({}, { SERVICE_JOBS: '4' }, cwd).jobs).toBe(4);
    expect(resolveConfig({ jobs: 2 }, { SERVICE_JOBS: '4' }, cwd).jobs).toBe(2);
    expect(() => resolveConfig({}, { SERVICE_JOBS: '0' }, cwd)).toThrow(/jobs \(--jobs, SERVICE_JOBS\) must be 1 to 16, got 0/);
    expect(() => resolveConfig({ jobs: 17 }, {}, cwd)).toThrow(/must be 1 to 16, got 17/);
    expect(() => resolveConfig({}, { SERVICE_JOBS: 'many' }, cwd)).toThrow(/jobs/);
  });
});
