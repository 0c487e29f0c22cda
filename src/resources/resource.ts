import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { AxiosRequestConfig } from 'axios';
import type { ZodType } from 'zod';
import type { DocumentName, PageMeta } from '../../generated/model/index.ts';

export type ResourceGroup = 'inventory' | 'purchasing' | 'sales' | 'logistics' | 'management';

// Which of index, create, view and edit a resource has (SPEC section 2).
export type ResourceScreens = 'full' | 'no-edit' | 'read-only';

export type ScreenAction = 'index' | 'create' | 'view' | 'edit';

export type ValueKind =
  | 'text'
  | 'money'
  | 'quantity'
  | 'percent'
  | 'date'
  | 'timestamp'
  | 'boolean'
  | 'discounts'
  | 'list'
  | 'label';

export type Column = { field: string; label: string; kind?: ValueKind };

export type Option = { value: string; label: string };

type FieldBase = { name: string; label: string; required?: boolean };

// A document line's inputs: the item (a type-ahead that fills the line's defaults), its unit, a number, or the
// source line it comes from (shown by its item's name).
export type LineField =
  | (FieldBase & { kind: 'quantity' | 'money' | 'percent' | 'id' })
  | (FieldBase & { kind: 'item'; labelField: string })
  | (FieldBase & { kind: 'unit'; labelField: string });

// Where a new line's price comes from: the supplier's purchase prices (contact_id) or the branch's sale prices
// (branch_id), the latest effective on the document's date; the item's discount tiers of the same side.
export type LinePricing = { side: 'purchase' | 'sale'; dateField: string };

export type FormField =
  | (FieldBase & {
      kind: 'text' | 'email' | 'password' | 'textarea' | 'date' | 'money' | 'quantity' | 'number' | 'percent';
      createOnly?: boolean;
    })
  | (FieldBase & { kind: 'checkbox' })
  | (FieldBase & { kind: 'select'; options: readonly Option[] })
  | (FieldBase & { kind: 'relation'; resource: ResourceKey; labelField: string })
  | (FieldBase & { kind: 'relations'; resource: ResourceKey })
  | (FieldBase & { kind: 'home-location'; labelField: string })
  | (FieldBase & { kind: 'location'; prefix: '' | 'from_' | 'to_'; labelField: string })
  | (FieldBase & { kind: 'discounts' })
  | (FieldBase & {
      kind: 'lines';
      columns: readonly LineField[];
      viewColumns: readonly Column[];
      pricing?: LinePricing;
    });

export type Filter =
  | { name: string; label: string; kind: 'select'; options: readonly Option[] }
  | { name: string; label: string; kind: 'date' };

export type ResourceKey =
  | 'branches'
  | 'brands'
  | 'businesses'
  | 'contact-types'
  | 'contacts'
  | 'conversions'
  | 'item-classifications'
  | 'item-types'
  | 'items'
  | 'measuring-masses'
  | 'unit-of-measurements'
  | 'users'
  | 'warehouses'
  | 'roles'
  | 'purchase-item-prices'
  | 'sale-item-prices'
  | 'invoice-payments'
  | 'invoices'
  | 'purchase-orders'
  | 'stock-requests'
  | 'bills'
  | 'bill-payments'
  | 'receive-orders'
  | 'stock-receives'
  | 'stock-returns'
  | 'stock-transfers'
  | 'quotations'
  | 'stocks'
  | 'permissions';

// The least every record of the contract carries.
export type ResourceRecord = { id: number; deleted_at: string | null };

export type ListParams = {
  page?: number;
  per_page?: number;
  order_by?: string;
  with_trashed?: number;
  only_trashed?: number;
  search?: string;
  [filter: string]: string | number | undefined;
};

export type SearchParams = { q?: string; limit?: number };

export type FormValues = Record<string, unknown>;

// The heavy half of a resource, loaded with its first screen: the generated functions, query keys and zod schemas.
// Methods (not function properties) so that each generated function, typed for its own record, fits.
export type ResourceApi = {
  list(
    params?: ListParams,
    options?: AxiosRequestConfig,
    signal?: AbortSignal,
  ): Promise<{
    data: ResourceRecord[];
    meta: PageMeta;
  }>;
  listKey(params?: ListParams): QueryKey;
  get(id: number, options?: AxiosRequestConfig, signal?: AbortSignal): Promise<ResourceRecord>;
  detailKey(id: number): QueryKey;
  search(params?: SearchParams, options?: AxiosRequestConfig, signal?: AbortSignal): Promise<ResourceRecord[]>;
  create?(body: object, options?: AxiosRequestConfig): Promise<unknown>;
  update?(id: number, body: object, options?: AxiosRequestConfig): Promise<unknown>;
  remove?(id: number): Promise<unknown>;
  restore?(id: number): Promise<unknown>;
  forceDelete?(id: number): Promise<unknown>;
  resetPassword?(body: { id: number }): Promise<{ temporary_password: string }>;
  resetSecurityPin?(body: { id: number }): Promise<{ security_pin: string }>;
  createSchema?: ZodType;
  updateSchema?: ZodType;
  // Rows that belong to one record and are shown under it (a stock's movements).
  related?: {
    caption: string;
    columns: readonly Column[];
    queryKey(id: number): QueryKey;
    load(id: number, signal?: AbortSignal): Promise<Record<string, unknown>[]>;
  };
  // Values for /x/create/{param}: read the source record (the order a bill comes from, the item to copy, ...).
  prefill?(id: number): Promise<FormValues>;
  afterCreate?(queryClient: QueryClient): Promise<void>;
};

// How a document is numbered (SPEC section 9), for the preview on its create form: its name at the count
// endpoints, its prefix, the location field whose counter it moves, and whether it also gets a reference number.
export type DocumentNumbering = {
  documentName: DocumentName;
  prefix: string;
  locationPrefix: '' | 'from_';
  referenced: boolean;
};

// What the printed document shows besides its number, reference and date: who and where (the party, the
// locations), the line columns, whether it carries money totals, and whose signature it asks for.
export type DocumentPrint = {
  dateField: string;
  parties: readonly Column[];
  columns: readonly Column[];
  totals: boolean;
  signatures: readonly string[];
};

export type ResourceDefinition = {
  key: ResourceKey;
  singular: string;
  plural: string;
  // The sidebar group whose header this resource's view permission reveals (SPEC section 6), and whether the group
  // links to it: Businesses counts for Management but has no link, Quotations has no link under Sales.
  group: ResourceGroup | null;
  linked: boolean;
  screens: ResourceScreens;
  // The field that names one record: the confirmation dialog, relation pickers.
  title: string;
  columns: readonly Column[];
  viewFields: readonly Column[];
  formFields: readonly FormField[];
  filters?: readonly Filter[];
  // The optional last segment of the create route (SPEC section 2), e.g. bill_id for /bill-payments/create/{bill_id?}.
  createParam?: string;
  numbering?: DocumentNumbering;
  // Posts with a fresh Idempotency-Key per submit (documents and payments).
  idempotentCreate?: boolean;
  // Shows Reset Password and Reset Security Pin (by flag, not permission).
  resettable?: boolean;
  extraActions?: readonly { action: string; label: string }[];
  // The documents that start from this one (SPEC section 4): a link to their create route with this record's id.
  // `applies` says whether the record still has something for that document (an order not fully received).
  followUps?: readonly { resource: ResourceKey; label: string; applies: (record: ResourceRecord) => boolean }[];
  // Whether the record may still be edited (DOMAIN.md: an order only while nothing is received or billed); the
  // server refuses such edits too, the screens only stop offering them. Without it, every active record may be.
  editable?: (record: ResourceRecord) => boolean;
  // The paper copy a person hands over (a purchase order to the supplier, an invoice to the customer).
  print?: DocumentPrint;
  load: () => Promise<ResourceApi>;
};

export function isEditable(resource: ResourceDefinition, record: ResourceRecord): boolean {
  return !record.deleted_at && resource.screens === 'full' && (resource.editable?.(record) ?? true);
}

export function defineResource(definition: ResourceDefinition): ResourceDefinition {
  return definition;
}

export function readField(record: ResourceRecord, field: string): unknown {
  return (record as Record<string, unknown>)[field];
}
