import type { DocumentTables } from './tables/documents.ts';
import type { MasterDataTables } from './tables/master-data.ts';
import type { RecordCountTables } from './tables/record-counts.ts';

// The Kysely view of the whole schema: one table map per area, composed here.
export type Database = MasterDataTables & DocumentTables & RecordCountTables;
