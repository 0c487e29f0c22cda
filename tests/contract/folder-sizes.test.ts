import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// No folder holds more than 25 source files (code and contract: .ts, .tsx, .yaml), so that a newcomer can read a
// folder's names at a glance and tell its parts apart. Generated files are not read by people and are left out.
const root = resolve(import.meta.dirname, '../..');
const limit = 25;
const skipped = new Set(['node_modules', 'generated', 'dist', '.git']);
const source = /\.(?:tsx?|ya?ml)$/;

function folderSizes(folder: string): Map<string, number> {
  const sizes = new Map<string, number>();
  const entries = readdirSync(folder, { withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && source.test(entry.name)).length;
  if (files > 0) sizes.set(relative(root, folder) || '.', files);
  for (const entry of entries) {
    if (!entry.isDirectory() || skipped.has(entry.name) || entry.name.startsWith('.')) continue;
    for (const [path, count] of folderSizes(join(folder, entry.name))) sizes.set(path, count);
  }
  return sizes;
}

const sizes = folderSizes(root);

// Folders still over the limit, each named with why: a new one fails, and so does a listed one back under it, so that
// this list only shrinks.
const knownExceptions: readonly { folder: string; why: string }[] = [];

describe('the size of folders', () => {
  it('reads the folders of the code', () => {
    expect(sizes.get('server/areas/sales')).toBeGreaterThan(0);
    expect([...sizes.keys()].some((folder) => folder.includes('generated'))).toBe(false);
  });

  it(`no folder holds more than ${limit} source files`, () => {
    const over = [...sizes]
      .filter(([folder, count]) => count > limit && !knownExceptions.some((known) => known.folder === folder))
      .map(([folder, count]) => `${folder}: ${count}`);
    expect(over).toEqual([]);
  });

  it('lists only exceptions still over the limit', () => {
    const stale = knownExceptions.filter((known) => (sizes.get(known.folder) ?? 0) <= limit);
    expect(stale.map((known) => known.folder)).toEqual([]);
  });
});
