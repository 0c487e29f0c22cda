import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetItemLabelResponse } from '../../../generated/zod/items/items.zod.ts';
import { createLedgerFixture, type LedgerFixture } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../../support/test-api.ts';

// docs/domain/catalogue.md, Labels: whoever may see items prints their labels, the sale price included, without
// the price lists behind it.

let api: TestApi;
let clerk: TestClient;
let fixture: LedgerFixture;
let other: LedgerFixture;

beforeAll(async () => {
  api = await createTestApi({ now: () => new Date('2026-11-21T04:00:00Z') });
  fixture = await createLedgerFixture(api.db);
  other = await createLedgerFixture(api.db);
  await api.createUser({
    email: 'clerk@example.test',
    permissions: ['view-items'],
    businessIds: [fixture.businessId],
  });
  clerk = await api.signIn('clerk@example.test');
  clerk.businessId = fixture.businessId;
  const at = new Date().toISOString();
  const price = (branchId: number | null, unitPrice: number, effectiveDate: string) => ({
    business_id: fixture.businessId,
    item_id: fixture.itemIds[0],
    branch_id: branchId,
    unit_price: unitPrice,
    effective_date: effectiveDate,
    created_at: at,
    updated_at: at,
    created_by: null,
    updated_by: null,
  });
  await api.db
    .insertInto('sale_item_prices')
    .values([
      price(null, 250_000, '2026-01-01'),
      price(fixture.branchIds[0], 300_000, '2026-06-01'),
      price(null, 260_000, '2026-12-01'),
    ])
    .execute();
});

afterAll(() => api.close());

describe('an item label', () => {
  it('reads the every-branch sale price in effect for a user who may see items only', async () => {
    const [frame] = fixture.itemIds;
    expect((await clerk.get(`/api/sale-item-prices?item_id=${frame}`)).status).toBe(403);
    const label = expectContract(await clerk.get(`/api/items/${frame}/label`), 200, GetItemLabelResponse);
    expect(label).toMatchObject({ item_id: frame, code: 'RB-2140', unit_price: 2500 });
    const [otherFrame] = other.itemIds;
    expect((await clerk.get(`/api/items/${otherFrame}/label`)).status).toBe(404);
  });
});
