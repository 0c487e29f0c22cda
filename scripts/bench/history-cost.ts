import { invoicesResource } from '../../server/areas/sales/invoices.ts';
import { createInvoice, type InvoiceInput } from '../../server/areas/sales/invoices-posting.ts';
import { owaspScryptCost } from '../../server/auth/password.ts';
import { dialectOf } from '../../server/db/dialect.ts';
import { presentOne } from '../../server/engine/query.ts';
import type { ResourceContext } from '../../server/engine/resource.ts';
import { asPresented, changesBetween } from '../../server/history/changes.ts';
import { appendHistory } from '../../server/history/record-history.ts';
import type { PostingContext } from '../../server/ledger/posting-context.ts';
import type { BenchDatabase } from './bench-database.ts';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

// What record history adds to a posting, measured where the HTTP figures are too noisy to show it: the same
// 5-line invoice posting straight on the database, one transaction each, alternately without and with the entry
// the engine writes (the diff of the invoice as presented, which the API presents anyway, and one INSERT).
export async function benchHistoryCost(
  bench: BenchDatabase,
  seconds: number,
  invoiceFor: () => InvoiceInput,
): Promise<string[][]> {
  const { db, businessId } = bench;
  // The server may still be finishing the load generator's last postings; on SQLite they hold the write lock.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const posting = (trx: typeof db): PostingContext => ({
    trx,
    dialect: dialectOf(db),
    businessId,
    userId: null,
    now: new Date(),
    holds: () => true,
  });
  const resourceContext = (trx: typeof db): ResourceContext => ({
    db: trx,
    businessId,
    identity: {
      userId: 0,
      sessionId: '',
      permissions: new Set(),
      fullAccess: true,
      businessIds: [businessId],
      existingBusinessId: businessId,
      home: null,
    },
    now: new Date().toISOString(),
    passwordCost: owaspScryptCost,
  });
  const sampleId = await db.transaction().execute((trx) => createInvoice(posting(trx), invoiceFor()));
  const presented = asPresented(await presentOne(invoicesResource, resourceContext(db), sampleId));
  const plain: number[] = [];
  const withHistory: number[] = [];
  const end = performance.now() + seconds * 2000;
  for (let round = 0; performance.now() < end; round++) {
    const recorded = round % 2 === 1;
    const started = performance.now();
    await db.transaction().execute(async (trx) => {
      const id = await createInvoice(posting(trx), invoiceFor());
      if (recorded) {
        await appendHistory(
          trx,
          { businessId, resource: 'invoices', recordId: id },
          { userId: null, at: new Date().toISOString() },
          'created',
          changesBetween(null, presented),
        );
      }
    });
    (recorded ? withHistory : plain).push(performance.now() - started);
  }
  const ms = (value: number) => value.toFixed(2);
  return [
    ['invoice of 5 lines, without history', String(plain.length), ms(median(plain))],
    ['invoice of 5 lines, with its history entry', String(withHistory.length), ms(median(withHistory))],
  ];
}
