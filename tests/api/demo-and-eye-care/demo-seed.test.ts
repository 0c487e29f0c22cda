import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetAuthUserResponse } from '../../../generated/zod/auth/auth.zod.ts';
import { GetAllBusinessesResponse } from '../../../generated/zod/businesses/businesses.zod.ts';
import { GetContactResponse, GetContactStatementResponse } from '../../../generated/zod/contacts/contacts.zod.ts';
import { ListCreditMemosResponse } from '../../../generated/zod/credit-memos/credit-memos.zod.ts';
import { GetDashboardOverviewResponse } from '../../../generated/zod/dashboard/dashboard.zod.ts';
import { ListDebitMemosResponse } from '../../../generated/zod/debit-memos/debit-memos.zod.ts';
import {
  GetItemHistoryResponse,
  GetItemPowerGridResponse,
  ListItemsResponse,
} from '../../../generated/zod/items/items.zod.ts';
import {
  GetPurchaseOrderHistoryResponse,
  ListPurchaseOrdersResponse,
} from '../../../generated/zod/purchase-orders/purchase-orders.zod.ts';
import {
  GetPayablesAgingReportResponse,
  GetReceivablesAgingReportResponse,
} from '../../../generated/zod/reports/reports.zod.ts';
import { ListSaleItemPricesResponse } from '../../../generated/zod/sale-item-prices/sale-item-prices.zod.ts';
import { ListStockAdjustmentsResponse } from '../../../generated/zod/stock-adjustments/stock-adjustments.zod.ts';
import { ListStockCountsResponse } from '../../../generated/zod/stock-counts/stock-counts.zod.ts';
import { ListStockReceivesResponse } from '../../../generated/zod/stock-receives/stock-receives.zod.ts';
import { GetStockTransferResponse } from '../../../generated/zod/stock-transfers/stock-transfers.zod.ts';
import { seedDatabase } from '../../../server/demo/index.ts';
import { ledgerMismatches } from '../../ledger/ledger-fixture.ts';
import { createTestApi, expectContract, type TestApi, testPasswordCost } from '../../support/test-api.ts';

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
  await seedDatabase(api.db, { demo: true, passwordCost: testPasswordCost, now: new Date('2026-11-21T08:00:00Z') });
});

afterAll(() => api.close());

describe('the demo data', () => {
  it('lets the three demo users sign in with the demo password, each with a fitting home and role', async () => {
    const homes: Record<string, [string | null, 'branch' | 'warehouse' | null, 'branches' | 'warehouses' | null]> = {
      'admin@spectacle.test': [null, null, null],
      'cashier@spectacle.test': ['Makati Branch', 'branch', 'branches'],
      'clerk@spectacle.test': ['Central Warehouse', 'warehouse', 'warehouses'],
    };
    for (const [email, [home, kind, table]] of Object.entries(homes)) {
      const client = await api.signIn(email, 'spectacle-demo');
      const { user } = expectContract(await client.get('/api/auth/user'), 200, GetAuthUserResponse);
      expect(user.userable_from).toBe(home);
      expect(user.userable_type).toBe(kind);
      // The id names the home location itself, so that document forms can start there.
      const named =
        table && user.userable_id !== null
          ? await api.db.selectFrom(table).select('name').where('id', '=', user.userable_id).executeTakeFirst()
          : undefined;
      expect(named?.name ?? null).toBe(home);
    }
  });

  it('has some sixty optical items with prices, readable but not writable by the cashier', async () => {
    const cashier = await api.signIn('cashier@spectacle.test', 'spectacle-demo');
    const { businesses } = expectContract(
      await cashier.get('/api/businesses/get-all-businesses'),
      200,
      GetAllBusinessesResponse,
    );
    cashier.businessId = businesses[0]?.id ?? null;
    const items = expectContract(await cashier.get('/api/items?per_page=100'), 200, ListItemsResponse);
    expect(items.meta.total).toBeGreaterThanOrEqual(55);
    const rayBans = expectContract(await cashier.get('/api/items?search=Ray-Ban'), 200, ListItemsResponse);
    expect(rayBans.data.some((item) => item.brand_name === 'Ray-Ban' && item.frame_color !== null)).toBe(true);
    const services = expectContract(await cashier.get('/api/items?search=SV-'), 200, ListItemsResponse);
    expect(services.data.filter((item) => !item.is_inventory_tracked).map((item) => item.item_type_name)).toContain(
      'Service',
    );
    const prices = expectContract(
      await cashier.get('/api/sale-item-prices?per_page=100'),
      200,
      ListSaleItemPricesResponse,
    );
    expect(prices.meta.total).toBeGreaterThanOrEqual(items.meta.total);
    expect(
      (await cashier.post('/api/items', { code: 'X', name: 'X', item_type_id: 1, unit_of_measurement_id: 1 })).status,
    ).toBe(403);
    expect((await cashier.get('/api/users')).status).toBe(403);
  });

  it('shows who created each record and the status moves of its orders in their history', async () => {
    const admin = await api.signIn('admin@spectacle.test', 'spectacle-demo');
    admin.businessId = (await api.db.selectFrom('businesses').select('id').executeTakeFirstOrThrow()).id;
    const items = expectContract(await admin.get('/api/items'), 200, ListItemsResponse);
    const item = items.data[0];
    const itemHistory = expectContract(await admin.get(`/api/items/${item?.id}/history`), 200, GetItemHistoryResponse);
    expect(itemHistory).toEqual([
      expect.objectContaining({ action: 'created', user_name: 'Ana Administrator', at: item?.created_at }),
    ]);
    expect(itemHistory[0]?.changes.name).toEqual([null, item?.name]);
    const orders = expectContract(
      await admin.get('/api/purchase-orders?per_page=100'),
      200,
      ListPurchaseOrdersResponse,
    );
    const received = orders.data.find((order) => order.status === 'received');
    const orderHistory = expectContract(
      await admin.get(`/api/purchase-orders/${received?.id}/history`),
      200,
      GetPurchaseOrderHistoryResponse,
    );
    expect(orderHistory.map((entry) => [entry.action, entry.changes.status])).toEqual([
      ['status', ['open', 'received']],
      ['created', [null, 'open']],
    ]);
    // One order came half and was closed short, with the supplier's reason (docs/domain/purchasing.md).
    const closed = orders.data.find((order) => order.status === 'closed');
    expect(closed?.closed_reason).toBe('The supplier discontinued the colour.');
    expect(closed?.lines.map((line) => [line.received_quantity, line.still_to_come])).toEqual([[2, 0]]);
  });

  it('has a stock lens family of 41 spheres × 9 cylinders with stock spread over its grid at a branch and the warehouse', async () => {
    const admin = await api.signIn('admin@spectacle.test', 'spectacle-demo');
    admin.businessId = (await api.db.selectFrom('businesses').select('id').executeTakeFirstOrThrow()).id;
    const families = expectContract(
      await admin.get('/api/items?search=HOYA-150-SV&order_by=asc'),
      200,
      ListItemsResponse,
    );
    const family = families.data.find((item) => item.code === 'HOYA-150-SV');
    expect(family).toMatchObject({ optical_kind: 'ophthalmic_lens', lens_design: 'single_vision', lens_index: 1.5 });
    const branch = await api.db
      .selectFrom('branches')
      .select('id')
      .where('name', '=', 'Makati Branch')
      .executeTakeFirstOrThrow();
    const grid = expectContract(
      await admin.get(`/api/items/${family?.id}/power-grid?branch_id=${branch.id}`),
      200,
      GetItemPowerGridResponse,
    );
    expect(grid.spheres).toHaveLength(41);
    expect(grid.cylinders).toEqual([0, -0.25, -0.5, -0.75, -1, -1.25, -1.5, -1.75, -2]);
    expect(grid.cells).toHaveLength(369);
    expect(grid.cells.some((cell) => (cell.quantity_on_hand ?? 0) > 2)).toBe(true);
    expect(grid.cells.some((cell) => cell.quantity_on_hand === 0 && cell.below_reorder)).toBe(true);
    expect(grid.cells.some((cell) => cell.quantity_in_transit > 0)).toBe(true);
    const frames = expectContract(await admin.get('/api/items?search=Tortoise'), 200, ListItemsResponse);
    expect(frames.data[0]).toMatchObject({
      optical_kind: 'frame',
      frame_color: 'Tortoise',
      eye_size: 48,
      bridge: 21,
      frame_b: 46,
      frame_ed: 50,
    });
  });

  it('has a few stock adjustments and one posted count, in the movement history and the Overview', async () => {
    const clerk = await api.signIn('clerk@spectacle.test', 'spectacle-demo');
    const { businesses } = expectContract(
      await clerk.get('/api/businesses/get-all-businesses'),
      200,
      GetAllBusinessesResponse,
    );
    clerk.businessId = businesses[0]?.id ?? null;
    const adjustments = expectContract(
      await clerk.get('/api/stock-adjustments?per_page=100'),
      200,
      ListStockAdjustmentsResponse,
    );
    expect(adjustments.data.map((adjustment) => adjustment.reason).sort()).toEqual([
      'count',
      'damaged',
      'damaged',
      'found',
      'internal_use',
      'lost',
    ]);
    // One of the damaged is the write-off of a delivery that came one broken and one short, settled as lost.
    const writeOff = adjustments.data.find((adjustment) => adjustment.notes?.startsWith('Damaged on arrival'));
    const receives = expectContract(
      await clerk.get('/api/stock-receives?per_page=100'),
      200,
      ListStockReceivesResponse,
    );
    const damagedReceive = receives.data.find((receive) => receive.damage_adjustment_id === writeOff?.id);
    expect(damagedReceive?.lines.some((line) => line.damaged_quantity === 1)).toBe(true);
    const transfer = expectContract(
      await clerk.get(`/api/stock-transfers/${damagedReceive?.stock_transfer_id}`),
      200,
      GetStockTransferResponse,
    );
    expect(transfer.status).toBe('completed');
    expect(transfer.lines.map((line) => line.lost_quantity).sort()).toContain(1);
    const counts = expectContract(await clerk.get('/api/stock-counts'), 200, ListStockCountsResponse);
    expect(counts.data.map((count) => [count.status, count.blind])).toEqual([['posted', true]]);
    const counted = adjustments.data.find((adjustment) => adjustment.reason === 'count');
    expect(counted?.stock_count_id).toBe(counts.data[0]?.id);
    expect(counted?.lines.map((line) => line.quantity_delta).sort()).toEqual([-1, 1]);
    const admin = await api.signIn('admin@spectacle.test', 'spectacle-demo');
    admin.businessId = clerk.businessId;
    const overview = expectContract(await admin.get('/api/dashboard/overview'), 200, GetDashboardOverviewResponse);
    expect(typeof overview.adjusted_this_month).toBe('number');
    expect(await ledgerMismatches(api.db, clerk.businessId ?? 0)).toEqual([]);
  });

  it('has a bill at ₱50 more a piece than its receipt, the five on hand revalued by it', async () => {
    const matches = await api.db
      .selectFrom('bill_receipt_matches')
      .innerJoin('bills', 'bills.id', 'bill_receipt_matches.bill_id')
      .select(['bills.supplier_invoice_number', 'bills.number', 'quantity', 'unit_cost_difference'])
      .where('unit_cost_difference', '<>', 0)
      .execute();
    expect(matches.map((match) => [match.supplier_invoice_number, match.quantity, match.unit_cost_difference])).toEqual(
      [['SI-2700', 5000, 5000]],
    );
    const movement = await api.db
      .selectFrom('stock_movements')
      .select(['quantity_delta', 'value_delta', 'document_number'])
      .where('document_type', '=', 'bill-revaluation')
      .executeTakeFirstOrThrow();
    // Five pieces × ₱50, in thousandths × centavos, under the bill's number as the demo dates it.
    expect([movement.quantity_delta, movement.value_delta, movement.document_number]).toEqual([
      0,
      25_000_000,
      matches[0]?.number,
    ]);
  });

  it("has a senior's return refunded in cash, a defective frame not restocked, an exchange and a supplier return", async () => {
    const admin = await api.signIn('admin@spectacle.test', 'spectacle-demo');
    const { businesses } = expectContract(
      await admin.get('/api/businesses/get-all-businesses'),
      200,
      GetAllBusinessesResponse,
    );
    admin.businessId = businesses[0]?.id ?? null;
    const credits = expectContract(await admin.get('/api/credit-memos'), 200, ListCreditMemosResponse);
    expect(credits.data.map((memo) => [memo.reason, memo.settlement]).sort()).toEqual([
      ['defective', 'store_credit'],
      ['returned', 'refund'],
      ['returned', 'store_credit'],
    ]);
    // The exchange: its memo's store credit pays the new invoice, as the customer's statement shows.
    const exchange = credits.data.find((memo) => memo.reason === 'returned' && memo.settlement === 'store_credit');
    const statement = expectContract(
      await admin.get(`/api/contacts/${exchange?.contact_id}/statement`),
      200,
      GetContactStatementResponse,
    );
    const words = statement.entries.map((entry) => entry.description);
    expect(words).toContain(`Credit memo ${exchange?.number} (returned by the customer)`);
    expect(words).toContain(`Kept as store credit from ${exchange?.number}`);
    expect(words.some((said) => said.startsWith('Store credit applied '))).toBe(true);
    expect(credits.data.find((memo) => memo.settlement === 'refund')?.vat_exempt_sales).toBeGreaterThan(0);
    expect(credits.data.find((memo) => memo.reason === 'defective')?.lines[0]?.restock).toBe(false);
    const debits = expectContract(await admin.get('/api/debit-memos'), 200, ListDebitMemosResponse);
    // The supplier return against a bill, and the lab credit the lab confirmed for a remake (docs/domain/eye-care.md).
    expect(debits.data.filter((memo) => memo.bill_id !== null)).toHaveLength(1);
    expect(debits.data.filter((memo) => memo.notes?.startsWith('Lab credit for remake'))).toHaveLength(1);
    expect(await ledgerMismatches(api.db, admin.businessId ?? 0)).toEqual([]);
  });

  it("ties the Overview's Payables and Receivables to the agings, and each contact's balance and statement to its row", async () => {
    const admin = await api.signIn('admin@spectacle.test', 'spectacle-demo');
    const { businesses } = expectContract(
      await admin.get('/api/businesses/get-all-businesses'),
      200,
      GetAllBusinessesResponse,
    );
    admin.businessId = businesses[0]?.id ?? null;
    const overview = expectContract(await admin.get('/api/dashboard/overview'), 200, GetDashboardOverviewResponse);
    const debit = expectContract(await admin.get('/api/debit-memos'), 200, ListDebitMemosResponse).data.find(
      (memo) => memo.bill_id !== null,
    );
    for (const side of ['payable', 'receivable'] as const) {
      const aging = expectContract(
        await admin.get(`/api/reports/${side}s-aging`),
        200,
        side === 'payable' ? GetPayablesAgingReportResponse : GetReceivablesAgingReportResponse,
      );
      expect(aging.totals.total).toBe(side === 'payable' ? overview.payables : overview.receivables);
      expect(aging.totals.total).toBeGreaterThan(0);
      for (const row of aging.rows) {
        const contact = expectContract(await admin.get(`/api/contacts/${row.contact_id}`), 200, GetContactResponse);
        const statement = expectContract(
          await admin.get(`/api/contacts/${row.contact_id}/statement?side=${side}`),
          200,
          GetContactStatementResponse,
        );
        expect([row.contact_name, statement.closing_balance]).toEqual([row.contact_name, row.total]);
        if (contact.balance_side === side)
          expect([row.contact_name, contact.balance]).toEqual([row.contact_name, row.total]);
      }
    }
    // The supplier return is on its supplier's statement, which opens on what the shop owes.
    const statement = expectContract(
      await admin.get(`/api/contacts/${debit?.contact_id}/statement`),
      200,
      GetContactStatementResponse,
    );
    expect(statement.side).toBe('payable');
    expect(statement.entries.find((entry) => entry.kind === 'debit_memo')?.description).toBe(
      `Debit memo ${debit?.number} (defective, returned to supplier)`,
    );
  });

  it('does not seed twice', async () => {
    await seedDatabase(api.db, { demo: true, passwordCost: testPasswordCost, now: new Date() });
    const businesses = await api.db.selectFrom('businesses').select('id').execute();
    expect(businesses).toHaveLength(1);
  });
});
