// Written by scripts/contract/definition-lists.ts from openapi/owner-reports.yaml and server/areas/reports/*.ts;
// do not edit: `npm run generate` rewrites it (CONTRIBUTING.md, A report).

import { payablesAgingOwnerReport, receivablesAgingOwnerReport } from './aging.ts';
import { benefitsUsedOwnerReport } from './benefits-used.ts';
import { claimsOutstandingOwnerReport } from './claims-outstanding.ts';
import { form2307sPendingOwnerReport } from './form-2307s-pending.ts';
import { payerAgingOwnerReport } from './payer-aging.ts';
import { recallsOwnerReport } from './recalls.ts';
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
  payerAgingOwnerReport,
  slowMoversOwnerReport,
  reorderOwnerReport,
  recallsOwnerReport,
  claimsOutstandingOwnerReport,
  benefitsUsedOwnerReport,
  form2307sPendingOwnerReport,
] as const;
