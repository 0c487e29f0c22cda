import type { z } from 'zod';
import {
  CreatePurchaseOrderBody,
  ListPurchaseOrdersQueryParams,
  SearchPurchaseOrdersQueryParams,
  UpdatePurchaseOrderBody,
} from '../../../generated/zod/purchase-orders/purchase-orders.zod.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import { nameOf, namesById } from '../../engine/lookups.ts';
import { withUnreceived } from '../../engine/open-documents.ts';
import type { Resource } from '../../engine/resource.ts';
import { usableSources } from '../../engine/work-location.ts';
import { documentLines, locationNames, pricedTotals } from '../../ledger/document-presenting.ts';
import { checkFigures, documentLifecycle, postingContextOf } from '../../ledger/document-support.ts';
import { atOwnLocation } from '../../ledger/work-places.ts';
import { createPurchaseOrder, postPurchaseOrder, updatePurchaseOrder } from './purchase-orders-posting.ts';

type Create = z.output<typeof CreatePurchaseOrderBody>;
type Update = z.output<typeof UpdatePurchaseOrderBody>;

export const purchaseOrdersResource: Resource<'purchase_orders', Create, Update> = {
  prefix: 'purchase-orders',
  singular: 'purchase order',
  table: 'purchase_orders',
  scope: 'business',
  schemas: {
    list: ListPurchaseOrdersQueryParams,
    search: SearchPurchaseOrdersQueryParams,
    create: CreatePurchaseOrderBody,
    update: UpdatePurchaseOrderBody,
  },
  searchColumns: ['number', 'reference_number', 'notes'],
  documentDate: { field: 'order_date', label: 'order date' },
  costs: { fields: ['subtotal', 'discount_total', 'total'], lineFields: ['unit_cost', 'amount'] },
  workPlaces: atOwnLocation,
  conditions: { has_unreceived: withUnreceived, usable: usableSources('') },
  toColumns(input) {
    checkFigures(input, ['unit_cost'], ['quantity']);
    return {};
  },
  async create(ctx, input) {
    return createPurchaseOrder(postingContextOf(ctx), input);
  },
  async update(ctx, existing, input) {
    await updatePurchaseOrder(postingContextOf(ctx), existing.id, input);
  },
  ...documentLifecycle('purchase_orders', postPurchaseOrder),
  async present(ctx, rows) {
    const { linesOf, itemOf } = await documentLines(
      ctx.db,
      'purchase_order_lines',
      rows.map((row) => row.id),
    );
    const contacts = await namesById(
      ctx.db,
      'contacts',
      rows.map((row) => row.contact_id),
    );
    const locationName = await locationNames(ctx.db, rows);
    return rows.map((row) => ({
      ...auditColumns(row),
      business_id: row.business_id,
      contact_id: row.contact_id,
      branch_id: row.branch_id,
      warehouse_id: row.warehouse_id,
      order_date: row.order_date,
      expected_date: row.expected_date,
      job_order_id: row.job_order_id,
      notes: row.notes,
      number: row.number,
      reference_number: row.reference_number,
      contact_name: nameOf(contacts, row.contact_id),
      location_name: locationName(row.branch_id, row.warehouse_id),
      ...pricedTotals(row),
      status: row.status,
      lines: linesOf(row.id).map((line) => ({
        id: line.id,
        item_id: line.item_id,
        unit_of_measurement_id: line.unit_of_measurement_id,
        quantity: fromThousandths(Number(line.quantity)),
        unit_cost: centavosToPesos(Number(line.unit_cost)),
        discount_percent: line.discount_percent,
        ...itemOf(line.item_id),
        received_quantity: fromThousandths(Number(line.received_quantity)),
        billed_quantity: fromThousandths(Number(line.billed_quantity)),
        amount: centavosToPesos(Number(line.amount)),
      })),
    }));
  },
};
