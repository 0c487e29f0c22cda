import { permissionCatalogue } from '../auth/permission-catalogue.ts';
import type { AnyResource } from '../engine/resource.ts';
import { type ResourceKey, registry } from '../registry/resources.ts';
import { cashSessionsResource } from './cash/cash-sessions.ts';
import { zReadingsResource } from './cash/z-readings.ts';
import { jobOrdersResource } from './eye-care/job-orders.ts';
import { prescriptionsResource } from './eye-care/prescriptions.ts';
import { brandsResource } from './inventory/brands.ts';
import { conversionsResource } from './inventory/conversions.ts';
import { itemClassificationsResource } from './inventory/item-classifications.ts';
import { itemTypesResource } from './inventory/item-types.ts';
import { itemsResource } from './inventory/items.ts';
import { measuringMassesResource } from './inventory/measuring-masses.ts';
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
import { contactTypesResource } from './management/contact-types.ts';
import { contactsResource } from './management/contacts.ts';
import { permissionsResource } from './management/permissions.ts';
import { rolesResource } from './management/roles.ts';
import { usersResource } from './management/users.ts';
import { warehousesResource } from './management/warehouses.ts';
import { billPaymentsResource } from './purchasing/bill-payments.ts';
import { billsResource } from './purchasing/bills.ts';
import { debitMemosResource } from './purchasing/debit-memos.ts';
import { purchaseItemPricesResource } from './purchasing/purchase-item-prices.ts';
import { purchaseOrdersResource } from './purchasing/purchase-orders.ts';
import { receiveOrdersResource } from './purchasing/receive-orders.ts';
import { ownerReports } from './reports/owner-report-routes.ts';
import { creditMemosResource } from './sales/credit-memos.ts';
import { discountProgramsResource } from './sales/discount-programs.ts';
import { invoicePaymentsResource } from './sales/invoice-payments.ts';
import { invoicesResource } from './sales/invoices.ts';
import { quotationsResource } from './sales/quotations.ts';
import { saleItemPricesResource } from './sales/sale-item-prices.ts';

// The server definition of every resource of the registry (server/registry/resources.ts): a resource listed there
// and missing here fails typecheck.
const definitions: Readonly<Record<ResourceKey, AnyResource>> = {
  'bill-payments': billPaymentsResource,
  'cash-sessions': cashSessionsResource,
  bills: billsResource,
  branches: branchesResource,
  brands: brandsResource,
  businesses: businessesResource,
  'contact-types': contactTypesResource,
  contacts: contactsResource,
  conversions: conversionsResource,
  'discount-programs': discountProgramsResource,
  'invoice-payments': invoicePaymentsResource,
  invoices: invoicesResource,
  'item-classifications': itemClassificationsResource,
  'item-types': itemTypesResource,
  items: itemsResource,
  'job-orders': jobOrdersResource,
  'measuring-masses': measuringMassesResource,
  permissions: permissionsResource,
  prescriptions: prescriptionsResource,
  'purchase-item-prices': purchaseItemPricesResource,
  'purchase-orders': purchaseOrdersResource,
  quotations: quotationsResource,
  'receive-orders': receiveOrdersResource,
  roles: rolesResource,
  'sale-item-prices': saleItemPricesResource,
  'stock-adjustments': stockAdjustmentsResource,
  'credit-memos': creditMemosResource,
  'debit-memos': debitMemosResource,
  'stock-counts': stockCountsResource,
  'stock-lots': stockLotsResource,
  'stock-receives': stockReceivesResource,
  'stock-requests': stockRequestsResource,
  'stock-returns': stockReturnsResource,
  'stock-transfers': stockTransfersResource,
  stocks: stocksResource,
  'unit-of-measurements': unitOfMeasurementsResource,
  users: usersResource,
  warehouses: warehousesResource,
  'z-readings': zReadingsResource,
};

// Every resource the engine serves, in the registry's order, with the facts the registry holds for both sides: its
// actions and whose permissions it goes by.
export const resources: readonly AnyResource[] = registry.map((entry) => ({
  ...definitions[entry.key],
  actions: entry.actions,
  ...('permissionPrefix' in entry ? { permissionPrefix: entry.permissionPrefix } : {}),
}));

// Every permission the product seeds: the registry's and the rules' (server/auth/permission-catalogue.ts), and one
// per owner's report, named by the report's own declaration, so that a new report is not listed twice.
export const permissions = permissionCatalogue(ownerReports.map((report) => report.name));
