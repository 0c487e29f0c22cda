import { billPaymentsResource } from './bill-payments.ts';
import { billsResource } from './bills.ts';
import type { AnyResource } from './engine/resource.ts';
import { invoicePaymentsResource } from './invoice-payments.ts';
import { invoicesResource } from './invoices.ts';
import { purchaseOrdersResource } from './purchase-orders.ts';
import { quotationsResource } from './quotations.ts';
import { receiveOrdersResource } from './receive-orders.ts';
import { stockAdjustmentsResource } from './stock-adjustments.ts';
import { stockCountsResource } from './stock-counts.ts';
import { stockLotsResource } from './stock-lots.ts';
import { stockReceivesResource } from './stock-receives.ts';
import { stockRequestsResource } from './stock-requests.ts';
import { stockReturnsResource } from './stock-returns.ts';
import { stockTransfersResource } from './stock-transfers.ts';
import { stocksResource } from './stocks.ts';

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
  stocksResource,
  stockLotsResource,
];
