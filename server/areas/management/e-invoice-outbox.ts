import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { EInvoiceDocumentType } from '../../db/migrations/025-049/035_e_invoices.ts';
import { sendAhead, withNextStatement } from '../../db/pipelined-transaction.ts';
import { keepBuyer, keepSeller, type PaperSeller } from '../../ledger/paper-parties.ts';
import type { PostingContext, PostingDirection } from '../../ledger/posting-context.ts';

// The EIS JSON of one document (format v2.01, the CAS variant), as eis-invoice.schema.json describes it.
export type EisPayload = Record<string, unknown> & { CompInvoiceId: string; EisUniqueId: string };

const schema: unknown = JSON.parse(readFileSync(new URL('./eis-invoice.schema.json', import.meta.url), 'utf8'));
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema as object);

// The schema's complaints about a payload in plain words, or null when it passes.
export function eisSchemaErrors(payload: unknown): string | null {
  if (validate(payload)) return null;
  return (validate.errors ?? [])
    .map((error) => `${error.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'the document'} ${error.message}`)
    .join('; ');
}

const pesos = (centavos: number | string) => Number(centavos) / 100;
const yyyymmdd = (date: string) => date.replaceAll('-', '');
// A TIN is stored "123-456-789-000" or "123-456-789-00000": the EIS takes its nine digits and a five-digit branch code.
function tinParts(tin: string | null): { Tin: string; BranchCd: string } {
  const digits = (tin ?? '').replace(/\D/g, '');
  if (digits.length < 12) return { Tin: '', BranchCd: '' };
  return { Tin: digits.slice(0, 9), BranchCd: digits.slice(9).padStart(5, '0') };
}

type Db = Kysely<Database>;

function sellerQuery(db: Db, businessId: number) {
  return db
    .selectFrom('businesses')
    .select(['name', 'registered_name', 'trade_name', 'tin', 'address', 'email', 'is_vat_registered'])
    .where('id', '=', businessId);
}

async function sellerInfo(db: Db, businessId: number) {
  return sellerOf(await sellerQuery(db, businessId).executeTakeFirstOrThrow());
}

function sellerOf(business: Omit<PaperSeller, 'software_accreditation'>) {
  return {
    transClass: business.is_vat_registered === 1 ? 'VAT' : 'NVAT',
    info: {
      ...tinParts(business.tin),
      RegNm: business.registered_name ?? business.name,
      BusinessNm: business.trade_name ?? business.name,
      RegAddr: business.address ?? '',
      ...(business.email ? { Email: business.email } : {}),
    },
  };
}

async function buyerInfo(db: Db, businessId: number, contactId: number) {
  return buyerOf(
    await db
      .selectFrom('contacts')
      .select(['name', 'company_name', 'tin', 'address', 'email'])
      .where('id', '=', contactId)
      .where('business_id', '=', businessId)
      .executeTakeFirstOrThrow(),
  );
}

function buyerOf(contact: {
  name: string;
  company_name: string | null;
  tin: string | null;
  address: string | null;
  email: string | null;
}) {
  return {
    ...tinParts(contact.tin),
    RegNm: contact.company_name ?? contact.name,
    BusinessNm: contact.company_name ?? '',
    RegAddr: contact.address ?? '',
    ...(contact.email ? { Email: contact.email } : {}),
  };
}

// The special discount by whom it is for (the program's name says: senior citizens, persons with disability, other).
function specialDiscount(programName: string | null, amount: number) {
  const name = programName ?? '';
  const sc = /senior/i.test(name);
  const pwd = !sc && /pwd|disabilit/i.test(name);
  return {
    ScAmt: sc ? pesos(amount) : 0,
    PwdAmt: pwd ? pesos(amount) : 0,
    SpeAmt: sc || pwd ? 0 : pesos(amount),
  };
}

type Built = { number: string; date: string; payload: Record<string, unknown> & { CompInvoiceId: string } };

// A line of the EIS payload as stored on the invoice, its item's name and unit beside it.
export type EisLine = {
  name: string;
  abbreviation: string;
  quantity: number;
  unit_price: number;
  amount: number;
  vat_removed: number;
  special_discount_amount: number;
};

// The invoice with its customer and the seller, then its lines, read in one round trip (db/pipelined-transaction.ts):
// the invoice was written a moment ago in the same transaction. The seller and the customer are kept for the rest of
// the transaction, for the print (ledger/paper-parties.ts). `known`: the lines as the posting just wrote them, in
// position order, not read again.
async function invoicePayload(db: Db, businessId: number, id: number, known?: readonly EisLine[]): Promise<Built> {
  const invoiceRead = await sendAhead(
    db,
    db
      .selectFrom('invoices')
      .innerJoin('contacts', 'contacts.id', 'invoices.contact_id')
      .innerJoin('businesses', 'businesses.id', 'invoices.business_id')
      .leftJoin('discount_programs', 'discount_programs.id', 'invoices.special_discount_program_id')
      .select([
        'invoices.number',
        'invoices.invoice_date',
        'invoices.notes',
        'invoices.subtotal',
        'invoices.discount_total',
        'invoices.special_discount_total',
        'invoices.vatable_sales',
        'invoices.vat_amount',
        'invoices.vat_exempt_sales',
        'invoices.zero_rated_sales',
        'invoices.total',
        'discount_programs.name as program_name',
        'contacts.name as contact_name',
        'contacts.company_name',
        'contacts.tin as contact_tin',
        'contacts.address as contact_address',
        'contacts.email as contact_email',
        'invoices.contact_id',
        'businesses.name as seller_name',
        'businesses.registered_name as seller_registered_name',
        'businesses.trade_name as seller_trade_name',
        'businesses.tin as seller_tin',
        'businesses.address as seller_address',
        'businesses.email as seller_email',
        'businesses.is_vat_registered as seller_vat_registered',
        'businesses.software_accreditation as seller_software_accreditation',
      ])
      .where('invoices.id', '=', id)
      .where('invoices.business_id', '=', businessId),
  );
  const linesRead = known
    ? null
    : await sendAhead(
        db,
        db
          .selectFrom('invoice_lines')
          .innerJoin('items', 'items.id', 'invoice_lines.item_id')
          .innerJoin('unit_of_measurements', 'unit_of_measurements.id', 'items.unit_of_measurement_id')
          .select([
            'items.name',
            'unit_of_measurements.abbreviation',
            'invoice_lines.quantity',
            'invoice_lines.unit_price',
            'invoice_lines.amount',
            'invoice_lines.vat_removed',
            'invoice_lines.special_discount_amount',
          ])
          .where('invoice_lines.business_id', '=', businessId)
          .where('invoice_lines.invoice_id', '=', id)
          .orderBy('invoice_lines.position'),
      );
  const [invoice] = await invoiceRead.rows();
  const lines: readonly EisLine[] = known ?? (linesRead ? await linesRead.rows() : []);
  if (!invoice) throw new Error(`Invoice ${id} is not there to queue.`);
  const business = {
    name: invoice.seller_name,
    registered_name: invoice.seller_registered_name,
    trade_name: invoice.seller_trade_name,
    tin: invoice.seller_tin,
    address: invoice.seller_address,
    email: invoice.seller_email,
    is_vat_registered: invoice.seller_vat_registered,
    software_accreditation: invoice.seller_software_accreditation,
  };
  const seller = sellerOf(business);
  const buyer = {
    name: invoice.contact_name,
    company_name: invoice.company_name,
    tin: invoice.contact_tin,
    address: invoice.contact_address,
    email: invoice.contact_email,
  };
  keepSeller(db, businessId, business);
  keepBuyer(db, invoice.contact_id, buyer);
  return {
    number: invoice.number,
    date: invoice.invoice_date,
    payload: {
      CompInvoiceId: invoice.number,
      IssueDtm: yyyymmdd(invoice.invoice_date),
      DocType: 'SI',
      TransClass: seller.transClass,
      CorrYN: 'N',
      PrevUniqueId: '',
      ...(invoice.notes ? { Rmk1: invoice.notes.slice(0, 500) } : {}),
      SellerInfo: seller.info,
      BuyerInfo: buyerOf(buyer),
      ItemList: lines.map((line) => {
        const gross = Math.round((Number(line.quantity) * Number(line.unit_price)) / 1000);
        const special = Number(line.special_discount_amount);
        const net = Number(line.amount);
        return {
          Nm: line.name,
          Qty: Number(line.quantity) / 1000,
          Unit: line.abbreviation,
          UnitCost: pesos(line.unit_price),
          SalesAmt: pesos(gross),
          RegDscntAmt: pesos(Math.max(0, gross - Number(line.vat_removed) - special - net)),
          SpeDscntAmt: pesos(special),
          NetSales: pesos(net),
        };
      }),
      TotSalesAmt: pesos(invoice.subtotal),
      Discount: {
        ...specialDiscount(invoice.program_name, Number(invoice.special_discount_total)),
        RegAmt: pesos(invoice.discount_total),
      },
      TotNetSalesAftDisct: pesos(Number(invoice.total) - Number(invoice.vat_amount)),
      VATableSales: pesos(invoice.vatable_sales),
      VATExemptSales: pesos(invoice.vat_exempt_sales),
      ZeroRatedSales: pesos(invoice.zero_rated_sales),
      VATAmt: pesos(invoice.vat_amount),
      NetAmtPay: pesos(invoice.total),
    },
  };
}

async function creditMemoPayload(db: Db, businessId: number, id: number): Promise<Built> {
  const memo = await db
    .selectFrom('credit_memos')
    .select([
      'number',
      'memo_date',
      'contact_id',
      'invoice_id',
      'notes',
      'total',
      'vatable_sales',
      'vat_amount',
      'vat_exempt_sales',
      'zero_rated_sales',
    ])
    .where('id', '=', id)
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom('credit_memo_lines')
    .innerJoin('items', 'items.id', 'credit_memo_lines.item_id')
    .innerJoin('unit_of_measurements', 'unit_of_measurements.id', 'items.unit_of_measurement_id')
    .select([
      'items.name',
      'unit_of_measurements.abbreviation',
      'credit_memo_lines.quantity',
      'credit_memo_lines.amount',
    ])
    .where('credit_memo_lines.business_id', '=', businessId)
    .where('credit_memo_lines.credit_memo_id', '=', id)
    .orderBy('credit_memo_lines.position')
    .execute();
  // The memo names the invoice it credits by that invoice's own e-invoice.
  const credited = await db
    .selectFrom('e_invoices')
    .select('eis_unique_id')
    .where('business_id', '=', businessId)
    .where('document_type', '=', 'invoice')
    .where('document_id', '=', memo.invoice_id)
    .where('status', '!=', 'cancelled')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const seller = await sellerInfo(db, businessId);
  return {
    number: memo.number,
    date: memo.memo_date,
    payload: {
      CompInvoiceId: memo.number,
      IssueDtm: yyyymmdd(memo.memo_date),
      DocType: 'CM',
      TransClass: seller.transClass,
      CorrYN: 'N',
      PrevUniqueId: credited?.eis_unique_id ?? '',
      ...(memo.notes ? { Rmk1: memo.notes.slice(0, 500) } : {}),
      SellerInfo: seller.info,
      BuyerInfo: await buyerInfo(db, businessId, memo.contact_id),
      ItemList: lines.map((line) => {
        const quantity = Number(line.quantity) / 1000;
        const amount = Number(line.amount);
        return {
          Nm: line.name,
          Qty: quantity,
          Unit: line.abbreviation,
          UnitCost: pesos(quantity > 0 ? Math.round(amount / quantity) : amount),
          SalesAmt: pesos(amount),
          RegDscntAmt: 0,
          SpeDscntAmt: 0,
          NetSales: pesos(amount),
        };
      }),
      TotSalesAmt: pesos(memo.total),
      Discount: { ScAmt: 0, PwdAmt: 0, RegAmt: 0, SpeAmt: 0 },
      TotNetSalesAftDisct: pesos(Number(memo.total) - Number(memo.vat_amount)),
      VATableSales: pesos(memo.vatable_sales),
      VATExemptSales: pesos(memo.vat_exempt_sales),
      ZeroRatedSales: pesos(memo.zero_rated_sales),
      VATAmt: pesos(memo.vat_amount),
      NetAmtPay: pesos(memo.total),
    },
  };
}

// The document's EIS JSON under its unique id, checked against the schema: the payload when it passes, otherwise
// what the business must fill in first (its TIN, its address).
export async function buildEisPayload(
  db: Db,
  businessId: number,
  type: EInvoiceDocumentType,
  documentId: number,
  eisUniqueId: string,
  lines?: readonly EisLine[],
): Promise<{ number: string; date: string; payload: EisPayload | null; errors: string | null }> {
  const built =
    type === 'invoice'
      ? await invoicePayload(db, businessId, documentId, lines)
      : await creditMemoPayload(db, businessId, documentId);
  const { CompInvoiceId, IssueDtm, ...rest } = built.payload;
  const payload: EisPayload = { CompInvoiceId, IssueDtm, EisUniqueId: eisUniqueId, ...rest };
  const errors = eisSchemaErrors(payload);
  return { number: built.number, date: built.date, payload: errors === null ? payload : null, errors };
}

// Answers the number the e-invoice was kept under.
async function queueEInvoice(
  context: PostingContext,
  type: EInvoiceDocumentType,
  documentId: number,
  lines?: readonly EisLine[],
): Promise<string> {
  const eisUniqueId = randomUUID();
  const built = await buildEisPayload(context.trx, context.businessId, type, documentId, eisUniqueId, lines);
  const at = context.now.toISOString();
  const insert = context.trx
    .insertInto('e_invoices')
    .values({
      business_id: context.businessId,
      document_type: type,
      document_id: documentId,
      document_number: built.number,
      document_date: built.date,
      eis_unique_id: eisUniqueId,
      payload: built.payload === null ? null : JSON.stringify(built.payload),
      status: built.payload === null ? 'incomplete' : 'pending',
      attempts: 0,
      next_attempt_at: at,
      last_error: built.errors,
      created_at: at,
      updated_at: at,
      created_by: context.userId,
      updated_by: context.userId,
    })
    .compile();
  // Nobody reads the insert's answer: it goes out with the posting's next statement, a round trip fewer
  // (db/pipelined-transaction.ts).
  await context.trx.executeQuery({ ...insert, sql: withNextStatement(insert.sql) });
  return built.number;
}

// What a posting of an invoice or credit memo does to the outbox, in the posting's own transaction: posting (1)
// queues the document's e-invoice; reversing it (-1, a void or the first half of an edit) withdraws the one that has
// not gone yet, so that the EIS never hears of it. `lines`: a new invoice's lines as its posting just wrote them,
// which the payload then takes without reading them back.
export async function followEInvoice(
  context: PostingContext,
  type: EInvoiceDocumentType,
  documentId: number,
  direction: PostingDirection,
  lines?: readonly EisLine[],
): Promise<void> {
  if (direction === -1) {
    await context.trx
      .updateTable('e_invoices')
      .set({ status: 'cancelled', updated_at: context.now.toISOString(), updated_by: context.userId })
      .where('business_id', '=', context.businessId)
      .where('document_type', '=', type)
      .where('document_id', '=', documentId)
      .where('status', 'in', ['pending', 'incomplete'])
      .execute();
    return;
  }
  await queueEInvoice(context, type, documentId, lines);
}

// On PostgreSQL a created invoice is written under a placeholder and takes its number last
// (sales/invoices-posting.ts), so its e-invoice is kept under that placeholder and given the number, in its column
// and in its payload's CompInvoiceId, by the statement that takes the number: a step of its WITH, reading the
// `numbers` step before it. The payload was checked with the placeholder in its place: a document number is plain
// text well within CompInvoiceId's length, so it passes as the placeholder did.
export function numberedEInvoice(context: PostingContext, invoiceId: number, placeholder: string): RawBuilder<unknown> {
  return sql`e_invoice_numbered AS (
      UPDATE e_invoices SET document_number = numbers.number,
        payload = replace(e_invoices.payload, ${JSON.stringify(placeholder)}, '"' || numbers.number || '"')
      FROM numbers
      WHERE e_invoices.business_id = ${context.businessId} AND e_invoices.document_type = 'invoice'
        AND e_invoices.document_id = ${invoiceId} AND e_invoices.document_number = ${placeholder}
    )`;
}
