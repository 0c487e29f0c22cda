// What a change did to a record, field by field, as {field: [old, new]} over its presented form (the contract's
// names and units: pesos, not centavos; no secrets). Audit columns and the business say when, who and where,
// which the entry says itself.
export type Changes = Record<string, [unknown, unknown]>;

type Presented = Record<string, unknown>;

const auditFields = new Set([
  'id',
  'business_id',
  'created_at',
  'updated_at',
  'deleted_at',
  'created_by',
  'updated_by',
]);

// Lines are re-inserted on an edit, so their ids and timestamps change without anything the user changed.
function comparable(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((element) =>
    typeof element === 'object' && element !== null && !Array.isArray(element)
      ? Object.fromEntries(Object.entries(element).filter(([key]) => !auditFields.has(key)))
      : element,
  );
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (Array.isArray(value) && value.length === 0);
}

// `before` null: a creation, whose changes are the fields it set.
export function changesBetween(before: Presented | null, after: Presented): Changes {
  const changes: Changes = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after)]);
  for (const field of fields) {
    if (auditFields.has(field)) continue;
    const old = before === null ? null : comparable(before[field] ?? null);
    const now = comparable(after[field] ?? null);
    if (before === null ? isEmpty(now) : JSON.stringify(old) === JSON.stringify(now)) continue;
    changes[field] = [old, now];
  }
  return changes;
}

export function asPresented(record: unknown): Presented {
  return typeof record === 'object' && record !== null ? (record as Presented) : {};
}
