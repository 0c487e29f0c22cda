import type { Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';

// Everything a posting needs: the open transaction, who acts for which business, and one clock reading so
// that every row the posting writes carries the same time.
export type PostingContext = {
  trx: Transaction<Database>;
  dialect: DialectName;
  businessId: number;
  userId: number | null;
  now: Date;
};

export function timestampOf(context: PostingContext): string {
  return context.now.toISOString();
}

export type PostingDirection = 1 | -1;
