import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { MessagePurpose, MessageStatus } from '../db/migrations/025-049/040_customer_texts.ts';
import { philippineMobile } from '../domain/mobile-numbers.ts';
import type { DemoMasterData } from './master-data.ts';

// Texts to customers in the demo (docs/domain/management.md, Texts to customers): the customers' mobiles and
// consents, the shop's own "ready" wording, and texts already delivered, sent and failed. None is queued, so that a
// demo started with a gateway configured texts no one: the numbers are made up.
export async function seedDemoTexts(db: Kysely<Database>, master: DemoMasterData, now: Date): Promise<void> {
  const at = now.toISOString();
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  const customers = await db
    .selectFrom('contacts')
    .select(['id', 'name', 'phone'])
    .where('id', 'in', master.customerIds)
    .execute();
  const hows = ['form', 'verbal', 'paper'] as const;
  for (const [index, customer] of customers.entries()) {
    const mobile = customer.phone === null ? null : philippineMobile(customer.phone);
    if (mobile === null) continue;
    // One customer refused order texts; every other one agreed to reminders too, on the form, in words or on paper.
    const refuses = index === 4;
    await db
      .updateTable('contacts')
      .set({
        mobile,
        transactional_consent: refuses ? 0 : 1,
        transactional_consent_at: daysAgo(40),
        transactional_consent_how: refuses ? 'verbal' : 'form',
        transactional_consent_by: master.adminUserId,
        ...(index % 2 === 0 && !refuses
          ? {
              reminders_consent: 1,
              reminders_consent_at: daysAgo(40),
              reminders_consent_how: hows[index % hows.length] ?? 'form',
              reminders_consent_by: master.adminUserId,
            }
          : {}),
      })
      .where('id', '=', customer.id)
      .execute();
  }
  const audit = { created_at: at, updated_at: at, created_by: master.adminUserId, updated_by: master.adminUserId };
  await db
    .insertInto('message_templates')
    .values({
      ...audit,
      business_id: master.businessId,
      purpose: 'ready',
      body: 'Hi {customer}! Your glasses (order {job_number}) are ready at {shop} {branch}. Balance: {balance}. See you!',
    })
    .execute();

  // The texts of the orders that reached ready, as the worker left them.
  const readied = await db
    .selectFrom('job_order_status_changes')
    .innerJoin('job_orders', 'job_orders.id', 'job_order_status_changes.job_order_id')
    .innerJoin('contacts', 'contacts.id', 'job_orders.contact_id')
    .innerJoin('branches', 'branches.id', 'job_orders.branch_id')
    .select([
      'job_orders.id',
      'job_orders.number',
      'job_orders.contact_id',
      'job_orders.status',
      'contacts.name',
      'contacts.mobile',
      'branches.name as branch',
      'job_order_status_changes.at',
    ])
    .where('job_order_status_changes.business_id', '=', master.businessId)
    .where('job_order_status_changes.status', '=', 'ready')
    .orderBy('job_order_status_changes.at')
    .execute();
  const texted = (
    purpose: MessagePurpose,
    status: MessageStatus,
    row: { contact_id: number; id: number | null; mobile: string; body: string; at: string },
    attempt: { attempts: number; error?: string; gatewayId?: string },
  ) => ({
    ...audit,
    created_at: row.at,
    business_id: master.businessId,
    contact_id: row.contact_id,
    job_order_id: row.id,
    purpose,
    mobile: row.mobile,
    body: row.body,
    status,
    send_after: row.at,
    gateway_message_id: attempt.gatewayId ?? null,
    attempts: attempt.attempts,
    last_error: attempt.error ?? null,
    sent_at: status === 'failed' ? null : row.at,
    claimed_at: row.at,
  });
  const messages = readied.flatMap((order, index) => {
    if (order.mobile === null) return [];
    const body = `Hi ${order.name}! Your glasses (order ${order.number}) are ready at Spectacle Optical ${order.branch}. See you!`;
    const sentAt = new Date(Date.parse(order.at) + 10 * 60_000).toISOString();
    const row = { contact_id: order.contact_id, id: order.id, mobile: order.mobile, body, at: sentAt };
    return [
      order.status === 'claimed'
        ? texted('ready', 'delivered', row, { attempts: 1, gatewayId: `8${String(412_000 + index)}` })
        : texted('ready', 'sent', row, { attempts: 2, gatewayId: `8${String(412_000 + index)}` }),
    ];
  });
  // A recall to a customer who agreed to reminders, which the gateway kept refusing.
  const recalled = await db
    .selectFrom('contacts')
    .select(['id', 'name', 'mobile'])
    .where('id', 'in', master.customerIds)
    .where('reminders_consent', '=', 1)
    .where('id', '!=', readied[0]?.contact_id ?? 0)
    .orderBy('id')
    .executeTakeFirst();
  const recalledMobile = recalled?.mobile ?? null;
  if (recalled && recalledMobile) {
    messages.push(
      texted(
        'recall',
        'failed',
        {
          contact_id: recalled.id,
          id: null,
          mobile: recalledMobile,
          body: `Hi ${recalled.name}, it has been a while since your last eye exam at Spectacle Optical. Visit us to book your next one.`,
          at: daysAgo(3),
        },
        { attempts: 5, error: 'The gateway answered 500: {"error":"Temporarily unavailable"}' },
      ),
    );
  }
  if (messages.length > 0) await db.insertInto('messages').values(messages).execute();
}
