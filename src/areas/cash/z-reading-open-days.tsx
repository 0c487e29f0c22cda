import { Alert } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { getGetZReadingOpenDaysQueryKey, getZReadingOpenDays } from '../../../generated/hooks/z-readings/z-readings.ts';
import { formatDate } from '../../format/date.ts';

// docs/domain/cash.md, Z-reading: a branch's days close in order, so the form names the earlier days with sales and
// no Z-reading yet, and starts on the oldest of them; the server refuses a later day until they are closed.
export function ZReadingOpenDays() {
  const { setValue } = useFormContext();
  const branchId = Number(useWatch({ name: 'branch_id' })) || null;
  const params = { branch_id: branchId ?? 0 };
  const open = useQuery({
    queryKey: getGetZReadingOpenDaysQueryKey(params),
    queryFn: ({ signal }) => getZReadingOpenDays(params, undefined, signal),
    enabled: branchId !== null,
  });
  const days = open.data?.days ?? [];
  const oldest = days[0];
  useEffect(() => {
    if (oldest) setValue('business_date', oldest);
  }, [oldest, setValue]);
  if (!oldest) return null;
  return (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {days.length === 1 ? 'An earlier day is still open' : `${days.length} earlier days are still open`}
        </Alert.Title>
        <Alert.Description>
          {`Close them first, oldest first: ${days.map(formatDate).join(', ')}. The business day is set to ${formatDate(oldest)}.`}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
