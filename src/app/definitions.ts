// Written by scripts/contract/definition-lists.ts from server/registry/resources.ts and src/areas/*/<key>.ts;
// do not edit: `npm run generate` rewrites it (CONTRIBUTING.md; docs/ARCHITECTURE.md, The tree by area).

import { cashSessions } from '../areas/cash/cash-sessions.ts';
import { zReadings } from '../areas/cash/z-readings.ts';
import { benefits } from '../areas/eye-care/benefits.ts';
import { jobOrders } from '../areas/eye-care/job-orders.ts';
import { loas } from '../areas/eye-care/loas.ts';
import { prescriptions } from '../areas/eye-care/prescriptions.ts';
import { warrantyClaims } from '../areas/eye-care/warranty-claims.ts';
import { warrantyTerms } from '../areas/eye-care/warranty-terms.ts';
import { conversions } from '../areas/inventory/conversions.ts';
import { itemTypes } from '../areas/inventory/item-types.ts';
import { items } from '../areas/inventory/items.ts';
import { stockLots } from '../areas/inventory/stock-lots.ts';
import { stocks } from '../areas/inventory/stocks.ts';
import { unitOfMeasurements } from '../areas/inventory/unit-of-measurements.ts';
import { stockAdjustments } from '../areas/logistics/stock-adjustments.ts';
import { stockCounts } from '../areas/logistics/stock-counts.ts';
import { stockReceives } from '../areas/logistics/stock-receives.ts';
import { stockRequests } from '../areas/logistics/stock-requests.ts';
import { stockReturns } from '../areas/logistics/stock-returns.ts';
import { stockTransfers } from '../areas/logistics/stock-transfers.ts';
import { branches } from '../areas/management/branches.ts';
import { businesses } from '../areas/management/businesses.ts';
import { contacts } from '../areas/management/contacts.ts';
import { eInvoices } from '../areas/management/e-invoices.ts';
import { messageTemplates } from '../areas/management/message-templates.ts';
import { messages } from '../areas/management/messages.ts';
import { permissions } from '../areas/management/permissions.ts';
import { roles } from '../areas/management/roles.ts';
import { terminals } from '../areas/management/terminals.ts';
import { users } from '../areas/management/users.ts';
import { warehouses } from '../areas/management/warehouses.ts';
import { billPayments } from '../areas/purchasing/bill-payments.ts';
import { bills } from '../areas/purchasing/bills.ts';
import { debitMemos } from '../areas/purchasing/debit-memos.ts';
import { purchaseItemPrices } from '../areas/purchasing/purchase-item-prices.ts';
import { purchaseOrders } from '../areas/purchasing/purchase-orders.ts';
import { receiveOrders } from '../areas/purchasing/receive-orders.ts';
import { acknowledgmentReceipts } from '../areas/sales/acknowledgment-receipts.ts';
import { creditMemos } from '../areas/sales/credit-memos.ts';
import { discountPrograms } from '../areas/sales/discount-programs.ts';
import { invoicePayments } from '../areas/sales/invoice-payments.ts';
import { invoices } from '../areas/sales/invoices.ts';
import { payerClaims } from '../areas/sales/payer-claims.ts';
import { quotations } from '../areas/sales/quotations.ts';
import { saleItemPrices } from '../areas/sales/sale-item-prices.ts';
import { namedRecordsOf } from '../resources/named-records.ts';
import { fieldRecordsOf } from '../resources/record-fields.ts';
import { installDefinitions } from '../resources/registry.ts';
import type { ResourceDefinition, ResourceKey } from '../resources/resource.ts';

// The client definition of every registry resource, handed down to src/resources/registry.ts, which the screens
// read them from: the areas sit above the screens, so the list is made here, at the top.
const definitions: Readonly<Record<ResourceKey, ResourceDefinition>> = {
  brands: namedRecordsOf(
    'brands',
    { one: 'Brand', many: 'Brands' },
    () => import('../../generated/hooks/brands/brands.ts'),
    () => import('../../generated/zod/brands/brands.zod.ts'),
  ),
  'measuring-masses': namedRecordsOf(
    'measuring-masses',
    { one: 'MeasuringMass', many: 'MeasuringMasses' },
    () => import('../../generated/hooks/measuring-masses/measuring-masses.ts'),
    () => import('../../generated/zod/measuring-masses/measuring-masses.zod.ts'),
  ),
  'unit-of-measurements': unitOfMeasurements,
  'item-classifications': namedRecordsOf(
    'item-classifications',
    { one: 'ItemClassification', many: 'ItemClassifications' },
    () => import('../../generated/hooks/item-classifications/item-classifications.ts'),
    () => import('../../generated/zod/item-classifications/item-classifications.zod.ts'),
  ),
  'item-types': itemTypes,
  items,
  stocks,
  'stock-lots': stockLots,
  conversions,
  'purchase-item-prices': purchaseItemPrices,
  'purchase-orders': purchaseOrders,
  'receive-orders': receiveOrders,
  bills,
  'bill-payments': billPayments,
  'debit-memos': debitMemos,
  'sale-item-prices': saleItemPrices,
  invoices,
  'invoice-payments': invoicePayments,
  'credit-memos': creditMemos,
  'acknowledgment-receipts': acknowledgmentReceipts,
  'payer-claims': payerClaims,
  'cash-sessions': cashSessions,
  'z-readings': zReadings,
  quotations,
  'discount-programs': discountPrograms,
  prescriptions,
  'job-orders': jobOrders,
  benefits,
  loas,
  'warranty-terms': warrantyTerms,
  'warranty-claims': warrantyClaims,
  'stock-requests': stockRequests,
  'stock-transfers': stockTransfers,
  'stock-receives': stockReceives,
  'stock-returns': stockReturns,
  'stock-adjustments': stockAdjustments,
  'stock-counts': stockCounts,
  businesses,
  warehouses,
  branches,
  terminals,
  contacts,
  'contact-types': fieldRecordsOf(
    'contact-types',
    { one: 'ContactType', many: 'ContactTypes' },
    () => import('../../generated/hooks/contact-types/contact-types.ts'),
    () => import('../../generated/zod/contact-types/contact-types.zod.ts'),
  ),
  users,
  roles,
  messages,
  'message-templates': messageTemplates,
  permissions,
  'e-invoices': eInvoices,
};

export const resources = installDefinitions(definitions);
