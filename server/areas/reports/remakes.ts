import { type Kysely, sql } from 'kysely';
import { GetRemakesReportQueryParams } from '../../../generated/zod/reports/reports.zod.ts';
import type { Database } from '../../db/database.ts';
import { businessDate } from '../../domain/business-date.ts';
import { centavosToPesos } from '../../domain/money.ts';
import { fieldError } from '../../domain/refusal.ts';
import { longestSpanDays, ownerReport } from './owner-report.ts';
import { addDays, daysBetween, manilaDayStart } from './report-scope.ts';

export type RemakesGroup = 'lab' | 'user' | 'prescriber' | 'brand' | 'reason' | 'month';

// One order claimed, or one remake, with what it is grouped by: a remake counts under its original order's lab,
// optician (who wrote it), prescriber and lens brand, the ones whose work was redone.
type Event = {
  kind: 'claim' | 'remake';
  day: string;
  reason: string | null;
  cost: number | string;
  lab_id: number | null;
  lab_name: string | null;
  user_id: number | null;
  user_name: string | null;
  prescriber: string | null;
  brand_id: number | null;
  brand_name: string | null;
};

const reasonLabels: Record<string, string> = {
  lab_error: 'Lab error',
  prescriber_change: 'Prescriber change',
  measurement: 'Measurement',
  transcription: 'Transcription',
  fit: 'Fit',
  non_adapt: 'Non-adapt',
  breakage: 'Breakage',
  other: 'Other',
};

function keyOf(event: Event, groupBy: RemakesGroup): { key: string; label: string } {
  switch (groupBy) {
    case 'lab':
      return event.lab_id === null
        ? { key: 'in_house', label: 'In-house lab' }
        : { key: String(event.lab_id), label: event.lab_name ?? '' };
    case 'user':
      return { key: String(event.user_id ?? ''), label: event.user_name ?? 'Unknown' };
    case 'prescriber': {
      const name = event.prescriber?.trim() || '';
      return { key: name.toLowerCase(), label: name || 'No prescriber' };
    }
    case 'brand':
      return { key: String(event.brand_id ?? ''), label: event.brand_name ?? 'No lens brand' };
    case 'reason':
      return { key: event.reason ?? '', label: reasonLabels[event.reason ?? ''] ?? '' };
    case 'month':
      return { key: event.day.slice(0, 7), label: event.day.slice(0, 7) };
  }
}

const rate = (remakes: number, claimed: number) =>
  claimed === 0 ? null : Math.round((remakes * 10_000) / claimed) / 100;

/**
 * Remakes over orders claimed, and what unbilled remakes cost, in one statement: the orders (remakes left out) whose
 * claim was recorded in the range, and the standing remakes ordered in it with their remake-cost movements (the
 * goods that left stock at their claim, server/areas/eye-care/job-order-remake.ts). Grouped here, since a claim is
 * dated by its Manila day and a remake by its order date. By reason, every row counts the period's orders claimed,
 * which have no reason.
 */
export async function remakesReport(
  db: Kysely<Database>,
  businessId: number,
  query: { dateFrom: string; dateTo: string; groupBy: RemakesGroup },
) {
  const lensBrand = (order: string) => sql`(SELECT i.brand_id FROM job_order_lines l JOIN items i ON i.id = l.item_id
      WHERE l.business_id = ${sql.ref(`${order}.business_id`)} AND l.job_order_id = ${sql.ref(`${order}.id`)}
        AND l.role IN ('lens_od', 'lens_os') AND i.brand_id IS NOT NULL
      ORDER BY l.position LIMIT 1)`;
  const { rows } = await sql<Event>`
    WITH events AS (
      SELECT 'claim' AS kind, c.at AS at, o.order_date AS day, o.id AS order_id, NULL AS reason, 0 AS cost
      FROM job_order_status_changes c JOIN job_orders o ON o.id = c.job_order_id
      WHERE c.business_id = ${businessId} AND c.status = 'claimed'
        AND c.at >= ${manilaDayStart(query.dateFrom)} AND c.at < ${manilaDayStart(addDays(query.dateTo, 1))}
        AND o.remake_of_id IS NULL AND o.deleted_at IS NULL
      UNION ALL
      SELECT 'remake', NULL, r.order_date, r.remake_of_id, r.remake_reason,
        (SELECT COALESCE(SUM(-m.quantity_delta * m.unit_cost), 0) FROM stock_movements m
          WHERE m.business_id = r.business_id AND m.document_type = 'job-order-remake' AND m.document_id = r.id)
      FROM job_orders r
      WHERE r.business_id = ${businessId} AND r.remake_of_id IS NOT NULL AND r.deleted_at IS NULL
        AND r.order_date >= ${query.dateFrom} AND r.order_date <= ${query.dateTo}
    )
    SELECT e.kind, e.at, e.day, e.reason, e.cost, o.lab_contact_id AS lab_id, lab.name AS lab_name,
      o.created_by AS user_id, u.name AS user_name, p.prescriber, b.id AS brand_id, b.name AS brand_name
    FROM events e
    JOIN job_orders o ON o.id = e.order_id
    LEFT JOIN contacts lab ON lab.id = o.lab_contact_id
    LEFT JOIN users u ON u.id = o.created_by
    LEFT JOIN prescriptions p ON p.id = o.prescription_id
    LEFT JOIN brands b ON b.id = ${lensBrand('o')}`.execute(db);
  const groups = new Map<string, { key: string; label: string; claimed: number; remakes: number; cost: number }>();
  let claimedInAll = 0;
  for (const event of rows as (Event & { at: string | null })[]) {
    // A claim's day is the Manila day it was recorded.
    const day = event.kind === 'claim' && event.at ? businessDate(new Date(event.at)) : event.day;
    if (event.kind === 'claim') claimedInAll += 1;
    if (event.kind === 'claim' && query.groupBy === 'reason') continue;
    const { key, label } = keyOf({ ...event, day }, query.groupBy);
    const group = groups.get(key) ?? { key, label, claimed: 0, remakes: 0, cost: 0 };
    if (event.kind === 'claim') group.claimed += 1;
    else {
      group.remakes += 1;
      group.cost += Number(event.cost);
    }
    groups.set(key, group);
  }
  const figures = [...groups.values()]
    .map((group) => ({
      ...group,
      claimed: query.groupBy === 'reason' ? claimedInAll : group.claimed,
      // Sums of thousandths × centavos, rounded once per row.
      cost: Math.round(group.cost / 1000),
    }))
    .sort((a, b) => (query.groupBy === 'month' ? a.key.localeCompare(b.key) : a.label.localeCompare(b.label)));
  const totals = {
    remakes: figures.reduce((sum, row) => sum + row.remakes, 0),
    cost: figures.reduce((sum, row) => sum + row.cost, 0),
  };
  const outstanding = await db
    .selectFrom('lab_credits')
    .innerJoin('job_orders', 'job_orders.id', 'lab_credits.job_order_id')
    .select(sql<number | string>`COALESCE(SUM(lab_credits.amount), 0)`.as('amount'))
    .where('lab_credits.business_id', '=', businessId)
    .where('lab_credits.status', '=', 'expected')
    .where('lab_credits.deleted_at', 'is', null)
    .where('job_orders.deleted_at', 'is', null)
    .executeTakeFirst();
  const warranty = await db
    .selectFrom('warranty_claims')
    .select([sql<number | string>`COUNT(*)`.as('claims'), sql<number | string>`COALESCE(SUM(cost), 0)`.as('cost')])
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .where('claim_date', '>=', query.dateFrom)
    .where('claim_date', '<=', query.dateTo)
    .executeTakeFirst();
  return {
    rows: figures.map((row) => ({
      key: row.key,
      label: row.label,
      orders_claimed: row.claimed,
      remakes: row.remakes,
      remake_rate: rate(row.remakes, row.claimed),
      remake_cost: centavosToPesos(row.cost),
    })),
    totals: {
      orders_claimed: claimedInAll,
      remakes: totals.remakes,
      remake_rate: rate(totals.remakes, claimedInAll),
      remake_cost: centavosToPesos(totals.cost),
      lab_credits_outstanding: centavosToPesos(Number(outstanding?.amount ?? 0)),
      warranty_claims: Number(warranty?.claims ?? 0),
      warranty_cost: centavosToPesos(Number(warranty?.cost ?? 0)),
    },
  };
}

export const remakesOwnerReport = ownerReport({
  name: 'remakes',
  query: GetRemakesReportQueryParams,
  run: ({ db, businessId, today }, query) => {
    const dateTo = query.date_to ?? today;
    const dateFrom = query.date_from ?? `${dateTo.slice(0, 8)}01`;
    if (dateTo < dateFrom) throw fieldError('date_to', 'The date to must be on or after the date from.');
    if (daysBetween(dateFrom, dateTo) >= longestSpanDays) {
      throw fieldError('date_to', `The report covers at most ${longestSpanDays} days.`);
    }
    return remakesReport(db, businessId, { dateFrom, dateTo, groupBy: query.group_by ?? 'lab' });
  },
});
