// Written by scripts/contract/definition-lists.ts from server/registry/resources.ts and server/areas/*/<key>.ts;
// do not edit: `npm run generate` rewrites it (CONTRIBUTING.md; docs/ARCHITECTURE.md, The tree by area).

import * as brandsSchemas from '../../generated/zod/brands/brands.zod.ts';
import * as contactTypesSchemas from '../../generated/zod/contact-types/contact-types.zod.ts';
import * as itemClassificationsSchemas from '../../generated/zod/item-classifications/item-classifications.zod.ts';
import * as measuringMassesSchemas from '../../generated/zod/measuring-masses/measuring-masses.zod.ts';
import { namedRecords } from '../engine/named-records.ts';
import { fieldRecords } from '../engine/record-fields.ts';
import type { AnyResource } from '../engine/resource.ts';
import type { ResourceKey } from '../registry/resources.ts';
import { cashSessionsResource } from './cash/cash-sessions.ts';
import { zReadingsResource } from './cash/z-readings.ts';
import { benefitsResource } from './eye-care/benefits.ts';
import { jobOrdersResource } from './eye-care/job-orders.ts';
import { loasResource } from './eye-care/loas.ts';
import { prescriptionsResource } from './eye-care/prescriptions.ts';
import { warrantyClaimsResource } from './eye-care/warranty-claims.ts';
import { warrantyTermsResource } from './eye-care/warranty-terms.ts';
import { conversionsResource } from './inventory/conversions.ts';
import { itemTypesResource } from './inventory/item-types.ts';
import { itemsResource } from './inventory/items.ts';
import { stockLotsResource } from './inventory/stock-lots.ts';
import { stocksResource } from './inventory/stocks.ts';
import { unitOfMeasurementsResource } from './inventory/unit-of-measurements.ts';
import { stockAdjustmentsResource } from './logistics/stock-adjustments.ts';
import { stockCountsResource } from './logistics/stock-counts.ts';
import { stockReceivesResource } from './logistics/stock-receives.ts';
import { stockRequestsResource } from './logistics/stock-requests.ts';
import { stockReturnsResource } from './logistics/stock-returns.ts';
import { stockTransfersResource } from './logistics/stock-transfers.ts';
import { branchesResource } from './management/branches.ts';
import { businessesResource } from './management/businesses.ts';
import { contactsResource } from './management/contacts.ts';
import { eInvoicesResource } from './management/e-invoices.ts';
import { messageTemplatesResource } from './management/message-templates.ts';
import { messagesResource } from './management/messages.ts';
import { permissionsResource } from './management/permissions.ts';
import { rolesResource } from './management/roles.ts';
import { terminalsResource } from './management/terminals.ts';
import { usersResource } from './management/users.ts';
import { warehousesResource } from './management/warehouses.ts';
import { billPaymentsResource } from './purchasing/bill-payments.ts';
import { billsResource } from './purchasing/bills.ts';
import { debitMemosResource } from './purchasing/debit-memos.ts';
import { purchaseItemPricesResource } from './purchasing/purchase-item-prices.ts';
import { purchaseOrdersResource } from './purchasing/purchase-orders.ts';
import { receiveOrdersResource } from './purchasing/receive-orders.ts';
import { acknowledgmentReceiptsResource } from './sales/acknowledgment-receipts.ts';
import { creditMemosResource } from './sales/credit-memos.ts';
import { discountProgramsResource } from './sales/discount-programs.ts';
import { invoicePaymentsResource } from './sales/invoice-payments.ts';
import { invoicesResource } from './sales/invoices.ts';
import { payerClaimsResource } from './sales/payer-claims.ts';
import { quotationsResource } from './sales/quotations.ts';
import { saleItemPricesResource } from './sales/sale-item-prices.ts';

// The server definition of every registry resource, in the registry order.
export const definitions: Readonly<Record<ResourceKey, AnyResource>> = {
  brands: namedRecords({ key: 'brands', table: 'brands', one: 'Brand', many: 'Brands' }, brandsSchemas),
  'measuring-masses': namedRecords(
    { key: 'measuring-masses', table: 'measuring_masses', one: 'MeasuringMass', many: 'MeasuringMasses' },
    measuringMassesSchemas,
  ),
  'unit-of-measurements': unitOfMeasurementsResource,
  'item-classifications': namedRecords(
    {
      key: 'item-classifications',
      table: 'item_classifications',
      one: 'ItemClassification',
      many: 'ItemClassifications',
    },
    itemClassificationsSchemas,
  ),
  'item-types': itemTypesResource,
  items: itemsResource,
  stocks: stocksResource,
  'stock-lots': stockLotsResource,
  conversions: conversionsResource,
  'purchase-item-prices': purchaseItemPricesResource,
  'purchase-orders': purchaseOrdersResource,
  'receive-orders': receiveOrdersResource,
  bills: billsResource,
  'bill-payments': billPaymentsResource,
  'debit-memos': debitMemosResource,
  'sale-item-prices': saleItemPricesResource,
  invoices: invoicesResource,
  'invoice-payments': invoicePaymentsResource,
  'credit-memos': creditMemosResource,
  'acknowledgment-receipts': acknowledgmentReceiptsResource,
  'payer-claims': payerClaimsResource,
  'cash-sessions': cashSessionsResource,
  'z-readings': zReadingsResource,
  quotations: quotationsResource,
  'discount-programs': discountProgramsResource,
  prescriptions: prescriptionsResource,
  'job-orders': jobOrdersResource,
  benefits: benefitsResource,
  loas: loasResource,
  'warranty-terms': warrantyTermsResource,
  'warranty-claims': warrantyClaimsResource,
  'stock-requests': stockRequestsResource,
  'stock-transfers': stockTransfersResource,
  'stock-receives': stockReceivesResource,
  'stock-returns': stockReturnsResource,
  'stock-adjustments': stockAdjustmentsResource,
  'stock-counts': stockCountsResource,
  businesses: businessesResource,
  warehouses: warehousesResource,
  branches: branchesResource,
  terminals: terminalsResource,
  contacts: contactsResource,
  'contact-types': fieldRecords(
    { key: 'contact-types', table: 'contact_types', one: 'ContactType', many: 'ContactTypes' },
    contactTypesSchemas,
  ),
  users: usersResource,
  roles: rolesResource,
  messages: messagesResource,
  'message-templates': messageTemplatesResource,
  permissions: permissionsResource,
  'e-invoices': eInvoicesResource,
};
