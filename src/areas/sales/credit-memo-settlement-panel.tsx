import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { toCentavos, toPesos } from '../../format/line-amounts.ts';
import { formatMoney } from '../../format/money.ts';
import { FramedFigures } from '../../ui/framed-figures.tsx';
import { useCreditMemoFigures } from './credit-memo-amounts.ts';

// docs/domain/sales.md, Credit memos: before the memo is saved, what it does with its total: first the invoice's
// balance, and what exceeds it as a refund or as the customer's store credit, as the settlement chosen says.
export function CreditMemoSettlementPanel() {
  const { invoice, total } = useCreditMemoFigures();
  const settlement: unknown = useWatch({ name: 'settlement' });
  useRestockFollowsReason();
  if (!invoice) return null;
  const balance = toCentavos(invoice.balance);
  const applied = Math.min(total, balance);
  const excess = total - applied;
  const rows: [string, number][] = [
    ['Invoice balance', balance],
    ['Memo total', total],
    ['Applied to the invoice', applied],
    [settlement === 'refund' ? 'Refund to the customer' : 'Store credit for the customer', excess],
  ];
  return (
    <FramedFigures
      label="What the memo settles"
      rows={rows.map(([label, value]) => [label, formatMoney(toPesos(value))] as const)}
      labelWidth="48"
      strong="Memo total"
    />
  );
}

// Each line's Restock starts as the reason says (back on the shelf, unless defective) and follows the reason when it
// changes; the cashier then ticks or unticks a line of a mixed return.
function useRestockFollowsReason() {
  const { getValues, setValue } = useFormContext();
  const reason: unknown = useWatch({ name: 'reason' });
  const lines: unknown = useWatch({ name: 'lines' });
  const count = Array.isArray(lines) ? lines.length : 0;
  const lastReason = useRef<unknown>(undefined);
  useEffect(() => {
    const restock = reason !== 'defective';
    const changed = lastReason.current !== reason;
    lastReason.current = reason;
    for (let index = 0; index < count; index += 1) {
      const path = `lines.${index}.restock`;
      if (changed || typeof getValues(path) !== 'boolean') setValue(path, restock);
    }
  }, [reason, count, getValues, setValue]);
}
