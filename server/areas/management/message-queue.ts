import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { formatPesos } from '../../domain/money.ts';
import { defaultTemplates, renderText, type TextFigures, type TextPurpose } from '../../domain/text-templates.ts';
import type { PostingContext } from '../../ledger/posting-context.ts';

// Which texts are queued, when, and for whom (docs/domain/management.md, Texts to customers). A text is queued only
// to a contact with a mobile and the consent its purpose needs; the worker asks again just before it posts one.

const dayMs = 24 * 60 * 60 * 1000;
export const pickupReminderDays = [7, 30, 60] as const;

export const consentOf: Record<TextPurpose, 'transactional_consent' | 'reminders_consent'> = {
  ready: 'transactional_consent',
  pickup_reminder: 'reminders_consent',
  recall: 'reminders_consent',
};

export type TextRecipient = { id: number; name: string; mobile: string | null } & Record<
  'transactional_consent' | 'reminders_consent',
  number
>;

// Why a contact gets no text of this purpose, or null when it may.
export function notTextable(contact: TextRecipient, purpose: TextPurpose): string | null {
  if (contact.mobile === null) return 'No mobile number on file.';
  if (contact[consentOf[purpose]] !== 1) {
    return purpose === 'ready' ? 'The customer refused order texts.' : 'The customer has not agreed to reminders.';
  }
  return null;
}

export async function recipientOf(db: Kysely<Database>, businessId: number, contactId: number) {
  return db
    .selectFrom('contacts')
    .select(['id', 'name', 'mobile', 'transactional_consent', 'reminders_consent'])
    .where('business_id', '=', businessId)
    .where('id', '=', contactId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

async function templateOf(db: Kysely<Database>, businessId: number, purpose: TextPurpose): Promise<string> {
  const own = await db
    .selectFrom('message_templates')
    .select('body')
    .where('business_id', '=', businessId)
    .where('purpose', '=', purpose)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return own?.body ?? defaultTemplates[purpose];
}

async function shopName(db: Kysely<Database>, businessId: number): Promise<string> {
  const business = await db
    .selectFrom('businesses')
    .select(['name', 'trade_name'])
    .where('id', '=', businessId)
    .executeTakeFirstOrThrow();
  return business.trade_name ?? business.name;
}

// An order's figures for its texts: what is left to pay is its invoice's balance, or the order's total before one.
async function orderFigures(db: Kysely<Database>, businessId: number, jobOrderId: number, customer: string) {
  const order = await db
    .selectFrom('job_orders')
    .innerJoin('branches', 'branches.id', 'job_orders.branch_id')
    .select(['job_orders.number', 'job_orders.total', 'branches.name as branch'])
    .where('job_orders.business_id', '=', businessId)
    .where('job_orders.id', '=', jobOrderId)
    .executeTakeFirstOrThrow();
  const invoice = await db
    .selectFrom('invoices')
    .select(['total', 'amount_paid', 'credited_total'])
    .where('business_id', '=', businessId)
    .where('job_order_id', '=', jobOrderId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const owed = invoice
    ? Math.max(0, Number(invoice.total) - Number(invoice.credited_total) - Number(invoice.amount_paid))
    : Number(order.total);
  return {
    customer,
    shop: await shopName(db, businessId),
    branch: order.branch,
    job_number: order.number,
    balance: formatPesos(owed),
  } satisfies TextFigures;
}

export async function renderedText(
  db: Kysely<Database>,
  businessId: number,
  purpose: TextPurpose,
  figures: TextFigures,
): Promise<string> {
  return renderText(await templateOf(db, businessId, purpose), figures);
}

type Queued = {
  businessId: number;
  contact: TextRecipient & { mobile: string };
  purpose: TextPurpose;
  body: string;
  sendAfter: Date;
  jobOrderId: number | null;
  at: string;
  userId: number | null;
};

export async function queueText(db: Kysely<Database>, text: Queued): Promise<void> {
  await db
    .insertInto('messages')
    .values({
      business_id: text.businessId,
      contact_id: text.contact.id,
      job_order_id: text.jobOrderId,
      purpose: text.purpose,
      mobile: text.contact.mobile,
      body: text.body,
      status: 'queued',
      send_after: text.sendAfter.toISOString(),
      attempts: 0,
      created_at: text.at,
      updated_at: text.at,
      created_by: text.userId,
      updated_by: text.userId,
    })
    .execute();
}

/**
 * What a job order's status move does to its texts, in the move's transaction: turning ready queues the "ready" text
 * after the business's cancel window and the pickup reminders at 7, 30 and 60 days, each only with its consent;
 * leaving ready cancels (soft-deletes) those not yet taken by the worker, so that a status undone in the window
 * sends nothing and a claimed order gets no reminder.
 */
export async function queueJobOrderTexts(
  context: PostingContext,
  jobOrderId: number,
  from: string,
  to: string,
): Promise<void> {
  const { trx, businessId } = context;
  const at = context.now.toISOString();
  if (from === 'ready' && to !== 'ready') {
    await trx
      .updateTable('messages')
      .set({ deleted_at: at, updated_at: at, updated_by: context.userId })
      .where('business_id', '=', businessId)
      .where('job_order_id', '=', jobOrderId)
      .where('status', '=', 'queued')
      .where('claimed_at', 'is', null)
      .where('deleted_at', 'is', null)
      .execute();
  }
  if (to !== 'ready') return;
  const order = await trx
    .selectFrom('job_orders')
    .select('contact_id')
    .where('id', '=', jobOrderId)
    .executeTakeFirstOrThrow();
  const contact = await recipientOf(trx, businessId, order.contact_id);
  if (!contact || contact.mobile === null) return;
  const withMobile = { ...contact, mobile: contact.mobile };
  const figures = await orderFigures(trx, businessId, jobOrderId, contact.name);
  const business = await trx
    .selectFrom('businesses')
    .select('ready_text_delay_minutes')
    .where('id', '=', businessId)
    .executeTakeFirstOrThrow();
  const texts: { purpose: TextPurpose; sendAfter: Date }[] = [
    { purpose: 'ready', sendAfter: new Date(context.now.getTime() + business.ready_text_delay_minutes * 60_000) },
    ...pickupReminderDays.map((days) => ({
      purpose: 'pickup_reminder' as const,
      sendAfter: new Date(context.now.getTime() + days * dayMs),
    })),
  ];
  for (const text of texts) {
    if (notTextable(contact, text.purpose) !== null) continue;
    await queueText(trx, {
      businessId,
      contact: withMobile,
      purpose: text.purpose,
      body: await renderedText(trx, businessId, text.purpose, figures),
      sendAfter: text.sendAfter,
      jobOrderId,
      at,
      userId: context.userId,
    });
  }
}

// Just before a text of an order goes, its figures as they stand then: a reminder a month on says what is owed now.
export async function currentOrderText(
  db: Kysely<Database>,
  message: { business_id: number; job_order_id: number | null; purpose: TextPurpose; body: string },
  customer: string,
): Promise<string> {
  if (message.job_order_id === null) return message.body;
  const figures = await orderFigures(db, message.business_id, message.job_order_id, customer);
  return renderedText(db, message.business_id, message.purpose, figures);
}
