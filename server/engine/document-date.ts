import { holdsAny, postBackdatedDocumentsPermission } from '../auth/identity.ts';
import { businessDate } from '../domain/business-date.ts';
import { fieldError, forbidden } from '../domain/refusal.ts';
import type { AnyResource, ResourceContext } from './resource.ts';

export type DatedAction = 'create' | 'update' | 'void' | 'restore';

// docs/domain/README.md, Dates: no document is dated after today (422 on its date field); a sales document is dated
// today, and dating one earlier, or editing, voiding or restoring one dated before today, needs
// post-backdated-documents (403), because each of those rewrites a day whose report was already read. `sent` is
// the body (create, update), `stored` the row (update, void, restore).
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
  if (wanted !== null && wanted > today) {
    throw fieldError(dated.field, `The ${dated.label} cannot be after today (${today}).`);
  }
  if (!dated.sales || holdsAny(ctx.identity, [postBackdatedDocumentsPermission])) return;
  const kept = stored?.[dated.field];
  const was = typeof kept === 'string' ? kept : null;
  const what = `${/^[aeiou]/.test(resource.singular) ? 'an' : 'a'} ${resource.singular}`;
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
}
