// Active and trashed totals per business of each listed table, kept by triggers (migration 003_list_totals).
export type RecordCountsTable = { business_id: number; table_name: string; active: number; trashed: number };
// Changes to those totals not yet folded into `record_counts` (migration 010: stocks on PostgreSQL).
export type RecordCountChangesTable = RecordCountsTable;
// Which columns each table's search index covers (migration 010, server/engine/search/search-index.ts).
export type SearchIndexesTable = { table_name: string; columns: string };

// Moves on every write a search of the table could see (migration 014, engine/search/search-cache.ts); on PostgreSQL
// plus the table's rows in `search_epoch_changes` not yet folded into it.
export type SearchEpochsTable = { table_name: string; epoch: number };
export type SearchEpochChangesTable = { table_name: string };

export type RecordCountTables = {
  record_counts: RecordCountsTable;
  record_count_changes: RecordCountChangesTable;
  search_indexes: SearchIndexesTable;
  search_epochs: SearchEpochsTable;
  search_epoch_changes: SearchEpochChangesTable;
};
