// Writes openapi/generated/<file> for every openapi/<file> that declares `x-standard-operations`: the standard
// paths and the list envelope of that resource. `npm run generate` runs it before orval; `--check` only says
// which files differ from what it would write (tests/contract/standard-operations.test.ts runs the same check).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse, stringify } from 'yaml';
import { pageSchema, readDeclaration, standardPaths } from './standard-operations.ts';

export const contractFolder = resolve(import.meta.dirname, '../../openapi');
export const generatedFolder = join(contractFolder, 'generated');

// Each generated file's name and text, from the declarations as they stand.
export function renderStandardFiles(folder = contractFolder): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.yaml'))) {
    const source = parse(readFileSync(join(folder, file), 'utf8')) as { 'x-standard-operations'?: unknown };
    if (source['x-standard-operations'] === undefined) continue;
    const declaration = readDeclaration(file, source['x-standard-operations']);
    const stem = file.replace(/\.yaml$/, '');
    const hasList = (declaration.operations ?? ['list']).includes('list');
    const document = {
      paths: standardPaths(stem, declaration),
      ...(hasList
        ? { components: { schemas: { [`${declaration.schema}Page`]: pageSchema(declaration.schema) } } }
        : {}),
    };
    const header = [
      `# Written by scripts/contract/generate.ts from x-standard-operations in openapi/${file}; do not edit.`,
      '# `npm run generate` rewrites it; docs/ARCHITECTURE.md says how a resource declares its paths.',
    ];
    files.set(file, `${header.join('\n')}\n${stringify(document, { lineWidth: 0, aliasDuplicateObjects: false })}`);
  }
  return files;
}

// The generated files that are missing, differ or are left over.
export function staleStandardFiles(folder = contractFolder): string[] {
  const expected = renderStandardFiles(folder);
  const written = new Set(readdirSync(join(folder, 'generated')).filter((name) => name.endsWith('.yaml')));
  const stale = [...expected].filter(
    ([file, text]) => !written.has(file) || readFileSync(join(folder, 'generated', file), 'utf8') !== text,
  );
  const leftOver = [...written].filter((file) => !expected.has(file));
  return [...stale.map(([file]) => file), ...leftOver];
}

function writeStandardFiles(): void {
  rmSync(generatedFolder, { recursive: true, force: true });
  mkdirSync(generatedFolder);
  for (const [file, text] of renderStandardFiles()) writeFileSync(join(generatedFolder, file), text);
}

if (import.meta.main) {
  if (process.argv.includes('--check')) {
    const stale = staleStandardFiles();
    if (stale.length > 0) {
      console.error(`openapi/generated/ is out of date (${stale.join(', ')}): run npm run generate`);
      process.exitCode = 1;
    }
  } else {
    writeStandardFiles();
  }
}
