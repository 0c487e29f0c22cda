import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListBillsResponse, SearchBillsResponse } from '../../generated/zod/bills/bills.zod.ts';
import { ListContactsResponse, SearchContactsResponse } from '../../generated/zod/contacts/contacts.zod.ts';
import { ListInvoicesResponse, SearchInvoicesResponse } from '../../generated/zod/invoices/invoices.zod.ts';
import {
  ListPurchaseOrdersResponse,
  SearchPurchaseOrdersResponse,
} from '../../generated/zod/purchase-orders/purchase-orders.zod.ts';
import {
  ListStockRequestsResponse,
  SearchStockRequestsResponse,
} from '../../generated/zod/stock-requests/stock-requests.zod.ts';
import {
  ListStockTransfersResponse,
  SearchStockTransfersResponse,
} from '../../generated/zod/stock-transfers/stock-transfers.zod.ts';
import { createTestApi, expectContract, type TestApi, type TestClient } from '../support/test-api.ts';
import { createLedgerFixture, type LedgerFixture } from './ledger-fixture.ts';

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

type Created = { id: number; lines: { id: number }[] };

async function created(path: string, body: unknown): Promise<Created> {
  const answer = await admin.post(path, body);
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return answer.json as Created;
}

const ids = (records: readonly { id: number }[]) => records.map((record) => record.id).sort((a, b) => a - b);

// What a follow-up document's picker offers: the list and the type-ahead search answer the same set.
describe('the pickers of follow-up documents', () => {
  it('offers customers to sales documents and suppliers to purchase documents', async () => {
    const customers = expectContract(await admin.get('/api/contacts?role=customer'), 200, ListContactsResponse);
    expect(customers.data.map((contact) => contact.name)).toEqual(['Maria Santos']);
    expect(customers.meta.total).toBe(1);
    const suppliers = expectContract(
      await admin.get('/api/contacts/search?role=supplier'),
      200,
      SearchContactsResponse,
    );
    expect(suppliers.map((contact) => contact.name)).toEqual(['Lens Supply Co.']);
    const typed = expectContract(
      await admin.get('/api/contacts/search?role=customer&q=Lens'),
      200,
      SearchContactsResponse,
    );
    expect(typed).toEqual([]);
    expect((await admin.get('/api/contacts?role=lab')).status).toBe(422);
  });

  it('offers the purchase orders with something left to receive', async () => {
    const [frame] = fixture.itemIds;
    const order = () =>
      created('/api/purchase-orders', {
        contact_id: fixture.supplierId,
        warehouse_id: fixture.warehouseId,
        order_date: today,
        lines: [{ item_id: frame, quantity: 5, unit_cost: 100 }],
      });
    const receive = (ordered: Created, quantity: number) =>
      created('/api/receive-orders', {
        purchase_order_id: ordered.id,
        contact_id: fixture.supplierId,
        warehouse_id: fixture.warehouseId,
        received_date: today,
        lines: [{ purchase_order_line_id: ordered.lines[0]?.id, item_id: frame, quantity, unit_cost: 100 }],
      });
    const received = await order();
    await receive(received, 5);
    const partly = await order();
    await receive(partly, 2);
    const untouched = await order();
    const voided = await order();
    expect((await admin.delete(`/api/purchase-orders/${voided.id}`)).status).toBe(200);

    const listed = expectContract(
      await admin.get('/api/purchase-orders?has_unreceived=1&with_trashed=1'),
      200,
      ListPurchaseOrdersResponse,
    );
    expect(ids(listed.data)).toEqual([partly.id, untouched.id]);
    const searched = expectContract(
      await admin.get(`/api/purchase-orders/search?has_unreceived=1&warehouse_id=${fixture.warehouseId}`),
      200,
      SearchPurchaseOrdersResponse,
    );
    expect(ids(searched)).toEqual([partly.id, untouched.id]);
    const everyOrder = expectContract(
      await admin.get('/api/purchase-orders?has_unreceived=0'),
      200,
      ListPurchaseOrdersResponse,
    );
    expect(everyOrder.meta.total).toBe(3);
  });

  it('offers the stock requests not yet transferred in full, and the transfers still on their way', async () => {
    const [, lens] = fixture.itemIds;
    await created('/api/receive-orders', {
      contact_id: fixture.supplierId,
      warehouse_id: fixture.warehouseId,
      received_date: today,
      lines: [{ item_id: lens, quantity: 50, unit_cost: 80 }],
    });
    const route = { from_warehouse_id: fixture.warehouseId, to_branch_id: fixture.branchIds[0] };
    const request = () =>
      created('/api/stock-requests', { ...route, request_date: today, lines: [{ item_id: lens, quantity: 10 }] });
    const transfer = (requested: Created | null, quantity: number) =>
      created('/api/stock-transfers', {
        ...route,
        ...(requested ? { stock_request_id: requested.id } : {}),
        transfer_date: today,
        lines: [{ ...(requested ? { stock_request_line_id: requested.lines[0]?.id } : {}), item_id: lens, quantity }],
      });
    const fulfilled = await request();
    const fullTransfer = await transfer(fulfilled, 10);
    const halfway = await request();
    const halfTransfer = await transfer(halfway, 4);
    const waiting = await request();

    const requests = expectContract(
      await admin.get('/api/stock-requests?has_untransferred=1'),
      200,
      ListStockRequestsResponse,
    );
    expect(ids(requests.data)).toEqual([halfway.id, waiting.id]);
    const searchedRequests = expectContract(
      await admin.get(`/api/stock-requests/search?has_untransferred=1&from_warehouse_id=${fixture.warehouseId}`),
      200,
      SearchStockRequestsResponse,
    );
    expect(ids(searchedRequests)).toEqual([halfway.id, waiting.id]);

    // All received; part received and the rest returned; part received only.
    const settle = async (moved: Created, receivedQuantity: number, returnedQuantity: number) => {
      const line = moved.lines[0]?.id;
      if (receivedQuantity > 0) {
        await created('/api/stock-receives', {
          stock_transfer_id: moved.id,
          received_date: today,
          lines: [{ stock_transfer_line_id: line, quantity: receivedQuantity }],
        });
      }
      if (returnedQuantity > 0) {
        await created('/api/stock-returns', {
          stock_transfer_id: moved.id,
          return_date: today,
          lines: [{ stock_transfer_line_id: line, quantity: returnedQuantity }],
        });
      }
    };
    await settle(fullTransfer, 10, 0);
    await settle(halfTransfer, 3, 1);
    const partlyArrived = await transfer(null, 6);
    await settle(partlyArrived, 2, 0);
    const onTheRoad = await transfer(null, 1);

    const transfers = expectContract(
      await admin.get('/api/stock-transfers?has_in_transit=1'),
      200,
      ListStockTransfersResponse,
    );
    expect(ids(transfers.data)).toEqual([partlyArrived.id, onTheRoad.id]);
    const searchedTransfers = expectContract(
      await admin.get(`/api/stock-transfers/search?has_in_transit=1&to_branch_id=${fixture.branchIds[0]}`),
      200,
      SearchStockTransfersResponse,
    );
    expect(ids(searchedTransfers)).toEqual([partlyArrived.id, onTheRoad.id]);
    const elsewhere = expectContract(
      await admin.get(`/api/stock-transfers/search?has_in_transit=1&to_branch_id=${fixture.branchIds[1]}`),
      200,
      SearchStockTransfersResponse,
    );
    expect(elsewhere).toEqual([]);
  });

  it('offers the invoices with a balance, naming the customer and the balance', async () => {
    const [, , solution] = fixture.itemIds;
    const branchId = fixture.branchIds[1];
    await created('/api/receive-orders', {
      contact_id: fixture.supplierId,
      branch_id: branchId,
      received_date: today,
      lines: [{ item_id: solution, quantity: 20, unit_cost: 100 }],
    });
    const sell = () =>
      created('/api/invoices', {
        contact_id: fixture.customerId,
        branch_id: branchId,
        invoice_date: today,
        lines: [{ item_id: solution, quantity: 1, unit_price: 300 }],
      });
    const pay = (invoice: Created, amount: number) =>
      created('/api/invoice-payments', { invoice_id: invoice.id, payment_date: today, amount, payment_method: 'cash' });
    const paid = await sell();
    await pay(paid, 300);
    const partly = await sell();
    await pay(partly, 120);
    const unpaid = await sell();
    const voided = await sell();
    expect((await admin.delete(`/api/invoices/${voided.id}`)).status).toBe(200);

    const listed = expectContract(await admin.get('/api/invoices?has_balance=1'), 200, ListInvoicesResponse);
    expect(ids(listed.data)).toEqual([partly.id, unpaid.id]);
    const searched = expectContract(
      await admin.get(`/api/invoices/search?has_balance=1&contact_id=${fixture.customerId}`),
      200,
      SearchInvoicesResponse,
    );
    expect(searched.map(({ id, contact_name, balance }) => ({ id, contact_name, balance }))).toEqual([
      { id: unpaid.id, contact_name: 'Maria Santos', balance: 300 },
      { id: partly.id, contact_name: 'Maria Santos', balance: 180 },
    ]);
  });

  it('offers the bills with a balance, naming the supplier and the balance', async () => {
    const [frame] = fixture.itemIds;
    const bill = () =>
      created('/api/bills', {
        contact_id: fixture.supplierId,
        warehouse_id: fixture.warehouseId,
        bill_date: today,
        lines: [{ item_id: frame, quantity: 2, unit_cost: 250 }],
      });
    const paid = await bill();
    await created('/api/bill-payments', {
      bill_id: paid.id,
      payment_date: today,
      amount: 500,
      payment_method: 'bank_transfer',
    });
    const open = await bill();
    const voided = await bill();
    expect((await admin.delete(`/api/bills/${voided.id}`)).status).toBe(200);

    const listed = expectContract(await admin.get('/api/bills?has_balance=1&with_trashed=1'), 200, ListBillsResponse);
    expect(ids(listed.data)).toEqual([open.id]);
    const searched = expectContract(await admin.get('/api/bills/search?has_balance=1'), 200, SearchBillsResponse);
    expect(searched.map(({ id, contact_name, balance }) => ({ id, contact_name, balance }))).toEqual([
      { id: open.id, contact_name: 'Lens Supply Co.', balance: 500 },
    ]);
  });
});
