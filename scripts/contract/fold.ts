// Folds a resource file that writes its standard operations out by hand (a new resource copied from an older one,
// a branch begun before the declarations) into an `x-standard-operations` declaration; `npm run generate` then
// writes the operations and openapi.yaml's `$ref`s to them. Only what the declaration expands to exactly is
// folded: an operation that says something else stays written out, with the rest of its path. Run `npx tsx scripts/contract/fold.ts`, then
// `npm run generate`; tests/contract/standard-operations.test.ts asks for it when a file needs folding.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Document, isMap, isScalar, isSeq, parse, parseDocument, visit } from 'yaml';
import { contractFiles, contractFolder } from './contract-files.ts';
import {
  declarationKeys,
  type Filter,
  type ResourceDeclaration,
  readDeclaration,
  type StandardOperation,
  standardOperations,
  standardPaths,
} from './standard-operations.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type Operation = JsonObject & { operationId?: string; description?: string; parameters?: JsonObject[] };
type PathItem = Record<string, Operation>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function operationPlaces(base: string): Record<StandardOperation | 'import' | 'import-template', [string, string]> {
  return {
    list: [base, 'get'],
    create: [base, 'post'],
    search: [`${base}/search`, 'get'],
    read: [`${base}/{id}`, 'get'],
    update: [`${base}/{id}`, 'patch'],
    delete: [`${base}/{id}`, 'delete'],
    restore: [`${base}/{id}/restore`, 'patch'],
    'force-delete': [`${base}/{id}/force-delete`, 'delete'],
    history: [`${base}/{id}/history`, 'get'],
    import: [`${base}/import`, 'post'],
    'import-template': [`${base}/import/template`, 'get'],
  };
}

// The shortest filter that expands to the parameters at `index`, and how many it stands for.
function shortestFilter(parameters: JsonObject[], index: number): [Filter, number] {
  const parameter = parameters[index] as JsonObject;
  const ref = parameter.$ref;
  if (typeof ref === 'string') return [ref.split('/').pop() ?? '', 1];
  const name = String(parameter.name);
  const schema = (parameter.schema ?? {}) as JsonObject;
  const candidates: Filter[] = [name, { [name]: 'text' }];
  if (name.endsWith('_from')) candidates.push({ [name.slice(0, -'_from'.length)]: 'date' });
  if (Array.isArray(schema.enum) && schema.type === 'string') candidates.push({ [name]: schema.enum });
  if (typeof schema.$ref === 'string') candidates.push({ [name]: schema.$ref.split('/').pop() ?? '' });
  for (const candidate of candidates) {
    const expanded = expandFilter(candidate);
    if (same(expanded, parameters.slice(index, index + expanded.length))) {
      return [candidate, expanded.length];
    }
  }
  return [parameters[index] as JsonObject, 1];
}

function expandFilter(filter: Filter): Json[] {
  const paths = standardPaths('x', { schema: 'X', operations: ['list'], 'list-filters': [filter] });
  return ((paths['/api/x']?.get as Operation | undefined)?.parameters ?? []).slice(6);
}

function shortestFilters(parameters: JsonObject[]): Filter[] {
  const filters: Filter[] = [];
  for (let index = 0; index < parameters.length; ) {
    const [filter, count] = shortestFilter(parameters, index);
    filters.push(filter);
    index += count;
  }
  return filters;
}

// The declaration that the written-out operations of one file say, and the paths it takes over.
function inferDeclaration(stem: string, paths: Record<string, PathItem>): [ResourceDeclaration, string[]] | undefined {
  const base = `/api/${stem}`;
  const places = operationPlaces(base);
  const at = ([path, method]: [string, string]) => paths[path]?.[method];
  const read = at(places.read);
  if (typeof read?.operationId !== 'string') return undefined;
  const declaration: ResourceDeclaration = { schema: read.operationId.replace(/^get/, '') };
  const list = at(places.list);
  const create = at(places.create);
  const search = at(places.search);
  if (list && !JSON.stringify(list.security).includes('businessId')) declaration.scope = 'user';
  const permission = /^Needs view-([a-z-]+)\./.exec(String(read.description))?.[1];
  if (permission && permission !== stem) declaration.permission = permission;
  if (create?.parameters?.some((parameter) => String(parameter.$ref).endsWith('/IdempotencyKey'))) {
    if (String(create.description).includes('posts the document')) declaration.posting = true;
    else declaration.idempotent = true;
  }
  const plural = /^List (.+)$/.exec(String(list?.summary))?.[1];
  if (plural && plural !== stem.replaceAll('-', ' ')) declaration.plural = plural;
  const listFilters = list?.parameters?.slice(6) ?? [];
  if (listFilters.length > 0) declaration['list-filters'] = shortestFilters(listFilters);
  const searchFilters = search?.parameters?.slice(2) ?? [];
  if (searchFilters.length > 0) declaration['search-filters'] = shortestFilters(searchFilters);
  if (at(places.import) && at(places['import-template'])) declaration['csv-import'] = true;

  // Each operation's own sentences, from what the declaration without them would say.
  const present = standardOperations.filter((operation) => at(places[operation]));
  declaration.operations = present;
  const bare = standardPaths(stem, declaration);
  const notes: Partial<Record<StandardOperation, string>> = {};
  for (const operation of present) {
    const written = at(places[operation])?.description;
    const standard = (bare[places[operation][0]]?.[places[operation][1]] as Operation | undefined)?.description;
    if (typeof written === 'string' && standard && written.startsWith(`${standard} `)) {
      notes[operation] = written.slice(standard.length + 1);
    }
  }
  if (Object.keys(notes).length > 0) declaration.notes = notes;

  // A path moves only when every operation on it comes out of the declaration exactly as written.
  const rendered = standardPaths(stem, declaration);
  const movable = Object.keys(rendered).filter((path) => same(rendered[path], paths[path]));
  const kept = present.filter((operation) => movable.includes(places[operation][0]));
  if (kept.length === 0) return undefined;
  declaration.operations = kept.length < standardOperations.length ? kept : undefined;
  if (!movable.includes(places.import[0]) || !movable.includes(places['import-template'][0])) {
    delete declaration['csv-import'];
  }
  if (declaration.notes) {
    for (const operation of Object.keys(declaration.notes) as StandardOperation[]) {
      if (!kept.includes(operation)) delete declaration.notes[operation];
    }
  }
  if (!kept.includes('list')) delete declaration['list-filters'];
  if (!kept.includes('search')) delete declaration['search-filters'];
  const generated = standardPaths(stem, declaration);
  const taken = Object.keys(generated);
  if (!taken.every((path) => same(generated[path], paths[path]))) return undefined;
  return [declaration, taken];
}

function declarationText(file: string, declaration: ResourceDeclaration): string {
  const ordered = Object.fromEntries(
    declarationKeys.filter((key) => declaration[key] !== undefined).map((key) => [key, declaration[key]]),
  );
  const document = new Document({ 'x-standard-operations': ordered });
  // Lists of plain words on one line (operations, enum values); filters and parameters one per line.
  visit(document, {
    Seq(_, node) {
      node.flow = node.items.every((item) => isScalar(item) && typeof item.value !== 'object');
    },
  });
  for (const key of ['list-filters', 'search-filters']) {
    const filters = document.getIn(['x-standard-operations', key], true);
    if (isSeq(filters)) filters.flow = false;
  }
  const header = `# The standard operations, expanded into openapi/generated/${file} (see docs/ARCHITECTURE.md).\n`;
  return header + document.toString({ lineWidth: 120 });
}

// Cuts the given keys of a top-level map section out of the text, whole lines at a time.
function cutKeys(text: string, section: string[], keys: string[]): string {
  const document = parseDocument(text);
  const map = document.getIn(section, true);
  if (!isMap(map)) return text;
  const ranges = map.items
    .filter((pair) => isScalar(pair.key) && keys.includes(String(pair.key.value)))
    .map((pair) => [
      (pair.key as { range: [number, number, number] }).range[0],
      (pair.value as { range: [number, number, number] }).range[2],
    ])
    .sort((a, b) => (b[0] ?? 0) - (a[0] ?? 0));
  let cut = text;
  for (const [start = 0, end = 0] of ranges) cut = cut.slice(0, cut.lastIndexOf('\n', start - 1) + 1) + cut.slice(end);
  return cut;
}

function fold(file: string, path: string): string | undefined {
  const text = readFileSync(join(contractFolder, path), 'utf8');
  const source = parse(text) as {
    'x-standard-operations'?: unknown;
    paths?: Record<string, PathItem>;
    components?: { schemas?: Record<string, unknown> };
  };
  if (source['x-standard-operations'] !== undefined) {
    readDeclaration(path, source['x-standard-operations']);
    return undefined;
  }
  const stem = file.replace(/\.yaml$/, '');
  const inferred = inferDeclaration(stem, source.paths ?? {});
  if (!inferred) return undefined;
  const [declaration, taken] = inferred;
  let folded = cutKeys(text, ['paths'], taken);
  const page = `${declaration.schema}Page`;
  const pageMoves = (declaration.operations ?? standardOperations).includes('list');
  if (pageMoves) folded = cutKeys(folded, ['components', 'schemas'], [page]);
  if (Object.keys(source.paths ?? {}).every((path) => taken.includes(path))) {
    folded = folded.replace(/^paths:\n(?=\S)/m, '');
  }
  // The file's own opening comment stays first.
  const opening = /^(#.*\n)*/.exec(folded)?.[0] ?? '';
  writeFileSync(
    join(contractFolder, path),
    opening + declarationText(file, declaration) + folded.slice(opening.length),
  );
  return `${path}: ${taken.length} paths${pageMoves ? ` and ${page}` : ''} folded`;
}

// The files without a declaration whose standard operations are written out by hand.
export function foldableFiles(): string[] {
  return [...contractFiles()]
    .filter(([file, path]) => {
      const source = parse(readFileSync(join(contractFolder, path), 'utf8')) as {
        'x-standard-operations'?: unknown;
        paths?: Record<string, PathItem>;
      };
      return source['x-standard-operations'] === undefined && inferDeclaration(file.slice(0, -5), source.paths ?? {});
    })
    .map(([, path]) => path);
}

if (import.meta.main) {
  for (const [file, path] of contractFiles()) {
    const report = fold(file, path);
    if (report) console.log(report);
  }
  console.log('run npm run generate: it writes openapi/generated/ and openapi.yaml');
}
