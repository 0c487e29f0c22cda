// One row (id 1) whose epoch moves on every change to what a request's identity is read from (migration 013).
export type IdentityEpochTable = { id: number; epoch: number };

export type IdentityEpochTables = { identity_epoch: IdentityEpochTable };
