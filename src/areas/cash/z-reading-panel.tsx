import { Box, Field, Heading, HStack, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { searchBranches } from '../../../generated/hooks/branches/branches.ts';
import { getDayXReading, getGetDayXReadingQueryKey } from '../../../generated/hooks/z-readings/z-readings.ts';
import type { DayXReading, ZReading } from '../../../generated/model/index.ts';
import { useAuthUser } from '../../auth/session.ts';
import { businessDayIso, formatDate, formatTimestamp } from '../../format/date.ts';
import type { ViewPanelProps } from '../../resources/resource.ts';
import { RequestErrorText } from '../../screens/shared/request-error-text.tsx';
import { ChoiceSelect, choicesOf } from '../../ui/choice-select.tsx';
import { LabelledInput } from '../../ui/labelled-input.tsx';
import { money, overShort, type PaperSize, PrintButtons, ReadingSheet, type SheetLine } from './reading-sheet.tsx';

// docs/domain/cash.md, X-reading and Z-reading: the day's figures as a receipt, the same lines whether frozen by a
// Z-reading or read so far by an X-reading.

type DayFigures = Omit<DayXReading, 'read_at' | 'z_reading_id'>;

const range = (from: string | null, to: string | null) => (from ? `${from} – ${to ?? from}` : 'none');

export function dayLines(day: DayFigures): SheetLine[] {
  const lines: SheetLine[] = [
    { label: 'Branch', value: day.branch_name ?? '' },
    { label: 'Business day', value: formatDate(day.business_date) },
    { rule: true },
    { label: 'Invoices issued', value: String(day.invoices_issued) },
    { label: 'First invoice', value: day.issued_from ?? 'none' },
    { label: 'Last invoice', value: day.issued_to ?? 'none' },
    { label: 'Voided', value: `${day.invoices_voided} (${money(day.voided_amount)})` },
    { label: 'Voided numbers', value: range(day.voided_from, day.voided_to) },
    { label: 'Credit memos', value: String(day.credit_memos_issued) },
    { label: 'Memo numbers', value: range(day.credit_memos_from, day.credit_memos_to) },
    { rule: true },
    { label: 'Gross sales', value: money(day.gross_sales) },
    { label: 'Regular discounts', value: `-${money(day.regular_discounts)}` },
    { label: 'VAT exemption', value: `-${money(day.vat_exemption)}` },
    { label: 'SC/PWD discounts', value: `-${money(day.special_discounts)}` },
    { label: 'Returns', value: `-${money(day.returns_total)}` },
    { label: 'Net sales', value: money(day.net_sales), strong: true },
    { rule: true },
    { label: 'VATable sales', value: money(day.vatable_sales) },
    { label: 'VAT (12%)', value: money(day.vat_amount) },
    { label: 'VAT-exempt sales', value: money(day.vat_exempt_sales) },
    { label: 'Zero-rated sales', value: money(day.zero_rated_sales) },
  ];
  if (day.special_discounts_by_program.length > 0) {
    lines.push({ heading: 'Special discounts' });
    for (const program of day.special_discounts_by_program) {
      lines.push({ label: `${program.program_name ?? 'Program'} (${program.count})`, value: money(program.amount) });
    }
  }
  lines.push(
    { heading: 'Collections' },
    { label: 'Cash', value: money(day.collections_cash) },
    { label: 'Card', value: money(day.collections_card) },
    { label: 'E-Wallet', value: money(day.collections_e_wallet) },
    { label: 'Bank Transfer', value: money(day.collections_bank_transfer) },
    { label: 'Check', value: money(day.collections_check) },
    { label: 'Refunds', value: `-${money(day.refunds_total)}` },
    { label: 'Total', value: money(day.collections_total), strong: true },
    // Spent from credit an earlier return left: no money came in, so it stands apart from the total.
    { label: 'Paid by store credit', value: money(day.collections_store_credit) },
    // Money owed to customers, not sales (docs/domain/sales.md, Deposits).
    { heading: 'Deposits' },
    { label: 'Deposits received', value: money(day.deposits_received) },
    { label: 'Deposits applied', value: money(day.deposits_applied) },
    { label: 'Deposits refunded', value: money(day.deposits_refunded) },
    { label: 'Deposits forfeited (other income)', value: money(day.deposits_forfeited) },
  );
  if (day.cash_sessions.length > 0) {
    lines.push({ heading: 'Drawers' });
    for (const session of day.cash_sessions) {
      lines.push({
        label: session.user_name ?? `Session ${session.cash_session_id}`,
        value: session.difference === null ? 'still open' : overShort(session.difference),
      });
    }
    lines.push({ label: 'Over/Short', value: overShort(day.cash_difference), strong: true });
  }
  lines.push(
    { rule: true },
    { label: 'Previous grand total', value: money(day.previous_grand_total) },
    { label: 'Accumulated grand total', value: money(day.accumulated_grand_total), strong: true },
  );
  return lines;
}

export function ZReadingViewPanel({ record }: ViewPanelProps) {
  return <ZReadingPanel reading={record as unknown as ZReading} />;
}

export function ZReadingPanel({ reading }: { reading: ZReading }) {
  const [paper, setPaper] = useState<PaperSize>('receipt');
  const lines: SheetLine[] = [
    { label: 'Z number', value: reading.number },
    { label: 'Terminal', value: reading.terminal_name ?? '' },
    { label: 'Z counter', value: String(reading.z_counter) },
    ...dayLines(reading),
    { rule: true },
    { label: 'Made', value: formatTimestamp(reading.created_at) },
    { label: 'By', value: reading.created_by_name ?? '' },
  ];
  return (
    <Stack gap="4">
      <PrintButtons label="Print Z-Reading" onPaper={setPaper} />
      <ReadingSheet paper={paper} title="Z-READING" lines={lines} terminalId={reading.terminal_id} />
    </Stack>
  );
}

// /z-readings/x-reading: the day so far at a branch, or the figures its Z-reading froze.
export function DayXReadingScreen() {
  const [query, setQuery] = useSearchParams();
  const user = useAuthUser().data?.user;
  const home = user?.userable_type === 'branch' ? user.userable_id : null;
  const branchId = Number(query.get('branch_id') ?? home ?? 0) || null;
  const day = query.get('business_date') ?? businessDayIso();
  const [paper, setPaper] = useState<PaperSize>('receipt');
  const branches = useQuery({
    queryKey: ['x-reading branches'],
    queryFn: ({ signal }) => searchBranches({ limit: 100 }, undefined, signal),
  });
  const params = { branch_id: branchId ?? 0, business_date: day };
  const reading = useQuery({
    queryKey: getGetDayXReadingQueryKey(params),
    queryFn: ({ signal }) => getDayXReading(params, undefined, signal),
    enabled: branchId !== null,
  });
  const choose = (changes: Record<string, string>) => setQuery({ ...Object.fromEntries(query), ...changes });
  return (
    <Stack gap="4">
      <Heading size="lg">X-Reading</Heading>
      <HStack gap="3" wrap="wrap" align="end">
        <Field.Root maxW="64">
          <Field.Label htmlFor="x-reading-branch">Branch</Field.Label>
          <ChoiceSelect
            id="x-reading-branch"
            choices={choicesOf(branches.data ?? [])}
            empty="Choose a branch"
            value={branchId ?? ''}
            onChange={(event) => choose({ branch_id: event.target.value })}
          />
        </Field.Root>
        <LabelledInput
          label="Business Day"
          id="x-reading-day"
          type="date"
          value={day}
          onChange={(event) => choose({ business_date: event.target.value })}
          room={{ maxW: '48' }}
        />
      </HStack>
      <RequestErrorText request={reading} />
      {reading.data ? (
        <Box>
          <PrintButtons label="Print X-Reading" onPaper={setPaper} />
          <Box mt="3">
            <ReadingSheet
              paper={paper}
              title={reading.data.z_reading_id === null ? 'X-READING (DAY SO FAR)' : 'X-READING (DAY CLOSED)'}
              lines={[...dayLines(reading.data), { label: 'Read', value: formatTimestamp(reading.data.read_at) }]}
              terminalId={reading.data.terminal_id}
            />
          </Box>
        </Box>
      ) : null}
    </Stack>
  );
}
