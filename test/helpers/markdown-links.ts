// Relative links of the repository's markdown pages (README.md, docs/**/*.md), and whether each one
// resolves: a file or folder that exists, and a `#anchor` that is a heading of the page it names.
// GitHub renders these pages, so anchors follow its slug rules.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** One relative link found in a markdown page. */
export interface MarkdownLink {
  /** The link's target as written, e.g. `rest-api.md#video-jobs` or `#sound`. */
  target: string;
  /** 1-based line of the page where the link starts. */
  line: number;
}

/** Code fences, whose contents are code and never links or headings. */
const FENCE = /^(```|~~~)/;

/** The page's lines with fenced code blocks blanked out (kept as empty lines, so line numbers hold). */
function proseLines(markdown: string): string[] {
  let inFence = false;
  return markdown.split('\n').map((line) => {
    if (FENCE.test(line.trimStart())) {
      inFence = !inFence;
      return '';
    }
    return inFence ? '' : line;
  });
}

/** Blanks inline code spans (``…`` and `…`, which may run over a line break) keeping every newline. */
function withoutInlineCode(text: string): string {
  const blank = (span: string) => span.replace(/[^\n]/g, ' ');
  return text.replace(/``[\s\S]*?``/g, blank).replace(/`[^`]*`/g, blank);
}

/**
 * GitHub's anchor for a heading: markdown marks and links reduced to their text, lowercased,
 * every character that is not a letter, digit, space, '-' or '_' dropped, each space turned into '-'.
 */
export function githubSlug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

/** The anchors of a page's headings, with GitHub's `-1`, `-2`… for repeated headings. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = githubSlug(heading[1] ?? '');
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

/** Every relative link of a page (inline `[text](target)`, images, reference definitions); URLs with a scheme are left out. */
export function relativeLinks(markdown: string): MarkdownLink[] {
  const text = withoutInlineCode(proseLines(markdown).join('\n'));
  const lineAt = (index: number) => text.slice(0, index).split('\n').length;
  const links: MarkdownLink[] = [];
  const add = (target: string, index: number) => {
    const bare = target.replace(/^<|>$/g, '');
    if (/^[a-z][a-z0-9+.-]*:/i.test(bare) || bare.startsWith('//')) return;
    links.push({ target: bare, line: lineAt(index) });
  };
  for (const match of text.matchAll(/\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)/g)) add(match[1] ?? '', match.index);
  for (const match of text.matchAll(/^ {0,3}\[[^\]]+\]:\s*(\S+)/gm)) add(match[1] ?? '', match.index);
  return links;
}

/**
 * What is wrong with each relative link of `file` (an absolute path), as `file:line: target (why)`;
 * an empty list when every link resolves. `markdown` is the page's text (read from `file` when not given).
 */
export function brokenLinks(file: string, markdown = readFileSync(file, 'utf8')): string[] {
  const problems: string[] = [];
  for (const { target, line } of relativeLinks(markdown)) {
    const hash = target.indexOf('#');
    const pathPart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
    const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
    const resolved = pathPart === '' ? file : path.resolve(path.dirname(file), pathPart);
    const where = `${file}:${line}: ${target}`;
    if (pathPart !== '' && !existsSync(resolved)) {
      problems.push(`${where} (no such file)`);
      continue;
    }
    if (anchor === undefined) continue;
    if (resolved !== file && (!resolved.endsWith('.md') || statSync(resolved).isDirectory())) {
      problems.push(`${where} (an anchor into a file that is not a markdown page)`);
      continue;
    }
    const page = resolved === file ? markdown : readFileSync(resolved, 'utf8');
    if (!headingAnchors(page).has(anchor)) problems.push(`${where} (no heading with that anchor)`);
  }
  return problems;
}

/** README.md and every markdown page under docs/, as absolute paths. */
export function documentationPages(root: string): string[] {
  const pages = [path.join(root, 'README.md')];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.md')) pages.push(full);
    }
  };
  walk(path.join(root, 'docs'));
  return pages;
}
