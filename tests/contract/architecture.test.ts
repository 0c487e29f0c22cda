import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The layout of docs/ARCHITECTURE.md: areas on top, the engine and the ledger below them, the platform at the bottom,
// arrows pointing down only. Each folder of server/ and src/ is a node (server/db, src/screens, and one per area:
// server/areas/sales, src/areas/inventory; their sub-folders are part of them); an import from a file of one to a
// file of another is an arrow.
const root = resolve(import.meta.dirname, '../..');

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

// Static imports, re-exports, imports for their effect and lazy imports of relative paths.
const importPattern =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+'(\.[^']+)'|(?:^|\n)\s*import\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g;

type Arrow = { from: string; to: string; file: string };

function nodeOf(folder: string): string {
  const parts = folder.split('/');
  return parts.slice(0, parts[1] === 'areas' ? 3 : 2).join('/');
}

const arrows: Arrow[] = ['server', 'src'].flatMap(sourceFiles).flatMap((file) => {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(importPattern)].map((match) => {
    const target = relative(root, resolve(root, dirname(file), match[1] ?? match[2] ?? match[3] ?? ''));
    return { from: nodeOf(dirname(file)), to: nodeOf(dirname(target)), file };
  });
});

const between = arrows.filter((arrow) => arrow.from !== arrow.to);
const under = (folder: string, path: string) => path === folder || path.startsWith(`${folder}/`);

// Arrows the layout does not want, each to be named here with the issue that removes it: a new one fails, and so
// does a listed one that is gone, so that this list only shrinks. None is left.
const knownExceptions: readonly { file: string; to: string; why: string }[] = [];

const isKnown = (arrow: Arrow) =>
  knownExceptions.some((exception) => exception.file === arrow.file && under(exception.to, arrow.to));

const platform = ['server/db', 'server/http', 'server/auth', 'server/history'];

function upward(arrow: Arrow): boolean {
  if (platform.some((folder) => under(folder, arrow.from)) && under('server/areas', arrow.to)) return true;
  if ((under('server/engine', arrow.from) || under('server/ledger', arrow.from)) && under('server/areas', arrow.to)) {
    return true;
  }
  if (under('server/registry', arrow.from) && !under('server/registry', arrow.to)) return true;
  return under('src/screens', arrow.from) && under('src/areas', arrow.to);
}

// Folders that reach each other (Tarjan's strongly connected components), on the arrows that are not exceptions.
function cycles(edges: readonly Arrow[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const edge of edges) next.set(edge.from, (next.get(edge.from) ?? new Set()).add(edge.to));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (stack.includes(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member !== undefined) component.push(member);
      } while (member !== undefined && member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the import graph of server/ and src/ (docs/ARCHITECTURE.md)', () => {
  it('reads imports from both trees', () => {
    expect(between.length).toBeGreaterThan(100);
  });

  it('has no upward arrow: the platform, the engine and the ledger never import an area, nor a screen an area', () => {
    const found = between.filter((arrow) => upward(arrow) && !isKnown(arrow));
    expect(found.map((arrow) => `${arrow.file} -> ${arrow.to}`)).toEqual([]);
  });

  it('keeps HTTP statuses at the edge: rules refuse with server/domain/refusal.ts, not server/http/errors.ts', () => {
    const edge = (file: string) => under('server/http', file) || file.endsWith('routes.ts');
    const httpErrors = arrows.filter(
      (arrow) =>
        !edge(arrow.file) && /from '[./]*(?:http\/)?errors\.ts'/.test(readFileSync(join(root, arrow.file), 'utf8')),
    );
    expect([...new Set(httpErrors.map((arrow) => arrow.file))]).toEqual([]);
  });

  it('has no cycle between folders', () => {
    expect(cycles(between.filter((arrow) => !isKnown(arrow)))).toEqual([]);
  });

  it('lists only exceptions that still exist', () => {
    const stale = knownExceptions.filter(
      (exception) => !between.some((arrow) => arrow.file === exception.file && under(exception.to, arrow.to)),
    );
    expect(stale).toEqual([]);
  });
});
