import { type Generated, type Kysely, sql } from 'kysely';
import type { TenantColumns } from '../../columns.ts';
import { recordTable } from '../../dialect.ts';

// Texts to customers (docs/domain/management.md, Texts to customers): a contact's mobile and its two consents with
// their evidence, the business's cancel window for the "ready" text, the texts themselves and their templates.
// Transactional consent starts given (the customer may refuse it), reminders consent refused until given.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contacts').addColumn('mobile', 'text').execute();
  for (const [consent, given] of [
    ['transactional', 1],
    ['reminders', 0],
  ] as const) {
    await db.schema
      .alterTable('contacts')
      .addColumn(`${consent}_consent`, 'integer', (column) => column.notNull().defaultTo(given))
      .execute();
    for (const suffix of ['at', 'how']) {
      await db.schema.alterTable('contacts').addColumn(`${consent}_consent_${suffix}`, 'text').execute();
    }
    await db.schema.alterTable('contacts').addColumn(`${consent}_consent_by`, 'integer').execute();
  }
  await db.schema
    .alterTable('businesses')
    .addColumn('ready_text_delay_minutes', 'integer', (column) => column.notNull().defaultTo(10))
    .execute();

  await recordTable(db, 'messages', { tenant: true })
    .addColumn('contact_id', 'integer', (column) => column.notNull().references('contacts.id'))
    .addColumn('job_order_id', 'integer', (column) => column.references('job_orders.id'))
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('mobile', 'text', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('send_after', 'text', (column) => column.notNull())
    .addColumn('gateway_message_id', 'text')
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    // Set by the worker that took the text to post it, in the same transaction that saw it queued; a text claimed
    // and never answered for stays claimed, so that it is never posted twice.
    .addColumn('claimed_at', 'text')
    .execute();
  await db.schema
    .createIndex('messages_business_id_contact_id_index')
    .on('messages')
    .columns(['business_id', 'contact_id'])
    .execute();
  await db.schema
    .createIndex('messages_business_id_job_order_id_index')
    .on('messages')
    .columns(['business_id', 'job_order_id'])
    .execute();
  // The worker's look for due texts, across businesses.
  await db.schema
    .createIndex('messages_due_index')
    .on('messages')
    .columns(['send_after'])
    .where(sql.ref('status'), '=', sql.lit('queued'))
    .execute();

  await recordTable(db, 'message_templates', { tenant: true })
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('message_templates_business_id_purpose_unique')
    .on('message_templates')
    .columns(['business_id', 'purpose'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_templates').execute();
  await db.schema.dropTable('messages').execute();
  await db.schema.alterTable('businesses').dropColumn('ready_text_delay_minutes').execute();
  for (const consent of ['transactional', 'reminders']) {
    for (const suffix of ['', '_at', '_how', '_by']) {
      await db.schema.alterTable('contacts').dropColumn(`${consent}_consent${suffix}`).execute();
    }
  }
  await db.schema.alterTable('contacts').dropColumn('mobile').execute();
}

export type MessagePurpose = 'ready' | 'pickup_reminder' | 'recall';
export type MessageStatus = 'queued' | 'sent' | 'delivered' | 'failed';
export type ConsentHow = 'form' | 'verbal' | 'paper';

export interface MessagesTable extends TenantColumns {
  contact_id: number;
  job_order_id: number | null;
  purpose: MessagePurpose;
  mobile: string;
  body: string;
  status: MessageStatus;
  send_after: string;
  gateway_message_id: string | null;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  claimed_at: string | null;
}

export interface MessageTemplatesTable extends TenantColumns {
  purpose: MessagePurpose;
  body: string;
}

declare module '../../database.ts' {
  interface Database {
    messages: MessagesTable;
    message_templates: MessageTemplatesTable;
  }
}

declare module '../../tables/master-data.ts' {
  interface ContactsTable {
    mobile: string | null;
    transactional_consent: Generated<number>;
    transactional_consent_at: string | null;
    transactional_consent_how: ConsentHow | null;
    transactional_consent_by: number | null;
    reminders_consent: Generated<number>;
    reminders_consent_at: string | null;
    reminders_consent_how: ConsentHow | null;
    reminders_consent_by: number | null;
  }
  interface BusinessesTable {
    ready_text_delay_minutes: Generated<number>;
  }
}
