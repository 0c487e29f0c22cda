import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawerCash } from '../../server/areas/cash/cash-sessions-posting.ts';
import { cashDocumentDays } from '../../server/areas/cash/z-readings-posting.ts';
import { cashDocumentKeys, registry } from '../../server/registry/resources.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

// A document that takes money through the drawer is declared so in the registry (`takesCash`); the drawer's figures
// and the Z's days are read for each such entry, so a cash document left undeclared would miss both.
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database.destroy());

describe('the documents that take cash', () => {
  it("are the registry's takesCash entries, each counted by the drawer and by the Z", () => {
    const declared = registry.filter((entry) => 'takesCash' in entry).map((entry) => entry.key);
    expect(declared).toEqual(['invoice-payments', 'credit-memos', 'acknowledgment-receipts']);
    expect(Object.keys(drawerCash).sort()).toEqual([...cashDocumentKeys].sort());
    expect(Object.keys(cashDocumentDays).sort()).toEqual([...cashDocumentKeys].sort());
  });

  it('include every document whose rows carry a cash session', async () => {
    const tables = await database.db.introspection.getTables();
    const holdingDrawer = tables
      .filter((table) => table.columns.some((column) => column.name === 'cash_session_id'))
      .map((table) => table.name);
    // A document's own table, or one of its child tables (a receipt's refunds); the drawer's own movements aside.
    const undeclared = holdingDrawer.filter(
      (table) =>
        table !== 'cash_session_movements' &&
        !cashDocumentKeys.some((key) => table.startsWith(key.replaceAll('-', '_').replace(/s$/, ''))),
    );
    expect(holdingDrawer.length).toBeGreaterThan(2);
    expect(undeclared).toEqual([]);
  });
});
