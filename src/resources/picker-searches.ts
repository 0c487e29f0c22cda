import { formatMoney } from '../format/money.ts';
import { type RelationSearch, type ResourceRecord, readField } from './resource.ts';

// What each document's pickers offer (issue: pickers that offer what fits), declared once for the definitions.

export const customers: RelationSearch = { params: { role: 'customer' } };
export const suppliers: RelationSearch = { params: { role: 'supplier' } };
// docs/domain/eye-care.md: a patient is a customer, told apart from a namesake by their phone ("Teodora Lim · 0917…").
export const patients: RelationSearch = {
  params: { role: 'customer' },
  label: (record) =>
    [readField(record, 'name'), readField(record, 'mobile') ?? readField(record, 'phone')]
      .filter((part) => typeof part === 'string' && part !== '')
      .join(' · '),
};

// A document to pay reads with whom it is with and what is left of it: "I-… · Juan dela Cruz · balance ₱1,500".
const withBalance = (record: ResourceRecord) =>
  [
    String(readField(record, 'number') ?? record.id),
    String(readField(record, 'contact_name') ?? ''),
    `balance ${formatMoney(Number(readField(record, 'balance') ?? 0))}`,
  ]
    .filter((part) => part !== '')
    .join(' · ');

// docs/domain/eye-care.md, Quotation to invoice: an invoice offers the quotations of its customer not yet invoiced
// ("Q-… · Juan dela Cruz"); before a customer is chosen, every open one, and picking it sets the customer.
export const openQuotations: RelationSearch = {
  params: { uninvoiced: 1 },
  fromForm: { contact_id: 'contact_id' },
  label: (record) =>
    [String(readField(record, 'number') ?? record.id), String(readField(record, 'contact_name') ?? '')]
      .filter((part) => part !== '')
      .join(' · '),
};

export const documentsWithBalance: RelationSearch = { params: { has_balance: 1 }, label: withBalance };
// A follow-up's source is offered only where the user may work (`usable`): a clerk's receive order offers the
// purchase orders of their warehouse, not a branch's.
export const ordersToReceive: RelationSearch = { params: { has_unreceived: 1, usable: 1 } };
export const requestsToTransfer: RelationSearch = { params: { has_untransferred: 1, usable: 1 } };
export const transfersInTransit: RelationSearch = { params: { has_in_transit: 1, usable: 1 } };
