// The README, the docs/ pages and the served OpenAPI document stand on their own: a clone has nothing beside it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PACKAGE_ROOT } from '../../src/package-root.js';
import { createVideoBody } from '../../src/pipeline/create/create-video-schema.js';
import { documentationPages } from '../helpers/markdown-links.js';
import { bearer, createAccountWithKey, createTestApp, createTestNode, type TestNode } from '../helpers/test-node.js';

const readme = readFileSync(path.join(PACKAGE_ROOT, 'README.md'), 'utf8');
/** The REST API page, which holds the create request table. */
const restApi = readFileSync(path.join(PACKAGE_ROOT, 'docs', 'rest-api.md'), 'utf8');
/** Paths into the planning folder beside the repository, which a clone does not have. */
const OUTSIDE = /\.\.\/shared|interface-spec\.md|DECISIONS\.md|DESIGN\.md|STYLE\.md/;

let node: TestNode;
let app: FastifyInstance;
let key: string;
beforeAll(async () => {
  node = createTestNode();
  app = await createTestApp(node.ctx);
  key = (await createAccountWithKey(node.ctx)).key.key;
});
afterAll(async () => {
  await app.close();
  node.cleanup();
});

it.each(documentationPages(PACKAGE_ROOT).map((page) => [path.relative(PACKAGE_ROOT, page), page]))('%s points at nothing outside the repository', (_name, page) => {
  expect(readFileSync(page, 'utf8')).not.toMatch(OUTSIDE);
});

it('the README is a short page of at most 300 lines', () => {
  expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(300);
});

it('the REST API page\'s create table describes every field POST /v1/videos accepts', () => {
  expect(restApi).toContain('**Create request**');
  const table = restApi.slice(restApi.indexOf('**Create request**'), restApi.indexOf('A link that cannot be fetched'));
  for (const field of Object.keys(createVideoBody.shape)) expect(table, field).toMatch(new RegExp(`\\| \`${field}\`|\`${field}\` \\|| \`${field}\`,`));
});

it('the served OpenAPI document points at nothing outside the node and describes every create field', async () => {
  const response = await app.inject({ method: 'GET', url: '/v1/openapi.json', headers: bearer(key) });
  expect(response.body).not.toMatch(OUTSIDE);
  const schema = response.json().paths['/v1/videos'].post.requestBody.content['application/json'].schema;
  for (const [field, property] of Object.entries(schema.properties as Record<string, { description?: string }>)) {
    expect(property.description, field).toBeTruthy();
  }
});

it('the quick start is two commands', () => {
  const quickStart = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('## Command line'));
  const block = /```sh\n([\s\S]*?)```/.exec(quickStart)?.[1] ?? '';
  expect(block.trim().split('\n').map((line) => line.replace(/\s+#.*$/, ''))).toEqual(['npm install && npm start', 'npm install && npm test']);
});
