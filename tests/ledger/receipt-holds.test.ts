import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateBillResponse } from '../../generated/zod/bills/bills.zod.ts';
import { CreateInvoiceResponse } from '../../generated/zod/invoices/invoices.zod.ts';
import {
  CreatePurchaseOrderResponse,
  GetPurchaseOrderResponse,
} from '../../generated/zod/purchase-orders/purchase-orders.zod.ts';
import {
  CreateReceiveOrderResponse,
  DeleteReceiveOrderResponse,
  GetReceiveOrderResponse,
} from '../../generated/zod/receive-orders/receive-orders.zod.ts';
import {
  CreateStockReceiveResponse,
  DeleteStockReceiveResponse,
  GetStockReceiveResponse,
} from '../../generated/zod/stock-receives/stock-receives.zod.ts';
import { CreateStockTransferResponse } from '../../generated/zod/stock-transfers/stock-transfers.zod.ts';
import { ListStocksResponse } from '../../generated/zod/stocks/stocks.zod.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../support/test-api.ts';
import { createLedgerFixture, type LedgerFixture, ledgerMismatches } from './ledger-fixture.ts';

// Issue 25, item 2: a receipt whose goods were billed, sold or moved on stands while the later document does.

let api: TestApi;
let admin: TestClient;
let fixture: LedgerFixture;
const today = '2026-11-21';

beforeAll(async () => {
  api = await createTestApi();
  fixture = await createLedgerFixture(api.db);
  await api.createUser({
    email: 'owner@example.test',
    permissions: ['full-access-and-permssions'],
    businessIds: [fixture.businessId],
  });
  admin = await api.signIn('owner@example.test');
  admin.businessId = fixture.businessId;
});

afterAll(() => api.close());

async function onHand(itemId: number, query: string) {
  const page = expectContract(await admin.get(`/api/stocks?item_id=${itemId}&${query}`), 200, ListStocksResponse);
  return page.data[0]?.quantity_on_hand ?? 0;
}

describe('a receipt whose goods went on', () => {
  it('is not voided while a bill of its goods stands, and is once the bill is voided', async () => {
    const [frame] = fixture.itemIds;
    const order = expectContract(
      await admin.post('/api/purchase-orders', {
        contact_id: fixture.supplierId,
        warehouse_id: fixture.warehouseId,
        order_date: today,
        lines: [{ item_id: frame, quantity: 6, unit_cost: 1000 }],
      }),
      201,
      CreatePurchaseOrderResponse,
    );
    const orderLine = order.lines[0]?.id ?? 0;
    const receipt = (quantity: number) =>
      admin.post('/api/receive-orders', {
        purchase_order_id: order.id,
        contact_id: fixture.supplierId,
        warehouse_id: fixture.warehouseId,
        received_date: today,
        lines: [{ purchase_order_line_id: orderLine, item_id: frame, quantity, unit_cost: 1000 }],
      });
    const first = expectContract(await receipt(4), 201, CreateReceiveOrderResponse);
    const second = expectContract(await receipt(2), 201, CreateReceiveOrderResponse);
    expect(first.held_by).toBeNull();
    const bill = expectContract(
      await admin.post('/api/bills', {
        purchase_order_id: order.id,
        contact_id: fixture.supplierId,
        warehouse_id: fixture.warehouseId,
        bill_date: today,
        lines: [{ purchase_order_line_id: orderLine, item_id: frame, quantity: 6, unit_cost: 1000 }],
      }),
      201,
      CreateBillResponse,
    );
    const stockBefore = await onHand(frame, `warehouse_id=${fixture.warehouseId}`);

    const refused = await admin.delete(`/api/receive-orders/${second.id}`);
    expect(refused.status).toBe(409);
    expect((refused.json as { message: string }).message).toContain(`Bill ${bill.number}`);
    const shown = expectContract(await admin.get(`/api/receive-orders/${second.id}`), 200, GetReceiveOrderResponse);
    expect(shown.deleted_at).toBeNull();
    expect(shown.held_by).toBe(`Bill ${bill.number}`);
    const ordered = expectContract(await admin.get(`/api/purchase-orders/${order.id}`), 200, GetPurchaseOrderResponse);
    expect(ordered.lines[0]).toMatchObject({ received_quantity: 6, billed_quantity: 6 });
    expect(await onHand(frame, `warehouse_id=${fixture.warehouseId}`)).toBe(stockBefore);

    expect((await admin.delete(`/api/bills/${bill.id}`)).status).toBe(200);
    const released = expectContract(await admin.get(`/api/receive-orders/${second.id}`), 200, GetReceiveOrderResponse);
    expect(released.held_by).toBeNull();
    expectContract(await admin.delete(`/api/receive-orders/${second.id}`), 200, DeleteReceiveOrderResponse);
    expect(await onHand(frame, `warehouse_id=${fixture.warehouseId}`)).toBe(stockBefore - 2);
    expect(await ledgerMismatches(api.db, fixture.businessId)).toEqual([]);
  });

  it('is not voided while a sale of the same goods stands', async () => {
    const [, , solution] = fixture.itemIds;
    const receipt = expectContract(
      await admin.post('/api/receive-orders', {
        contact_id: fixture.supplierId,
        branch_id: fixture.branchIds[0],
        received_date: today,
        lines: [{ item_id: solution, quantity: 20, unit_cost: 200 }],
      }),
      201,
      CreateReceiveOrderResponse,
    );
    const sale = expectContract(
      await admin.post('/api/invoices', {
        contact_id: fixture.customerId,
        branch_id: fixture.branchIds[0],
        invoice_date: today,
        lines: [{ item_id: solution, quantity: 1, unit_price: 400 }],
      }),
      201,
      CreateInvoiceResponse,
    );
    const refused = await admin.delete(`/api/receive-orders/${receipt.id}`);
    expect(refused.status).toBe(409);
    expect((refused.json as { message: string }).message).toContain(`Invoice ${sale.number}`);
  });

  it('stock receive: not voided while the goods moved on from the branch stand', async () => {
    const [, second] = fixture.itemIds;
    await admin.post('/api/receive-orders', {
      contact_id: fixture.supplierId,
      warehouse_id: fixture.warehouseId,
      received_date: today,
      lines: [{ item_id: second, quantity: 10, unit_cost: 300 }],
    });
    const transfer = expectContract(
      await admin.post('/api/stock-transfers', {
        from_warehouse_id: fixture.warehouseId,
        to_branch_id: fixture.branchIds[1],
        transfer_date: today,
        lines: [{ item_id: second, quantity: 5 }],
      }),
      201,
      CreateStockTransferResponse,
    );
    const arrived = expectContract(
      await admin.post('/api/stock-receives', {
        stock_transfer_id: transfer.id,
        received_date: today,
        lines: [{ stock_transfer_line_id: transfer.lines[0]?.id, quantity: 5 }],
      }),
      201,
      CreateStockReceiveResponse,
    );
    expect(arrived.held_by).toBeNull();
    const onward = expectContract(
      await admin.post('/api/stock-transfers', {
        from_branch_id: fixture.branchIds[1],
        to_branch_id: fixture.branchIds[0],
        transfer_date: today,
        lines: [{ item_id: second, quantity: 2 }],
      }),
      201,
      CreateStockTransferResponse,
    );
    const refused = await admin.delete(`/api/stock-receives/${arrived.id}`);
    expect(refused.status).toBe(409);
    expect((refused.json as { message: string }).message).toContain(`Stock transfer ${onward.number}`);
    const shown = expectContract(await admin.get(`/api/stock-receives/${arrived.id}`), 200, GetStockReceiveResponse);
    expect(shown.held_by).toBe(`Stock transfer ${onward.number}`);

    expect((await admin.delete(`/api/stock-transfers/${onward.id}`)).status).toBe(200);
    expectContract(await admin.delete(`/api/stock-receives/${arrived.id}`), 200, DeleteStockReceiveResponse);
    expect(await onHand(second, `branch_id=${fixture.branchIds[1]}`)).toBe(0);
    expect(await ledgerMismatches(api.db, fixture.businessId)).toEqual([]);
  });
});
