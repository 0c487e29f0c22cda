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

// A number field never changes by itself: the arrow keys and the mouse wheel step a browser's number input, so a
// cashier's ArrowDown on a quantity turned 1 into -0.001 unseen. Spread on every number input of a form.
export const steadyNumber = {
  onKeyDown: (event: { key: string; preventDefault: () => void }) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') event.preventDefault();
  },
  onWheel: (event: { currentTarget: { blur: () => void } }) => event.currentTarget.blur(),
} as const;
