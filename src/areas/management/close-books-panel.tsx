import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  closeBusinessBooks,
  getGetAllBusinessesQueryKey,
  getGetBusinessQueryKey,
} from '../../../generated/hooks/businesses/businesses.ts';
import type { Business } from '../../../generated/model/index.ts';
import { useGate } from '../../auth/use-permissions.ts';
import { businessDayIso, formatDate } from '../../format/date.ts';
import type { ViewPanelProps } from '../../resources/resource.ts';
import { errorMessage, validationErrors } from '../../screens/shared/request-error.ts';
import { LabelledInput } from '../../ui/labelled-input.tsx';
import { notifySuccess } from '../../ui/toaster.tsx';

export const closeBooksPermission = 'close-books';

// docs/domain/management.md, Closing the books: a holder of close-books moves the day the books are closed through
// forward; nothing dated on or before it is written again.
export function CloseBooksPanel({ record }: ViewPanelProps) {
  const business = record as unknown as Business;
  const gate = useGate();
  const queryClient = useQueryClient();
  const [through, setThrough] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = useMutation({
    mutationFn: (day: string) => closeBusinessBooks(business.id, { through: day }),
    onSuccess: async (closed) => {
      setError(null);
      setThrough('');
      queryClient.setQueryData(getGetBusinessQueryKey(business.id), closed);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getGetBusinessQueryKey(business.id) }),
        queryClient.invalidateQueries({ queryKey: getGetAllBusinessesQueryKey() }),
      ]);
      notifySuccess(`The books are now closed through ${formatDate(closed.books_closed_through ?? '')}.`);
    },
    onError: (refusal) => setError(validationErrors(refusal)?.through ?? errorMessage(refusal)),
  });
  const closed = business.books_closed_through;
  const allowed = gate({ prefix: 'businesses', action: 'update', override: [closeBooksPermission] });
  return (
    <Stack gap="3" as="section" aria-labelledby="close-books-heading">
      <Heading id="close-books-heading" size="md">
        Closed Books
      </Heading>
      <Text>
        {closed
          ? `The books are closed through ${formatDate(closed)}: nothing dated on or before it is created, edited, voided or restored.`
          : 'The books are open: no day is closed yet.'}
      </Text>
      {allowed ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (through === '') setError('Choose the last day to close.');
            else close.mutate(through);
          }}
        >
          <HStack gap="3" align="end" wrap="wrap">
            <LabelledInput
              label="Close Books Through"
              id="close-books-through"
              type="date"
              max={businessDayIso()}
              min={closed ?? undefined}
              value={through}
              onChange={(event) => setThrough(event.target.value)}
              error={error ?? undefined}
              room={{ maxW: '56' }}
            />
            <Button type="submit" colorPalette="teal" loading={close.isPending}>
              Close Books
            </Button>
          </HStack>
        </form>
      ) : null}
    </Stack>
  );
}
