import { billPayments } from './bill-payments.ts';
import { bills } from './bills.ts';
import { branches } from './branches.ts';
import { brands } from './brands.ts';
import { businesses } from './businesses.ts';
import { contactTypes } from './contact-types.ts';
import { contacts } from './contacts.ts';
import { conversions } from './conversions.ts';
import { discountPrograms } from './discount-programs.ts';
import { invoicePayments } from './invoice-payments.ts';
import { invoices } from './invoices.ts';
import { itemClassifications } from './item-classifications.ts';
import { itemTypes } from './item-types.ts';
import { items } from './items.ts';
import { jobOrders } from './job-orders.ts';
import { measuringMasses } from './measuring-masses.ts';
import { permissions } from './permissions.ts';
import { prescriptions } from './prescriptions.ts';
import { purchaseItemPrices } from './purchase-item-prices.ts';
import { purchaseOrders } from './purchase-orders.ts';
import { quotations } from './quotations.ts';
import { receiveOrders } from './receive-orders.ts';
import type { ResourceDefinition, ResourceGroup, ResourceKey } from './resource.ts';
import { roles } from './roles.ts';
import { saleItemPrices } from './sale-item-prices.ts';
import { stockAdjustments } from './stock-adjustments.ts';
import { stockCounts } from './stock-counts.ts';
import { stockLots } from './stock-lots.ts';
import { stockReceives } from './stock-receives.ts';
import { stockRequests } from './stock-requests.ts';
import { stockReturns } from './stock-returns.ts';
import { stockTransfers } from './stock-transfers.ts';
import { stocks } from './stocks.ts';
import { unitOfMeasurements } from './unit-of-measurements.ts';
import { users } from './users.ts';
import { warehouses } from './warehouses.ts';

// Every resource of docs/domain/screens.md (Routes), in the order the sidebar lists them within their groups. Routes,
// sidebar, breadcrumb and permission gate all read this one list.
export const resources: readonly ResourceDefinition[] = [
  brands,
  measuringMasses,
  unitOfMeasurements,
  itemClassifications,
  itemTypes,
  items,
  stocks,
  stockLots,
  conversions,
  purchaseItemPrices,
  purchaseOrders,
  receiveOrders,
  bills,
  billPayments,
  saleItemPrices,
  invoices,
  invoicePayments,
  quotations,
  discountPrograms,
  prescriptions,
  jobOrders,
  stockRequests,
  stockTransfers,
  stockReceives,
  stockReturns,
  stockAdjustments,
  stockCounts,
  businesses,
  warehouses,
  branches,
  contacts,
  users,
  roles,
  permissions,
  contactTypes,
];

export const sidebarGroups: readonly { key: ResourceGroup; label: string }[] = [
  { key: 'inventory', label: 'Inventory' },
  { key: 'purchasing', label: 'Purchasing' },
  { key: 'sales', label: 'Sales' },
  { key: 'eye-care', label: 'Eye Care' },
  { key: 'logistics', label: 'Logistics' },
  { key: 'management', label: 'Management' },
  { key: 'reports', label: 'Reports' },
];

const byKey = new Map(resources.map((resource) => [resource.key, resource]));

export function resourceByKey(key: ResourceKey): ResourceDefinition {
  const found = byKey.get(key);
  if (!found) throw new Error(`No resource ${key} in the registry`);
  return found;
}
