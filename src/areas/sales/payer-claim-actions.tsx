import { Button, Field, Input, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  getGetPayerClaimQueryKey,
  submitPayerClaim,
  updatePayerClaimPayment,
  useGetPayerClaim,
} from '../../../generated/hooks/payer-claims/payer-claims.ts';
import type { PayerClaim } from '../../../generated/model/index.ts';
import { useGate } from '../../auth/use-permissions.ts';
import { formatDate } from '../../format/date.ts';
import { formatMoney } from '../../format/money.ts';
import { errorMessage, validationErrors } from '../../screens/shared/request-error.ts';
import { ActionDialog } from '../../ui/action-dialog.tsx';
import { LabelledChoice } from '../../ui/choice-select.tsx';
import { notifyError, notifySuccess } from '../../ui/toaster.tsx';
import { PayerClaimPaymentDialog } from './payer-claim-payment-dialog.tsx';

type Open = 'submit' | 'payment' | 'disallow' | 'form-2307' | null;

const settling = (claim: PayerClaim) => claim.status === 'submitted' || claim.status === 'partly_paid';
const awaiting2307 = (claim: PayerClaim) =>
  claim.payments.filter((payment) => payment.form_2307_number === null && payment.tax_withheld > 0);

// The claim's moves on its view (docs/domain/sales.md, Payer claims): Submit a draft; Record Payment and Disallow on a
// submitted or partly paid claim; Record 2307 for a payment whose form came later. The server's permission gates them.
export function PayerClaimActions({ id }: { id: number; canUpdate: boolean }) {
  const claim = useGetPayerClaim(id);
  const can = useGate();
  const [open, setOpen] = useState<Open>(null);
  const data = claim.data;
  if (!data || data.deleted_at !== null || !can({ prefix: 'payer-claims', action: 'create' })) return null;
  const close = () => setOpen(null);
  return (
    <>
      {data.status === 'draft' ? (
        <Button variant="outline" colorPalette="teal" onClick={() => setOpen('submit')}>
          Submit
        </Button>
      ) : null}
      {settling(data) ? (
        <>
          <Button variant="outline" colorPalette="teal" onClick={() => setOpen('payment')}>
            Record Payment
          </Button>
          <Button variant="outline" colorPalette="teal" onClick={() => setOpen('disallow')}>
            Disallow
          </Button>
        </>
      ) : null}
      {awaiting2307(data).length > 0 ? (
        <Button variant="outline" colorPalette="teal" onClick={() => setOpen('form-2307')}>
          Record 2307
        </Button>
      ) : null}
      {open === 'submit' ? <SubmitDialog claim={data} onClose={close} /> : null}
      {open === 'payment' || open === 'disallow' ? (
        <PayerClaimPaymentDialog claim={data} mode={open} onClose={close} />
      ) : null}
      {open === 'form-2307' ? <Form2307Dialog claim={data} onClose={close} /> : null}
    </>
  );
}

function SubmitDialog({ claim, onClose }: { claim: PayerClaim; onClose: () => void }) {
  const queryClient = useQueryClient();
  const submit = useMutation({
    mutationFn: () => submitPayerClaim(claim.id),
    onSuccess: async () => {
      notifySuccess(`Payer Claim ${claim.number} submitted successfully.`);
      await queryClient.invalidateQueries({ queryKey: getGetPayerClaimQueryKey(claim.id) });
      onClose();
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
  return (
    <ActionDialog
      title={`Submit claim ${claim.number}?`}
      actionLabel="Submit"
      busy={submit.isPending}
      onAction={() => submit.mutate()}
      onClose={onClose}
      alert
    >
      <Text>
        {`The claim of ${formatMoney(claim.total)} goes to ${claim.payer_name ?? 'the payer'}; its lines can no longer be
        claimed elsewhere, and the payer's payment can be recorded on it.`}
      </Text>
    </ActionDialog>
  );
}

function Form2307Dialog({ claim, onClose }: { claim: PayerClaim; onClose: () => void }) {
  const queryClient = useQueryClient();
  const pending = awaiting2307(claim);
  const [paymentId, setPaymentId] = useState(pending[0]?.id ?? 0);
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const record = useMutation({
    mutationFn: () => updatePayerClaimPayment(claim.id, paymentId, { form_2307_number: number.trim() }),
    onSuccess: async () => {
      notifySuccess(`Form 2307 ${number.trim()} recorded successfully.`);
      await queryClient.invalidateQueries({ queryKey: getGetPayerClaimQueryKey(claim.id) });
      onClose();
    },
    onError: (failure) => {
      const fields = validationErrors(failure);
      if (fields) setError(fields.form_2307_number ?? Object.values(fields)[0] ?? null);
      else notifyError(errorMessage(failure));
    },
  });
  const submit = () => {
    if (!number.trim()) {
      setError("Enter the Form 2307's number.");
      return;
    }
    setError(null);
    record.mutate();
  };
  return (
    <ActionDialog title="Record 2307" actionLabel="Record" busy={record.isPending} onAction={submit} onClose={onClose}>
      <LabelledChoice
        label="Payment"
        room={{ mb: '3' }}
        id="form-2307-payment"
        choices={pending.map((payment) => ({
          value: String(payment.id),
          label: `${formatDate(payment.payment_date)} · received ${formatMoney(payment.amount_received)} · withheld ${formatMoney(payment.tax_withheld)}`,
        }))}
        value={paymentId}
        onChange={(event) => setPaymentId(Number(event.target.value))}
      />
      <Field.Root invalid={error !== null}>
        <Field.Label htmlFor="form-2307-number">Form 2307 Number</Field.Label>
        <Input id="form-2307-number" value={number} onChange={(event) => setNumber(event.target.value)} />
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      </Field.Root>
    </ActionDialog>
  );
}
