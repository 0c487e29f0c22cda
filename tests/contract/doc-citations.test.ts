import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The design rules live in docs/domain/ of this repository. Code, tests and the contract cite those pages, never
// the specification files the project started from, which someone with only the repository does not have.

const root = join(dirname(new URL(import.meta.url).pathname), '..', '..');
const binary = new Set(['.png', '.jpg', '.jpeg', '.gif', '.ico', '.webp', '.woff', '.woff2', '.ttf', '.pdf', '.zip']);

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((path) => path !== '' && !binary.has(extname(path).toLowerCase()) && existsSync(join(root, path)));

function lines(path: string): string[] {
  return readFileSync(join(root, path), 'utf8').split('\n');
}

// The starting specification's file names, put together here so that this file does not cite them itself.
const specNames = ['DOMAIN', 'SPEC', 'STYLE'].join('|');
const specCitation = new RegExp(`\\b(?:${specNames})(?:\\.md\\b|\\s+sections?\\s+\\d|['’]s\\b)`);
// The folder outside the repository that held them; `../shared/` of an import inside src/ is a folder of its own.
const outsideFolder = /(?:\.\.\/)+shared\/[A-Z][A-Z-]*\.md|\/work\/shared\b/;

// A path into docs/ written anywhere (not a URL's or another folder's docs/), without trailing punctuation.
const docsPath = /(?<![\w./-])docs\/[\w./-]*/g;
// A relative Markdown link: [text](target) with no scheme.
const markdownLink = /\]\((?![a-z]+:)([^)\s]+)\)/g;

function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchors(path: string): Set<string> {
  return new Set(
    lines(path)
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => slug(line.replace(/^#+ /, ''))),
  );
}

describe('citations of the design rules', () => {
  it('cite docs/domain/, never the specification files outside the repository', () => {
    const offending = tracked
      .filter((path) => !path.startsWith('docs/'))
      .flatMap((path) =>
        lines(path).flatMap((line, index) =>
          specCitation.test(line) || outsideFolder.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : [],
        ),
      );
    expect(offending).toEqual([]);
  });

  it('name docs/ paths that exist', () => {
    const missing = tracked.flatMap((path) =>
      lines(path).flatMap((line, index) =>
        [...line.matchAll(docsPath)]
          .map((match) => match[0].replace(/[.,;:]+$/, ''))
          .filter((cited) => !existsSync(join(root, cited)))
          .map((cited) => `${path}:${index + 1}: ${cited}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('link Markdown pages and headings that exist', () => {
    const broken = tracked
      .filter((path) => path.endsWith('.md'))
      .flatMap((path) =>
        lines(path).flatMap((line, index) =>
          [...line.matchAll(markdownLink)].flatMap((match) => {
            const [target = '', anchor] = (match[1] ?? '').split('#');
            const file = target === '' ? path : relative(root, join(root, dirname(path), target));
            if (!existsSync(join(root, file))) return [`${path}:${index + 1}: ${match[1]}`];
            if (anchor === undefined || !file.endsWith('.md')) return [];
            return anchors(file).has(anchor) ? [] : [`${path}:${index + 1}: ${match[1]} (no such heading)`];
          }),
        ),
      );
    expect(broken).toEqual([]);
  });
});
