import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse } from 'yaml';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// openapi.yaml is the root of the contract; each resource's paths and schemas live in a file of their own under
// openapi/<area>/, referred to by `$ref: './openapi/<area>/<tag>.yaml#/...'`, and those files point back at the
// root's shared components with `../../openapi.yaml#/...`. This answers the one document they make together, with
// every ref local (`#/components/...`), as swagger-ui and JSON Schema validators want it.
export function loadContractDocument(rootPath: string): Record<string, unknown> {
  const rootFile = resolve(rootPath);
  const files = new Map<string, Json>();
  const read = (file: string): Json => {
    let document = files.get(file);
    if (document === undefined) {
      document = parse(readFileSync(file, 'utf8')) as Json;
      files.set(file, document);
    }
    return document;
  };

  const inline = (node: Json, file: string): Json => {
    if (Array.isArray(node)) return node.map((child) => inline(child, file));
    if (node === null || typeof node !== 'object') return node;
    const ref = node.$ref;
    if (typeof ref === 'string' && !ref.startsWith('#')) {
      const [target = '', pointer = ''] = ref.split('#');
      const targetFile = resolve(dirname(file), target);
      if (targetFile === rootFile) return { ...node, $ref: `#${pointer}` };
      return inline(resolvePointer(read(targetFile), pointer), targetFile);
    }
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, inline(child, file)]));
  };

  return inline(read(rootFile), rootFile) as Record<string, unknown>;
}

function resolvePointer(document: Json, pointer: string): Json {
  let node = document;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object' || Array.isArray(node) || !(key in node)) {
      throw new Error(`The contract has no ${pointer}`);
    }
    node = node[key] as Json;
  }
  return node;
}
