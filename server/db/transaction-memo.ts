import type { Kysely } from 'kysely';
import type { Database } from './database.ts';

// What a transaction has already read or locked, kept for the rest of that transaction and dropped with it; outside
// a transaction nothing is kept, since a later request must see what changed meanwhile. `of(db)` gives the
// transaction's memo (made on first use) or null outside one; `peek(db)` gives it only if already made.
export function transactionMemo<Memo extends object>(
  make: () => Memo,
): { of: (db: Kysely<Database>) => Memo | null; peek: (db: Kysely<Database>) => Memo | undefined } {
  const memos = new WeakMap<Kysely<Database>, Memo>();
  return {
    of: (db) => {
      if (!db.isTransaction) return null;
      const found = memos.get(db) ?? make();
      memos.set(db, found);
      return found;
    },
    peek: (db) => memos.get(db),
  };
}
