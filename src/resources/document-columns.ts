import type { Column } from './resource.ts';

// The columns documents share on their lists, views and printed headers, named once so that a document's number,
// party, place, date and status read the same on every document; each definition lists them in its own order and
// writes out only the columns that are its own.

export const number: Column = { field: 'number', label: 'Number' };
export const reference: Column = { field: 'reference_number', label: 'Reference' };
export const status: Column = { field: 'status', label: 'Status', kind: 'label' };
export const reason: Column = { field: 'reason', label: 'Reason', kind: 'label' };
export const notes: Column = { field: 'notes', label: 'Notes' };
export const branch: Column = { field: 'branch_name', label: 'Branch' };
export const location: Column = { field: 'location_name', label: 'Location' };

// The contact a document is with, by what the document calls them: Customer, Supplier, Patient, Contact.
export function party(label: string): Column {
  return { field: 'contact_name', label };
}

export function date(field: string, label: string): Column {
  return { field, label, kind: 'date' };
}

export function money(field: string, label: string): Column {
  return { field, label, kind: 'money' };
}

export const total: Column = money('total', 'Total');
export const balance: Column = money('balance', 'Balance');

// A sale document's opening columns, on its list and its view alike: number, reference, customer, branch and date.
export function saleHead(dateField: string): readonly Column[] {
  return [number, reference, party('Customer'), branch, date(dateField, 'Date')];
}
