import type {
  Column,
  FormField,
  LineAmounts,
  LineField,
  LinePricing,
  RelationSearch,
  ResourceKey,
} from './resource.ts';

// The form fields definitions share, named once so that every form asks for a related record, a document's party,
// place, date and notes in the same words; a definition lists them in its own order and writes out only its own.

// A picker of another resource's record; `labelField` is the field of the record being edited that names the pick.
export function relation(
  name: string,
  label: string,
  resource: ResourceKey,
  labelField: string,
  options: { required?: true; search?: RelationSearch } = {},
): FormField {
  return { name, label, kind: 'relation', resource, labelField, ...options };
}

// The contact a document is with (Customer, Supplier, Patient); `creates` offers "New customer…" or "New supplier…".
export function party(label: string, search?: RelationSearch, creates?: 'customer' | 'supplier'): FormField {
  return {
    name: 'contact_id',
    label,
    kind: 'relation',
    resource: 'contacts',
    labelField: 'contact_name',
    required: true,
    ...(search ? { search } : {}),
    ...(creates ? { creates } : {}),
  };
}

// Declared as the relation it is, so that a form may add to it (a branch set only on create).
export const branch = {
  name: 'branch_id',
  label: 'Branch',
  kind: 'relation',
  resource: 'branches',
  labelField: 'branch_name',
  required: true,
} satisfies FormField;

// The branch or warehouse a document is at.
export const location: FormField = {
  name: 'location',
  label: 'Location',
  kind: 'location',
  prefix: '',
  labelField: 'location_name',
  required: true,
};

// A document's own date: never after today; a sales document's is today unless the user may backdate.
export function documentDate(name: string, label: string, days: 'any' | 'sales' = 'any'): FormField {
  return { name, label, kind: 'date', required: true, documentDate: days };
}

export function date(name: string, label: string): FormField {
  return { name, label, kind: 'date' };
}

export const notes: FormField = { name: 'notes', label: 'Notes', kind: 'textarea' };

// A document's lines: what the editor asks for each line, what the view shows of it, and where a new line's price
// comes from.
export function lines(
  columns: readonly LineField[],
  viewColumns: readonly Column[],
  pricing?: LinePricing,
  useLineAmounts?: LineAmounts,
): FormField {
  return {
    name: 'lines',
    label: 'Lines',
    kind: 'lines',
    required: true,
    columns,
    viewColumns,
    ...(pricing ? { pricing } : {}),
    ...(useLineAmounts ? { useLineAmounts } : {}),
  };
}

// The terminal a sales paper is made at, among the chosen branch's; left empty, the server takes the one of the
// user's open cash session there, else the branch's only active one (docs/domain/cash.md, Terminals).
export const terminal: FormField = {
  name: 'terminal_id',
  label: 'Terminal',
  kind: 'relation',
  resource: 'terminals',
  labelField: 'terminal_name',
  search: { fromForm: { branch_id: 'branch_id' } },
};
// The terminal a sales paper is made at, asked only where its branch has several active ones; left empty, the server
// takes the one of the user's open cash session there, else the branch's only one. `linked`: the record whose branch
// the paper is made at (a payment's or memo's invoice).
export function saleTerminal(linked?: { field: string; resource: ResourceKey }): FormField {
  return {
    name: 'terminal_id',
    label: 'Terminal',
    kind: 'relation',
    resource: 'terminals',
    labelField: 'terminal_name',
    createOnly: true,
    severalTerminals: linked ? { linked } : {},
  };
}
