import { locationOf } from '../domain/location.ts';
import type { ResourceContext, TableName, WorkPlace } from '../engine/resource.ts';

// Where each kind of document is worked at (docs/DECISIONS.md): its own location; a request at either end; a
// transfer where it leaves; a receive or return where its transfer arrives; a payment where its document is.

const id = (value: unknown): number | null => (typeof value === 'number' ? value : null);

function placed(fields: Record<string, unknown>, prefix: string): WorkPlace {
  const branchId = id(fields[`${prefix}branch_id`]);
  const warehouseId = id(fields[`${prefix}warehouse_id`]);
  return {
    field: branchId !== null || warehouseId === null ? `${prefix}branch_id` : `${prefix}warehouse_id`,
    location: locationOf(branchId, warehouseId),
  };
}

export async function atOwnLocation(_ctx: ResourceContext, fields: Record<string, unknown>) {
  return [placed(fields, '')];
}

export async function atEitherEnd(_ctx: ResourceContext, fields: Record<string, unknown>) {
  return [placed(fields, 'to_'), placed(fields, 'from_')];
}

export async function whereItLeaves(_ctx: ResourceContext, fields: Record<string, unknown>) {
  return [placed(fields, 'from_')];
}

// The location of the document a field refers to, named by that field.
function atReferred(field: string, table: TableName, prefix: '' | 'from_' | 'to_', source = false) {
  return async (ctx: ResourceContext, fields: Record<string, unknown>): Promise<WorkPlace[]> => {
    const referred = id(fields[field]);
    if (referred === null) return [];
    const row = (await ctx.db
      .selectFrom(table as 'stock_transfers')
      .selectAll()
      .where('id', '=', referred)
      .where('business_id', '=', ctx.businessId ?? 0)
      .executeTakeFirst()) as Record<string, unknown> | undefined;
    return row ? [{ field, location: placed(row, prefix).location, source }] : [];
  };
}

export const whereItsTransferArrives = atReferred('stock_transfer_id', 'stock_transfers', 'to_');
export const whereItsInvoiceIs = atReferred('invoice_id', 'invoices', '');
export const whereItsBillIs = atReferred('bill_id', 'bills', '');

const orderToReceive = atReferred('purchase_order_id', 'purchase_orders', '', true);
const requestToTransfer = atReferred('stock_request_id', 'stock_requests', 'from_', true);

// A receive order at its own location, of a purchase order at a location the user may use too.
export async function atOwnLocationOfItsOrder(ctx: ResourceContext, fields: Record<string, unknown>) {
  return [placed(fields, ''), ...(await orderToReceive(ctx, fields))];
}

// A transfer where it leaves, of a request whose source is a location the user may use too.
export async function whereItLeavesOnItsRequest(ctx: ResourceContext, fields: Record<string, unknown>) {
  return [placed(fields, 'from_'), ...(await requestToTransfer(ctx, fields))];
}
