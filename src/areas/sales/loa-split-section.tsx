import { DataList, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useController, useWatch } from 'react-hook-form';
import { getBenefit, getGetBenefitQueryKey } from '../../../generated/hooks/benefits/benefits.ts';
import {
  getListDiscountProgramsQueryKey,
  listDiscountPrograms,
} from '../../../generated/hooks/discount-programs/discount-programs.ts';
import { getListLoasQueryKey, listLoas } from '../../../generated/hooks/loas/loas.ts';
import { payerShareOf } from '../../../server/domain/payer-share.ts';
import { toCentavos } from '../../format/line-amounts.ts';
import { formatMoney } from '../../format/money.ts';
import { MoneyItems, useSaleTotals } from './vat-breakdown-panel.tsx';

const loasParams = { status: 'approved', per_page: 100 } as const;
const programsParams = { per_page: 100 } as const;

// The "HMO / PhilHealth" section of an invoice (docs/domain/sales.md, HMO and PhilHealth benefits): the customer's
// approved LOA, and the split between payer and member as the lines are typed, by the rule the server stores
// (server/domain/payer-share.ts).
export function LoaSplitSection({ name }: { name: string }) {
  const { field } = useController({ name });
  const contactId: unknown = useWatch({ name: 'contact_id' });
  const special: unknown = useWatch({ name: 'special_discount' });
  const loas = useQuery({
    queryKey: getListLoasQueryKey(loasParams),
    queryFn: ({ signal }) => listLoas(loasParams, undefined, signal),
    staleTime: 30_000,
  });
  const programs = useQuery({
    queryKey: getListDiscountProgramsQueryKey(programsParams),
    queryFn: ({ signal }) => listDiscountPrograms(programsParams, undefined, signal),
    staleTime: 60_000,
  });
  const offered = (loas.data?.data ?? []).filter((loa) => loa.contact_id === contactId);
  const chosen = offered.find((loa) => loa.id === field.value) ?? null;
  const benefit = useQuery({
    queryKey: getGetBenefitQueryKey(chosen?.benefit_id ?? 0),
    queryFn: ({ signal }) => getBenefit(chosen?.benefit_id ?? 0, undefined, signal),
    enabled: chosen !== null,
    staleTime: 30_000,
  });
  const programId =
    typeof special === 'object' && special !== null ? (special as { program_id?: unknown }).program_id : null;
  const program = programs.data?.data.find((candidate) => candidate.id === programId) ?? null;
  const { totals, figures, itemTypes } = useSaleTotals(program);
  const covers = benefit.data?.item_type_ids ?? [];
  const covered = figures.reduce((sum, figure, index) => {
    const type = itemTypes[index];
    return covers.length === 0 || (type != null && covers.includes(type)) ? sum + figure.amount : sum;
  }, 0);
  const share =
    chosen && benefit.data
      ? payerShareOf({
          covered,
          copayPercent: benefit.data.copay_percent,
          approved: toCentavos(chosen.approved_amount),
          remaining: toCentavos(benefit.data.remaining),
          philHealth: benefit.data.payer_kind === 'philhealth',
        })
      : 0;
  const rows: [string, number][] = chosen
    ? [
        ['Covered', covered],
        ['Payer share', share],
        ['Member share', totals.total - share],
      ]
    : [];
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="3">
      <NativeSelect.Root>
        <NativeSelect.Field
          id={name}
          value={chosen?.id ?? ''}
          onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
        >
          <option value="">None</option>
          {offered.map((loa) => (
            <option key={loa.id} value={loa.id}>
              {loa.number} · {loa.payer_name} · {formatMoney(loa.approved_amount)} until {loa.valid_until}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {contactId != null && offered.length === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          This customer has no approved LOA.
        </Text>
      ) : null}
      {rows.length > 0 ? (
        <DataList.Root orientation="horizontal" alignSelf="end" size="sm" aria-label="Payer and member shares">
          <MoneyItems rows={rows} />
        </DataList.Root>
      ) : null}
    </Stack>
  );
}
