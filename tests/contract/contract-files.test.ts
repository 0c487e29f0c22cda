import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contractFiles, homeFolder } from '../../scripts/contract/contract-files.ts';
import { registry } from '../../server/registry/resources.ts';

// The contract's files live by area like the code (openapi/<area>/<key>.yaml) and are found by their name, so a
// name in two folders or a resource's file outside its registry home would give one contract two homes.
describe('the folders of the contract', () => {
  it("every registry resource's contract is openapi/<its room or area>/<key>.yaml", () => {
    const files = contractFiles();
    const astray = registry
      .filter((entry) => files.get(`${entry.key}.yaml`) !== `${homeFolder(entry)}/${entry.key}.yaml`)
      .map((entry) => `${entry.key}: ${files.get(`${entry.key}.yaml`) ?? 'none'} (registry: ${homeFolder(entry)})`);
    expect(astray).toEqual([]);
  });

  describe('a misplaced file stops the generator, naming where it is and where it belongs', () => {
    let folder = '';
    const place = (...paths: string[]) => {
      folder = mkdtempSync(join(tmpdir(), 'contract-'));
      for (const path of paths) {
        mkdirSync(join(folder, dirname(path)), { recursive: true });
        writeFileSync(join(folder, path), 'paths: {}\n');
      }
      return folder;
    };
    afterEach(() => rmSync(folder, { recursive: true, force: true }));

    it('a resource outside its registry area', () => {
      expect(() => contractFiles(place('sales/brands.yaml'))).toThrow(
        'openapi/sales/brands.yaml belongs in openapi/inventory/',
      );
    });

    it('a name in two folders', () => {
      expect(() => contractFiles(place('reports/dashboard.yaml', 'platform/dashboard.yaml'))).toThrow(
        'dashboard.yaml sits in two folders: openapi/platform/dashboard.yaml and openapi/reports/dashboard.yaml',
      );
    });

    it('a folder that is no area, a room or platform', () => {
      expect(() => contractFiles(place('misc/notes.yaml'))).toThrow('openapi/misc/ is not an area, a room or platform');
    });

    it('a file outside any folder', () => {
      expect(() => contractFiles(place('brands.yaml'))).toThrow('openapi/brands.yaml belongs in a folder');
    });

    it('the generated folder is not read as hand-written files', () => {
      expect([...contractFiles(place('generated/brands.yaml', 'inventory/brands.yaml'))]).toEqual([
        ['brands.yaml', 'inventory/brands.yaml'],
      ]);
    });
  });
});
