import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateBillPaymentResponse } from '../../generated/zod/bill-payments/bill-payments.zod.ts';
import { CreateBillResponse, GetBillResponse } from '../../generated/zod/bills/bills.zod.ts';
import { GetDashboardOverviewResponse } from '../../generated/zod/dashboard/dashboard.zod.ts';
import {
  GetDocumentNumberTotalCountResponse,
  GetReferenceNumberTotalCountResponse,
} from '../../generated/zod/documents/documents.zod.ts';
import {
  CreateInvoicePaymentResponse,
  UpdateInvoicePaymentResponse,
} from '../../generated/zod/invoice-payments/invoice-payments.zod.ts';
import {
  CreateInvoiceResponse,
  GetInvoiceResponse,
  UpdateInvoiceResponse,
} from '../../generated/zod/invoices/invoices.zod.ts';
import {
  CreatePurchaseOrderResponse,
  GetPurchaseOrderResponse,
  ListPurchaseOrdersResponse,
} from '../../generated/zod/purchase-orders/purchase-orders.zod.ts';
import { CreateQuotationResponse } from '../../generated/zod/quotations/quotations.zod.ts';
import {
  CreateReceiveOrderResponse,
  DeleteReceiveOrderResponse,
  RestoreReceiveOrderResponse,
} from '../../generated/zod/receive-orders/receive-orders.zod.ts';
import { CreateStockReceiveResponse } from '../../generated/zod/stock-receives/stock-receives.zod.ts';
import {
  CreateStockRequestResponse,
  GetStockRequestResponse,
} from '../../generated/zod/stock-requests/stock-requests.zod.ts';
import { CreateStockReturnResponse } from '../../generated/zod/stock-returns/stock-returns.zod.ts';
import {
  CreateStockTransferResponse,
  GetStockTransferResponse,
} from '../../generated/zod/stock-transfers/stock-transfers.zod.ts';
import { ListStockMovementsResponse, ListStocksResponse } from '../../generated/zod/stocks/stocks.zod.ts';
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

function expectLineRefusal(answer: { status: number; json: unknown }, field: string) {
  expect(answer.status).toBe(422);
  expect(Object.keys((answer.json as { errors: Record<string, string[]> }).errors)).toEqual([field]);
}

async function stockAt(itemId: number, query: string) {
  const page = expectContract(await admin.get(`/api/stocks?item_id=${itemId}&${query}`), 200, ListStocksResponse);
  return page.data[0];
}

describe('documents through the API', () => {
  it('orders, receives, bills and pays, with the guards answering 422 on the line', async () => {
    const [frame] = fixture.itemIds;
    const order = expectContract(
      await admin.post('/api/purchase-orders', {
        contact_id: fixture.supplierId,
        warehouse_id: fixture.warehouseId,
        order_date: today,
        lines: [{ item_id: frame, quantity: 5, unit_cost: 1999.99 }],
      }),
      201,
      CreatePurchaseOrderResponse,
    );
    expect(order.total).toBe(9999.95);
    const orderLine = order.lines[0];
    if (!orderLine) throw new Error('The order answered no line.');

    const receive = (quantity: number) =>
      admin.post('/api/receive-orders', {
        purchase_order_id: order.id,
        contact_id: fixture.supplierId,
        warehouse_id: fixture.warehouseId,
        received_date: today,
        lines: [{ purchase_order_line_id: orderLine.id, item_id: frame, quantity, unit_cost: 1999.99 }],
      });
    expectLineRefusal(await receive(6), 'lines.0.quantity');
    const receipt = expectContract(await receive(5), 201, CreateReceiveOrderResponse);
    expect(receipt.purchase_order_number).toBe(order.number);
    const received = expectContract(await admin.get(`/api/purchase-orders/${order.id}`), 200, GetPurchaseOrderResponse);
    expect(received.status).toBe('received');
    expect(received.lines[0]?.received_quantity).toBe(5);
    expect((await admin.patch(`/api/purchase-orders/${order.id}`, { notes: 'too late' })).status).toBe(422);

    const stock = await stockAt(frame, `warehouse_id=${fixture.warehouseId}`);
    expect(stock).toMatchObject({ quantity_on_hand: 5, average_unit_cost: 1999.99, value: 9999.95 });
    const movements = expectContract(
      await admin.get(`/api/stocks/${stock?.id}/movements`),
      200,
      ListStockMovementsResponse,
    );
    expect(movements.data[0]).toMatchObject({ balance: 'on_hand', quantity_delta: 5, document_number: receipt.number });

    const voided = expectContract(
      await admin.delete(`/api/receive-orders/${receipt.id}`),
      200,
      DeleteReceiveOrderResponse,
    );
    expect(voided.deleted_at).not.toBeNull();
    expect((await stockAt(frame, `warehouse_id=${fixture.warehouseId}`))?.quantity_on_hand).toBe(0);
    expectContract(await admin.patch(`/api/receive-orders/${receipt.id}/restore`), 200, RestoreReceiveOrderResponse);
    expect((await stockAt(frame, `warehouse_id=${fixture.warehouseId}`))?.quantity_on_hand).toBe(5);
    expect((await admin.delete(`/api/receive-orders/${receipt.id}/force-delete`)).status).toBe(409);

    const bill = expectContract(
      await admin.post('/api/bills', {
        purchase_order_id: order.id,
        contact_id: fixture.supplierId,
        warehouse_id: fixture.warehouseId,
        bill_date: today,
        lines: [{ purchase_order_line_id: orderLine.id, item_id: frame, quantity: 5, unit_cost: 1999.99 }],
      }),
      201,
      CreateBillResponse,
    );
    expect(bill).toMatchObject({ total: 9999.95, balance: 9999.95, status: 'unpaid' });
    const pay = (amount: number) =>
      admin.post('/api/bill-payments', { bill_id: bill.id, payment_date: today, amount, payment_method: 'check' });
    expectLineRefusal(await pay(10_000), 'amount');
    expectContract(await pay(9999.95), 201, CreateBillPaymentResponse);
    const paid = expectContract(await admin.get(`/api/bills/${bill.id}`), 200, GetBillResponse);
    expect(paid).toMatchObject({ balance: 0, status: 'paid' });
  });

  it('accepts a bill from an order for more than was received (a supplier may bill ahead), up to what was ordered', async () => {
    const [frame] = fixture.itemIds;
    const order = expectContract(
      await admin.post('/api/purchase-orders', {
        contact_id: fixture.supplierId,
        warehouse_id: fixture.warehouseId,
        order_date: today,
        lines: [{ item_id: frame, quantity: 10, unit_cost: 100 }],
      }),
      201,
      CreatePurchaseOrderResponse,
    );
    const orderLine = order.lines[0];
    if (!orderLine) throw new Error('The order answered no line.');
    expectContract(
      await admin.post('/api/receive-orders', {
        purchase_order_id: order.id,
        contact_id: fixture.supplierId,
        warehouse_id: fixture.warehouseId,
        received_date: today,
        lines: [{ purchase_order_line_id: orderLine.id, item_id: frame, quantity: 8 }],
      }),
      201,
      CreateReceiveOrderResponse,
    );
    const bill = (quantity: number) =>
      admin.post('/api/bills', {
        purchase_order_id: order.id,
        contact_id: fixture.supplierId,
        warehouse_id: fixture.warehouseId,
        bill_date: today,
        lines: [{ purchase_order_line_id: orderLine.id, item_id: frame, quantity }],
      });
    expectLineRefusal(await bill(11), 'lines.0.quantity');
    const ahead = expectContract(await bill(10), 201, CreateBillResponse);
    expect(ahead.total).toBe(1000);
    const read = expectContract(await admin.get(`/api/purchase-orders/${order.id}`), 200, GetPurchaseOrderResponse);
    expect(read.lines[0]).toMatchObject({ quantity: 10, received_quantity: 8, billed_quantity: 10 });
    // The Overview below counts payables from scratch.
    expect((await admin.delete(`/api/bills/${ahead.id}`)).status).toBe(200);
  });

  it('sells from the branch, edits the invoice, takes and edits a payment', async () => {
    const [, lens] = fixture.itemIds;
    const branchId = fixture.branchIds[0];
    await admin.post('/api/receive-orders', {
      contact_id: fixture.supplierId,
      branch_id: branchId,
      received_date: today,
      lines: [{ item_id: lens, quantity: 4, unit_cost: 80 }],
    });
    const sell = (quantity: number) =>
      admin.post('/api/invoices', {
        contact_id: fixture.customerId,
        branch_id: branchId,
        invoice_date: today,
        lines: [{ item_id: lens, quantity, unit_price: 150.5, discount_percent: 10 }],
      });
    expectLineRefusal(await sell(5), 'lines.0.quantity');
    const invoice = expectContract(await sell(2), 201, CreateInvoiceResponse);
    expect(invoice).toMatchObject({ subtotal: 301, discount_total: 30.1, total: 270.9, status: 'unpaid' });
    expect(invoice.reference_number).toMatch(
      new RegExp(`^RN-${String(fixture.customerId + 1).padStart(8, '0')}-\\d{8}-\\d{4}$`),
    );

    const edited = expectContract(
      await admin.patch(`/api/invoices/${invoice.id}`, { lines: [{ item_id: lens, quantity: 4, unit_price: 100 }] }),
      200,
      UpdateInvoiceResponse,
    );
    expect(edited.total).toBe(400);
    expect((await stockAt(lens, `branch_id=${branchId}`))?.quantity_on_hand).toBe(0);

    const payment = expectContract(
      await admin.post('/api/invoice-payments', {
        invoice_id: invoice.id,
        payment_date: today,
        amount: 100,
        payment_method: 'cash',
      }),
      201,
      CreateInvoicePaymentResponse,
    );
    const overpaid = await admin.patch(`/api/invoice-payments/${payment.id}`, { amount: 400.01 });
    expectLineRefusal(overpaid, 'amount');
    // The refusal reads the balance as money.
    expect(overpaid.json).toMatchObject({
      errors: { amount: ['The amount may not be more than the balance of ₱400.00.'] },
    });
    const huge = await admin.patch(`/api/invoice-payments/${payment.id}`, { amount: 100_000_000_000_000 });
    expect(huge.json).toMatchObject({
      errors: { amount: ['The amount may not be more than ₱90,000,000,000,000.00.'] },
    });
    expectContract(
      await admin.patch(`/api/invoice-payments/${payment.id}`, { amount: 400 }),
      200,
      UpdateInvoicePaymentResponse,
    );
    const paid = expectContract(await admin.get(`/api/invoices/${invoice.id}`), 200, GetInvoiceResponse);
    expect(paid).toMatchObject({ amount_paid: 400, balance: 0, status: 'paid' });
    expect((await admin.delete(`/api/invoices/${invoice.id}`)).status).toBe(422);
  });

  it('requests, transfers, receives and returns between locations', async () => {
    const [, , solution] = fixture.itemIds;
    await admin.post('/api/receive-orders', {
      contact_id: fixture.supplierId,
      warehouse_id: fixture.warehouseId,
      received_date: today,
      lines: [{ item_id: solution, quantity: 12, unit_cost: 210 }],
    });
    const request = expectContract(
      await admin.post('/api/stock-requests', {
        from_warehouse_id: fixture.warehouseId,
        to_branch_id: fixture.branchIds[1],
        request_date: today,
        lines: [{ item_id: solution, quantity: 10 }],
      }),
      201,
      CreateStockRequestResponse,
    );
    const transfer = expectContract(
      await admin.post('/api/stock-transfers', {
        stock_request_id: request.id,
        from_warehouse_id: fixture.warehouseId,
        to_branch_id: fixture.branchIds[1],
        transfer_date: today,
        lines: [{ stock_request_line_id: request.lines[0]?.id, item_id: solution, quantity: 10 }],
      }),
      201,
      CreateStockTransferResponse,
    );
    expect(transfer.lines[0]).toMatchObject({ unit_cost: 210, received_quantity: 0 });
    expect(
      expectContract(await admin.get(`/api/stock-requests/${request.id}`), 200, GetStockRequestResponse).status,
    ).toBe('transferred');
    const lineId = transfer.lines[0]?.id;
    const receive = (quantity: number) =>
      admin.post('/api/stock-receives', {
        stock_transfer_id: transfer.id,
        received_date: today,
        lines: [{ stock_transfer_line_id: lineId, quantity }],
      });
    expectLineRefusal(await receive(11), 'lines.0.quantity');
    expectContract(await receive(7), 201, CreateStockReceiveResponse);
    const returned = expectContract(
      await admin.post('/api/stock-returns', {
        stock_transfer_id: transfer.id,
        return_date: today,
        reason: 'Damaged boxes',
        lines: [{ stock_transfer_line_id: lineId, quantity: 3 }],
      }),
      201,
      CreateStockReturnResponse,
    );
    expect(returned.from_location_name).toBe('Pasig Warehouse');
    const completed = expectContract(
      await admin.get(`/api/stock-transfers/${transfer.id}`),
      200,
      GetStockTransferResponse,
    );
    expect(completed.status).toBe('completed');
    expect(await stockAt(solution, `branch_id=${fixture.branchIds[1]}`)).toMatchObject({
      quantity_on_hand: 7,
      quantity_in_transit: 0,
    });
    expect((await stockAt(solution, `warehouse_id=${fixture.warehouseId}`))?.quantity_on_hand).toBe(5);
  });

  it('refuses a follow-up line that names an order or request line it does not fill', async () => {
    const [frame, solution] = fixture.itemIds;
    const orderFor = async (itemId: number | undefined) =>
      expectContract(
        await admin.post('/api/purchase-orders', {
          contact_id: fixture.supplierId,
          warehouse_id: fixture.warehouseId,
          order_date: today,
          lines: [{ item_id: itemId, quantity: 3, unit_cost: 100 }],
        }),
        201,
        CreatePurchaseOrderResponse,
      );
    const frames = await orderFor(frame);
    const solutions = await orderFor(solution);
    const frameLine = frames.lines[0]?.id;

    const otherItem = await admin.post('/api/receive-orders', {
      purchase_order_id: frames.id,
      contact_id: fixture.supplierId,
      warehouse_id: fixture.warehouseId,
      received_date: today,
      lines: [{ purchase_order_line_id: frameLine, item_id: solution, quantity: 1, unit_cost: 100 }],
    });
    expectLineRefusal(otherItem, 'lines.0.purchase_order_line_id');

    const otherOrder = await admin.post('/api/bills', {
      purchase_order_id: solutions.id,
      contact_id: fixture.supplierId,
      warehouse_id: fixture.warehouseId,
      bill_date: today,
      lines: [{ purchase_order_line_id: frameLine, item_id: frame, quantity: 1, unit_cost: 100 }],
    });
    expectLineRefusal(otherOrder, 'lines.0.purchase_order_line_id');

    const request = expectContract(
      await admin.post('/api/stock-requests', {
        from_warehouse_id: fixture.warehouseId,
        to_branch_id: fixture.branchIds[0],
        request_date: today,
        lines: [{ item_id: frame, quantity: 1 }],
      }),
      201,
      CreateStockRequestResponse,
    );
    const wrongItem = await admin.post('/api/stock-transfers', {
      stock_request_id: request.id,
      from_warehouse_id: fixture.warehouseId,
      to_branch_id: fixture.branchIds[0],
      transfer_date: today,
      lines: [{ stock_request_line_id: request.lines[0]?.id, item_id: solution, quantity: 1 }],
    });
    expectLineRefusal(wrongItem, 'lines.0.stock_request_line_id');

    const untouched = expectContract(
      await admin.get(`/api/purchase-orders/${frames.id}`),
      200,
      GetPurchaseOrderResponse,
    );
    expect(untouched.lines[0]).toMatchObject({ received_quantity: 0, billed_quantity: 0 });
  });

  it('answers the counters that the next numbers will build on', async () => {
    const count = () =>
      admin.post('/api/documents/get-number-total-count', {
        document_name: 'quotation',
        branch_id: fixture.branchIds[1],
      });
    const referenceCount = () =>
      admin.post('/api/documents/get-reference-number-total-count', {
        document_name: 'quotation',
        contact_id: fixture.customerId,
      });
    const before = expectContract(await count(), 200, GetDocumentNumberTotalCountResponse).total;
    const referencesBefore = expectContract(await referenceCount(), 200, GetReferenceNumberTotalCountResponse).total;
    const quotation = expectContract(
      await admin.post('/api/quotations', {
        contact_id: fixture.customerId,
        branch_id: fixture.branchIds[1],
        quotation_date: today,
        lines: [{ item_id: fixture.itemIds[0], quantity: 1, unit_price: 4500 }],
      }),
      201,
      CreateQuotationResponse,
    );
    expect(Number(quotation.number.slice(-8))).toBe(before + 1);
    expect(Number(quotation.reference_number.slice(-4))).toBe(referencesBefore + 1);
    expect(expectContract(await count(), 200, GetDocumentNumberTotalCountResponse).total).toBe(before + 1);
    const spelledAsInSpec = await admin.post('/api/documents/get-number-total-count/', {
      document_name: 'quotation',
      branch_id: fixture.branchIds[1],
    });
    expect(expectContract(spelledAsInSpec, 200, GetDocumentNumberTotalCountResponse).total).toBe(before + 1);
    const referenceAsInSpec = await admin.post('/api/documents/get-reference-number-total-count/', {
      document_name: 'quotation',
      contact_id: fixture.customerId,
    });
    expect(expectContract(referenceAsInSpec, 200, GetReferenceNumberTotalCountResponse).total).toBe(
      referencesBefore + 1,
    );
    expect((await admin.post('/api/documents/get-number-total-count', { document_name: 'quotation' })).status).toBe(
      422,
    );
  });

  it("refuses a document naming another business's customer and branch, field by field, before it posts", async () => {
    const other = await createLedgerFixture(api.db);
    const listed = async () => ((await admin.get('/api/quotations')).json as { meta: { total: number } }).meta.total;
    const before = await listed();
    const refused = await admin.post('/api/quotations', {
      contact_id: other.customerId,
      branch_id: other.branchIds[0],
      quotation_date: today,
      lines: [{ item_id: fixture.itemIds[0], quantity: 1, unit_price: 4500 }],
    });
    expect(refused.status).toBe(422);
    expect(Object.keys((refused.json as { errors: Record<string, string[]> }).errors).sort()).toEqual([
      'branch_id',
      'contact_id',
    ]);
    expect(await listed()).toBe(before);
  });

  it('makes one document of ten concurrent submits with the same Idempotency-Key', async () => {
    const body = {
      contact_id: fixture.supplierId,
      branch_id: fixture.branchIds[0],
      order_date: today,
      notes: 'idempotent order',
      lines: [{ item_id: fixture.itemIds[0], quantity: 1, unit_cost: 100 }],
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        admin.post('/api/purchase-orders', body, { headers: { 'idempotency-key': 'submit-7f3a' } }),
      ),
    );
    const listed = expectContract(
      await admin.get('/api/purchase-orders?search=idempotent%20order'),
      200,
      ListPurchaseOrdersResponse,
    );
    expect(listed.meta.total).toBe(1);
    const ids = answers.map((answer) => (answer.json as { id?: number }).id);
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    expect(new Set(ids)).toEqual(new Set([listed.data[0]?.id]));
  });

  it('draws the Overview from posted documents', async () => {
    const overview = expectContract(await admin.get('/api/dashboard/overview'), 200, GetDashboardOverviewResponse);
    expect(overview.sales_by_day).toHaveLength(30);
    expect(overview.receivables).toBe(0);
    expect(overview.payables).toBe(0);
    const values = (overview.stock_value_by_location ?? []).map((entry) => entry.location_name);
    expect(values).toContain('Pasig Warehouse');
    expect(overview.low_stock_items.some((entry) => entry.item_code === 'OA-1DAY')).toBe(true);
    expect(overview.top_items[0]?.item_code).toBe('OA-1DAY');
  });
});
