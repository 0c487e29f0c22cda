import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';
import type { LastSteps } from '../engine/resource.ts';

// Everything a posting needs: the open transaction (always one: the caller opens it, so that a posting and
// the request around it commit together), who acts for which business, and one clock reading so that every
// row the posting writes carries the same time.
export type PostingContext = {
  trx: Kysely<Database>;
  dialect: DialectName;
  businessId: number;
  userId: number | null;
  now: Date;
  // Whether the acting user holds a permission a posting checks beyond its route's (a cost other than the order's).
  holds: (permission: string) => boolean;
  // When the caller runs steps just before its commit (engine/resource.ts).
  lastSteps?: LastSteps;
};

export function timestampOf(context: PostingContext): string {
  return context.now.toISOString();
}

export type PostingDirection = 1 | -1;
