import type { BenefitColumns } from './migrations/025-049/042_benefits.ts';
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

// The tables made before migrations declared their own: one table map per area, a table that a later area adds
// columns to appearing in both (their intersection is the whole row).
type TableMaps = MasterDataTables &
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
  CashTables &
  BenefitColumns;

// The Kysely view of the whole schema. An interface, so that a migration that creates a table declares its type
// beside it (`declare module '../database.ts' { interface Database { ... } }`, CONTRIBUTING.md), with no list here
// to add it to.
export interface Database extends TableMaps {}
