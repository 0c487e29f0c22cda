import type { CashTables } from './tables/cash.ts';
import type { DocumentTables } from './tables/documents.ts';
import type { EyeCareTables } from './tables/eye-care.ts';
import type { IdentityEpochTables } from './tables/identity-epoch.ts';
import type { MasterDataTables } from './tables/master-data.ts';
import type { MemorandaTables } from './tables/memoranda.ts';
import type { OpticalCatalogueTables } from './tables/optical-catalogue.ts';
import type { PhilippineSalesTables } from './tables/philippine-sales.ts';
import type { RecordCountTables } from './tables/record-counts.ts';
import type { RecordHistoryTables } from './tables/record-history.ts';
import type { StockAdjustmentTables } from './tables/stock-adjustments.ts';
import type { StockLotTables } from './tables/stock-lots.ts';

// The Kysely view of the whole schema: one table map per area, composed here.
export type Database = MasterDataTables &
  DocumentTables &
  RecordCountTables &
  RecordHistoryTables &
  EyeCareTables &
  PhilippineSalesTables &
  OpticalCatalogueTables &
  StockLotTables &
  StockAdjustmentTables &
  MemorandaTables &
  IdentityEpochTables &
  CashTables;
