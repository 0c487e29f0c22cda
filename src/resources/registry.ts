import { type Area, areas, registry } from '../../server/registry/resources.ts';
import { cashSessions } from '../areas/cash/cash-sessions.ts';
import { zReadings } from '../areas/cash/z-readings.ts';
import { jobOrders } from '../areas/eye-care/job-orders.ts';
import { prescriptions } from '../areas/eye-care/prescriptions.ts';
import { brands } from '../areas/inventory/brands.ts';
import { conversions } from '../areas/inventory/conversions.ts';
import { itemClassifications } from '../areas/inventory/item-classifications.ts';
import { itemTypes } from '../areas/inventory/item-types.ts';
import { items } from '../areas/inventory/items.ts';
import { measuringMasses } from '../areas/inventory/measuring-masses.ts';
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
import { contactTypes } from '../areas/management/contact-types.ts';
import { contacts } from '../areas/management/contacts.ts';
import { permissions } from '../areas/management/permissions.ts';
import { roles } from '../areas/management/roles.ts';
import { users } from '../areas/management/users.ts';
import { warehouses } from '../areas/management/warehouses.ts';
import { billPayments } from '../areas/purchasing/bill-payments.ts';
import { bills } from '../areas/purchasing/bills.ts';
import { debitMemos } from '../areas/purchasing/debit-memos.ts';
import { purchaseItemPrices } from '../areas/purchasing/purchase-item-prices.ts';
import { purchaseOrders } from '../areas/purchasing/purchase-orders.ts';
import { receiveOrders } from '../areas/purchasing/receive-orders.ts';
import { creditMemos } from '../areas/sales/credit-memos.ts';
import { discountPrograms } from '../areas/sales/discount-programs.ts';
import { invoicePayments } from '../areas/sales/invoice-payments.ts';
import { invoices } from '../areas/sales/invoices.ts';
import { quotations } from '../areas/sales/quotations.ts';
import { saleItemPrices } from '../areas/sales/sale-item-prices.ts';
import type { ResourceDefinition, ResourceKey } from './resource.ts';

// The client definition of every resource of the registry (server/registry/resources.ts): a resource listed there
// and missing here fails typecheck.
const definitions: Readonly<Record<ResourceKey, ResourceDefinition>> = {
  'bill-payments': billPayments,
  'cash-sessions': cashSessions,
  bills: bills,
  branches: branches,
  brands: brands,
  businesses: businesses,
  'contact-types': contactTypes,
  contacts: contacts,
  conversions: conversions,
  'credit-memos': creditMemos,
  'debit-memos': debitMemos,
  'discount-programs': discountPrograms,
  'invoice-payments': invoicePayments,
  invoices: invoices,
  'item-classifications': itemClassifications,
  'item-types': itemTypes,
  items: items,
  'job-orders': jobOrders,
  'measuring-masses': measuringMasses,
  permissions: permissions,
  prescriptions: prescriptions,
  'purchase-item-prices': purchaseItemPrices,
  'purchase-orders': purchaseOrders,
  quotations: quotations,
  'receive-orders': receiveOrders,
  roles: roles,
  'sale-item-prices': saleItemPrices,
  'stock-adjustments': stockAdjustments,
  'stock-counts': stockCounts,
  'stock-lots': stockLots,
  'stock-receives': stockReceives,
  'stock-requests': stockRequests,
  'stock-returns': stockReturns,
  'stock-transfers': stockTransfers,
  stocks: stocks,
  'unit-of-measurements': unitOfMeasurements,
  users: users,
  warehouses: warehouses,
  'z-readings': zReadings,
};

// Every resource in the registry's order, the order the sidebar lists them within their groups. Routes, sidebar,
// breadcrumb and permission gate all read this one list.
export const resources: readonly ResourceDefinition[] = registry.map((entry) => definitions[entry.key]);

export const sidebarGroups: readonly { key: Area; label: string }[] = areas;

export function resourceByKey(key: ResourceKey): ResourceDefinition {
  return definitions[key];
}
