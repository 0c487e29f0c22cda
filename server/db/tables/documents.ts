// Filled by the stock ledger work (issue 4): documents, their lines, counters, stocks and movements.
export type DocumentTables = Record<never, never>;
