import type { AnyResource } from '../engine/resource.ts';
import { cashSessionsResource } from './cash/cash-sessions.ts';
import { zReadingsResource } from './cash/z-readings.ts';
import { stockLotsResource } from './inventory/stock-lots.ts';
import { stocksResource } from './inventory/stocks.ts';
import { stockAdjustmentsResource } from './logistics/stock-adjustments.ts';
import { stockCountsResource } from './logistics/stock-counts.ts';
import { stockReceivesResource } from './logistics/stock-receives.ts';
import { stockRequestsResource } from './logistics/stock-requests.ts';
import { stockReturnsResource } from './logistics/stock-returns.ts';
import { stockTransfersResource } from './logistics/stock-transfers.ts';
import { billPaymentsResource } from './purchasing/bill-payments.ts';
import { billsResource } from './purchasing/bills.ts';
import { purchaseOrdersResource } from './purchasing/purchase-orders.ts';
import { receiveOrdersResource } from './purchasing/receive-orders.ts';
import { invoicePaymentsResource } from './sales/invoice-payments.ts';
import { invoicesResource } from './sales/invoices.ts';
import { quotationsResource } from './sales/quotations.ts';

// The documents of issue 4 and the read-only stocks, served by the generic engine.
export const documentResources: readonly AnyResource[] = [
  purchaseOrdersResource,
  receiveOrdersResource,
  billsResource,
  billPaymentsResource,
  quotationsResource,
  invoicesResource,
  invoicePaymentsResource,
  stockRequestsResource,
  stockTransfersResource,
  stockReceivesResource,
  stockReturnsResource,
  stockAdjustmentsResource,
  stockCountsResource,
  cashSessionsResource,
  zReadingsResource,
  stocksResource,
  stockLotsResource,
];
