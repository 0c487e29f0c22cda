import type { ResourceGroup } from '../../resources/resource.ts';
import { ownerReports } from './owner-reports.ts';

// The reports: screens that summarise documents rather than list one resource. Each sits in a sidebar group and
// shows to holders of its own view permission (or full access).
export type ReportDefinition = { key: string; label: string; path: string; group: ResourceGroup; permission: string };

export const reports: readonly ReportDefinition[] = [
  {
    key: 'daily-sales',
    label: 'Daily Sales',
    path: '/reports/daily-sales',
    group: 'sales',
    permission: 'view-daily-sales',
  },
  // The kept prints of the terminals' papers (docs/domain/cash.md, The e-journal), beside the Z-readings whose
  // permission reads it.
  {
    key: 'e-journal',
    label: 'E-Journal',
    path: '/e-journal',
    group: 'sales',
    permission: 'view-z-readings',
  },
  // A lens family's stock by power at one location (docs/domain/eye-care.md, Lenses by power); an items read.
  {
    key: 'power-grid',
    label: 'Power Grid',
    path: '/items/power-grid',
    group: 'inventory',
    permission: 'view-items',
  },
  ...ownerReports.map((report) => ({
    key: report.key,
    label: report.label,
    path: `/reports/${report.key}`,
    group: 'reports' as const,
    permission: report.permission,
  })),
];
