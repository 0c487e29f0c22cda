import { Box, Button, Code, Heading, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getGetEInvoiceQueryKey,
  getListEInvoicesQueryKey,
  retryEInvoice,
  useGetEInvoiceTransmission,
} from '../../../generated/hooks/e-invoices/e-invoices.ts';
import { useGate } from '../../auth/use-permissions.ts';
import type { RecordActionsProps, ViewPanelProps } from '../../resources/resource.ts';
import { errorMessage } from '../../screens/shared/request-error.ts';
import { notifyError, notifySuccess } from '../../ui/toaster.tsx';

// "Retry" on an e-invoice the EIS has not accepted: the server builds its JSON again and queues it.
export function EInvoiceRetry({ id }: RecordActionsProps) {
  const gate = useGate();
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => retryEInvoice(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: getGetEInvoiceQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: getListEInvoicesQueryKey() });
      notifySuccess('E-invoice queued again.');
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
  if (!gate({ prefix: 'e-invoices', action: 'update', override: ['retry-e-invoices'] })) return null;
  return (
    <Button variant="outline" colorPalette="teal" loading={retry.isPending} onClick={() => retry.mutate()}>
      Retry
    </Button>
  );
}

const pretty = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));

// Unconfigured, nothing is sent: the outbox and each e-invoice say so.
export function EisNotConfigured() {
  const transmission = useGetEInvoiceTransmission();
  if (!transmission.data || transmission.data.configured) return null;
  return (
    <Text role="status" color="orange.700">
      EIS is not configured. E-invoices wait in the outbox until EIS_URL, EIS_CLIENT_ID and EIS_SIGNING_KEY are set.
    </Text>
  );
}

// The EIS JSON as kept and the EIS's answer.
export function EInvoicePanel({ record }: ViewPanelProps) {
  return (
    <Stack gap={4}>
      <EisNotConfigured />
      <JsonText title="Payload" value={(record as Record<string, unknown>).payload} />
      <JsonText title="Answer" value={(record as Record<string, unknown>).answer} />
    </Stack>
  );
}

// One JSON text of the exchange with the EIS, under its title.
function JsonText({ title, value }: { title: string; value: unknown }) {
  return (
    <Box>
      <Heading as="h2" size="sm" mb={2}>
        {title}
      </Heading>
      <Code as="pre" display="block" whiteSpace="pre-wrap" p={3} aria-label={title}>
        {pretty(value)}
      </Code>
    </Box>
  );
}
