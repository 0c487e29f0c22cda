import {
  getGetBillPaymentResponseMock,
  getListBillPaymentsResponseMock,
} from '../../generated/hooks/bill-payments/bill-payments.msw.ts';
import { getGetBillResponseMock, getListBillsResponseMock } from '../../generated/hooks/bills/bills.msw.ts';
import { getGetBranchResponseMock, getListBranchesResponseMock } from '../../generated/hooks/branches/branches.msw.ts';
import { getGetBrandResponseMock, getListBrandsResponseMock } from '../../generated/hooks/brands/brands.msw.ts';
import {
  getGetBusinessResponseMock,
  getListBusinessesResponseMock,
} from '../../generated/hooks/businesses/businesses.msw.ts';
import {
  getGetCashSessionResponseMock,
  getListCashSessionsResponseMock,
} from '../../generated/hooks/cash-sessions/cash-sessions.msw.ts';
import {
  getGetContactTypeResponseMock,
  getListContactTypesResponseMock,
} from '../../generated/hooks/contact-types/contact-types.msw.ts';
import { getGetContactResponseMock, getListContactsResponseMock } from '../../generated/hooks/contacts/contacts.msw.ts';
import {
  getGetConversionResponseMock,
  getListConversionsResponseMock,
} from '../../generated/hooks/conversions/conversions.msw.ts';
import {
  getGetCreditMemoResponseMock,
  getListCreditMemosResponseMock,
} from '../../generated/hooks/credit-memos/credit-memos.msw.ts';
import {
  getGetDebitMemoResponseMock,
  getListDebitMemosResponseMock,
} from '../../generated/hooks/debit-memos/debit-memos.msw.ts';
import {
  getGetInvoicePaymentResponseMock,
  getListInvoicePaymentsResponseMock,
} from '../../generated/hooks/invoice-payments/invoice-payments.msw.ts';
import { getGetInvoiceResponseMock, getListInvoicesResponseMock } from '../../generated/hooks/invoices/invoices.msw.ts';
import {
  getGetItemClassificationResponseMock,
  getListItemClassificationsResponseMock,
} from '../../generated/hooks/item-classifications/item-classifications.msw.ts';
import {
  getGetItemTypeResponseMock,
  getListItemTypesResponseMock,
} from '../../generated/hooks/item-types/item-types.msw.ts';
import { getGetItemResponseMock, getListItemsResponseMock } from '../../generated/hooks/items/items.msw.ts';
import {
  getGetMeasuringMassResponseMock,
  getListMeasuringMassesResponseMock,
} from '../../generated/hooks/measuring-masses/measuring-masses.msw.ts';
import {
  getGetPermissionResponseMock,
  getListPermissionsResponseMock,
} from '../../generated/hooks/permissions/permissions.msw.ts';
import {
  getGetPurchaseItemPriceResponseMock,
  getListPurchaseItemPricesResponseMock,
} from '../../generated/hooks/purchase-item-prices/purchase-item-prices.msw.ts';
import {
  getGetPurchaseOrderResponseMock,
  getListPurchaseOrdersResponseMock,
} from '../../generated/hooks/purchase-orders/purchase-orders.msw.ts';
import {
  getGetQuotationResponseMock,
  getListQuotationsResponseMock,
} from '../../generated/hooks/quotations/quotations.msw.ts';
import {
  getGetReceiveOrderResponseMock,
  getListReceiveOrdersResponseMock,
} from '../../generated/hooks/receive-orders/receive-orders.msw.ts';
import { getGetRoleResponseMock, getListRolesResponseMock } from '../../generated/hooks/roles/roles.msw.ts';
import {
  getGetSaleItemPriceResponseMock,
  getListSaleItemPricesResponseMock,
} from '../../generated/hooks/sale-item-prices/sale-item-prices.msw.ts';
import {
  getGetStockAdjustmentResponseMock,
  getListStockAdjustmentsResponseMock,
} from '../../generated/hooks/stock-adjustments/stock-adjustments.msw.ts';
import {
  getGetStockCountResponseMock,
  getListStockCountsResponseMock,
} from '../../generated/hooks/stock-counts/stock-counts.msw.ts';
import {
  getGetStockReceiveResponseMock,
  getListStockReceivesResponseMock,
} from '../../generated/hooks/stock-receives/stock-receives.msw.ts';
import {
  getGetStockRequestResponseMock,
  getListStockRequestsResponseMock,
} from '../../generated/hooks/stock-requests/stock-requests.msw.ts';
import {
  getGetStockReturnResponseMock,
  getListStockReturnsResponseMock,
} from '../../generated/hooks/stock-returns/stock-returns.msw.ts';
import {
  getGetStockTransferResponseMock,
  getListStockTransfersResponseMock,
} from '../../generated/hooks/stock-transfers/stock-transfers.msw.ts';
import { getGetStockResponseMock, getListStocksResponseMock } from '../../generated/hooks/stocks/stocks.msw.ts';
import {
  getGetUnitOfMeasurementResponseMock,
  getListUnitOfMeasurementsResponseMock,
} from '../../generated/hooks/unit-of-measurements/unit-of-measurements.msw.ts';
import { getGetUserResponseMock, getListUsersResponseMock } from '../../generated/hooks/users/users.msw.ts';
import {
  getGetWarehouseResponseMock,
  getListWarehousesResponseMock,
} from '../../generated/hooks/warehouses/warehouses.msw.ts';
import {
  getGetZReadingResponseMock,
  getListZReadingsResponseMock,
} from '../../generated/hooks/z-readings/z-readings.msw.ts';

export type MockRecord = { id: number; deleted_at: string | null };
export type MockFactory = { list: () => { data: MockRecord[] }; get: () => MockRecord };

// The generated faker factories of every resource, by route prefix.
export const mockFactories: Record<string, MockFactory> = {
  'bill-payments': { list: getListBillPaymentsResponseMock, get: getGetBillPaymentResponseMock },
  bills: { list: getListBillsResponseMock, get: getGetBillResponseMock },
  branches: { list: getListBranchesResponseMock, get: getGetBranchResponseMock },
  'cash-sessions': { list: getListCashSessionsResponseMock, get: getGetCashSessionResponseMock },
  brands: { list: getListBrandsResponseMock, get: getGetBrandResponseMock },
  businesses: { list: getListBusinessesResponseMock, get: getGetBusinessResponseMock },
  'contact-types': { list: getListContactTypesResponseMock, get: getGetContactTypeResponseMock },
  contacts: { list: getListContactsResponseMock, get: getGetContactResponseMock },
  conversions: { list: getListConversionsResponseMock, get: getGetConversionResponseMock },
  'invoice-payments': { list: getListInvoicePaymentsResponseMock, get: getGetInvoicePaymentResponseMock },
  invoices: { list: getListInvoicesResponseMock, get: getGetInvoiceResponseMock },
  'item-classifications': { list: getListItemClassificationsResponseMock, get: getGetItemClassificationResponseMock },
  'item-types': { list: getListItemTypesResponseMock, get: getGetItemTypeResponseMock },
  items: { list: getListItemsResponseMock, get: getGetItemResponseMock },
  'measuring-masses': { list: getListMeasuringMassesResponseMock, get: getGetMeasuringMassResponseMock },
  permissions: { list: getListPermissionsResponseMock, get: getGetPermissionResponseMock },
  'purchase-item-prices': { list: getListPurchaseItemPricesResponseMock, get: getGetPurchaseItemPriceResponseMock },
  'purchase-orders': { list: getListPurchaseOrdersResponseMock, get: getGetPurchaseOrderResponseMock },
  quotations: { list: getListQuotationsResponseMock, get: getGetQuotationResponseMock },
  'receive-orders': { list: getListReceiveOrdersResponseMock, get: getGetReceiveOrderResponseMock },
  'debit-memos': { list: getListDebitMemosResponseMock, get: getGetDebitMemoResponseMock },
  'credit-memos': { list: getListCreditMemosResponseMock, get: getGetCreditMemoResponseMock },
  roles: { list: getListRolesResponseMock, get: getGetRoleResponseMock },
  'sale-item-prices': { list: getListSaleItemPricesResponseMock, get: getGetSaleItemPriceResponseMock },
  'stock-adjustments': { list: getListStockAdjustmentsResponseMock, get: getGetStockAdjustmentResponseMock },
  'stock-counts': { list: getListStockCountsResponseMock, get: getGetStockCountResponseMock },
  'stock-receives': { list: getListStockReceivesResponseMock, get: getGetStockReceiveResponseMock },
  'stock-requests': { list: getListStockRequestsResponseMock, get: getGetStockRequestResponseMock },
  'stock-returns': { list: getListStockReturnsResponseMock, get: getGetStockReturnResponseMock },
  'stock-transfers': { list: getListStockTransfersResponseMock, get: getGetStockTransferResponseMock },
  stocks: { list: getListStocksResponseMock, get: getGetStockResponseMock },
  'unit-of-measurements': { list: getListUnitOfMeasurementsResponseMock, get: getGetUnitOfMeasurementResponseMock },
  users: { list: getListUsersResponseMock, get: getGetUserResponseMock },
  warehouses: { list: getListWarehousesResponseMock, get: getGetWarehouseResponseMock },
  'z-readings': { list: getListZReadingsResponseMock, get: getGetZReadingResponseMock },
};
