import { sql } from 'kysely';
import type { z } from 'zod';
import {
  CreateBillBody,
  ListBillsQueryParams,
  SearchBillsQueryParams,
} from '../../../generated/zod/bills/bills.zod.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fromThousandths } from '../../domain/quantity.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import { nameOf, namesById } from '../../engine/lookups.ts';
import { byCreditedBalance, withCreditedBalance } from '../../engine/open-documents.ts';
import type { Resource } from '../../engine/resource.ts';
import { documentLines, locationNames, paidAndBalance, pricedTotals } from '../../ledger/document-presenting.ts';
import { checkFigures, documentLifecycle, postingContextOf } from '../../ledger/document-support.ts';
import { atOwnLocation } from '../../ledger/work-places.ts';
import { createBill, postBill } from './bills-posting.ts';

type Create = z.output<typeof CreateBillBody>;

export const billsResource: Resource<'bills', Create> = {
  prefix: 'bills',
  singular: 'bill',
  table: 'bills',
  scope: 'business',
  schemas: { list: ListBillsQueryParams, search: SearchBillsQueryParams, create: CreateBillBody },
  searchColumns: ['number', 'supplier_invoice_number', 'notes'],
  documentDate: { field: 'bill_date', label: 'bill date' },
  costs: {
    fields: ['subtotal', 'discount_total', 'total', 'debited_total', 'amount_paid', 'balance'],
    lineFields: ['unit_cost', 'amount'],
  },
  workPlaces: atOwnLocation,
  conditions: {
    has_balance: withCreditedBalance('debited_total'),
    // docs/domain/purchasing.md, Debit memos: the bills that standing memos debited.
    has_credits: (rows, value) => (value === 1 ? rows.where(sql<boolean>`debited_total > 0`) : rows),
  },
  sorts: byCreditedBalance('debited_total'),
  toColumns(input) {
    checkFigures(input, ['unit_cost'], ['quantity']);
    return {};
  },
  async create(ctx, input) {
    return createBill(postingContextOf(ctx), input);
  },
  ...documentLifecycle('bills', postBill),
  async present(ctx, rows) {
    const { linesOf, itemOf } = await documentLines(
      ctx.db,
      'bill_lines',
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
    return rows.map((row) => ({
      ...auditColumns(row),
      business_id: row.business_id,
      purchase_order_id: row.purchase_order_id,
      contact_id: row.contact_id,
      branch_id: row.branch_id,
      warehouse_id: row.warehouse_id,
      bill_date: row.bill_date,
      due_date: row.due_date,
      supplier_invoice_number: row.supplier_invoice_number,
      notes: row.notes,
      number: row.number,
      purchase_order_number: nameOf(orders, row.purchase_order_id),
      contact_name: nameOf(contacts, row.contact_id),
      location_name: locationName(row.branch_id, row.warehouse_id),
      ...pricedTotals(row),
      debited_total: centavosToPesos(Number(row.debited_total)),
      ...paidAndBalance(row, Number(row.debited_total)),
      status: row.status,
      lines: linesOf(row.id).map((line) => ({
        id: line.id,
        purchase_order_line_id: line.purchase_order_line_id,
        item_id: line.item_id,
        quantity: fromThousandths(Number(line.quantity)),
        unit_cost: centavosToPesos(Number(line.unit_cost)),
        discount_percent: line.discount_percent,
        ...itemOf(line.item_id),
        amount: centavosToPesos(Number(line.amount)),
      })),
    }));
  },
};
