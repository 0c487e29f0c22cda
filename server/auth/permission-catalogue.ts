import { type Area, permissionPrefixOf, registry, resourceActions } from '../registry/resources.ts';
import {
  approveWarrantyExceptionsPermission,
  closeBooksPermission,
  editReceiptCostsPermission,
  fullAccessPermission,
  postBackdatedDocumentsPermission,
  retryEInvoicesPermission,
  viewCostsPermission,
  workAtAnyLocationPermission,
  writeOffDisallowancesPermission,
} from './identity.ts';

// The resources that have permissions of their own (the lots of stock go by view-stocks), by area: each gets
// {action}-{prefix} for every action.
export const permissionGroups: Readonly<Partial<Record<Area, readonly string[]>>> = registry
  .filter((entry) => permissionPrefixOf(entry) === entry.key)
  .reduce<Partial<Record<Area, string[]>>>((groups, entry) => {
    groups[entry.area] = [...(groups[entry.area] ?? []), entry.key];
    return groups;
  }, {});

// Permissions that are not about one resource's records: Daily Sales, and the owner's reports of
// docs/domain/reports.md, each behind `view-report-{name}` (the names come from the reports' own declarations,
// which the areas hand in: server/areas/index.ts).
export const reportPermissionOf = (name: string) => `view-report-${name}`;
function reportPermissions(ownerReportNames: readonly string[]): CataloguedPermission[] {
  return [
    { name: 'view-daily-sales', group: 'sales', action: 'view' },
    ...ownerReportNames.map((name) => ({ name: reportPermissionOf(name), group: 'reports', action: 'view' })),
  ];
}

// Posting a count turns its differences into an adjustment, and shows a blind count's expected figures
// (docs/domain/logistics.md, Stock counts): the counter counts, someone else posts.
export const postStockCountsPermission = 'post-stock-counts';

// A deposit refunded once its job went to the lab, and a ready order left unclaimed forfeited with its deposits
// (docs/domain/sales.md, Deposits; docs/domain/eye-care.md, The order's road): the owner's calls, not the counter's.
export const refundDepositsAfterLabPermission = 'refund-deposits-after-lab';
export const forfeitJobOrdersPermission = 'forfeit-job-orders';

// Permissions that widen what a user may do across every resource (docs/domain/management.md, Permissions).
export const rulePermissions: readonly CataloguedPermission[] = [
  { name: workAtAnyLocationPermission, group: 'management', action: 'all' },
  { name: viewCostsPermission, group: 'purchasing', action: 'view' },
  { name: postBackdatedDocumentsPermission, group: 'sales', action: 'create' },
  { name: postStockCountsPermission, group: 'logistics', action: 'post' },
  { name: closeBooksPermission, group: 'management', action: 'update' },
  { name: editReceiptCostsPermission, group: 'purchasing', action: 'update' },
  { name: retryEInvoicesPermission, group: 'management', action: 'update' },
  { name: refundDepositsAfterLabPermission, group: 'sales', action: 'update' },
  { name: forfeitJobOrdersPermission, group: 'eye-care', action: 'update' },
  { name: writeOffDisallowancesPermission, group: 'sales', action: 'update' },
  { name: approveWarrantyExceptionsPermission, group: 'eye-care', action: 'create' },
];

// What the Administrator role names beside full access (which holds every permission already): the rules a shop
// hands out one by one, named on the role so that they show there.
export const administratorNamedPermissions: readonly string[] = [
  postBackdatedDocumentsPermission,
  closeBooksPermission,
  editReceiptCostsPermission,
  retryEInvoicesPermission,
  refundDepositsAfterLabPermission,
  forfeitJobOrdersPermission,
  writeOffDisallowancesPermission,
  approveWarrantyExceptionsPermission,
];

export type CataloguedPermission = { name: string; group: string; action: string };

export function permissionCatalogue(ownerReportNames: readonly string[]): CataloguedPermission[] {
  const catalogue: CataloguedPermission[] = [{ name: fullAccessPermission, group: 'all', action: 'all' }];
  for (const [group, prefixes] of Object.entries(permissionGroups)) {
    for (const prefix of prefixes) {
      for (const action of resourceActions) catalogue.push({ name: `${action}-${prefix}`, group, action });
    }
  }
  catalogue.push(...reportPermissions(ownerReportNames), ...rulePermissions);
  return catalogue;
}
