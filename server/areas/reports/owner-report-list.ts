// Written by scripts/contract/definition-lists.ts from openapi/reports/owner-reports.yaml and
// server/areas/reports/*.ts; do not edit: `npm run generate` rewrites it (CONTRIBUTING.md, A report).

import { payablesAgingOwnerReport, receivablesAgingOwnerReport } from './aging.ts';
import { benefitsUsedOwnerReport } from './benefits-used.ts';
import { cashDisbursementsJournalOwnerReport, cashReceiptsJournalOwnerReport } from './books/cash-journals.ts';
import { esalesOwnerReport } from './books/esales.ts';
import { form2307sPendingOwnerReport } from './books/form-2307s-pending.ts';
import { purchaseJournalOwnerReport } from './books/purchase-journal.ts';
import { salesJournalOwnerReport } from './books/sales-journal.ts';
import { summaryListOfPurchasesOwnerReport, summaryListOfSalesOwnerReport } from './books/summary-lists.ts';
import { claimsOutstandingOwnerReport } from './claims-outstanding.ts';
import { inventoryListOwnerReport } from './inventory-list.ts';
import { payerAgingOwnerReport } from './payer-aging.ts';
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
  payerAgingOwnerReport,
  slowMoversOwnerReport,
  reorderOwnerReport,
  recallsOwnerReport,
  salesJournalOwnerReport,
  purchaseJournalOwnerReport,
  cashReceiptsJournalOwnerReport,
  cashDisbursementsJournalOwnerReport,
  summaryListOfSalesOwnerReport,
  summaryListOfPurchasesOwnerReport,
  inventoryListOwnerReport,
  esalesOwnerReport,
  claimsOutstandingOwnerReport,
  benefitsUsedOwnerReport,
  form2307sPendingOwnerReport,
  remakesOwnerReport,
] as const;
