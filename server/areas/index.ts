import { permissionCatalogue } from '../auth/permission-catalogue.ts';
import type { AnyResource } from '../engine/resource.ts';
import { registry } from '../registry/resources.ts';
import { definitions } from './definitions.ts';
import { ownerReports } from './reports/owner-report-list.ts';

// Every resource the engine serves (its definition from server/areas/<area>/<key>.ts, listed by `npm run generate`
// in definitions.ts), in the registry's order, with the facts the registry holds for both sides: its
// actions and whose permissions it goes by.
export const resources: readonly AnyResource[] = registry.map((entry) => ({
  ...definitions[entry.key],
  actions: entry.actions,
  ...('permissionPrefix' in entry ? { permissionPrefix: entry.permissionPrefix } : {}),
}));

// Every permission the product seeds: the registry's and the rules' (server/auth/permission-catalogue.ts), and one
// per owner's report, named by the report's own declaration, so that a new report is not listed twice.
export const permissions = permissionCatalogue(ownerReports.map((report) => report.name));
