import { Button, Checkbox, Field, Fieldset, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { confirmLabCredit, remakeJobOrder } from '../../../generated/hooks/job-orders/job-orders.ts';
import type { JobOrder, RemakeAccountable, RemakeReason } from '../../../generated/model/index.ts';
import { useGate } from '../../auth/use-permissions.ts';
import { formatMoney } from '../../format/money.ts';
import { optionsOf } from '../../resources/options.ts';
import type { ViewPanelProps } from '../../resources/resource.ts';
import { errorMessage } from '../../screens/shared/request-error.ts';
import { ActionDialog } from '../../ui/action-dialog.tsx';
import { LabelledChoice } from '../../ui/choice-select.tsx';
import { notifySuccess } from '../../ui/toaster.tsx';

const reasons = optionsOf<RemakeReason>({
  lab_error: 'Lab error',
  prescriber_change: 'Prescriber change',
  measurement: 'Measurement',
  transcription: 'Transcription',
  fit: 'Fit',
  non_adapt: 'Non-adapt',
  breakage: 'Breakage',
  other: 'Other',
});

const accountables = optionsOf<RemakeAccountable>({
  lab: 'Lab',
  prescriber: 'Prescriber',
  optician: 'Optician',
  patient: 'Patient (billed at the remake discount)',
  vendor: 'Vendor',
});

// docs/domain/eye-care.md, Remakes: a ready or claimed order is made again (Remake), and a remake the lab owes a
// credit for shows it, confirmed here when the lab agrees.
export function JobOrderRemakePanel({ record }: ViewPanelProps) {
  const order = record as unknown as JobOrder;
  const gate = useGate();
  const canRemake =
    ['ready', 'claimed'].includes(order.status) &&
    order.deleted_at === null &&
    gate({ prefix: 'job-orders', action: 'create' }) &&
    gate({ prefix: 'job-orders', action: 'update' });
  const credit = order.lab_credit;
  if (!canRemake && !credit) return null;
  return (
    <Stack gap="3" as="section" aria-labelledby="remake-heading">
      <Heading id="remake-heading" size="md">
        Remake
      </Heading>
      {credit ? <LabCreditLine order={order} /> : null}
      {canRemake ? <RemakeButton order={order} /> : null}
    </Stack>
  );
}

function LabCreditLine({ order }: { order: JobOrder }) {
  const credit = order.lab_credit;
  const gate = useGate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const confirm = useMutation({
    mutationFn: (id: number) => confirmLabCredit(id, {}),
    onSuccess: async (confirmed) => {
      setError(null);
      notifySuccess(`Lab credit confirmed on debit memo ${confirmed.debit_memo_number ?? ''}.`);
      await queryClient.invalidateQueries();
    },
    onError: (refusal) => setError(errorMessage(refusal)),
  });
  if (!credit) return null;
  const lab = credit.lab_contact_name ?? 'The lab';
  return (
    <Stack gap="2">
      <Text>
        {credit.status === 'expected'
          ? `${lab} owes a credit of ${formatMoney(credit.amount)} for the lenses of this remake (expected).`
          : `${lab} credited ${formatMoney(credit.amount)} on debit memo ${credit.debit_memo_number ?? ''}.`}
      </Text>
      {credit.status === 'expected' && gate({ prefix: 'debit-memos', action: 'create' }) ? (
        <HStack>
          <Button colorPalette="teal" loading={confirm.isPending} onClick={() => confirm.mutate(credit.id)}>
            Confirm Lab Credit
          </Button>
        </HStack>
      ) : null}
      {error ? <Text color="fg.error">{error}</Text> : null}
    </Stack>
  );
}

function RemakeButton({ order }: { order: JobOrder }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [accountable, setAccountable] = useState('');
  const [notes, setNotes] = useState('');
  // The customer's own frame is not remade; every other line is, unless unticked.
  const [kept, setKept] = useState<number[]>(() => order.lines.map((line) => line.id));
  const [error, setError] = useState<string | null>(null);
  const remake = useMutation({
    mutationFn: (lines: number[]) =>
      remakeJobOrder(order.id, {
        remake_reason: reason as RemakeReason,
        accountable: accountable as RemakeAccountable,
        notes: notes.trim() || null,
        lines,
      }),
    onSuccess: async (made) => {
      setOpen(false);
      notifySuccess(`Job order ${order.number} is remade as ${made.number}.`);
      await queryClient.invalidateQueries();
      navigate(`/job-orders/${made.id}`);
    },
    onError: (refusal) => setError(errorMessage(refusal)),
  });
  const submit = () => {
    if (reason === '' || accountable === '') setError('Choose the reason and who is accountable.');
    else if (kept.length === 0) setError('Choose at least one line to remake.');
    else remake.mutate(order.lines.map((line) => line.id).filter((id) => kept.includes(id)));
  };
  return (
    <>
      <HStack>
        <Button colorPalette="teal" variant="outline" onClick={() => setOpen(true)}>
          Remake
        </Button>
      </HStack>
      <ActionDialog
        open={open}
        title={`Remake ${order.number}`}
        actionLabel="Remake"
        busy={remake.isPending}
        onAction={submit}
        onClose={() => setOpen(false)}
      >
        <Stack gap="3">
          <LabelledChoice
            label="Reason"
            required
            id="remake-reason"
            choices={reasons}
            empty="Choose…"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <LabelledChoice
            label="Accountable"
            required
            id="remake-accountable"
            choices={accountables}
            empty="Choose…"
            value={accountable}
            onChange={(event) => setAccountable(event.target.value)}
          />
          <Field.Root>
            <Field.Label htmlFor="remake-notes">Notes</Field.Label>
            <Textarea id="remake-notes" value={notes} onChange={(event) => setNotes(event.target.value)} />
          </Field.Root>
          <Fieldset.Root>
            <Fieldset.Legend>Lines to Remake</Fieldset.Legend>
            <Stack gap="1">
              {order.lines.map((line) => (
                <Checkbox.Root
                  key={line.id}
                  checked={kept.includes(line.id)}
                  onCheckedChange={(details) =>
                    setKept(details.checked === true ? [...kept, line.id] : kept.filter((lineId) => lineId !== line.id))
                  }
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{`${line.item_name ?? line.item_code ?? ''} (${line.role})`}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
          </Fieldset.Root>
          {error ? <Text color="fg.error">{error}</Text> : null}
        </Stack>
      </ActionDialog>
    </>
  );
}
