// Written by scripts/contract/definition-lists.ts from openapi/owner-reports.yaml and server/areas/reports/*.ts;
// do not edit: `npm run generate` rewrites it (CONTRIBUTING.md, A report).

import { payablesAgingOwnerReport, receivablesAgingOwnerReport } from './aging.ts';
import { recallsOwnerReport } from './recalls.ts';
import { remakesOwnerReport } from './remakes.ts';
import { reorderOwnerReport } from './reorder.ts';
import { salesOwnerReport } from './sales-report.ts';
import { slowMoversOwnerReport } from './slow-movers.ts';
import { stockValuationOwnerReport } from './stock-valuation.ts';

// Every owner's report, in the order of the contract's paths.
export const ownerReports = [
  stockValuationOwnerReport,
  salesOwnerReport,
  receivablesAgingOwnerReport,
  payablesAgingOwnerReport,
  slowMoversOwnerReport,
  reorderOwnerReport,
  recallsOwnerReport,
  remakesOwnerReport,
] as const;
