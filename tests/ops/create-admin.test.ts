import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Sqlite from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';

// `npm run create-admin` on a database started without demo data makes the first business with the starting data
// every new business gets (docs/domain/README.md, Demo data and starting data), so that the shop's first item CSV imports at once.
const dir = mkdtempSync(join(tmpdir(), 'spectacle-create-admin-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('makes the first business with its item types, units, contact types and SC/PWD programs', async () => {
  const path = join(dir, 'spectacle.db');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/create-admin.ts',
      '--email',
      'owner@linaw.test',
      '--name',
      'Linaw Owner',
      '--business',
      'Linaw Optical',
    ],
    { env: { ...process.env, SQLITE_PATH: path, DATABASE_URL: '', SEED: 'none', ADMIN_PASSWORD: 'first password' } },
  );
  expect(stdout).toContain('Administrator owner@linaw.test created.');
  const db = new Sqlite(path, { readonly: true });
  try {
    const names = (table: string) =>
      (
        db
          .prepare(
            `select t.name from ${table} t join businesses b on b.id = t.business_id where b.name = 'Linaw Optical' order by t.name`,
          )
          .all() as { name: string }[]
      ).map((row) => row.name);
    expect(names('item_types')).toEqual([
      'Accessory',
      'Contact Lens',
      'Frame',
      'Lens Solution',
      'Ophthalmic Lens',
      'Service',
    ]);
    expect(names('unit_of_measurements')).toEqual(['Bottle', 'Box', 'Pair', 'Piece']);
    expect(names('contact_types')).toEqual(['Customer', 'Payer', 'Supplier']);
    expect(names('discount_programs')).toEqual(['PWD', 'Senior Citizen']);
    const backdating = db
      .prepare(
        `select r.name from roles r join role_permission rp on rp.role_id = r.id
         join permissions p on p.id = rp.permission_id where p.name = 'post-backdated-documents'`,
      )
      .all();
    expect(backdating).toEqual([{ name: 'Administrator' }]);
  } finally {
    db.close();
  }
}, 60_000);
