// Money lives in the database as integer centavos; the API speaks pesos with at most 2 decimals.

export type Centavos = number;

export function pesosToCentavos(pesos: number): Centavos {
  return Math.round(pesos * 100);
}

export function centavosToPesos(centavos: Centavos): number {
  return centavos / 100;
}

export function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

const pesoText = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'PHP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

// The contract's largest amount of money (openapi.yaml `Money`), in pesos.
export const largestPesos = 90_000_000_000_000;

// An amount in a message a person reads: ₱1,234.00.
export function formatPesos(centavos: Centavos): string {
  return pesoText.format(centavos / 100);
}
