import type { ResourceGroup } from '../../resources/resource.ts';

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
  // A lens family's stock by power at one location (DOMAIN.md section 6); an items read.
  {
    key: 'power-grid',
    label: 'Power Grid',
    path: '/items/power-grid',
    group: 'inventory',
    permission: 'view-items',
  },
];
