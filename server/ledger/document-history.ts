import type { HistoryAction } from '../db/tables/record-history.ts';
import type { Changes } from '../history/changes.ts';
import { appendHistory } from '../history/record-history.ts';
import { type PostingContext, timestampOf } from './posting-context.ts';

// An entry in a document's history written by a posting service, in the posting's transaction: for what happens
// to a document outside its own create, edit, void and re-post (which the resource engine records), e.g. an
// order's status moved by a receipt. A document's resource prefix is its table's name with dashes.
export async function recordDocumentHistory(
  context: PostingContext,
  table: string,
  id: number,
  action: HistoryAction,
  changes: Changes,
): Promise<void> {
  await appendHistory(
    context.trx,
    { businessId: context.businessId, resource: table.replaceAll('_', '-'), recordId: id },
    { userId: context.userId, at: timestampOf(context) },
    action,
    changes,
  );
}
