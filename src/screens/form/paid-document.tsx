import { formatMoney } from '../../format/money.ts';
import { resourceByKey } from '../../resources/registry.ts';
import { type PaidDocument, readField } from '../../resources/resource.ts';
import { FramedFigures } from '../../ui/framed-figures.tsx';
import { useLinkedRecord } from './linked-record.ts';

const money = (value: unknown) => formatMoney(typeof value === 'number' ? value : Number(value ?? 0));

// On a payment's form, the document it pays: whose it is, its total, what is paid so far and what is left.
export function PaidDocumentSummary({ pays }: { pays: PaidDocument }) {
  const paid = useLinkedRecord(pays.field, pays.resource);
  if (!paid) return null;
  const singular = resourceByKey(pays.resource).singular;
  const rows: [string, string][] = [
    [singular, String(readField(paid, 'number') ?? '')],
    [pays.partyLabel, String(readField(paid, 'contact_name') ?? '')],
    ['Total', money(readField(paid, 'total'))],
    ['Paid so far', money(readField(paid, 'amount_paid'))],
    ['Balance', money(readField(paid, 'balance'))],
  ];
  return <FramedFigures label={`${singular} being paid`} rows={rows} labelWidth="32" strong="Balance" />;
}
