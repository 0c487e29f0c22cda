import { unknownChoice } from '../../domain/input-messages.ts';
import { fieldError } from '../../domain/refusal.ts';
import type { PostingContext } from '../../ledger/posting-context.ts';

// The seeded contact types (docs/domain/management.md, Contacts): a patient is a customer, a lab is a supplier.
export type ContactRole = 'customer' | 'supplier';

export async function requireContactOfType(
  context: PostingContext,
  contactId: number,
  field: string,
  role: ContactRole,
): Promise<void> {
  const contact = await context.trx
    .selectFrom('contacts')
    .innerJoin('contact_types', 'contact_types.id', 'contacts.contact_type_id')
    .select('contact_types.name as type_name')
    .where('contacts.id', '=', contactId)
    .where('contacts.business_id', '=', context.businessId)
    .where('contacts.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!contact) throw fieldError(field, unknownChoice(field));
  if (contact.type_name.trim().toLowerCase() !== role) {
    throw fieldError(field, role === 'customer' ? 'The patient must be a customer.' : 'The lab must be a supplier.');
  }
}
