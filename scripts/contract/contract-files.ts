// Where the contract's hand-written files live: openapi/<folder>/<name>.yaml, the folders named like the code's
// (server/areas/<folder>, src/areas/<folder>): a resource's file in its registry entry's room or area, the files every
// area shares (root.yaml, auth.yaml, documents.yaml) in `platform`. A file is found by its name under any of them,
// so the name alone stays its identity (openapi/generated/<name>.yaml, the tags); a name in two folders, or a
// resource's file outside its home, would make two homes for one contract and is refused with both places named.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { areas, type RegistryEntry, registry, rooms } from '../../server/registry/resources.ts';

export const contractFolder = resolve(import.meta.dirname, '../../openapi');
// The folder of the files the generator writes, which are not read as hand-written ones.
export const generatedFolderName = 'generated';
// The folder of the files shared by every area.
export const platformFolder = 'platform';

// The folder a resource's code belongs in: its room, else its area (server/registry/resources.ts).
export const homeFolder = (entry: RegistryEntry): string => entry.room ?? entry.area;

const folderNames: readonly string[] = [...areas.map((area) => area.key), ...rooms, platformFolder];
const homes = new Map<string, string>(registry.map((entry) => [`${entry.key}.yaml`, homeFolder(entry)]));

// Every hand-written contract file by its name, with its path under the contract folder, in the names' order (the
// order openapi.yaml lists them in); refused when a file stands where none is looked for.
export function contractFiles(folder = contractFolder): Map<string, string> {
  const found = new Map<string, string>();
  const problems: string[] = [];
  const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    if (entry.isFile() && entry.name.endsWith('.yaml')) {
      problems.push(`openapi/${entry.name} belongs in a folder: openapi/<area>/${entry.name}`);
    }
    if (!entry.isDirectory() || entry.name === generatedFolderName) continue;
    if (!folderNames.includes(entry.name)) {
      problems.push(`openapi/${entry.name}/ is not an area, a room or ${platformFolder} (${folderNames.join(', ')})`);
      continue;
    }
    for (const name of readdirSync(join(folder, entry.name)).filter((file) => file.endsWith('.yaml'))) {
      const path = `${entry.name}/${name}`;
      const earlier = found.get(name);
      if (earlier !== undefined) problems.push(`${name} sits in two folders: openapi/${earlier} and openapi/${path}`);
      const home = homes.get(name);
      if (home !== undefined && home !== entry.name) {
        problems.push(`openapi/${path} belongs in openapi/${home}/, its registry entry's room or area`);
      }
      found.set(name, path);
    }
  }
  if (problems.length > 0) throw new Error(`The contract's files are misplaced:\n  ${problems.join('\n  ')}`);
  return new Map([...found].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

// A contract file's path under the contract folder, found by its name.
export function contractFile(name: string, folder = contractFolder): string {
  const path = contractFiles(folder).get(name);
  if (path === undefined) throw new Error(`No openapi/<area>/${name}`);
  return path;
}
