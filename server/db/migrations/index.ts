import type { Migration } from 'kysely/migration';
import * as masterData from './001_master_data.ts';
import * as documents from './002_documents.ts';
import * as listTotals from './003_list_totals.ts';

// Every migration, in order. A static list (not a folder scan) so that bundling and tests see the same set.
export const migrations: Record<string, Migration> = {
  '001_master_data': masterData,
  '002_documents': documents,
  '003_list_totals': listTotals,
};
