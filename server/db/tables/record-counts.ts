// Active and trashed totals per business of each listed table, kept by triggers (migration 003_list_totals).
export type RecordCountsTable = { business_id: number; table_name: string; active: number; trashed: number };

export type RecordCountTables = { record_counts: RecordCountsTable };
