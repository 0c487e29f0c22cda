import { describe, expect, it } from 'vitest';
import { homeFolder } from '../../scripts/contract/contract-files.ts';
import {
  definitionFolder,
  definitionFolders,
  ownerReportNames,
  staleDefinitionLists,
} from '../../scripts/contract/definition-lists.ts';
import { ownerReports } from '../../server/areas/reports/owner-report-list.ts';
import { registry } from '../../server/registry/resources.ts';

// A resource joins both programs by its registry entry and one definition file per side, found by its name
// (CONTRIBUTING.md); `npm run generate` writes the lists from them, and typecheck holds the lists to the registry.
describe('the lists of definitions', () => {
  // A name-and-description record (`shape` in its entry) has its definitions by default, unless a file replaces one.
  const ownFiles = registry.filter((entry) => !('shape' in entry));

  it('every registry resource but a name-and-description record has its server definition, server/areas/*/<key>.ts', () => {
    const missing = ownFiles.filter((entry) => definitionFolder('server', entry) === undefined);
    expect(missing.map((entry) => entry.key)).toEqual([]);
  });

  it('every registry resource but a name-and-description record has its client definition, src/areas/*/<key>.ts', () => {
    const missing = ownFiles.filter((entry) => definitionFolder('src', entry) === undefined);
    expect(missing.map((entry) => entry.key)).toEqual([]);
  });

  it('a name-and-description record with a file on both sides leaves out its shape, which nothing then uses', () => {
    const both = registry.filter(
      (entry) =>
        'shape' in entry &&
        definitionFolder('server', entry) !== undefined &&
        definitionFolder('src', entry) !== undefined,
    );
    expect(both.map((entry) => entry.key)).toEqual([]);
  });

  // A file in another folder than its entry's room or area would be a second, silent home for the resource.
  it("each resource's code sits in its registry entry's room or area, and in no other folder", () => {
    const astray = registry.flatMap((entry) =>
      (['server', 'src'] as const).flatMap((tree) =>
        definitionFolders(tree, entry.key)
          .filter((folder) => folder !== homeFolder(entry))
          .map((folder) => `${tree}/areas/${folder}/${entry.key}.ts (registry: ${homeFolder(entry)})`),
      ),
    );
    expect(astray).toEqual([]);
  });

  it('every report path of openapi/reports/owner-reports.yaml has its report declared in server/areas/reports/', () => {
    expect(ownerReports.map((report) => report.name)).toEqual(ownerReportNames());
  });

  it('the committed lists are what npm run generate writes', () => {
    expect(staleDefinitionLists(), 'run npm run generate and commit the lists').toEqual([]);
  });
});
