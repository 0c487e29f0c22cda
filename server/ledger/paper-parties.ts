import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { transactionMemo } from '../db/transaction-memo.ts';

// The seller (the business) and the buyer (a contact) a posted paper names, as both its e-invoice
// (areas/management/e-invoice-outbox.ts) and its e-journal print (areas/cash/e-journal.ts) use them. An invoice's
// posting reads them with the invoice for its e-invoice and keeps them for the rest of its transaction, so that the
// print reads neither again: each statement of a posting is a cost of its own on PostgreSQL (docs/PERFORMANCE.md,
// What moved the numbers). Outside a transaction nothing is kept, since a later request must see their changes.

export type PaperSeller = {
  name: string;
  registered_name: string | null;
  trade_name: string | null;
  tin: string | null;
  address: string | null;
  email: string | null;
  is_vat_registered: number;
  software_accreditation: string | null;
};

export type PaperBuyer = {
  name: string;
  company_name: string | null;
  tin: string | null;
  address: string | null;
  email: string | null;
};

type Kept = { sellers: Map<number, PaperSeller>; buyers: Map<number, PaperBuyer> };

const kept = transactionMemo<Kept>(() => ({ sellers: new Map(), buyers: new Map() }));

export function keepSeller(db: Kysely<Database>, businessId: number, seller: PaperSeller): void {
  kept.of(db)?.sellers.set(businessId, seller);
}

export function keepBuyer(db: Kysely<Database>, contactId: number, buyer: PaperBuyer): void {
  kept.of(db)?.buyers.set(contactId, buyer);
}

// The business as this transaction already read it for a paper, or null.
export function knownSeller(db: Kysely<Database>, businessId: number): PaperSeller | null {
  return kept.peek(db)?.sellers.get(businessId) ?? null;
}

// The contact as this transaction already read it for a paper, or null.
export function knownBuyer(db: Kysely<Database>, contactId: number): PaperBuyer | null {
  return kept.peek(db)?.buyers.get(contactId) ?? null;
}
