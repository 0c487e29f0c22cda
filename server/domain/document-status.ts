import type { Centavos } from './money.ts';
import type { Thousandths } from './quantity.ts';

// `closed` is set by Close short and never computed from the lines.
export type PurchaseOrderStatus = 'open' | 'partially_received' | 'received' | 'closed';
export type PaymentStatus = 'unpaid' | 'partially_paid' | 'paid';
export type StockTransferStatus = 'in_transit' | 'partially_received' | 'completed';
export type StockRequestStatus = 'pending' | 'partially_transferred' | 'transferred';

type Progress = { ordered: Thousandths; done: Thousandths };

function progressOf(lines: readonly Progress[]): 'none' | 'some' | 'all' {
  const anyDone = lines.some((line) => line.done > 0);
  const allDone = lines.length > 0 && lines.every((line) => line.done >= line.ordered);
  if (allDone) return 'all';
  return anyDone ? 'some' : 'none';
}

export function purchaseOrderStatus(
  lines: readonly { quantity: Thousandths; received_quantity: Thousandths }[],
): PurchaseOrderStatus {
  const progress = progressOf(lines.map((line) => ({ ordered: line.quantity, done: line.received_quantity })));
  return progress === 'all' ? 'received' : progress === 'some' ? 'partially_received' : 'open';
}

export function paymentStatus(total: Centavos, amountPaid: Centavos): PaymentStatus {
  if (amountPaid <= 0) return 'unpaid';
  return amountPaid >= total ? 'paid' : 'partially_paid';
}

// A transfer is completed when received plus returned equals sent on every line.
export function stockTransferStatus(
  lines: readonly {
    quantity: Thousandths;
    received_quantity: Thousandths;
    returned_quantity: Thousandths;
    lost_quantity?: Thousandths;
  }[],
): StockTransferStatus {
  const progress = progressOf(
    lines.map((line) => ({
      ordered: line.quantity,
      done: line.received_quantity + line.returned_quantity + (line.lost_quantity ?? 0),
    })),
  );
  return progress === 'all' ? 'completed' : progress === 'some' ? 'partially_received' : 'in_transit';
}

export function stockRequestStatus(
  lines: readonly { quantity: Thousandths; transferred_quantity: Thousandths }[],
): StockRequestStatus {
  const progress = progressOf(lines.map((line) => ({ ordered: line.quantity, done: line.transferred_quantity })));
  return progress === 'all' ? 'transferred' : progress === 'some' ? 'partially_transferred' : 'pending';
}
