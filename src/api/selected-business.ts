const storageKey = 'selected_business_id';

// Kept in localStorage so that a reload keeps the business the user picked.
export function getSelectedBusinessId(): number | null {
  const raw = globalThis.localStorage?.getItem(storageKey);
  const id = raw === null || raw === undefined ? Number.NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function setSelectedBusinessId(id: number | null): void {
  if (id === null) globalThis.localStorage?.removeItem(storageKey);
  else globalThis.localStorage?.setItem(storageKey, String(id));
}
