// Filled by the API server work (issue 3): businesses, users, roles, permissions, sessions and master data.
export type MasterDataTables = Record<never, never>;
