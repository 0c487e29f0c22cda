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
import { purchaseItemPrices } from '../areas/purchasing/purchase-item-prices.ts';
import { purchaseOrders } from '../areas/purchasing/purchase-orders.ts';
import { receiveOrders } from '../areas/purchasing/receive-orders.ts';
import { discountPrograms } from '../areas/sales/discount-programs.ts';
import { invoicePayments } from '../areas/sales/invoice-payments.ts';
import { invoices } from '../areas/sales/invoices.ts';
import { quotations } from '../areas/sales/quotations.ts';
import { saleItemPrices } from '../areas/sales/sale-item-prices.ts';
import type { ResourceDefinition, ResourceGroup, ResourceKey } from './resource.ts';

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
  cashSessions,
  zReadings,
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
  contactTypes,
  users,
  roles,
  permissions,
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
