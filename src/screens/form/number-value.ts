// Inputs give text; the contract wants numbers, and null for an empty optional value.
export function toNumberOrNull(raw: unknown): number | null {
  if (raw === '' || raw === null || raw === undefined) return null;
  const value = Number(raw);
  return Number.isNaN(value) ? null : value;
}

export function toTextOrNull(raw: unknown): string | null {
  return raw === '' || raw === null || raw === undefined ? null : String(raw);
}

export const numberStep = { money: '0.01', quantity: '0.001', percent: '1', number: '1', id: '1' } as const;
