// Writes openapi/generated/<file> for every openapi/<area>/<file> that declares `x-standard-operations`: the standard
// paths and the list envelope of that resource; then openapi.yaml, the contract's root, from openapi/platform/root.yaml
// (the shared parts) and every resource file's tag, paths and components; and the two lists of definitions
// (definition-lists.ts). `npm run generate` runs it before orval;
// `--check` only says which files differ from what it would write (tests/contract/standard-operations.test.ts runs
// the same check).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse, stringify } from 'yaml';
import { documentKinds, referencedDocumentKinds } from '../../server/registry/resources.ts';
import { contractFiles, contractFolder, generatedFolderName, platformFolder } from './contract-files.ts';
import { formatted, staleDefinitionLists, writeDefinitionLists } from './definition-lists.ts';
import { recordSchemas, type ScreenField, screenFields } from './record-fields.ts';
import { pageSchema, readDeclaration, standardPaths } from './standard-operations.ts';

export const generatedFolder = join(contractFolder, generatedFolderName);
export const rootFile = resolve(contractFolder, '../openapi.yaml');
export const screenFieldsFile = resolve(contractFolder, '../src/resources/field-lists.ts');
// The hand-written part of the root: info, security and the components every resource shares.
const rootSource = 'root.yaml';

// The document kinds the counters take, from the registry's document entries (server/registry/resources.ts), so
// that a new document type is named in the contract by its entry alone.
const documentKindsFile = 'documents.yaml';

// Each generated file's name and text, from the declarations as they stand.
export function renderStandardFiles(folder = contractFolder): Map<string, string> {
  const files = new Map<string, string>();
  const sources = contractFiles(folder);
  for (const [file, path] of sources) {
    const source = parse(readFileSync(join(folder, path), 'utf8')) as { 'x-standard-operations'?: unknown };
    if (source['x-standard-operations'] === undefined) continue;
    const declaration = readDeclaration(path, source['x-standard-operations']);
    const stem = file.replace(/\.yaml$/, '');
    const operations = declaration.operations ?? ['list', 'create', 'update'];
    const schemas = {
      ...(declaration.fields === undefined
        ? {}
        : recordSchemas(
            path,
            {
              schema: declaration.schema,
              scope: declaration.scope,
              update: operations.includes('update'),
            },
            declaration.fields,
            declaration.lines,
          )),
      ...(operations.includes('list') ? { [`${declaration.schema}Page`]: pageSchema(declaration.schema) } : {}),
    };
    const document = {
      paths: standardPaths(stem, declaration),
      ...(Object.keys(schemas).length > 0 ? { components: { schemas } } : {}),
    };
    const header = [
      `# Written by scripts/contract/generate.ts from x-standard-operations in openapi/${path}; do not edit.`,
      '# `npm run generate` rewrites it; docs/ARCHITECTURE.md says how a resource declares its paths.',
    ];
    files.set(file, `${header.join('\n')}\n${stringify(document, { lineWidth: 0, aliasDuplicateObjects: false })}`);
  }
  if (sources.has(documentKindsFile)) files.set(documentKindsFile, documentKindsText());
  return files;
}

// src/resources/field-lists.ts: the fields of every resource whose contract writes them under `fields`, as its screens
// take them (src/resources/record-fields.ts).
export function renderScreenFields(folder = contractFolder): string {
  const lists: [string, ScreenField[]][] = [];
  const lineLists: [string, ScreenField[]][] = [];
  for (const [file, path] of contractFiles(folder)) {
    const source = parse(readFileSync(join(folder, path), 'utf8')) as { 'x-standard-operations'?: unknown };
    if (source['x-standard-operations'] === undefined) continue;
    const declaration = readDeclaration(path, source['x-standard-operations']);
    if (declaration.fields === undefined) continue;
    const schemas = recordSchemas(
      path,
      { schema: declaration.schema, update: false },
      declaration.fields,
      declaration.lines,
    );
    const key = declaration.resource ?? file.replace(/\.yaml$/, '');
    const required = (schemas[`${declaration.schema}Create`]?.required ?? []) as string[];
    lists.push([key, screenFields(declaration.fields, required)]);
    if (declaration.lines === undefined) continue;
    const lineRequired = (schemas[`${declaration.schema}LineInput`]?.required ?? []) as string[];
    lineLists.push([key, screenFields(declaration.lines.fields, lineRequired)]);
  }
  const header = [
    '// Written by scripts/contract/generate.ts from the `fields` of openapi/<area>/<key>.yaml; do not edit:',
    '// `npm run generate` rewrites it. src/resources/record-fields.ts makes the list columns, view fields and form',
    '// fields of them.',
  ];
  const body = (of: [string, ScreenField[]][]) => of.map(([key, fields]) => `  '${key}': ${JSON.stringify(fields)},`);
  return formatted(
    screenFieldsFile,
    `${header.join('\n')}\nimport type { ScreenField } from './screen-field.ts';\n\nexport const recordFields: Record<string, readonly ScreenField[]> = {\n${body(lists).join('\n')}\n};\n\n// A document's lines' fields (its contract's \`lines\`), as its lines' form and columns take them.\nexport const lineFields: Record<string, readonly ScreenField[]> = {\n${body(lineLists).join('\n')}\n};\n`,
  );
}

function documentKindsText(): string {
  const schemas = {
    DocumentName: { type: 'string', enum: documentKinds },
    ReferenceDocumentName: { type: 'string', enum: referencedDocumentKinds },
  };
  const header = [
    '# Written by scripts/contract/generate.ts from the document entries of server/registry/resources.ts; do not edit.',
    '# `npm run generate` rewrites it; openapi/platform/documents.yaml refers to these schemas through openapi.yaml.',
  ];
  return `${header.join('\n')}\n${stringify({ components: { schemas } }, { lineWidth: 0 })}`;
}

type PathItems = Record<string, Record<string, { tags?: string[] }>>;
type ResourceFile = {
  'x-tag'?: string;
  paths?: PathItems;
  components?: Partial<Record<ComponentKind, Record<string, unknown>>>;
};
const componentKinds = ['parameters', 'responses', 'schemas'] as const;
type ComponentKind = (typeof componentKinds)[number];
const pointer = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');
const titleCase = (tag: string) =>
  tag.replace(/(^|-)(\w)/g, (_, dash: string, letter: string) => `${dash ? ' ' : ''}${letter.toUpperCase()}`);

// A path with a literal segment goes before the one with a parameter in its place (`/search` before `/{id}`): the
// generated msw handlers match in this order, and `:id` would answer `search`. Otherwise the order is kept.
function literalsFirst(paths: [string, string][]): [string, string][] {
  const shape = (path: string) =>
    path
      .split('/')
      .map((segment) => (segment.startsWith('{') ? '1' : '0'))
      .join('');
  return paths.toSorted(([a], [b]) => shape(a).localeCompare(shape(b)));
}

// openapi.yaml: root.yaml as written, with every resource file's paths (the generated ones first), its components
// as `$ref`s, and the tags its operations use (described by `x-tag` in openapi/<area>/<tag>.yaml, or the tag's words).
// A resource joins the contract by its file alone; the order is the files' names, then each file's own.
export function renderRoot(folder = contractFolder, standard = renderStandardFiles(folder)): string {
  const sources = contractFiles(folder);
  const rootPath = sources.get(rootSource);
  if (rootPath === undefined) throw new Error(`No openapi/${platformFolder}/${rootSource}`);
  const source = readFileSync(join(folder, rootPath), 'utf8');
  const shared = parse(source) as Record<string, unknown>;
  for (const key of ['paths', 'tags']) {
    if (key in shared) throw new Error(`openapi/${rootPath}: ${key} belong in openapi/<area>/<tag>.yaml`);
  }
  const paths: string[] = [];
  const seenPaths = new Set<string>();
  const components = new Map<ComponentKind, string[]>(componentKinds.map((kind) => [kind, []]));
  const tags = new Map<string, string | undefined>();
  const described = new Map<string, string>();
  const add = (file: string, document: ResourceFile): [string, string][] => {
    for (const kind of componentKinds) {
      for (const name of Object.keys(document.components?.[kind] ?? {})) {
        components.get(kind)?.push(`    ${name}:`, `      $ref: './${file}#/components/${kind}/${name}'`);
      }
    }
    return Object.entries(document.paths ?? {}).map(([path, item]) => {
      if (seenPaths.has(path)) throw new Error(`${file}: ${path} is declared twice`);
      seenPaths.add(path);
      for (const operation of Object.values(item)) for (const tag of operation.tags ?? []) tags.set(tag, undefined);
      return [path, `./${file}#/paths/${pointer(path)}`];
    });
  };
  for (const [file, path] of [...sources].filter(([name]) => name !== rootSource)) {
    const document = parse(readFileSync(join(folder, path), 'utf8')) as ResourceFile;
    const generated = standard.get(file);
    const own = [
      ...(generated === undefined
        ? []
        : add(`openapi/${generatedFolderName}/${file}`, parse(generated) as ResourceFile)),
      ...add(`openapi/${path}`, document),
    ];
    for (const [path, ref] of literalsFirst(own)) paths.push(`  ${path}:`, `    $ref: '${ref}'`);
    if (document['x-tag'] !== undefined) described.set(file.replace(/\.yaml$/, ''), document['x-tag']);
  }
  const tagLines = [...tags.keys()]
    .sort()
    .flatMap((tag) => [`  - name: ${tag}`, `    description: ${described.get(tag) ?? `${titleCase(tag)}.`}`]);

  const lines = source.split('\n');
  const insertAfterSection = (kind: ComponentKind) => {
    const added = components.get(kind) ?? [];
    if (added.length === 0) return;
    const start = lines.indexOf(`  ${kind}:`);
    if (start < 0) throw new Error(`openapi/${rootPath}: components has no ${kind} for the resources' ${kind}`);
    let end = start + 1;
    while (end < lines.length && (lines[end] === '' || /^ {3}/.test(lines[end] ?? ''))) end += 1;
    while (lines[end - 1] === '') end -= 1;
    lines.splice(end, 0, ...added);
  };
  for (const kind of componentKinds) insertAfterSection(kind);
  const componentsAt = lines.indexOf('components:');
  lines.splice(componentsAt, 0, 'tags:', ...tagLines, 'paths:', ...paths);
  const header = [
    '# Written by scripts/contract/generate.ts from openapi/platform/root.yaml and every openapi/<area>/<tag>.yaml;',
    '# do not edit. `npm run generate` rewrites it; docs/ARCHITECTURE.md says how a resource joins the contract.',
  ];
  return `${header.join('\n')}\n${lines.join('\n')}`;
}

// The generated files that are missing, differ or are left over.
export function staleStandardFiles(folder = contractFolder): string[] {
  const expected = renderStandardFiles(folder);
  const rootStale = readFileSync(resolve(folder, '../openapi.yaml'), 'utf8') !== renderRoot(folder, expected);
  const written = new Set(readdirSync(join(folder, generatedFolderName)).filter((name) => name.endsWith('.yaml')));
  const stale = [...expected].filter(
    ([file, text]) => !written.has(file) || readFileSync(join(folder, 'generated', file), 'utf8') !== text,
  );
  const leftOver = [...written].filter((file) => !expected.has(file));
  const fieldsStale =
    folder === contractFolder && readFileSync(screenFieldsFile, 'utf8') !== renderScreenFields(folder);
  return [
    ...stale.map(([file]) => file),
    ...leftOver,
    ...(rootStale ? ['../openapi.yaml'] : []),
    ...(fieldsStale ? ['../src/resources/field-lists.ts'] : []),
  ];
}

function writeStandardFiles(): void {
  rmSync(generatedFolder, { recursive: true, force: true });
  mkdirSync(generatedFolder);
  const standard = renderStandardFiles();
  for (const [file, text] of standard) writeFileSync(join(generatedFolder, file), text);
  writeFileSync(rootFile, renderRoot(contractFolder, standard));
  writeFileSync(screenFieldsFile, renderScreenFields());
}

if (import.meta.main) {
  if (process.argv.includes('--check')) {
    const stale = [...staleStandardFiles(), ...staleDefinitionLists()];
    if (stale.length > 0) {
      console.error(
        `openapi/generated/, openapi.yaml or a list of definitions is out of date (${stale.join(', ')}): run npm run generate`,
      );
      process.exitCode = 1;
    }
  } else {
    writeStandardFiles();
    writeDefinitionLists();
  }
}
