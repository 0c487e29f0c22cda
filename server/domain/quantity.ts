// Quantities live in the database as integer thousandths; the API speaks numbers with at most 3 decimals.

export type Thousandths = number;

export function toThousandths(quantity: number): Thousandths {
  return Math.round(quantity * 1000);
}

export function fromThousandths(thousandths: Thousandths): number {
  return thousandths / 1000;
}
