import { Box, Button, Field, Heading, HStack, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  addCashSessionMovement,
  closeCashSession,
  getGetCashSessionQueryKey,
  getGetMyCashSessionQueryKey,
} from '../../../generated/hooks/cash-sessions/cash-sessions.ts';
import type { CashDenominations, CashMovementKind, CashSession } from '../../../generated/model/index.ts';
import { useAuthUser } from '../../auth/session.ts';
import { useGate } from '../../auth/use-permissions.ts';
import { formatDate, formatTimestamp } from '../../format/date.ts';
import { formatMoney } from '../../format/money.ts';
import { optionsOf } from '../../resources/options.ts';
import type { ViewPanelProps } from '../../resources/resource.ts';
import { errorMessage, validationErrors } from '../../screens/shared/request-error.ts';
import { LabelledChoice } from '../../ui/choice-select.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { LabelledInput } from '../../ui/labelled-input.tsx';
import { StripedTable } from '../../ui/striped-table.tsx';
import { notifyError, notifySuccess } from '../../ui/toaster.tsx';
import { money, overShort, type PaperSize, PrintButtons, ReadingSheet, type SheetLine } from './reading-sheet.tsx';

const cashMovementKinds = optionsOf({ cash_out: 'Cash Out', cash_in: 'Cash In' });

// docs/domain/cash.md, Cash sessions: the drawer's figures so far, cash in and out with a reason, the count by face
// value with expected, counted and over/short shown live, the close, and the shift report (an X-reading while open).

const faces = [
  { key: '1000', label: '₱1,000', centavos: 100_000 },
  { key: '500', label: '₱500', centavos: 50_000 },
  { key: '200', label: '₱200', centavos: 20_000 },
  { key: '100', label: '₱100', centavos: 10_000 },
  { key: '50', label: '₱50', centavos: 5_000 },
  { key: '20', label: '₱20 (bill and coin)', centavos: 2_000 },
  { key: '10', label: '₱10', centavos: 1_000 },
  { key: '5', label: '₱5', centavos: 500 },
  { key: '1', label: '₱1', centavos: 100 },
  { key: '0.25', label: '25¢', centavos: 25 },
] as const;

type FaceKey = (typeof faces)[number]['key'];

const pieces = (typed: string) => {
  const value = Number(typed);
  return Number.isInteger(value) && value >= 0 ? value : 0;
};

export function countedTotal(counts: Partial<Record<FaceKey, string>>): number {
  return faces.reduce((sum, face) => sum + pieces(counts[face.key] ?? '') * face.centavos, 0) / 100;
}

const methodLabels = [
  ['card', 'Card'],
  ['e_wallet', 'E-Wallet'],
  ['bank_transfer', 'Bank Transfer'],
  ['check', 'Check'],
] as const;

export function shiftLines(session: CashSession): SheetLine[] {
  const lines: SheetLine[] = [
    { label: 'Cashier', value: session.user_name ?? '' },
    { label: 'Branch', value: session.branch_name ?? '' },
    { label: 'Day', value: formatDate(session.business_date) },
    { label: 'Opened', value: formatTimestamp(session.opened_at) },
    ...(session.closed_at ? [{ label: 'Closed', value: formatTimestamp(session.closed_at) }] : []),
    { rule: true },
    { label: 'Opening float', value: money(session.opening_float) },
    { label: 'Cash received', value: money(session.cash_received) },
    { label: 'Cash refunded', value: `-${money(session.cash_refunded)}` },
    { label: 'Cash in', value: money(session.cash_in) },
    { label: 'Cash out', value: `-${money(session.cash_out)}` },
    { label: 'Expected cash', value: money(session.expected_cash), strong: true },
  ];
  if (session.counted_cash !== null && session.difference !== null) {
    lines.push(
      { label: 'Counted cash', value: money(session.counted_cash), strong: true },
      { label: 'Over/Short', value: overShort(session.difference), strong: true },
    );
  }
  lines.push({ heading: 'Other methods' });
  for (const [method, label] of methodLabels) {
    lines.push({ label, value: money(session.totals_by_method[method]) });
  }
  if (session.movements.length > 0) {
    lines.push({ heading: 'Cash in and out' });
    for (const movement of session.movements) {
      const sign = movement.kind === 'cash_out' ? '-' : '';
      lines.push({ label: movement.reason, value: `${sign}${money(movement.amount)}` });
    }
  }
  if (session.counted) {
    lines.push({ heading: 'Count' });
    for (const face of faces) {
      const count = session.counted[face.key as keyof CashDenominations] ?? 0;
      if (count > 0) lines.push({ label: `${face.label} × ${count}`, value: money((count * face.centavos) / 100) });
    }
  }
  return lines;
}

export function CashSessionViewPanel({ record }: ViewPanelProps) {
  return <CashSessionPanel session={record as unknown as CashSession} />;
}

export function CashSessionPanel({ session }: { session: CashSession }) {
  const can = useGate();
  const user = useAuthUser().data?.user;
  const queryClient = useQueryClient();
  const manages = can({ prefix: 'cash-sessions', action: 'update' });
  const mayWork =
    session.status === 'open' &&
    (manages || (user?.id === session.user_id && can({ prefix: 'cash-sessions', action: 'create' })));
  const [paper, setPaper] = useState<PaperSize>('receipt');
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getGetCashSessionQueryKey(session.id) }),
      queryClient.invalidateQueries({ queryKey: getGetMyCashSessionQueryKey().slice(0, 1) }),
    ]);
  return (
    <Stack gap="5">
      <Figures session={session} />
      <Movements session={session} />
      {mayWork ? <MovementForm sessionId={session.id} onDone={refresh} /> : null}
      {mayWork ? <CloseForm session={session} onDone={refresh} /> : null}
      <HStack gap="2" wrap="wrap">
        <PrintButtons label={session.status === 'open' ? 'Print X-Reading' : 'Print Shift Report'} onPaper={setPaper} />
        {can({ prefix: 'z-readings', action: 'view' }) ? (
          <Button asChild variant="outline">
            <RouterLink
              to={`/z-readings/x-reading?branch_id=${session.branch_id}&business_date=${session.business_date}`}
            >
              Day X-Reading
            </RouterLink>
          </Button>
        ) : null}
      </HStack>
      <ReadingSheet
        paper={paper}
        title={session.status === 'open' ? 'X-READING (SHIFT SO FAR)' : 'SHIFT REPORT'}
        lines={shiftLines(session)}
      />
    </Stack>
  );
}

function Figures({ session }: { session: CashSession }) {
  const rows: [string, string][] = [
    ['Opening Float', formatMoney(session.opening_float)],
    ['Cash Received', formatMoney(session.cash_received)],
    ['Cash Refunded', formatMoney(session.cash_refunded)],
    ['Cash In', formatMoney(session.cash_in)],
    ['Cash Out', formatMoney(session.cash_out)],
    ['Expected Cash', formatMoney(session.expected_cash)],
    ...(session.counted_cash !== null
      ? ([['Counted Cash', formatMoney(session.counted_cash)]] as [string, string][])
      : []),
    ...(session.difference !== null ? ([['Over/Short', overShort(session.difference)]] as [string, string][]) : []),
    ...methodLabels.map(
      ([method, label]) => [label, formatMoney(session.totals_by_method[method])] as [string, string],
    ),
  ];
  return (
    <Box borderWidth="1px" rounded="md" p="4">
      <Heading size="sm" mb="3">
        The Drawer
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="2">
        {rows.map(([label, value]) => (
          <HStack key={label} justify="space-between" borderBottomWidth="1px" py="1">
            <Text color="fg.muted">{label}</Text>
            <Text fontWeight="medium">{value}</Text>
          </HStack>
        ))}
      </SimpleGrid>
    </Box>
  );
}

function Movements({ session }: { session: CashSession }) {
  if (session.movements.length === 0) return null;
  return (
    // Four columns, the kind above its time, so that Amount and By stay in view on a phone.
    <StripedTable caption="Cash In and Out" headings={['Kind', 'Reason', { label: 'Amount', end: true }, 'By']}>
      {session.movements.map((movement) => (
        <Table.Row key={movement.id}>
          <Table.Cell whiteSpace="normal">
            <Text fontWeight="medium">{movement.kind === 'cash_in' ? 'Cash In' : 'Cash Out'}</Text>
            <Text textStyle="xs" color="fg.muted">
              {formatTimestamp(movement.created_at)}
            </Text>
          </Table.Cell>
          <Table.Cell whiteSpace="normal" overflowWrap="anywhere">
            {movement.reason}
          </Table.Cell>
          <Table.Cell textAlign="end" whiteSpace="nowrap">
            {formatMoney(movement.amount)}
          </Table.Cell>
          <Table.Cell whiteSpace="normal">{movement.created_by_name ?? ''}</Table.Cell>
        </Table.Row>
      ))}
    </StripedTable>
  );
}

function MovementForm({ sessionId, onDone }: { sessionId: number; onDone: () => Promise<unknown> }) {
  const [kind, setKind] = useState<CashMovementKind>('cash_out');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await addCashSessionMovement(sessionId, { kind, amount: Number(amount), reason });
      notifySuccess(kind === 'cash_in' ? 'Cash in recorded.' : 'Cash out recorded.');
      setAmount('');
      setReason('');
      await onDone();
    } catch (failure) {
      const fields = validationErrors(failure);
      if (fields)
        setErrors(Object.fromEntries(Object.entries(fields).map(([key, messages]) => [key, String(messages)])));
      else notifyError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box as="form" onSubmit={submit} borderWidth="1px" rounded="md" p="4">
      <Heading size="sm" mb="3">
        Cash In / Cash Out
      </Heading>
      <HStack gap="3" wrap="wrap" align="end">
        <LabelledChoice
          label="Kind"
          room={{ maxW: '40' }}
          id="cash-movement-kind"
          choices={cashMovementKinds}
          value={kind}
          onChange={(event) => setKind(event.target.value as CashMovementKind)}
        />
        <LabelledInput
          label="Amount"
          id="cash-movement-amount"
          type="number"
          step="0.01"
          min="0"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={errors.amount}
          room={{ maxW: '40' }}
        />
        <LabelledInput
          label="Reason"
          id="cash-movement-reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={errors.reason}
          room={{ flex: '1', minW: '48' }}
        />
        <Button type="submit" colorPalette="teal" loading={busy}>
          Record
        </Button>
      </HStack>
    </Box>
  );
}

function CloseForm({ session, onDone }: { session: CashSession; onDone: () => Promise<unknown> }) {
  const [counts, setCounts] = useState<Partial<Record<FaceKey, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const counted = countedTotal(counts);
  const difference = Math.round((counted - session.expected_cash) * 100) / 100;
  const close = async () => {
    setBusy(true);
    try {
      const body = Object.fromEntries(faces.map((face) => [face.key, pieces(counts[face.key] ?? '')]));
      await closeCashSession(session.id, { counted: body });
      notifySuccess('Cash session closed.');
      setConfirming(false);
      await onDone();
    } catch (failure) {
      notifyError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box borderWidth="1px" rounded="md" p="4">
      <Heading size="sm" mb="3">
        Count the Drawer
      </Heading>
      <SimpleGrid columns={{ base: 2, md: 5 }} gap="3">
        {faces.map((face) => (
          <Field.Root key={face.key}>
            <Field.Label htmlFor={`count-${face.key}`}>{face.label}</Field.Label>
            <Input
              id={`count-${face.key}`}
              type="number"
              inputMode="numeric"
              min="0"
              step="1"
              value={counts[face.key] ?? ''}
              onChange={(event) => setCounts({ ...counts, [face.key]: event.target.value })}
            />
          </Field.Root>
        ))}
      </SimpleGrid>
      <HStack gap="6" mt="4" wrap="wrap" aria-live="polite">
        <Text>
          Expected: <strong>{formatMoney(session.expected_cash)}</strong>
        </Text>
        <Text>
          Counted: <strong>{formatMoney(counted)}</strong>
        </Text>
        <Text color={difference < 0 ? 'fg.error' : difference > 0 ? 'fg.warning' : 'fg.success'}>
          Over/Short: <strong data-testid="over-short">{overShort(difference)}</strong>
        </Text>
      </HStack>
      <Button mt="4" colorPalette="teal" onClick={() => setConfirming(true)}>
        Close Session
      </Button>
      <ConfirmDialog
        open={confirming}
        action="close"
        subject={`this cash session (${overShort(difference)})`}
        busy={busy}
        onConfirm={close}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}
