// Every relative link of the README and the docs/ pages leads somewhere: a file or folder of the
// repository, and a `#anchor` to a heading of the page it names (GitHub's slugs).
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/package-root.js';
import { brokenLinks, documentationPages, githubSlug, headingAnchors, relativeLinks } from '../helpers/markdown-links.js';

describe('the repository\'s pages', () => {
  const pages = documentationPages(PACKAGE_ROOT);

  it('are the README and the docs/ pages', () => {
    expect(pages).toContain(path.join(PACKAGE_ROOT, 'README.md'));
    expect(pages).toContain(path.join(PACKAGE_ROOT, 'docs', 'rest-api.md'));
    expect(pages).toContain(path.join(PACKAGE_ROOT, 'docs', 'gallery', 'README.md'));
  });

  it.each(pages.map((page) => [path.relative(PACKAGE_ROOT, page), page]))('%s: every relative link resolves', (_name, page) => {
    expect(brokenLinks(page)).toEqual([]);
  });

  it('each docs/ topic page starts with a title and links back to the README', () => {
    const topics = pages.filter((page) => path.dirname(page) === path.join(PACKAGE_ROOT, 'docs'));
    expect(topics.length).toBeGreaterThan(15);
    for (const page of topics) {
      const text = readFileSync(page, 'utf8');
      expect(text, page).toMatch(/^# \S/);
      expect(text, page).toContain('](../README.md)');
    }
  });

  it('the README links every docs/ topic page', () => {
    const readme = readFileSync(path.join(PACKAGE_ROOT, 'README.md'), 'utf8');
    const linked = new Set(relativeLinks(readme).map((link) => link.target.split('#')[0]));
    for (const page of pages.filter((p) => path.dirname(p) === path.join(PACKAGE_ROOT, 'docs'))) {
      expect(linked, page).toContain(`docs/${path.basename(page)}`);
    }
  });
});

describe('the link check', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'links-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, 'docs'));
  writeFileSync(path.join(dir, 'docs', 'page.md'), '# A page\n\n## Formats: MP4, WebM, MOV, GIF\n\n## Own provider keys\n\n## Notes\n\n## Notes\n');
  const check = (markdown: string) => brokenLinks(path.join(dir, 'README.md'), markdown);

  it('passes links to files, folders and headings', () => {
    expect(check('[a](docs/page.md) [b](docs/) [c](docs/page.md#own-provider-keys) [d](docs/page.md#formats-mp4-webm-mov-gif) [e](docs/page.md#notes-1) [f](#top)\n\n# Top\n')).toEqual([]);
  });

  it('finds a missing file, a missing heading and a missing anchor on the same page', () => {
    const problems = check('# Top\n\nSee [x](docs/nowhere.md),\n[y](docs/page.md#own-keys) and [z](#bottom).\n');
    expect(problems).toEqual([
      expect.stringMatching(/README\.md:3: docs\/nowhere\.md \(no such file\)$/),
      expect.stringMatching(/README\.md:4: docs\/page\.md#own-keys \(no heading with that anchor\)$/),
      expect.stringMatching(/README\.md:4: #bottom \(no heading with that anchor\)$/),
    ]);
  });

  it('reads links whose text runs over a line break, and images', () => {
    expect(check('see [Own\nprovider keys](docs/page.md#own-provider-key) ![shot](docs/missing.png)')).toHaveLength(2);
  });

  it('leaves out web links, code spans and fenced code', () => {
    expect(check('[w](https://example.com/x.md) `[c](nowhere.md)` ``a [d](nowhere.md)``\n\n```\n[e](nowhere.md)\n```\n')).toEqual([]);
  });

  it('makes GitHub\'s slugs', () => {
    expect(githubSlug('Formats: MP4, WebM, MOV, GIF')).toBe('formats-mp4-webm-mov-gif');
    expect(githubSlug("New requests, with a model's plans (`fresh`)")).toBe('new-requests-with-a-models-plans-fresh');
    expect(githubSlug('MCP (AI agents)')).toBe('mcp-ai-agents');
    expect([...headingAnchors('# A\n\n```\n# not a heading\n```\n## A\n')]).toEqual(['a', 'a-1']);
  });
});
