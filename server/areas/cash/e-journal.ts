import type { FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import * as contract from '../../../generated/zod/e-journal/e-journal.zod.ts';
import { sendAhead } from '../../db/pipelined-transaction.ts';
import { wantsCsv } from '../../engine/csv-export.ts';
import type { JournalEvent, JournalRow, ResourceContext } from '../../engine/resource.ts';
import { type EngineOptions, resourceContext } from '../../engine/routes.ts';
import { formulaCell } from '../../http/csv-text.ts';
import { parseInput, queryNumbers } from '../../http/validation.ts';
import { knownBuyer, knownSeller } from '../../ledger/paper-parties.ts';
import { knownTerminal } from '../../ledger/terminals.ts';

// docs/domain/cash.md, The e-journal: the print of each posted invoice, credit memo, acknowledgment receipt and
// Z-reading as plain text, rendered on the server from the answer the posting gave, kept once and never changed.

export type JournalKind = 'invoice' | 'credit_memo' | 'acknowledgment_receipt' | 'z_reading';
type Fields = Record<string, unknown>;

const titles: Record<JournalKind, string> = {
  invoice: 'SALES INVOICE',
  credit_memo: 'CREDIT MEMO',
  acknowledgment_receipt: 'ACKNOWLEDGMENT RECEIPT',
  z_reading: 'Z-READING',
};
const dateFields: Record<JournalKind, string> = {
  invoice: 'invoice_date',
  credit_memo: 'memo_date',
  acknowledgment_receipt: 'receipt_date',
  z_reading: 'business_date',
};

const width = 40;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const money = (value: unknown) => (typeof value === 'number' ? value.toFixed(2) : '0.00');
const pair = (label: string, value: string) =>
  `${label}${' '.repeat(Math.max(1, width - label.length - value.length))}${value}`;
const rule = '-'.repeat(width);

// The seller's block every BIR paper opens with (the same fields as the printed seller block,
// src/screens/print/seller-registration.tsx), the terminal it was made at, and the buyer: read in one round trip
// (db/pipelined-transaction.ts), since on an invoice's posting they are read while other postings wait to number.
async function printedParties(
  ctx: ResourceContext,
  terminalId: number | null,
  contactId: number | null,
): Promise<{ head: string[]; foot: string[]; buyer: Fields | undefined }> {
  // The seller, the terminal and the buyer as the posting already read them, when it did (ledger/paper-parties.ts,
  // ledger/terminals.ts).
  const businessId = ctx.businessId ?? 0;
  const knownBusiness = knownSeller(ctx.db, businessId);
  const businessRead =
    knownBusiness !== null
      ? null
      : await sendAhead(
          ctx.db,
          ctx.db
            .selectFrom('businesses')
            .select([
              'name',
              'registered_name',
              'trade_name',
              'tin',
              'address',
              'is_vat_registered',
              'software_accreditation',
            ])
            .where('id', '=', businessId),
        );
  const knownTerminalRow = terminalId === null ? null : knownTerminal(ctx.db, businessId, terminalId);
  const terminalRead =
    terminalId === null || knownTerminalRow !== null
      ? null
      : await sendAhead(
          ctx.db,
          ctx.db
            .selectFrom('terminals')
            .select(['name', 'min', 'serial_number', 'ac_number', 'ac_date'])
            .where('id', '=', terminalId),
        );
  const knownContact = contactId === null ? null : knownBuyer(ctx.db, contactId);
  const buyerRead =
    contactId === null || knownContact !== null
      ? null
      : await sendAhead(
          ctx.db,
          ctx.db.selectFrom('contacts').select(['name', 'company_name', 'address', 'tin']).where('id', '=', contactId),
        );
  const [business] = knownBusiness ? [knownBusiness] : businessRead ? await businessRead.rows() : [];
  const [terminal] = knownTerminalRow ? [knownTerminalRow] : terminalRead ? await terminalRead.rows() : [];
  const [buyer] = knownContact ? [knownContact] : buyerRead ? await buyerRead.rows() : [];
  const vat = Number(business?.is_vat_registered ?? 1) === 1 ? 'VAT REG TIN' : 'NON-VAT REG TIN';
  const head = [
    text(business?.registered_name || business?.name),
    ...(business?.trade_name ? [business.trade_name] : []),
    ...(business?.address ? [business.address] : []),
    `${vat} ${text(business?.tin)}`,
    ...(terminal
      ? [
          `${terminal.name}  MIN ${text(terminal.min)}`,
          `SN ${text(terminal.serial_number)}`,
          `AC ${text(terminal.ac_number)} ${text(terminal.ac_date)}`.trimEnd(),
        ]
      : []),
  ];
  return { head, foot: business?.software_accreditation ? [business.software_accreditation] : [], buyer };
}

function buyerLines(buyer: Fields | undefined, record: Fields): string[] {
  return [
    `Sold to: ${text(buyer?.company_name || buyer?.name || record.contact_name)}`,
    ...(buyer?.address ? [`Address: ${text(buyer.address)}`] : []),
    ...(buyer?.tin ? [`TIN: ${text(buyer.tin)}`] : []),
  ];
}

function bodyLines(kind: JournalKind, record: Fields): string[] {
  if (kind === 'z_reading') {
    return [
      pair('Invoices', `${text(record.issued_from)} - ${text(record.issued_to)}`),
      pair('Invoices issued', text(record.invoices_issued)),
      pair('Invoices voided', text(record.invoices_voided)),
      pair('Gross sales', money(record.gross_sales)),
      pair('VATable sales', money(record.vatable_sales)),
      pair('VAT', money(record.vat_amount)),
      pair('VAT-exempt sales', money(record.vat_exempt_sales)),
      pair('Zero-rated sales', money(record.zero_rated_sales)),
      pair('Returns', money(record.returns_total)),
      pair('Net sales', money(record.net_sales)),
      pair('Previous grand total', money(record.previous_grand_total)),
      pair('Grand total', money(record.accumulated_grand_total)),
    ];
  }
  if (kind === 'acknowledgment_receipt') {
    return [
      ...(record.job_order_number ? [pair('Job order', text(record.job_order_number))] : []),
      pair('Paid by', text(record.payment_method)),
      ...(record.reference ? [pair('Reference', text(record.reference))] : []),
      pair('Amount received', money(record.amount)),
      rule,
      'THIS DOCUMENT IS NOT VALID FOR CLAIM OF INPUT TAX',
    ];
  }
  const lines = Array.isArray(record.lines) ? (record.lines as Fields[]) : [];
  return [
    ...lines.flatMap((line) => [
      text(line.item_name),
      pair(`  ${text(line.quantity)} x ${money(line.unit_price)}`, money(line.amount)),
    ]),
    rule,
    pair('VATable sales', money(record.vatable_sales)),
    pair('VAT', money(record.vat_amount)),
    pair('VAT-exempt sales', money(record.vat_exempt_sales)),
    pair('Zero-rated sales', money(record.zero_rated_sales)),
    pair(kind === 'invoice' ? 'Amount due' : 'Total', money(record.total)),
  ];
}

// The journal line of a paper just posted, voided or restored, as its row; the engine writes it in the posting's
// transaction (engine/mutations.ts).
export async function journalEntry(
  ctx: ResourceContext,
  kind: JournalKind,
  record: Fields,
  event: JournalEvent,
): Promise<JournalRow & { text: string }> {
  const terminalId = typeof record.terminal_id === 'number' ? record.terminal_id : null;
  const date = text(record[dateFields[kind]]);
  const number = text(record.number);
  const buyerPrinted = event === 'posted' && kind !== 'z_reading' && typeof record.contact_id === 'number';
  const { head, foot, buyer } = await printedParties(
    ctx,
    terminalId,
    buyerPrinted ? (record.contact_id as number) : null,
  );
  const title = `${event === 'voided' ? 'VOID ' : event === 'restored' ? 'RESTORED ' : ''}${titles[kind]}`;
  const body =
    event === 'posted'
      ? [...(buyerPrinted ? buyerLines(buyer, record) : []), rule, ...bodyLines(kind, record)]
      : [`${titles[kind]} ${number} ${event} ${ctx.now}`];
  const lines = [...head, rule, title, `No. ${number}`, `Date ${date}`, ...body, rule, ...foot];
  return {
    business_id: ctx.businessId ?? 0,
    branch_id: Number(record.branch_id),
    terminal_id: terminalId,
    document_type: kind,
    document_id: Number(record.id),
    number,
    event,
    entry_date: date,
    text: lines.join('\n'),
    created_at: ctx.now,
    created_by: ctx.identity.userId,
  };
}

export function registerEJournalRoutes(app: FastifyInstance, options: EngineOptions): void {
  app.get(
    '/api/e-journal',
    { config: { access: { kind: 'business' as const, permissions: ['view-z-readings'] } } },
    async (request, reply) => {
      const ctx = resourceContext(request, options);
      const query = parseInput(contract.GetEJournalQueryParams, queryNumbers(request.query));
      const rows = await ctx.db
        .selectFrom('e_journal_entries')
        .leftJoin('terminals', 'terminals.id', 'e_journal_entries.terminal_id')
        .selectAll('e_journal_entries')
        .select('terminals.name as terminal_name')
        .where('e_journal_entries.business_id', '=', ctx.businessId ?? 0)
        .where('e_journal_entries.entry_date', '>=', query.date_from)
        .where('e_journal_entries.entry_date', '<=', query.date_to)
        .$if(query.branch_id !== undefined, (rows) =>
          rows.where('e_journal_entries.branch_id', '=', query.branch_id ?? 0),
        )
        .$if(query.terminal_id !== undefined, (rows) =>
          rows.where('e_journal_entries.terminal_id', '=', query.terminal_id ?? 0),
        )
        .orderBy('e_journal_entries.entry_date')
        .orderBy('e_journal_entries.id')
        .execute();
      if (wantsCsv(request.headers.accept)) {
        const csv = Papa.unparse(
          {
            fields: ['Date', 'Terminal', 'Document', 'Number', 'Event', 'Text'],
            data: rows.map((row) => [
              row.entry_date,
              row.terminal_name ?? '',
              titles[row.document_type],
              row.number,
              row.event,
              row.text,
            ]),
          },
          { newline: '\r\n', escapeFormulae: formulaCell },
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="e-journal-${query.date_from}-${query.date_to}.csv"`)
          .send(csv);
      }
      if ((request.headers.accept ?? '').includes('text/plain')) {
        return reply.type('text/plain; charset=utf-8').send(rows.map((row) => `${row.text}\n\n`).join(''));
      }
      return {
        entries: rows.map((row) => ({
          id: row.id,
          document_type: row.document_type,
          document_id: row.document_id,
          number: row.number,
          event: row.event,
          entry_date: row.entry_date,
          branch_id: row.branch_id,
          terminal_id: row.terminal_id,
          terminal_name: row.terminal_name,
          text: row.text,
          created_at: row.created_at,
        })),
      };
    },
  );
}
