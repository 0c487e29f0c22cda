import { holdsAny, postBackdatedDocumentsPermission } from '../auth/identity.ts';
import { businessDate } from '../domain/business-date.ts';
import { fieldError, forbidden } from '../domain/refusal.ts';
import type { AnyResource, ResourceContext } from './resource.ts';

export type DatedAction = 'create' | 'update' | 'void' | 'restore';

// How far back anyone who may create a purchasing or stock document may date it (docs/domain/README.md, Dates).
export const freeBackdatingDays = 7;

// docs/domain/README.md, Dates: no document is dated after today (422 on its date field), nor written on or before
// the day the business's books are closed through (422: its reports as of that day never change again). A sales
// document is dated today, and dating one earlier, or editing, voiding or restoring one dated before today, needs
// post-backdated-documents (403), because each of those rewrites a day whose report was already read; a purchasing
// or stock document may be dated up to a week back by anyone, further back, or voided or restored once its day is
// past, only with the same permission. `sent` is the body (create, update), `stored` the row (update, void, restore).
export function checkDocumentDate(
  resource: AnyResource,
  ctx: ResourceContext,
  action: DatedAction,
  sent: Record<string, unknown> | null,
  stored: Record<string, unknown> | null,
): void {
  const dated = resource.documentDate;
  if (!dated) return;
  const today = businessDate(new Date(ctx.now));
  const asked = sent?.[dated.field];
  const wanted = typeof asked === 'string' ? asked : null;
  const kept = stored?.[dated.field];
  const was = typeof kept === 'string' ? kept : null;
  if (wanted !== null && wanted > today) {
    throw fieldError(dated.field, `The ${dated.label} cannot be after today (${today}).`);
  }
  refuseClosedBooks(ctx, dated.field, wanted ?? (action === 'create' ? today : null));
  refuseClosedBooks(ctx, dated.field, was);
  if (holdsAny(ctx.identity, [postBackdatedDocumentsPermission])) return;
  const what = `${/^[aeiou]/.test(resource.singular) ? 'an' : 'a'} ${resource.singular}`;
  if (dated.sales) {
    if (was !== null && was < today) {
      const verb = { create: 'change', update: 'change', void: 'void', restore: 'restore' }[action];
      throw forbidden(
        `Only a user with the permission ${postBackdatedDocumentsPermission} may ${verb} ${what} dated before today.`,
      );
    }
    if (wanted !== null && wanted < today) {
      throw forbidden(
        `Only a user with the permission ${postBackdatedDocumentsPermission} may date ${what} before today; ` +
          `date it ${today}.`,
      );
    }
    return;
  }
  if (!dated.withinWeek) return;
  if ((action === 'void' || action === 'restore') && was !== null && was < today) {
    throw forbidden(
      `Only a user with the permission ${postBackdatedDocumentsPermission} may ${action} ${what} dated before today.`,
    );
  }
  const earliest = daysBefore(today, freeBackdatingDays);
  // An edit that keeps the date it had rewrites no other day than before.
  if (wanted !== null && wanted < earliest && (action === 'create' || wanted !== was)) {
    throw forbidden(
      `Only a user with the permission ${postBackdatedDocumentsPermission} may date ${what} more than ` +
        `${freeBackdatingDays} days before today; date it ${earliest} or later.`,
    );
  }
}

// docs/domain/management.md, Closing the books: a day on or before books_closed_through is written no more (422 on
// the document's date field).
export function refuseClosedBooks(ctx: ResourceContext, field: string, day: string | null): void {
  const closed = ctx.identity.booksClosedThrough ?? null;
  if (closed !== null && day !== null && day <= closed) {
    throw fieldError(field, `The books are closed through ${closed}.`);
  }
}

export function daysBefore(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - days);
  return at.toISOString().slice(0, 10);
}
