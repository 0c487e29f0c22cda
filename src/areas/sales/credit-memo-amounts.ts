import { useWatch } from 'react-hook-form';
import type { Invoice } from '../../../generated/model/index.ts';
import { creditedAmount } from '../../../server/domain/credited-amount.ts';
import { toThousandths } from '../../../server/domain/quantity.ts';
import { toCentavos } from '../../format/line-amounts.ts';
import { useLinkedRecord } from '../../screens/form/linked-record.ts';

const asNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

// docs/domain/sales.md, Credit memos: what each line of the memo being typed credits, worked out from its invoice's
// line as the server will (the share of what was paid for that quantity, or the amount of a price adjustment), so
// that the form's amounts and total are the memo's before it is saved. Null while the invoice is loading or the line
// names none of its lines.
export function useCreditLineAmounts(lines: readonly Record<string, unknown>[]): (number | null)[] {
  const invoice = useLinkedRecord('invoice_id', 'invoices') as Invoice | null;
  const byId = new Map((invoice?.lines ?? []).map((line) => [line.id, line]));
  return lines.map((line) => {
    const source = byId.get(Number(line.invoice_line_id));
    if (!source) return null;
    const quantity = asNumber(line.quantity);
    const amount = asNumber(line.amount);
    return creditedAmount(
      {
        quantity: toThousandths(source.quantity),
        amount: toCentavos(source.amount),
        credited_quantity: toThousandths(source.credited_quantity),
        credited_amount: toCentavos(source.credited_amount),
      },
      quantity === null ? null : toThousandths(quantity),
      amount === null ? null : toCentavos(amount),
    );
  });
}

// The invoice a credit memo credits and what its lines add up to, for the settlement panel.
export function useCreditMemoFigures() {
  const invoice = useLinkedRecord('invoice_id', 'invoices') as Invoice | null;
  const lines: unknown = useWatch({ name: 'lines' });
  const amounts = useCreditLineAmounts(Array.isArray(lines) ? (lines as Record<string, unknown>[]) : []);
  const total = amounts.reduce<number>((sum, amount) => sum + (amount ?? 0), 0);
  return { invoice, total };
}
