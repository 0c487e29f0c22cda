import type { Migration } from 'kysely/migration';
import * as masterData from './001_master_data.ts';
import * as documents from './002_documents.ts';
import * as listTotals from './003_list_totals.ts';
import * as recordHistory from './005_record_history.ts';
import * as eyeCare from './007_eye_care.ts';
import * as philippineSales from './008_philippine_sales.ts';
import * as opticalCatalogue from './009_optical_catalogue.ts';
import * as searchAndStockTotals from './010_search_and_stock_totals.ts';
import * as stockLots from './011_stock_lots.ts';
import * as identityEpoch from './013_identity_epoch.ts';
import * as searchEpochs from './014_search_epochs.ts';
import * as reportLedgerValues from './015_report_ledger_values.ts';
import * as stockAdjustmentsAndCounts from './016_stock_adjustments_and_counts.ts';
import * as creditMemos from './017_credit_memos.ts';
import * as debitMemos from './018_debit_memos.ts';
import * as cashSessionsAndZReadings from './019_cash_sessions_and_z_readings.ts';

// Every migration, in order. A static list (not a folder scan) so that bundling and tests see the same set.
export const migrations: Record<string, Migration> = {
  '001_master_data': masterData,
  '002_documents': documents,
  '003_list_totals': listTotals,
  '005_record_history': recordHistory,
  '007_eye_care': eyeCare,
  '008_philippine_sales': philippineSales,
  '009_optical_catalogue': opticalCatalogue,
  '010_search_and_stock_totals': searchAndStockTotals,
  '011_stock_lots': stockLots,
  '013_identity_epoch': identityEpoch,
  '014_search_epochs': searchEpochs,
  '015_report_ledger_values': reportLedgerValues,
  '016_stock_adjustments_and_counts': stockAdjustmentsAndCounts,
  '017_credit_memos': creditMemos,
  '018_debit_memos': debitMemos,
  '019_cash_sessions_and_z_readings': cashSessionsAndZReadings,
};
