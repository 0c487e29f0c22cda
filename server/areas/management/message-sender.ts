import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MessagesTable } from '../../db/migrations/025-049/040_customer_texts.ts';
import { currentOrderText, notTextable, recipientOf } from './message-queue.ts';
import { type GatewayOutcome, postText, type SmsGateway, textFate } from './sms-gateway.ts';

// The worker that sends due texts (docs/domain/management.md, Texts to customers), in the server's own process: the
// texts are few and each is one HTTP call, which waits without holding the event loop.

export const maxAttempts = 5;
// How often the worker looks for due texts.
const everyMs = 5_000;
// Texts taken per look; the next look takes the rest.
const batch = 20;

// The wait before the next attempt after `attempts` failures: 1, 2, 4, 8 minutes.
export const retryDelayMs = (attempts: number) => 60_000 * 2 ** (attempts - 1);

type Due = Pick<MessagesTable, 'business_id' | 'contact_id' | 'job_order_id' | 'purpose' | 'body'> & { id: number };

/**
 * Takes a due text for this worker before it is posted: one UPDATE, its own transaction, that matches only while the
 * text is queued, not cancelled and claimed by no one, so two workers (two processes on one database) never both
 * take it, and no write transaction stays open while the gateway is asked. The consent and mobile are asked again
 * once it is taken, as the customer may have withdrawn consent since it was queued: such a text is cancelled with
 * the reason. Answers the mobile and the body to post, or null when it is not this worker's to send.
 */
async function claim(db: Kysely<Database>, due: Due, at: string): Promise<{ mobile: string; body: string } | null> {
  const claimed = await db
    .updateTable('messages')
    .set({ claimed_at: at })
    .where('id', '=', due.id)
    .where('status', '=', 'queued')
    .where('claimed_at', 'is', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return null;
  const contact = await recipientOf(db, due.business_id, due.contact_id);
  const refusal = contact ? notTextable(contact, due.purpose) : 'The contact was deleted.';
  if (!contact || contact.mobile === null || refusal !== null) {
    await db
      .updateTable('messages')
      .set({ deleted_at: at, updated_at: at, last_error: `Not sent: ${refusal}` })
      .where('id', '=', due.id)
      .execute();
    return null;
  }
  const body = await currentOrderText(db, due, contact.name);
  await db
    .updateTable('messages')
    .set({ mobile: contact.mobile, body, updated_at: at })
    .where('id', '=', due.id)
    .execute();
  return { mobile: contact.mobile, body };
}

async function record(db: Kysely<Database>, id: number, outcome: GatewayOutcome, now: Date): Promise<void> {
  const at = now.toISOString();
  if (outcome.kind === 'accepted') {
    await db
      .updateTable('messages')
      .set((eb) => ({
        status: outcome.delivered ? 'delivered' : 'sent',
        gateway_message_id: outcome.messageId,
        sent_at: at,
        attempts: eb('attempts', '+', 1),
        last_error: null,
        updated_at: at,
      }))
      .where('id', '=', id)
      .execute();
    return;
  }
  const row = await db.selectFrom('messages').select('attempts').where('id', '=', id).executeTakeFirstOrThrow();
  const attempts = Number(row.attempts) + 1;
  // A post whose outcome is unknown stays claimed and failed: posting it again could send it twice.
  const givesUp = outcome.kind === 'unknown' || attempts >= maxAttempts;
  await db
    .updateTable('messages')
    .set({
      attempts,
      last_error: outcome.error,
      updated_at: at,
      ...(givesUp
        ? { status: 'failed' }
        : { claimed_at: null, send_after: new Date(now.getTime() + retryDelayMs(attempts)).toISOString() }),
    })
    .where('id', '=', id)
    .execute();
}

/** Posts every text due at `now` (up to a batch), each claimed before it is posted; answers how many it posted. */
export async function sendDueTexts(db: Kysely<Database>, gateway: SmsGateway, now: Date): Promise<number> {
  const at = now.toISOString();
  const due = await db
    .selectFrom('messages')
    .select(['id', 'business_id', 'contact_id', 'job_order_id', 'purpose', 'body'])
    .where('status', '=', 'queued')
    .where('send_after', '<=', at)
    .where('claimed_at', 'is', null)
    .where('deleted_at', 'is', null)
    .orderBy('send_after')
    .orderBy('id')
    .limit(batch)
    .execute();
  let posted = 0;
  for (const text of due) {
    const taken = await claim(db, text, at);
    if (taken === null) continue;
    posted += 1;
    await record(db, text.id, await postText(gateway, taken.mobile, taken.body), now);
  }
  return posted;
}

// How often the gateway is asked about a sent text, and for how long after it was sent.
const fateEveryMs = 60_000;
const fateForMs = 2 * 24 * 60 * 60 * 1000;

/**
 * Asks the gateway what became of the texts it took and has not yet said delivered (at most once a minute each, for
 * two days): `delivered`, or `failed` with its reason. A failed text is not posted again: the gateway took it once.
 */
export async function followSentTexts(db: Kysely<Database>, gateway: SmsGateway, now: Date): Promise<number> {
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'gateway_message_id'])
    .where('status', '=', 'sent')
    .where('gateway_message_id', 'is not', null)
    .where('sent_at', '>=', new Date(now.getTime() - fateForMs).toISOString())
    .where('updated_at', '<=', new Date(now.getTime() - fateEveryMs).toISOString())
    .orderBy('updated_at')
    .limit(batch)
    .execute();
  let settled = 0;
  for (const row of rows) {
    const fate = await textFate(gateway, row.gateway_message_id ?? '');
    const at = now.toISOString();
    await db
      .updateTable('messages')
      .set(
        fate.kind === 'delivered'
          ? { status: 'delivered', updated_at: at }
          : fate.kind === 'failed'
            ? { status: 'failed', last_error: fate.error, updated_at: at }
            : { updated_at: at },
      )
      .where('id', '=', row.id)
      .where('status', '=', 'sent')
      .execute();
    if (fate.kind !== 'pending') settled += 1;
  }
  return settled;
}

/** Looks for due texts every few seconds until the returned function is called, which waits for a look under way. */
export function keepSendingTexts(db: Kysely<Database>, gateway: SmsGateway, now: () => Date): () => Promise<void> {
  let looking: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (looking) return;
    looking = sendDueTexts(db, gateway, now())
      .then(() => followSentTexts(db, gateway, now()))
      // A busy or closing database: the next look tries again, and a claimed text is never posted twice.
      .catch(() => undefined)
      .finally(() => {
        looking = null;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await looking;
  };
}
