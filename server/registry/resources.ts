// The one list of resources ("one list per fact": docs/DECISIONS.md, The resource registry). Pure data,
// imported by the server (permission catalogue, document kinds and numbers, the engine's routes) and by the client
// (routes, sidebar, breadcrumb, permission gate): a fact that both sides need is written here and nowhere else.

// The business areas, in the order of the sidebar (docs/domain/screens.md, Sidebar); a resource's area is its
// sidebar group, the group of its permissions and, unless its entry names a `room`, the folder of its code
// (server/areas/<area>, src/areas/<area>).
export const areas = [
  { key: 'inventory', label: 'Inventory' },
  { key: 'purchasing', label: 'Purchasing' },
  { key: 'sales', label: 'Sales' },
  { key: 'eye-care', label: 'Eye Care' },
  { key: 'logistics', label: 'Logistics' },
  { key: 'management', label: 'Management' },
  { key: 'reports', label: 'Reports' },
] as const;

export type Area = (typeof areas)[number]['key'];
// The folders under server/areas and src/areas beside the areas' own.
export const rooms = ['cash'] as const;
export type Room = (typeof rooms)[number];

// The actions of docs/domain/management.md, Permissions: every resource gets a permission {action}-{prefix} for each.
export const resourceActions = ['view', 'create', 'update', 'delete', 'restore', 'force-delete'] as const;
export type ResourceAction = (typeof resourceActions)[number];

// What the API serves (docs/domain/screens.md, Routes): master data is edited, a posted document is voided and
// entered again rather than edited, stock and the permission catalogue are read only.
const everyAction = resourceActions;
const noUpdate = ['view', 'create', 'delete', 'restore', 'force-delete'] as const;
const viewOnly = ['view'] as const;
// A record made once and never edited nor voided: a cashier's shift, a closed day (docs/domain/cash.md).
const madeOnce = ['view', 'create'] as const;

export type RegistryEntry = {
  // The URL segment of its API (/api/{key}) and screens (/{key}), and the prefix of its permissions.
  key: string;
  area: Area;
  // Its name on screens: the breadcrumb, the list's title, the sidebar link.
  singular: string;
  plural: string;
  // `link`: a link under its area's sidebar group, shown with view-{key}; `header`: no link, but view-{key} still
  // shows the group's header (Businesses, Quotations); `none`: not in the sidebar at all (Conversions).
  sidebar: 'link' | 'header' | 'none';
  actions: readonly ResourceAction[];
  // The prefix its permissions are named after when its records are a part of another resource's (the lots of stock
  // are seen with view-stocks); such a resource has no permissions of its own.
  permissionPrefix?: string;
  // A document (docs/domain/README.md, Numbering): the prefix of its numbers, and whether it also gets a reference
  // number. Its kind at the count endpoints is its key without the final s (`stock-adjustment`).
  document?: { numberPrefix: string; referenced: boolean };
  // A record that is a name and a description, nothing more, edited like the others (brands): its server and client
  // definitions follow from this entry and its generated schemas (server/engine/named-records.ts,
  // src/resources/named-records.ts), so it has no definition file of its own; a file named after its key replaces
  // the side it is on.
  // `fields`: a record whose contract writes its fields (openapi/<area>/<key>.yaml, `fields`) and needs nothing more:
  // both definitions follow from them (server/engine/record-fields.ts, src/resources/record-fields.ts), searched by its
  // free text, its `name` (if it has one) unique in the business.
  shape?: 'name-and-description' | 'fields';
  // Who its `contact` is, as its screens and CSV name it: a sale's customer or a purchase's supplier.
  party?: 'customer' | 'supplier';
  // Money it takes or pays back goes through the taker's open drawer (docs/domain/cash.md, Payments and the drawer):
  // its rows carry their cash session, the drawer's figures and the Z count them, and its terminal's days are days a Z
  // closes. cash-sessions-posting.ts and z-readings-posting.ts keep a query for each such entry (typed by
  // `CashDocumentKey`, so a new one does not compile until they count it).
  takesCash?: true;
  // The folder of its code when that is not its area's: the drawer and its readings are sales in the sidebar and
  // the permissions, and a room of their own in the code (server/areas/cash, src/areas/cash).
  room?: Room;
};

// Every resource once, in the order the sidebar lists them within their areas.
export const registry = [
  {
    key: 'brands',
    area: 'inventory',
    singular: 'Brand',
    plural: 'Brands',
    sidebar: 'link',
    actions: everyAction,
    shape: 'name-and-description',
  },
  {
    key: 'measuring-masses',
    area: 'inventory',
    singular: 'Measuring Mass',
    plural: 'Measuring Masses',
    sidebar: 'link',
    actions: everyAction,
    shape: 'name-and-description',
  },
  {
    key: 'unit-of-measurements',
    area: 'inventory',
    singular: 'Unit of Measurement',
    plural: 'Unit of Measurements',
    sidebar: 'link',
    actions: everyAction,
  },
  {
    key: 'item-classifications',
    area: 'inventory',
    singular: 'Item Classification',
    plural: 'Item Classifications',
    sidebar: 'link',
    actions: everyAction,
    shape: 'name-and-description',
  },
  {
    key: 'item-types',
    area: 'inventory',
    singular: 'Item Type',
    plural: 'Item Types',
    sidebar: 'link',
    actions: everyAction,
  },
  { key: 'items', area: 'inventory', singular: 'Item', plural: 'Items', sidebar: 'link', actions: everyAction },
  { key: 'stocks', area: 'inventory', singular: 'Stock', plural: 'Stocks', sidebar: 'link', actions: viewOnly },
  {
    key: 'stock-lots',
    area: 'inventory',
    singular: 'Lot',
    plural: 'Lots',
    sidebar: 'link',
    actions: viewOnly,
    permissionPrefix: 'stocks',
  },
  {
    key: 'conversions',
    area: 'inventory',
    singular: 'Conversion',
    plural: 'Conversions',
    sidebar: 'none',
    actions: everyAction,
  },
  {
    key: 'purchase-item-prices',
    area: 'purchasing',
    singular: 'Purchase Item Price',
    plural: 'Purchase Item Prices',
    sidebar: 'link',
    actions: everyAction,
    party: 'supplier',
  },
  {
    key: 'purchase-orders',
    area: 'purchasing',
    singular: 'Purchase Order',
    plural: 'Purchase Orders',
    sidebar: 'link',
    actions: everyAction,
    document: { numberPrefix: 'PO', referenced: true },
    party: 'supplier',
  },
  {
    key: 'receive-orders',
    area: 'purchasing',
    singular: 'Receive Order',
    plural: 'Receive Orders',
    sidebar: 'link',
    actions: noUpdate,
    document: { numberPrefix: 'RO', referenced: false },
    party: 'supplier',
  },
  {
    key: 'bills',
    area: 'purchasing',
    singular: 'Bill',
    plural: 'Bills',
    sidebar: 'link',
    actions: noUpdate,
    document: { numberPrefix: 'B', referenced: false },
    party: 'supplier',
  },
  {
    key: 'bill-payments',
    area: 'purchasing',
    singular: 'Bill Payment',
    plural: 'Bill Payments',
    sidebar: 'link',
    actions: noUpdate,
    document: { numberPrefix: 'BP', referenced: false },
    party: 'supplier',
  },
  {
    key: 'debit-memos',
    area: 'purchasing',
    singular: 'Debit Memo',
    plural: 'Debit Memos',
    sidebar: 'link',
    actions: noUpdate,
    document: { numberPrefix: 'DM', referenced: false },
    party: 'supplier',
  },
  {
    key: 'sale-item-prices',
    area: 'sales',
    singular: 'Sale Item Price',
    plural: 'Sale Item Prices',
    sidebar: 'link',
    actions: everyAction,
  },
  {
    key: 'invoices',
    area: 'sales',
    singular: 'Invoice',
    plural: 'Invoices',
    sidebar: 'link',
    actions: everyAction,
    document: { numberPrefix: 'I', referenced: true },
    party: 'customer',
  },
  {
    key: 'invoice-payments',
    area: 'sales',
    singular: 'Invoice Payment',
    plural: 'Invoice Payments',
    sidebar: 'link',
    actions: everyAction,
    document: { numberPrefix: 'IP', referenced: false },
    party: 'customer',
    takesCash: true,
  },
  {
    key: 'credit-memos',
    area: 'sales',
    singular: 'Credit Memo',
    plural: 'Credit Memos',
    sidebar: 'link',
    actions: noUpdate,
    document: { numberPrefix: 'CM', referenced: false },
    party: 'customer',
    takesCash: true,
  },
  {
    key: 'acknowledgment-receipts',
    area: 'sales',
    singular: 'Acknowledgment Receipt',
    plural: 'Acknowledgment Receipts',
    sidebar: 'link',
    actions: noUpdate,
    document: { numberPrefix: 'AR', referenced: false },
    party: 'customer',
    takesCash: true,
  },
  {
    key: 'payer-claims',
    area: 'sales',
    singular: 'Payer Claim',
    plural: 'Payer Claims',
    sidebar: 'link',
    actions: noUpdate,
    document: { numberPrefix: 'HC', referenced: false },
  },
  {
    key: 'cash-sessions',
    area: 'sales',
    room: 'cash',
    singular: 'Cash Session',
    plural: 'Cash Sessions',
    sidebar: 'link',
    actions: madeOnce,
  },
  {
    key: 'z-readings',
    area: 'sales',
    room: 'cash',
    singular: 'Z-Reading',
    plural: 'Z-Readings',
    sidebar: 'link',
    actions: madeOnce,
    document: { numberPrefix: 'Z', referenced: false },
  },
  {
    key: 'quotations',
    area: 'sales',
    singular: 'Quotation',
    plural: 'Quotations',
    sidebar: 'header',
    actions: noUpdate,
    document: { numberPrefix: 'Q', referenced: true },
    party: 'customer',
  },
  {
    key: 'discount-programs',
    area: 'sales',
    singular: 'Discount Program',
    plural: 'Discount Programs',
    sidebar: 'link',
    actions: everyAction,
  },
  {
    key: 'prescriptions',
    area: 'eye-care',
    singular: 'Prescription',
    plural: 'Prescriptions',
    sidebar: 'link',
    actions: everyAction,
    party: 'customer',
  },
  {
    key: 'job-orders',
    area: 'eye-care',
    singular: 'Job Order',
    plural: 'Job Orders',
    sidebar: 'link',
    actions: everyAction,
    document: { numberPrefix: 'JO', referenced: false },
    party: 'customer',
  },
  {
    key: 'benefits',
    area: 'eye-care',
    singular: 'Benefit',
    plural: 'Benefits',
    sidebar: 'link',
    actions: everyAction,
    party: 'customer',
  },
  { key: 'loas', area: 'eye-care', singular: 'LOA', plural: 'LOAs', sidebar: 'link', actions: everyAction },
  {
    key: 'warranty-terms',
    area: 'eye-care',
    singular: 'Warranty Term',
    plural: 'Warranty Terms',
    sidebar: 'link',
    actions: everyAction,
  },
  {
    key: 'warranty-claims',
    area: 'eye-care',
    singular: 'Warranty Claim',
    plural: 'Warranty Claims',
    sidebar: 'link',
    actions: noUpdate,
    document: { numberPrefix: 'WC', referenced: false },
    party: 'customer',
  },
  {
    key: 'stock-requests',
    area: 'logistics',
    singular: 'Stock Request',
    plural: 'Stock Requests',
    sidebar: 'link',
    actions: everyAction,
    document: { numberPrefix: 'SR', referenced: false },
  },
  {
    key: 'stock-transfers',
    area: 'logistics',
    singular: 'Stock Transfer',
    plural: 'Stock Transfers',
    sidebar: 'link',
    actions: noUpdate,
    document: { numberPrefix: 'ST', referenced: false },
  },
  {
    key: 'stock-receives',
    area: 'logistics',
    singular: 'Stock Receive',
    plural: 'Stock Receives',
    sidebar: 'link',
    actions: noUpdate,
    document: { numberPrefix: 'SRC', referenced: false },
  },
  {
    key: 'stock-returns',
    area: 'logistics',
    singular: 'Stock Return',
    plural: 'Stock Returns',
    sidebar: 'link',
    actions: noUpdate,
    document: { numberPrefix: 'SRT', referenced: false },
  },
  {
    key: 'stock-adjustments',
    area: 'logistics',
    singular: 'Stock Adjustment',
    plural: 'Stock Adjustments',
    sidebar: 'link',
    actions: noUpdate,
    document: { numberPrefix: 'ADJ', referenced: false },
  },
  {
    key: 'stock-counts',
    area: 'logistics',
    singular: 'Stock Count',
    plural: 'Stock Counts',
    sidebar: 'link',
    actions: noUpdate,
    document: { numberPrefix: 'CNT', referenced: false },
  },
  {
    key: 'businesses',
    area: 'management',
    singular: 'Business',
    plural: 'Businesses',
    sidebar: 'header',
    actions: everyAction,
  },
  {
    key: 'warehouses',
    area: 'management',
    singular: 'Warehouse',
    plural: 'Warehouses',
    sidebar: 'link',
    actions: everyAction,
  },
  {
    key: 'branches',
    area: 'management',
    singular: 'Branch',
    plural: 'Branches',
    sidebar: 'link',
    actions: everyAction,
  },
  {
    key: 'terminals',
    area: 'management',
    singular: 'Terminal',
    plural: 'Terminals',
    sidebar: 'link',
    actions: everyAction,
  },
  {
    key: 'contacts',
    area: 'management',
    singular: 'Contact',
    plural: 'Contacts',
    sidebar: 'link',
    actions: everyAction,
  },
  {
    key: 'contact-types',
    area: 'management',
    singular: 'Contact Type',
    plural: 'Contact Types',
    sidebar: 'link',
    actions: everyAction,
    shape: 'fields',
  },
  { key: 'users', area: 'management', singular: 'User', plural: 'Users', sidebar: 'link', actions: everyAction },
  { key: 'roles', area: 'management', singular: 'Role', plural: 'Roles', sidebar: 'link', actions: everyAction },
  {
    key: 'messages',
    area: 'management',
    singular: 'Message',
    plural: 'Messages',
    sidebar: 'link',
    actions: viewOnly,
  },
  {
    key: 'message-templates',
    area: 'management',
    singular: 'Message Template',
    plural: 'Message Templates',
    sidebar: 'link',
    actions: everyAction,
  },
  {
    key: 'permissions',
    area: 'management',
    singular: 'Permission',
    plural: 'Permissions',
    sidebar: 'link',
    actions: viewOnly,
  },
  // The outbox of e-invoices to the BIR's EIS (docs/domain/management.md, E-invoices): written by the postings of
  // invoices and credit memos, moved by the sender; a user only reads them and asks for a retry.
  {
    key: 'e-invoices',
    area: 'management',
    singular: 'E-Invoice',
    plural: 'E-Invoices',
    sidebar: 'link',
    actions: viewOnly,
  },
] as const satisfies readonly RegistryEntry[];

export type ResourceKey = (typeof registry)[number]['key'];

type DocumentEntry = Extract<(typeof registry)[number], { document: object }>;
export type DocumentResourceKey = DocumentEntry['key'];
type KindOf<K extends string> = K extends `${infer Kind}s` ? Kind : never;
// A document's kind at the count endpoints and in the ledger: its key without the final s.
export type DocumentKind = KindOf<DocumentResourceKey>;
// Credit and debit memos count their reference numbers per contact under one kind of their own (docs/domain/sales.md,
// Credit memos), so their entries say `referenced: false` and the kind is added here.
export const memorandumReferenceKind = 'document-memorandum';
export type ReferencedDocumentKind =
  | KindOf<Extract<DocumentEntry, { document: { referenced: true } }>['key']>
  | typeof memorandumReferenceKind;

// The documents whose money goes through a drawer.
export type CashDocumentKey = Extract<(typeof registry)[number], { takesCash: true }>['key'];
export const cashDocumentKeys = registry.flatMap((entry) =>
  'takesCash' in entry ? [entry.key as CashDocumentKey] : [],
) as readonly CashDocumentKey[];

export function documentKindOf<K extends DocumentResourceKey>(key: K): KindOf<K> {
  return key.replace(/s$/, '') as KindOf<K>;
}

export const documentEntries: readonly DocumentEntry[] = registry.filter(
  (entry): entry is DocumentEntry => 'document' in entry,
);

// The contract's `DocumentName` and `ReferenceDocumentName` enums, which scripts/contract/generate.ts writes from
// these into openapi/generated/documents.yaml: a document joins the counters by its registry entry alone.
export const documentKinds: readonly DocumentKind[] = documentEntries.map((entry) => documentKindOf(entry.key));
export const referencedDocumentKinds: readonly ReferencedDocumentKind[] = [
  ...documentEntries.flatMap((entry) => (entry.document.referenced ? [documentKindOf(entry.key)] : [])),
  memorandumReferenceKind,
] as ReferencedDocumentKind[];

export function registryEntry(key: ResourceKey): RegistryEntry {
  const entry = registry.find((candidate) => candidate.key === key);
  if (!entry) throw new Error(`No resource ${key} in the registry`);
  return entry;
}

// Whose permissions a resource goes by: its own key unless its records are another resource's.
export const permissionPrefixOf = (entry: RegistryEntry): string => entry.permissionPrefix ?? entry.key;
