// Writes the two lists of definitions from the registry (server/registry/resources.ts) and the files found by
// convention: a resource's server definition is `server/areas/<folder>/<key>.ts`, exporting `<camelKey>Resource`,
// and its client definition `src/areas/<folder>/<key>.ts`, exporting `<camelKey>`. `npm run generate` writes them
// with the contract; a registry key without its file is left out of the list, which then fails typecheck (the list
// is typed by `ResourceKey`), and tests/contract/definition-lists.test.ts names it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { type RegistryEntry, registry } from '../../server/registry/resources.ts';
import { contractFile, contractFolder, homeFolder } from './contract-files.ts';

const root = resolve(import.meta.dirname, '../..');

export const camelKey = (key: string) => key.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

// Every folder under `areas` holding `<key>.ts`; the area folders are one level deep.
export function definitionFolders(tree: 'server' | 'src', key: string): string[] {
  const areas = join(root, tree, 'areas');
  return readdirSync(areas, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((folder) => existsSync(join(areas, folder, `${key}.ts`)));
}

// The folder holding the resource's definition, if its file sits where its registry entry says.
export function definitionFolder(tree: 'server' | 'src', entry: RegistryEntry): string | undefined {
  return definitionFolders(tree, entry.key).includes(homeFolder(entry)) ? homeFolder(entry) : undefined;
}

// What a list entry of a registry resource is: its file's export, or the default its registry shape gives.
type Entry = { imports: readonly string[]; value: string };

type ListShape = {
  file: string;
  tree: 'server' | 'src';
  fromFile: (folder: string, key: string) => Entry;
  byDefault: (key: string, names: { one: string; many: string }, shape: 'name-and-description' | 'fields') => Entry;
  head: readonly string[];
  tail: (entries: readonly string[]) => readonly string[];
};

const header = (tree: string) => [
  `// Written by scripts/contract/definition-lists.ts from server/registry/resources.ts and ${tree}/areas/*/<key>.ts;`,
  '// do not edit: `npm run generate` rewrites it (CONTRIBUTING.md; docs/ARCHITECTURE.md, The tree by area).',
];

const generatedModule = (kind: 'hooks' | 'zod', key: string) =>
  `generated/${kind}/${key}/${key}${kind === 'zod' ? '.zod' : ''}.ts`;

const lists: readonly ListShape[] = [
  {
    file: 'server/areas/definitions.ts',
    tree: 'server',
    fromFile: (folder, key) => ({
      imports: [`import { ${camelKey(key)}Resource } from './${folder}/${key}.ts';`],
      value: `${camelKey(key)}Resource`,
    }),
    byDefault: (key, names, shape) => ({
      imports: [`import * as ${camelKey(key)}Schemas from '../../${generatedModule('zod', key)}';`],
      value: `${shape === 'fields' ? 'fieldRecords' : 'namedRecords'}({ key: '${key}', table: '${key.replaceAll('-', '_')}', one: '${names.one}', many: '${names.many}' }, ${camelKey(key)}Schemas)`,
    }),
    head: [
      "import { namedRecords } from '../engine/named-records.ts';",
      "import { fieldRecords } from '../engine/record-fields.ts';",
      "import type { AnyResource } from '../engine/resource.ts';",
      "import type { ResourceKey } from '../registry/resources.ts';",
    ],
    tail: (entries) => [
      '',
      '// The server definition of every registry resource, in the registry order.',
      'export const definitions: Readonly<Record<ResourceKey, AnyResource>> = {',
      ...entries,
      '};',
    ],
  },
  {
    file: 'src/app/definitions.ts',
    tree: 'src',
    fromFile: (folder, key) => ({
      imports: [`import { ${camelKey(key)} } from '../areas/${folder}/${key}.ts';`],
      value: camelKey(key),
    }),
    byDefault: (key, names, shape) => ({
      imports: [],
      value: `${shape === 'fields' ? 'fieldRecordsOf' : 'namedRecordsOf'}('${key}', { one: '${names.one}', many: '${names.many}' }, () => import('../../${generatedModule('hooks', key)}'), () => import('../../${generatedModule('zod', key)}'))`,
    }),
    head: [
      "import { namedRecordsOf } from '../resources/named-records.ts';",
      "import { fieldRecordsOf } from '../resources/record-fields.ts';",
      "import { installDefinitions } from '../resources/registry.ts';",
      "import type { ResourceDefinition, ResourceKey } from '../resources/resource.ts';",
    ],
    tail: (entries) => [
      '',
      '// The client definition of every registry resource, handed down to src/resources/registry.ts, which the screens',
      '// read them from: the areas sit above the screens, so the list is made here, at the top.',
      'const definitions: Readonly<Record<ResourceKey, ResourceDefinition>> = {',
      ...entries,
      '};',
      '',
      'export const resources = installDefinitions(definitions);',
    ],
  },
];

const pascal = (key: string) => key.replace(/(^|-)([a-z])/g, (_, __, letter: string) => letter.toUpperCase());

// A resource's names in its generated calls and schemas: its contract's record schema and its key.
function contractNames(key: string): { one: string; many: string } {
  const path = contractFile(`${key}.yaml`);
  const contract = parse(readFileSync(join(contractFolder, path), 'utf8')) as {
    'x-standard-operations'?: { schema?: string };
  };
  const one = contract['x-standard-operations']?.schema;
  if (one === undefined) throw new Error(`openapi/${path}: a ${key} by default needs x-standard-operations`);
  return { one, many: pascal(key) };
}

// Biome's layout, so that the committed lists pass `npm run lint` as written.
export function formatted(file: string, text: string): string {
  const run = spawnSync(join(root, 'node_modules/.bin/biome'), ['check', '--write', `--stdin-file-path=${file}`], {
    input: text,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`biome could not format ${file}: ${run.stderr}`);
  return run.stdout;
}

function renderList(shape: ListShape): string {
  const entries = registry.flatMap((entry) => {
    const folder = definitionFolder(shape.tree, entry);
    if (folder !== undefined) return [{ key: entry.key, ...shape.fromFile(folder, entry.key) }];
    if ('shape' in entry) {
      return [{ key: entry.key, ...shape.byDefault(entry.key, contractNames(entry.key), entry.shape) }];
    }
    return [];
  });
  // The default makers only when some entry is made by them.
  const used = (line: string) => {
    const made = /^import \{ (\w+) \} from/.exec(line)?.[1];
    return (
      made === undefined || !/Records(Of)?$/.test(made) || entries.some(({ value }) => value.startsWith(`${made}(`))
    );
  };
  const imports = [...shape.head.filter(used), ...entries.flatMap((entry) => entry.imports)];
  const properties = entries.map(({ key, value }) => (key === value ? `  ${key},` : `  '${key}': ${value},`));
  return formatted(shape.file, `${[...header(shape.tree), ...imports, ...shape.tail(properties)].join('\n')}\n`);
}

// The owner's reports: each path `/api/reports/{name}` of openapi/reports/owner-reports.yaml, in the contract's order, is
// answered by the `<camelName>OwnerReport` that a file of server/areas/reports/ (or a folder of it) exports (owner-report.ts); a path
// without one is left out, and tests/contract/definition-lists.test.ts names it.
const reportsFolder = join(root, 'server/areas/reports');
const reportListFile = 'server/areas/reports/owner-report-list.ts';

export function ownerReportNames(): string[] {
  const contract = parse(readFileSync(join(contractFolder, contractFile('owner-reports.yaml')), 'utf8')) as {
    paths: object;
  };
  return Object.keys(contract.paths).map((path) => path.replace(/^\/api\/reports\//, ''));
}

export const ownerReportExport = (name: string) => `${camelKey(name)}OwnerReport`;

function renderReportList(): string {
  const sources = readdirSync(reportsFolder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(reportsFolder, name), 'utf8') }));
  const found = ownerReportNames().flatMap((report) => {
    const declared = sources.find(({ text }) => text.includes(`export const ${ownerReportExport(report)} = `));
    return declared === undefined ? [] : [{ report, file: declared.name }];
  });
  const byFile = new Map<string, string[]>();
  for (const { report, file } of found) byFile.set(file, [...(byFile.get(file) ?? []), ownerReportExport(report)]);
  const imports = [...byFile].map(([file, names]) => `import { ${names.join(', ')} } from './${file}';`);
  return formatted(
    reportListFile,
    `${[
      '// Written by scripts/contract/definition-lists.ts from openapi/reports/owner-reports.yaml and',
      '// server/areas/reports/*.ts; do not edit: `npm run generate` rewrites it (CONTRIBUTING.md, A report).',
      ...imports,
      '',
      "// Every owner's report, in the order of the contract's paths.",
      'export const ownerReports = [',
      ...found.map(({ report }) => `  ${ownerReportExport(report)},`),
      '] as const;',
    ].join('\n')}\n`,
  );
}

export function renderDefinitionLists(): Map<string, string> {
  return new Map([
    ...lists.map((shape) => [shape.file, renderList(shape)] as const),
    [reportListFile, renderReportList()],
  ]);
}

// The lists whose committed text is not what the registry and the folders give.
export function staleDefinitionLists(): string[] {
  return [...renderDefinitionLists()]
    .filter(([file, text]) => !existsSync(join(root, file)) || readFileSync(join(root, file), 'utf8') !== text)
    .map(([file]) => file);
}

export function writeDefinitionLists(): void {
  for (const [file, text] of renderDefinitionLists()) writeFileSync(join(root, file), text);
}
