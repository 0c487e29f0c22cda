import { Checkbox, Field, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useGetContact } from '../../../generated/hooks/contacts/contacts.ts';
import {
  getGetPayerClaimQueryKey,
  recordPayerClaimPayment,
} from '../../../generated/hooks/payer-claims/payer-claims.ts';
import type { PayerClaim, PayerClaimPaymentBody, PayerPaymentMethod } from '../../../generated/model/index.ts';
import { useGate } from '../../auth/use-permissions.ts';
import { businessDayIso } from '../../format/date.ts';
import { toCentavos, toPesos } from '../../format/line-amounts.ts';
import { formatMoney } from '../../format/money.ts';
import { errorMessage, validationErrors } from '../../screens/shared/request-error.ts';
import { ActionDialog } from '../../ui/action-dialog.tsx';
import { TableHeadings } from '../../ui/striped-table.tsx';
import { notifyError, notifySuccess } from '../../ui/toaster.tsx';

type Row = { invoiceId: number; label: string; left: number; amount: string };
type Mode = 'payment' | 'disallow';

const methods: { value: PayerPaymentMethod; label: string }[] = [
  { value: 'bank_transfer', label: 'Bank transfer' },
  { value: 'check', label: 'Check' },
  { value: 'cash', label: 'Cash' },
];

const openLines = (claim: PayerClaim) =>
  claim.lines
    .map((line) => ({
      invoiceId: line.invoice_id,
      label: `${line.invoice_number ?? ''} · ${line.contact_name ?? ''}`,
      left: toPesos(toCentavos(line.amount) - toCentavos(line.paid) - toCentavos(line.disallowed)),
    }))
    .filter((line) => line.left > 0);

const centavosOf = (typed: string) => (typed.trim() === '' ? 0 : toCentavos(Number(typed)));
const pesosText = (centavos: number) => toPesos(centavos).toFixed(2);

// Record Payment and Disallow on a payer claim's view (docs/domain/sales.md, Payer claims). A payment settles each
// line's paid with what the payer sent plus what it withheld as its Form 2307 states; the withholding is offered at the
// payer's percent and may be typed over. A disallowance is a payment of nothing: the lines' amounts refused, with why,
// billed back to the member or, for a holder of write-off-disallowances, written off.
export function PayerClaimPaymentDialog({
  claim,
  mode,
  onClose,
}: {
  claim: PayerClaim;
  mode: Mode;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const can = useGate();
  const mayWriteOff = can({ prefix: 'payer-claims', action: 'create', override: ['write-off-disallowances'] });
  const payer = useGetContact(claim.payer_id);
  const percent = payer.data?.withholding_percent ?? 1;
  const [rows, setRows] = useState<Row[]>(() =>
    openLines(claim).map((line) => ({ ...line, amount: mode === 'payment' ? line.left.toFixed(2) : '' })),
  );
  const linesTotal = rows.reduce((sum, row) => sum + centavosOf(row.amount), 0);
  const [withheld, setWithheld] = useState<string | null>(null);
  const [received, setReceived] = useState<string | null>(null);
  const suggestedTax = Math.round((linesTotal * percent) / 100);
  const taxText = withheld ?? pesosText(suggestedTax);
  const receivedText = received ?? pesosText(linesTotal - centavosOf(taxText));
  const [date, setDate] = useState(businessDayIso());
  const [method, setMethod] = useState<PayerPaymentMethod>('bank_transfer');
  const [form2307, setForm2307] = useState('');
  const [toFollow, setToFollow] = useState(false);
  const [reason, setReason] = useState('');
  const [writeOff, setWriteOff] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const record = useMutation({
    mutationFn: (body: PayerClaimPaymentBody) => recordPayerClaimPayment(claim.id, body),
    onSuccess: async () => {
      notifySuccess(
        mode === 'payment'
          ? `Payer Claim ${claim.number} payment recorded successfully.`
          : `Payer Claim ${claim.number} disallowance recorded successfully.`,
      );
      await queryClient.invalidateQueries({ queryKey: getGetPayerClaimQueryKey(claim.id) });
      onClose();
    },
    onError: (error) => {
      const fields = validationErrors(error);
      if (fields) setErrors(fields);
      else notifyError(errorMessage(error));
    },
  });
  const chosen = rows.map((row, index) => ({ row, index })).filter(({ row }) => centavosOf(row.amount) > 0);
  const submit = () => {
    setErrors({});
    if (chosen.length === 0) {
      setErrors({ form: `Enter what was ${mode === 'payment' ? 'paid' : 'disallowed'} on at least one line.` });
      return;
    }
    if (mode === 'disallow' && !reason.trim()) {
      setErrors({ reason: 'Say why the payer disallowed it.' });
      return;
    }
    const lines = chosen.map(({ row }) =>
      mode === 'payment'
        ? { invoice_id: row.invoiceId, paid: toPesos(centavosOf(row.amount)) }
        : {
            invoice_id: row.invoiceId,
            disallowed: toPesos(centavosOf(row.amount)),
            reason: reason.trim(),
            write_off: writeOff,
          },
    );
    record.mutate(
      mode === 'payment'
        ? {
            payment_date: date,
            payment_method: method,
            amount_received: toPesos(centavosOf(receivedText)),
            tax_withheld: toPesos(centavosOf(taxText)),
            form_2307_number: toFollow || !form2307.trim() ? null : form2307.trim(),
            lines,
          }
        : { payment_date: date, amount_received: 0, tax_withheld: 0, lines },
    );
  };
  const lineError = (index: number) => {
    const position = chosen.findIndex((entry) => entry.index === index);
    if (position < 0) return undefined;
    return (
      errors[`lines.${position}.paid`] ??
      errors[`lines.${position}.disallowed`] ??
      errors[`lines.${position}.invoice_id`]
    );
  };
  const update = (index: number, amount: string) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, amount } : row)));
  const header = (id: string, label: string, error: string | undefined, input: ReactNode) => (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      {input}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
  return (
    <ActionDialog
      title={mode === 'payment' ? 'Record Payment' : 'Disallow'}
      actionLabel={mode === 'payment' ? 'Record Payment' : 'Disallow'}
      palette={mode === 'payment' ? 'teal' : 'red'}
      busy={record.isPending}
      onAction={submit}
      onClose={onClose}
    >
      <Stack gap="3">
        {errors.form ? <Text color="fg.error">{errors.form}</Text> : null}
        {header(
          'payer-payment-date',
          mode === 'payment' ? 'Payment Date' : 'Date',
          errors.payment_date,
          <Input id="payer-payment-date" type="date" value={date} onChange={(event) => setDate(event.target.value)} />,
        )}
        <Table.Root size="sm">
          <TableHeadings
            headings={['Invoice', { label: 'Left', end: true }, mode === 'payment' ? 'Paid' : 'Disallowed']}
          />
          <Table.Body>
            {rows.map((row, index) => (
              <Table.Row key={row.invoiceId}>
                <Table.Cell>{row.label}</Table.Cell>
                <Table.Cell textAlign="end">{formatMoney(row.left)}</Table.Cell>
                <Table.Cell>
                  <Field.Root invalid={Boolean(lineError(index))}>
                    <Field.Label srOnly htmlFor={`payer-line-${index}`}>
                      {`${mode === 'payment' ? 'Paid' : 'Disallowed'} ${index + 1}`}
                    </Field.Label>
                    <Input
                      id={`payer-line-${index}`}
                      inputMode="decimal"
                      value={row.amount}
                      onChange={(event) => update(index, event.target.value)}
                    />
                    {lineError(index) ? <Field.ErrorText>{lineError(index)}</Field.ErrorText> : null}
                  </Field.Root>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        {mode === 'payment' ? (
          <>
            <Text color="fg.muted">{`Lines paid ${formatMoney(toPesos(linesTotal))} = amount received + tax withheld.`}</Text>
            {header(
              'payer-tax-withheld',
              `Tax Withheld (as the 2307 states; ${percent}% offered)`,
              errors.tax_withheld,
              <Input
                id="payer-tax-withheld"
                inputMode="decimal"
                value={taxText}
                onChange={(event) => setWithheld(event.target.value)}
              />,
            )}
            {header(
              'payer-amount-received',
              'Amount Received',
              errors.amount_received,
              <Input
                id="payer-amount-received"
                inputMode="decimal"
                value={receivedText}
                onChange={(event) => setReceived(event.target.value)}
              />,
            )}
            {header(
              'payer-method',
              'Method',
              errors.payment_method,
              <NativeSelect.Root>
                <NativeSelect.Field
                  id="payer-method"
                  value={method}
                  onChange={(event) => setMethod(event.target.value as PayerPaymentMethod)}
                >
                  {methods.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>,
            )}
            {header(
              'payer-form-2307',
              'Form 2307 Number',
              errors.form_2307_number,
              <Input
                id="payer-form-2307"
                value={toFollow ? '' : form2307}
                disabled={toFollow}
                onChange={(event) => setForm2307(event.target.value)}
              />,
            )}
            <Checkbox.Root checked={toFollow} onCheckedChange={(details) => setToFollow(details.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>The 2307 is to follow</Checkbox.Label>
            </Checkbox.Root>
          </>
        ) : (
          <>
            {header(
              'payer-disallow-reason',
              'Reason',
              errors.reason ?? chosen.map((_, position) => errors[`lines.${position}.reason`]).find(Boolean),
              <Input id="payer-disallow-reason" value={reason} onChange={(event) => setReason(event.target.value)} />,
            )}
            {header(
              'payer-disallow-to',
              'What Becomes of It',
              undefined,
              <NativeSelect.Root>
                <NativeSelect.Field
                  id="payer-disallow-to"
                  value={writeOff ? 'write_off' : 'member'}
                  onChange={(event) => setWriteOff(event.target.value === 'write_off')}
                >
                  <option value="member">Bill back to the member</option>
                  {mayWriteOff ? <option value="write_off">Write off</option> : null}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>,
            )}
          </>
        )}
      </Stack>
    </ActionDialog>
  );
}
