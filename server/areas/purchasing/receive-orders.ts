import type { z } from 'zod';
import {
  CreateReceiveOrderBody,
  ListReceiveOrdersQueryParams,
  SearchReceiveOrdersQueryParams,
} from '../../../generated/zod/receive-orders/receive-orders.zod.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import { nameOf, namesById } from '../../engine/lookups.ts';
import type { Resource } from '../../engine/resource.ts';
import { documentLines, locationNames } from '../../ledger/document-presenting.ts';
import { checkFigures, documentLifecycle, postingContextOf } from '../../ledger/document-support.ts';
import { receiptHolders } from '../../ledger/receipt-holds.ts';
import { atOwnLocationOfItsOrder } from '../../ledger/work-places.ts';
import { createReceiveOrder, postReceiveOrder } from './receive-orders-posting.ts';

type Create = z.output<typeof CreateReceiveOrderBody>;

export const receiveOrdersResource: Resource<'receive_orders', Create> = {
  prefix: 'receive-orders',
  singular: 'receive order',
  table: 'receive_orders',
  scope: 'business',
  schemas: {
    list: ListReceiveOrdersQueryParams,
    search: SearchReceiveOrdersQueryParams,
    create: CreateReceiveOrderBody,
  },
  searchColumns: ['number', 'notes'],
  documentDate: { field: 'received_date', label: 'received date' },
  costs: { fields: ['total'], lineFields: ['unit_cost', 'amount'] },
  workPlaces: atOwnLocationOfItsOrder,
  toColumns(input) {
    checkFigures(input, ['unit_cost'], ['quantity']);
    return {};
  },
  async create(ctx, input) {
    return createReceiveOrder(postingContextOf(ctx), input);
  },
  ...documentLifecycle('receive_orders', postReceiveOrder),
  async present(ctx, rows) {
    const { linesOf, itemOf } = await documentLines(
      ctx.db,
      'receive_order_lines',
      rows.map((row) => row.id),
    );
    const contacts = await namesById(
      ctx.db,
      'contacts',
      rows.map((row) => row.contact_id),
    );
    const orders = await namesById(
      ctx.db,
      'purchase_orders',
      rows.map((row) => row.purchase_order_id),
      'number',
    );
    const locationName = await locationNames(ctx.db, rows);
    const heldBy = await receiptHolders(ctx.db, 'receive-order', rows);
    return rows.map((row) => ({
      ...auditColumns(row),
      business_id: row.business_id,
      purchase_order_id: row.purchase_order_id,
      contact_id: row.contact_id,
      branch_id: row.branch_id,
      warehouse_id: row.warehouse_id,
      received_date: row.received_date,
      notes: row.notes,
      number: row.number,
      purchase_order_number: nameOf(orders, row.purchase_order_id),
      contact_name: nameOf(contacts, row.contact_id),
      location_name: locationName(row.branch_id, row.warehouse_id),
      total: centavosToPesos(Number(row.total)),
      held_by: heldBy(row.id),
      lines: linesOf(row.id).map((line) => ({
        id: line.id,
        purchase_order_line_id: line.purchase_order_line_id,
        item_id: line.item_id,
        quantity: fromThousandths(Number(line.quantity)),
        unit_cost: centavosToPesos(Number(line.unit_cost)),
        ...itemOf(line.item_id),
        amount: centavosToPesos(Number(line.amount)),
        lot_number: line.lot_number,
        expires_on: line.expires_on,
      })),
    }));
  },
};
