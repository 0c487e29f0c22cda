import {
  fullAccessPermission,
  postBackdatedDocumentsPermission,
  viewCostsPermission,
  workAtAnyLocationPermission,
} from './identity.ts';

// The owner's reports of docs/domain/reports.md, each behind `view-report-{name}`.
export const ownerReportNames = [
  'stock-valuation',
  'sales',
  'receivables-aging',
  'payables-aging',
  'slow-movers',
  'reorder',
  'recalls',
] as const;

// The resource prefixes of docs/domain/screens.md (Routes, Sidebar) by sidebar group; each gets {action}-{prefix} for
// every action.
export const permissionGroups: Readonly<Record<string, readonly string[]>> = {
  inventory: [
    'brands',
    'measuring-masses',
    'unit-of-measurements',
    'conversions',
    'item-classifications',
    'item-types',
    'items',
    'stocks',
  ],
  purchasing: ['purchase-item-prices', 'purchase-orders', 'receive-orders', 'bills', 'bill-payments'],
  sales: [
    'sale-item-prices',
    'quotations',
    'invoices',
    'invoice-payments',
    'discount-programs',
    'cash-sessions',
    'z-readings',
  ],
  'eye-care': ['prescriptions', 'job-orders'],
  logistics: [
    'stock-requests',
    'stock-transfers',
    'stock-receives',
    'stock-returns',
    'stock-adjustments',
    'stock-counts',
  ],
  management: ['businesses', 'warehouses', 'branches', 'contact-types', 'contacts', 'users', 'roles', 'permissions'],
};

export const permissionActions = ['view', 'create', 'update', 'delete', 'restore', 'force-delete'] as const;

// Permissions that are not about one resource's records.
export const reportPermissions: readonly CataloguedPermission[] = [
  { name: 'view-daily-sales', group: 'sales', action: 'view' },
  ...ownerReportNames.map((name) => ({ name: `view-report-${name}`, group: 'reports', action: 'view' })),
];

// Posting a count turns its differences into an adjustment, and shows a blind count's expected figures
// (docs/domain/logistics.md, Stock counts): the counter counts, someone else posts.
export const postStockCountsPermission = 'post-stock-counts';

// Permissions that widen what a user may do across every resource (docs/domain/management.md, Permissions).
export const rulePermissions: readonly CataloguedPermission[] = [
  { name: workAtAnyLocationPermission, group: 'management', action: 'all' },
  { name: viewCostsPermission, group: 'purchasing', action: 'view' },
  { name: postBackdatedDocumentsPermission, group: 'sales', action: 'create' },
  { name: postStockCountsPermission, group: 'logistics', action: 'post' },
];

export type CataloguedPermission = { name: string; group: string; action: string };

export function permissionCatalogue(): CataloguedPermission[] {
  const catalogue: CataloguedPermission[] = [{ name: fullAccessPermission, group: 'all', action: 'all' }];
  for (const [group, prefixes] of Object.entries(permissionGroups)) {
    for (const prefix of prefixes) {
      for (const action of permissionActions) catalogue.push({ name: `${action}-${prefix}`, group, action });
    }
  }
  catalogue.push(...reportPermissions, ...rulePermissions);
  return catalogue;
}
