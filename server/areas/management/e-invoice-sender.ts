import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { EisPayload } from './e-invoice-outbox.ts';
import { type EisAnswer, type EisConfig, sendToEis } from './eis-transport.ts';

// The sender of the outbox (docs/domain/management.md, E-invoices, "Sending"). A batch is claimed in a transaction of
// its own before anything goes on the wire: its rows become `sent` with a lease, so no other sender takes them; a
// sender that dies after claiming leaves them to the next one once the lease runs out, and they go again under the
// same EisUniqueId, which the EIS records once (a repeat is answered with its first answer).
export const leaseMs = 5 * 60 * 1000;
const batchSize = 50;
const maxBackoffMs = 6 * 60 * 60 * 1000;

export function backoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), maxBackoffMs);
}

type Claimed = { id: number; payload: EisPayload; attempts: number };

export async function claimBatch(db: Kysely<Database>, now: Date): Promise<Claimed[]> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('e_invoices')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', at)]),
          eb.and([eb('status', '=', 'sent'), eb('lease_until', '<', at)]),
        ]),
      )
      .orderBy('id')
      .limit(batchSize)
      .$if(dialectOf(trx) === 'postgres', (query) => query.forUpdate().skipLocked())
      .execute();
    if (due.length === 0) return [];
    // The condition again: of two senders that read the same rows, the second finds them leased and takes none.
    const claimed = await trx
      .updateTable('e_invoices')
      .set((eb) => ({
        status: 'sent',
        lease_until: until,
        sent_at: at,
        updated_at: at,
        attempts: eb('attempts', '+', 1),
      }))
      .where(
        'id',
        'in',
        due.map((row) => row.id),
      )
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', at)]),
          eb.and([eb('status', '=', 'sent'), eb('lease_until', '<', at)]),
        ]),
      )
      .returning(['id', 'payload', 'attempts'])
      .execute();
    return claimed.flatMap((row) =>
      row.payload === null
        ? []
        : [{ id: row.id, payload: JSON.parse(row.payload) as EisPayload, attempts: Number(row.attempts) }],
    );
  });
}

async function recordAnswers(
  db: Kysely<Database>,
  batch: readonly Claimed[],
  answers: readonly EisAnswer[],
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const byId = new Map(answers.map((answer) => [answer.EisUniqueId, answer]));
  for (const row of batch) {
    const answer = byId.get(row.payload.EisUniqueId);
    if (!answer) {
      await giveBack(db, row, 'The EIS answered the batch without this document.', now);
      continue;
    }
    const accepted = answer.Status === 'ACCEPTED';
    await db
      .updateTable('e_invoices')
      .set({
        status: accepted ? 'accepted' : 'rejected',
        answer: JSON.stringify(answer),
        answered_at: at,
        lease_until: null,
        last_error: accepted ? null : `${answer.ErrorCode ?? ''} ${answer.ErrorMessage ?? ''}`.trim(),
        updated_at: at,
      })
      .where('id', '=', row.id)
      .execute();
  }
}

async function giveBack(db: Kysely<Database>, row: Claimed, error: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .updateTable('e_invoices')
    .set({
      status: 'pending',
      lease_until: null,
      next_attempt_at: new Date(now.getTime() + backoffMs(row.attempts)).toISOString(),
      last_error: error.slice(0, 4000),
      updated_at: at,
    })
    .where('id', '=', row.id)
    .where('status', '=', 'sent')
    .execute();
}

// One round: claims what is due, sends it, keeps the answers; a failed send puts the batch back with a backoff.
// Answers how many documents went.
export async function sendDueEInvoices(
  db: Kysely<Database>,
  config: EisConfig,
  now: () => Date,
  send: typeof sendToEis = sendToEis,
): Promise<number> {
  const batch = await claimBatch(db, now());
  if (batch.length === 0) return 0;
  try {
    const answers = await send(
      config,
      batch.map((row) => row.payload),
    );
    await recordAnswers(db, batch, answers, now());
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    for (const row of batch) await giveBack(db, row, message, now());
  }
  return batch.length;
}

// The sender running beside the server (like the search index merging): a round every `everyMs`, one at a time.
export function startEInvoiceSender(
  db: Kysely<Database>,
  config: EisConfig,
  options: { now: () => Date; everyMs?: number; onError?: (error: unknown) => void },
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const round = () => {
    running = running
      .then(async () => {
        while (!stopped && (await sendDueEInvoices(db, config, options.now)) > 0);
      })
      .catch((error: unknown) => options.onError?.(error));
  };
  const timer = setInterval(round, options.everyMs ?? 30_000);
  timer.unref();
  round();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
