import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { AxiosRequestConfig } from 'axios';
import type { ComponentType } from 'react';
import type { ZodType } from 'zod';
import type { DocumentName, ImportResult, PageMeta, RecordHistory } from '../../generated/model/index.ts';
import {
  type Area,
  type DocumentResourceKey,
  documentKindOf,
  type ResourceAction,
  type ResourceKey,
  registryEntry,
} from '../../server/registry/resources.ts';

export type { ResourceKey };

export type ResourceGroup = Area;

// Which of index, create, view and edit a resource has (docs/domain/screens.md, Routes).
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
  | 'label'
  | 'payment-method'
  | 'special-discount'
  | 'power'
  | 'sphere';

// `value` derives what a column shows from the whole row (one eye of a prescription from its sphere, cylinder and
// axis); without it the column shows the row's `field`.
// `cost` marks a cost, stock value or payable: the server answers it null to a user without view-costs, and
// the screens leave the column out for them.
export type Column = {
  field: string;
  label: string;
  kind?: ValueKind;
  value?: (row: Record<string, unknown>) => unknown;
  cost?: boolean;
  // In a table of related rows, where the value links to (a related document's view).
  href?: (row: Record<string, unknown>) => string;
  // Shown only for records whose `optical_kind` is one of these (a frame's sizes, a lens's power).
  opticalKinds?: readonly OpticalKind[];
  // On a view, the value links to the record of `resource` whose id is the row's `idField`.
  link?: { resource: ResourceKey; idField: string };
};

// The kinds of optical product an item type holds (docs/domain/eye-care.md, Optical attributes of items).
export type OpticalKind = 'frame' | 'ophthalmic_lens' | 'contact_lens';

export function readableColumns(columns: readonly Column[], seesCosts: boolean): readonly Column[] {
  return seesCosts ? columns : columns.filter((column) => !column.cost);
}

export function columnValue(row: Record<string, unknown>, column: Column): unknown {
  return column.value ? column.value(row) : row[column.field];
}

export type Option = { value: string; label: string };

// `opticalKinds`: the field belongs to items of those optical kinds, and the form shows it only while the chosen
// item type is of one of them.
type FieldBase = { name: string; label: string; required?: boolean; opticalKinds?: readonly OpticalKind[] };

// A document line's inputs: the item (a type-ahead that fills the line's defaults), its unit, a number, or the
// source line it comes from (shown by its item's name).
export type LineField =
  | (FieldBase & { kind: 'quantity' | 'money' | 'percent' | 'id' | 'checkbox' | 'text' })
  | (FieldBase & { kind: 'select'; options: readonly Option[] })
  // `itemTypes` narrows the picker to the item types a line's role allows (a frame line offers frames).
  // `lensEye`: on a line whose role names an eye, a lens family picks its variant of that eye's power in the
  // prescription of `prescriptionField` (docs/domain/eye-care.md, Eyewear job orders).
  | (FieldBase & {
      kind: 'item';
      labelField: string;
      itemTypes?: { roleField: string; byRole: Readonly<Record<string, readonly string[]>> };
      // `typesByKind`: the item types an eye's line offers for the chosen prescription's kind, first ones listed first
      // (a spectacles prescription offers spectacle lenses).
      lensEye?: {
        roleField: string;
        byRole: Readonly<Record<string, 'od' | 'os'>>;
        prescriptionField: string;
        typesByKind?: Readonly<Record<string, readonly string[]>>;
      };
      // Form fields that the picked item's own figures fill while they are empty (a job order's frame A and DBL from
      // the frame's eye size and bridge), by the item's field.
      fillsForm?: Readonly<Record<string, string>>;
    })
  | (FieldBase & { kind: 'unit'; labelField: string })
  // A lot (docs/domain/eye-care.md, Lots and expiry), shown only on lines of lot-tracked items: a receipt's lot number
  // and expiry, or the lot an issue takes (empty: the earliest good expiry first).
  // `onHand`: an issue's lot, chosen from the lots on hand where the goods leave from.
  | (FieldBase & { kind: 'lot-number' | 'expiry'; onHand?: boolean });

// Where a new line's price comes from: the supplier's purchase prices (contact_id) or the branch's sale prices
// (branch_id), the latest effective on the document's date; the item's discount tiers of the same side.
export type LinePricing = { side: 'purchase' | 'sale'; dateField: string };

// What a relation picker offers here rather than every record: the search endpoint's filters (customers only,
// invoices with a balance), and how each record reads in the list (its contact and balance besides its number).
export type RelationSearch = {
  params?: Readonly<Record<string, string | number>>;
  // Params taken from the form's own fields, by param name: { contact_id: 'contact_id' } offers the records of the
  // contact chosen on the form.
  fromForm?: Readonly<Record<string, string>>;
  label?: (record: ResourceRecord) => string;
};

export type FormField =
  | (FieldBase & {
      kind: 'text' | 'email' | 'password' | 'textarea' | 'date' | 'money' | 'quantity' | 'number' | 'percent';
      createOnly?: boolean;
      // The input's step for a `number` (0.25 for a power); whole numbers without it.
      step?: string;
      // A document's own date (a `date`): never after today; a sales document's is today unless the user may
      // backdate (post-backdated-documents).
      documentDate?: 'any' | 'sales';
    })
  | (FieldBase & { kind: 'checkbox'; defaultChecked?: boolean })
  | (FieldBase & { kind: 'select'; options: readonly Option[]; defaultValue?: string })
  | (FieldBase & {
      kind: 'relation';
      resource: ResourceKey;
      labelField: string;
      search?: RelationSearch;
      createOnly?: boolean;
      // A contact picker that offers "New customer…" (or supplier): makes one in a dialog and picks it.
      creates?: 'customer' | 'supplier';
      // A terminal picker shown only when the paper's branch has more than one active terminal (docs/domain/cash.md,
      // Terminals): the branch is the form's `branch_id`, or that of the record `linked` names (a memo's invoice).
      severalTerminals?: { linked?: { field: string; resource: ResourceKey } };
    })
  | (FieldBase & { kind: 'relations'; resource: ResourceKey })
  | (FieldBase & { kind: 'home-location'; labelField: string })
  // `startsAs`: the kind offered first when the user is not bound to one (a stock request's supplier: a warehouse).
  | (FieldBase & {
      kind: 'location';
      prefix: '' | 'from_' | 'to_';
      labelField: string;
      startsAs?: 'branch' | 'warehouse';
    })
  | (FieldBase & { kind: 'discounts' })
  | AreaField
  | (FieldBase & { kind: 'hidden' })
  | (FieldBase & {
      kind: 'lines';
      columns: readonly LineField[];
      viewColumns: readonly Column[];
      pricing?: LinePricing;
      // Each line's amount in centavos (null while unknown) where it is not quantity × price less discount: a hook,
      // called by the line editor on the lines as typed.
      useLineAmounts?: LineAmounts;
    });

// A field whose input is an area's own (an Rx card, a senior citizen's discount, an LOA's split): loaded with the
// first form that shows it, so that the form kit never imports an area's code.
export type AreaField = FieldBase & {
  kind: 'area';
  input: () => Promise<ComponentType<AreaInputProps>>;
  // How it sits on the form: in a column under its label as any field, across the form under its label, across it as
  // a group of inputs named by its label, or across it with no label of its own (it labels its parts).
  layout: 'field' | 'wide' | 'group' | 'bare';
  createOnly?: boolean;
  // The record's values it writes, when they are not its name alone (an Rx card's figures): an edit starts from them
  // and the server's refusals of them show under it.
  values?: readonly string[];
  // The record's field that names its value, as a relation's does.
  labelField?: string;
  // Its starting value from the record's, when the input wants another shape than the record's.
  initial?: (value: unknown) => unknown;
  // How the record's history shows its value.
  shows?: ValueKind;
};

export type AreaInputProps = { name: string; invalid: boolean };

export type LineAmounts = (lines: readonly Record<string, unknown>[]) => readonly (number | null)[];

// A list's own filters in Advance Search, each one query parameter of the list call; a `location` filter is a
// branch or a warehouse, `{prefix}branch_id` or `{prefix}warehouse_id` (its `name` is the prefix).
export type Filter =
  | { name: string; label: string; kind: 'select'; options: readonly Option[] }
  | { name: string; label: string; kind: 'date' }
  | { name: string; label: string; kind: 'relation'; resource: ResourceKey; search?: RelationSearch }
  | { name: '' | 'from_' | 'to_'; label: string; kind: 'location' };

// The query parameters a filter sets.
export function filterParams(filter: Filter): readonly string[] {
  return filter.kind === 'location' ? [`${filter.name}branch_id`, `${filter.name}warehouse_id`] : [filter.name];
}

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

export type SearchParams = { q?: string; limit?: number; [filter: string]: string | number | undefined };

export type FormValues = Record<string, unknown>;

export type BodySchemas = { create?: ZodType | undefined; update?: ZodType | undefined };

// The heavy half of a resource, loaded with its first screen: the generated functions and query keys.
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
  // The zod schemas of what a save sends, loaded when a form first validates: zod and the schemas are most of a
  // form's code, and a form is drawn and typed into without them.
  bodySchemas?(): Promise<BodySchemas>;
  // Rows that belong to one record and are shown under it (a stock's movements, a patient's prescriptions).
  related?: readonly {
    caption: string;
    columns: readonly Column[];
    queryKey(id: number): QueryKey;
    load(id: number, signal?: AbortSignal): Promise<Record<string, unknown>[]>;
    // A section that only some records have (a bill's revaluation) is left out rather than shown empty.
    hideWhenEmpty?: boolean;
  }[];
  // Who did what and when to one record (docs/domain/README.md, History), shown in the History section of its view
  // screen.
  history?(id: number, options?: AxiosRequestConfig, signal?: AbortSignal): Promise<RecordHistory>;
  historyKey?(id: number): QueryKey;
  // Values for /x/create/{param}: read the source record (the order a bill comes from, the item to copy, ...).
  prefill?(id: number): Promise<FormValues>;
  // Values for the extra create routes of `prefillRoutes`, by their segment.
  prefillFrom?: Readonly<Record<string, (id: number) => Promise<FormValues>>>;
  // Moves the record to another status (a job order sent to the lab).
  moveStatus?(id: number, status: string): Promise<unknown>;
  // Cancels the record and credits its invoice in one call (a job order's Cancel and credit).
  cancelAndCredit?(id: number): Promise<unknown>;
  // Links an invoice made before the record (a job order's), by the invoice's id.
  linkInvoice?(id: number, invoiceId: number): Promise<unknown>;
  afterCreate?(queryClient: QueryClient): Promise<void>;
  // Where a flow goes once the record is created from the create route of `segment` (an exchange's memo opens the
  // new invoice); null: where every create goes.
  nextAfterCreate?(saved: ResourceRecord, segment: string | undefined): string | null;
  importCsv?(csv: string, dryRun: boolean): Promise<ImportResult>;
};

// How a document is numbered (docs/domain/README.md, Numbering), for the preview on its create form: its name at the
// count endpoints, its prefix, the location field whose counter it moves, and whether it also gets a reference number.
export type DocumentNumbering = {
  documentName: DocumentName;
  prefix: string;
  locationPrefix: '' | 'from_';
  referenced: boolean;
  // A document numbered at another's location (DECISIONS.md): a payment at its invoice's or bill's, a receive or
  // return where its transfer arrives. The form field naming that document, its resource and location prefix.
  locationOf?: { field: string; resource: ResourceKey; prefix: '' | 'to_' };
};

// The document a payment pays, shown on its form: the field naming it, its resource and what its party is called;
// `takesCash`: the shop takes the customer's cash at the counter (an invoice's payment), so the form offers Cash
// tendered and the change; a bill's payment hands money out and has neither.
export type PaidDocument = { field: string; resource: ResourceKey; partyLabel: string; takesCash: boolean };

// What the printed document shows besides its number, reference and date: who and where (the party, the
// locations), the line columns, whether it carries money totals, and whose signature it asks for.
export type DocumentPrint = {
  dateField: string;
  parties: readonly Column[];
  columns: readonly Column[];
  totals: boolean;
  // The totals are costs (a purchase order's): printed only for a user with view-costs.
  totalsAreCosts?: boolean;
  signatures: readonly string[];
  // Printed as a Philippine sales invoice (docs/domain/sales.md, The printed invoice) rather than the generic sheet.
  salesInvoice?: boolean;
  // The figures under the lines when they are not subtotal, discount and total (a credit memo's VAT breakdown).
  totalRows?: readonly Column[];
  // A paper the BIR reads that is not a sales invoice (a credit memo, an acknowledgment receipt, docs/domain/sales.md,
  // Deposits): the seller's registration on top, as on the invoice, and any notice the regulations require at its foot.
  registered?: { notice?: string };
};

export type RecordActionsProps = { id: number; canUpdate: boolean };
export type ViewPanelProps = { record: ResourceRecord };

// A move of a record's status offered on its view (a job order sent to the lab), from the statuses in `from` and
// where `applies` holds. `dialog` gives its confirmation the words the domain fixes, with what it will do to this
// record; `credits` moves it through the resource's cancel-and-credit call (an invoiced job order).
export type StatusMove = {
  status: string;
  label: string;
  action: string;
  done: string;
  from: readonly string[];
  applies?: (record: ResourceRecord) => boolean;
  dialog?: {
    title: string;
    keep: string;
    confirm: string;
    detail?: (record: ResourceRecord) => string | undefined;
    routine?: true;
  };
  credits?: true;
};

export type ResourceDefinition = {
  key: ResourceKey;
  // The prefix its permissions are named after when its records are part of another resource's (the lots of stock
  // are seen with view-stocks); the key otherwise.
  permissionPrefix?: string;
  singular: string;
  plural: string;
  // The sidebar group whose header this resource's view permission reveals (docs/domain/screens.md, Sidebar), and
  // whether the group links to it: Businesses counts for Management but has no link, Quotations has no link under
  // Sales.
  group: ResourceGroup | null;
  linked: boolean;
  screens: ResourceScreens;
  // Whether its records can be deleted at all (the registry's actions): a cash session or a Z-reading cannot, so its
  // list offers no trash.
  deletable: boolean;
  // The field that names one record: the confirmation dialog, relation pickers.
  title: string;
  columns: readonly Column[];
  viewFields: readonly Column[];
  formFields: readonly FormField[];
  filters?: readonly Filter[];
  // The optional last segment of the create route (docs/domain/screens.md, Routes), e.g. bill_id for
  // /bill-payments/create/{bill_id?}.
  createParam?: string;
  numbering?: DocumentNumbering;
  pays?: PaidDocument;
  // The list waits for a Quick Search value before listing anything (docs/domain/screens.md, List screen: a screen may
  // mark it required).
  quickSearchRequired?: boolean;
  // The location field (a branch relation or a location) that a new document starts at the user's home location,
  // and whose picker offers only that location to a user bound to it.
  homeField?: string;
  // Posts with a fresh Idempotency-Key per submit (documents and payments).
  idempotentCreate?: boolean;
  // A create the server refuses with a 409 as a likely repeat (a contact of the same name and phone) is shown with a
  // button that sends it again with `field` set to true (docs/domain/management.md, Contacts).
  conflictOverride?: { field: string; label: string };
  // A new record opens its view once saved, instead of the list: an invoice's cashier prints it and takes the
  // payment there.
  opensAfterCreate?: boolean;
  // Shows Reset Password and Reset Security Pin (by flag, not permission).
  resettable?: boolean;
  // Screens of a record beyond its view and form, linked from the view for holders of the resource's `needs`
  // permission (update when not said): a role's permissions to assign, a contact's statement to read.
  extraActions?: readonly { action: string; label: string; needs?: 'view' | 'update' }[];
  // The documents that start from this one (docs/domain/screens.md, Routes: document flows): a link to their create
  // route with this record's id. `applies` says whether the record still has something for that document (an order not
  // fully received). `segment` sends it to the follow-up's extra create route (`/invoices/create/from-job-order/{id}`);
  // `sourceId` names another record to start from (a job order's invoice, for its payment). `path` sends it to a
  // screen of its own instead of a create route (an invoice's exchange).
  followUps?: readonly {
    resource: ResourceKey;
    label: string;
    segment?: string;
    path?: (record: ResourceRecord) => string;
    sourceId?: (record: ResourceRecord) => number;
    // Saving the follow-up comes back to this record's view (a payment back to its invoice).
    returnHere?: boolean;
    // Offered only to a user who may work at this end of the record (`to_`: where a transfer arrives), as the server
    // allows the follow-up nowhere else.
    workedAt?: 'from_' | 'to_';
    applies: (record: ResourceRecord) => boolean;
  }[];
  // Create routes that start from another kind of record: `/x/create/{segment}/{param}` (docs/domain/eye-care.md,
  // Eyewear job orders).
  prefillRoutes?: readonly { segment: string; param: string }[];
  // The statuses a record moves through from its view, each behind a confirmation (its own words, or `You're about
  // to {action} this.`); `from` lists the statuses that offer it.
  statusMoves?: readonly StatusMove[];
  // "Link Invoice" on its view, for the records it applies to (a job order with no invoice yet).
  invoiceLink?: { applies: (record: ResourceRecord) => boolean };
  // Lists inside the record shown as tables under it (a job order's status history).
  nestedTables?: readonly { caption: string; field: string; columns: readonly Column[] }[];
  // Paper forms beyond the document print, by the name of their sheet in src/screens/print.
  sheets?: readonly { sheet: 'lab-ticket' | 'claim-slip'; label: string }[];
  // Whether the record may still be edited (docs/domain/purchasing.md: an order only while nothing is received or
  // billed); the server refuses such edits too, the screens only stop offering them. Without it, every active record
  // may be.
  editable?: (record: ResourceRecord) => boolean;
  // Why the server refuses to delete this record, when it does (a posted stock count): the view then offers no
  // Delete and says this instead. A receipt held by a later document says so itself, in its `held_by`.
  deleteRefusal?: (record: ResourceRecord) => string | null;
  // Records can be loaded from a CSV file at /{key}/import (docs/domain/README.md, Import): what the screen calls them
  // and the permission that allows it.
  importing?: { label: string; permission: string };
  // Price labels can be printed for its records at /{key}/labels.
  printsLabels?: boolean;
  // The paper copy a person hands over (a purchase order to the supplier, an invoice to the customer).
  print?: DocumentPrint;
  // The view screen's extension points: buttons of its own beside the record's actions, for the records they apply
  // to (a lens family's Powers, Power Grid and Generate Powers), and a working panel under the record's details (a
  // stock count's scan field, variance and posting). Each loads with the first view that shows it, so that the
  // generic screen never imports one resource's code.
  recordActions?: {
    applies: (record: ResourceRecord) => boolean;
    load: () => Promise<ComponentType<RecordActionsProps>>;
  };
  viewPanel?: () => Promise<ComponentType<ViewPanelProps>>;
  // The list screen's extension point: a notice above its table (the e-invoice outbox's "EIS is not configured", the
  // Messages list's when texts cannot go out).
  listPanel?: () => Promise<ComponentType>;
  // The create form's extension point: a panel above the fields, inside the form (it reads and sets the form's values
  // through react-hook-form's context), e.g. a Z-reading's earlier days still to close.
  formPanel?: () => Promise<ComponentType>;
  // The form's working summary under its fields (a credit memo's settlement as the cashier types), loaded the same way.
  formSummary?: () => Promise<ComponentType>;
  load: () => Promise<ResourceApi>;
};

export function isEditable(resource: ResourceDefinition, record: ResourceRecord): boolean {
  return !record.deleted_at && resource.screens === 'full' && (resource.editable?.(record) ?? true);
}

export function permissionPrefixOf(resource: ResourceDefinition): string {
  return resource.permissionPrefix ?? resource.key;
}

// What the registry (server/registry/resources.ts) says of every resource, for both sides: its names, its sidebar
// group, its screens (from the actions the API serves), whose permissions it goes by and how a document is numbered.
type RegistryFacts =
  | 'singular'
  | 'plural'
  | 'group'
  | 'linked'
  | 'screens'
  | 'deletable'
  | 'permissionPrefix'
  | 'numbering';

// A resource's client definition: everything but the registry's facts, which `defineResource` adds. A document's
// numbering says only what the create form needs beyond them.
export type ResourceDeclaration = Omit<ResourceDefinition, RegistryFacts> & {
  numbering?: Partial<Pick<DocumentNumbering, 'locationPrefix' | 'locationOf'>>;
};

function screensOf(actions: readonly ResourceAction[]): ResourceScreens {
  if (actions.includes('update')) return 'full';
  return actions.includes('create') ? 'no-edit' : 'read-only';
}

export function defineResource({ numbering, ...declaration }: ResourceDeclaration): ResourceDefinition {
  const entry = registryEntry(declaration.key);
  const documentName: DocumentName | undefined = entry.document
    ? documentKindOf(entry.key as DocumentResourceKey)
    : undefined;
  return {
    ...declaration,
    singular: entry.singular,
    plural: entry.plural,
    group: entry.sidebar === 'none' ? null : entry.area,
    linked: entry.sidebar === 'link',
    screens: screensOf(entry.actions),
    deletable: entry.actions.some((action) => action === 'delete'),
    ...(entry.permissionPrefix ? { permissionPrefix: entry.permissionPrefix } : {}),
    ...(entry.document && documentName
      ? {
          numbering: {
            documentName,
            prefix: entry.document.numberPrefix,
            referenced: entry.document.referenced,
            locationPrefix: numbering?.locationPrefix ?? '',
            ...(numbering?.locationOf ? { locationOf: numbering.locationOf } : {}),
          },
        }
      : {}),
  };
}

export function readField(record: ResourceRecord, field: string): unknown {
  return (record as Record<string, unknown>)[field];
}
