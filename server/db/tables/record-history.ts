import type { Generated } from 'kysely';

export type HistoryAction = 'created' | 'updated' | 'deleted' | 'restored' | 'status';

// One entry of a record's history (migration 005_record_history); `changes` is JSON text {field: [old, new]}.
export type RecordHistoryTable = {
  id: Generated<number>;
  business_id: number | null;
  resource: string;
  record_id: number;
  action: HistoryAction;
  changes: string;
  user_id: number | null;
  at: string;
};

export type RecordHistoryTables = { record_history: RecordHistoryTable };
