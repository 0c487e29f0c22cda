import type { Kysely } from 'kysely';
import { buildEisPayload } from '../areas/management/e-invoice-outbox.ts';
import type { Database } from '../db/database.ts';
import type { EInvoiceDocumentType } from '../db/migrations/025-049/035_e_invoices.ts';
import { businessDate } from '../domain/business-date.ts';
import type { DemoMasterData } from './master-data.ts';

// The demo's outbox (docs/domain/management.md, E-invoices): the postings queued an e-invoice for each invoice and
// credit memo under its first number, before the demo renumbered its documents by date, so the outbox is written
// again from the documents as they stand. No network: what the EIS answered is written as it would have been. Every
// document before today was accepted, except one the EIS rejected (the buyer's TIN) and a clerk retried, which waits
// with today's documents, since the demo has no EIS configured.
export async function seedDemoEInvoices(db: Kysely<Database>, master: DemoMasterData, now: Date): Promise<void> {
  const businessId = master.businessId;
  const today = businessDate(now);
  await db.deleteFrom('e_invoices').where('business_id', '=', businessId).execute();
  const invoices = await db
    .selectFrom('invoices')
    .select(['id', 'invoice_date as date'])
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .orderBy('invoice_date')
    .orderBy('id')
    .execute();
  const memos = await db
    .selectFrom('credit_memos')
    .select(['id', 'memo_date as date'])
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .orderBy('memo_date')
    .orderBy('id')
    .execute();
  const documents: { type: EInvoiceDocumentType; id: number; date: string }[] = [
    ...invoices.map((row) => ({ type: 'invoice' as const, ...row })),
    ...memos.map((row) => ({ type: 'credit_memo' as const, ...row })),
  ];
  const retried = invoices.findLast((row) => row.date < today)?.id ?? null;
  const at = now.toISOString();
  let acknowledgment = 0;
  for (const [index, document] of documents.entries()) {
    // Unique ids fixed by the document, so that a demo reads the same every time it is made.
    const firstId = `DEMO-${document.type === 'invoice' ? 'SI' : 'CM'}-${String(index + 1).padStart(6, '0')}`;
    const wasRejected = document.type === 'invoice' && document.id === retried;
    // A retried rejection goes under a new unique id (docs/domain/management.md, E-invoices).
    const eisUniqueId = wasRejected ? `${firstId}-2` : firstId;
    const built = await buildEisPayload(db, businessId, document.type, document.id, eisUniqueId);
    if (built.payload === null) throw new Error(`The demo's ${document.type} ${built.number}: ${built.errors}`);
    const sentAt = `${document.date}T10:00:00.000Z`;
    const accepted = document.date < today && !wasRejected;
    acknowledgment += accepted ? 1 : 0;
    await db
      .insertInto('e_invoices')
      .values({
        business_id: businessId,
        document_type: document.type,
        document_id: document.id,
        document_number: built.number,
        document_date: built.date,
        eis_unique_id: eisUniqueId,
        payload: JSON.stringify(built.payload),
        status: accepted ? 'accepted' : 'pending',
        attempts: accepted || wasRejected ? 1 : 0,
        next_attempt_at: at,
        sent_at: accepted || wasRejected ? sentAt : null,
        answered_at: accepted || wasRejected ? sentAt : null,
        answer: accepted
          ? JSON.stringify({ EisUniqueId: eisUniqueId, Status: 'ACCEPTED', AcknowledgmentNo: `ACK-${acknowledgment}` })
          : wasRejected
            ? JSON.stringify({
                EisUniqueId: firstId,
                Status: 'REJECTED',
                ErrorCode: 'E1012',
                ErrorMessage: "The buyer's TIN is not registered.",
              })
            : null,
        last_error: wasRejected ? "E1012 The buyer's TIN is not registered." : null,
        created_at: sentAt,
        updated_at: at,
        created_by: master.adminUserId,
        updated_by: master.adminUserId,
      })
      .execute();
  }
}
