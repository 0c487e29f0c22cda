import { Box, Button, Flex, HStack, Stack, Table } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getEJournal, getGetEJournalQueryKey } from '../../../generated/hooks/e-journal/e-journal.ts';
import { getListTerminalsQueryKey, listTerminals } from '../../../generated/hooks/terminals/terminals.ts';
import type { EJournalEntry } from '../../../generated/model/index.ts';
import { isAllowed } from '../../auth/gate.ts';
import { usePermissions } from '../../auth/use-permissions.ts';
import { formatDate } from '../../format/date.ts';
import { useCsvDownload } from '../../screens/shared/csv-download.ts';
import { Refusal } from '../../screens/shared/refusal.tsx';
import { RequestErrorText } from '../../screens/shared/request-error-text.tsx';
import { choicesOf, LabelledChoice } from '../../ui/choice-select.tsx';
import { TableHeadings } from '../../ui/striped-table.tsx';
import { TableScrollArea } from '../../ui/table-scroll-area.tsx';
import { DateRangeHeading, DateRangeInputs, useDateRangeQuery } from '../reports/date-range.tsx';
import { ReportActions } from '../reports/report-actions.tsx';

const documentLabels: Record<EJournalEntry['document_type'], string> = {
  invoice: 'Sales Invoice',
  credit_memo: 'Credit Memo',
  acknowledgment_receipt: 'Acknowledgment Receipt',
  z_reading: 'Z-Reading',
};

const eventLabels: Record<EJournalEntry['event'], string> = {
  posted: 'Posted',
  voided: 'Voided',
  restored: 'Restored',
};

// /e-journal (docs/domain/cash.md, The e-journal): the print of every posted invoice, memo, acknowledgment receipt and
// Z as it was kept at posting, read only; by terminal and date range, each text on view, downloadable as CSV.
export function EJournalScreen() {
  const held = usePermissions();
  const { query, range, change } = useDateRangeQuery();
  const params = {
    ...range,
    ...(query.get('terminal_id') ? { terminal_id: Number(query.get('terminal_id')) } : {}),
  };
  // The journal is the Z-readings' record of what the terminals printed, read with their permission.
  const allowed = held !== null && isAllowed(held, { prefix: 'z-readings', action: 'view' });
  const mayListTerminals = held !== null && isAllowed(held, { prefix: 'terminals', action: 'view' });
  const journal = useQuery({
    queryKey: getGetEJournalQueryKey(params),
    queryFn: ({ signal }) => getEJournal(params, undefined, signal),
    enabled: allowed,
  });
  const terminals = useQuery({
    queryKey: getListTerminalsQueryKey({ per_page: 100 }),
    queryFn: ({ signal }) => listTerminals({ per_page: 100 }, undefined, signal),
    enabled: allowed && mayListTerminals,
  });
  const [shown, setShown] = useState<number | null>(null);
  const { downloading, download } = useCsvDownload();
  if (held === null) return null;
  if (!allowed) {
    return (
      <Refusal
        kind="forbidden"
        sentence="You may not view the e-journal."
        back={{ to: '/overview', label: 'Back to Overview' }}
      />
    );
  }
  // The call answers text too (Accept: text/plain); the screen asks for JSON.
  const entries: EJournalEntry[] = typeof journal.data === 'object' ? journal.data.entries : [];
  const open = entries.find((entry) => entry.id === shown);
  return (
    <Stack gap="4">
      <Flex justify="space-between" align="end" gap="3" wrap="wrap">
        <DateRangeHeading title="E-Journal" range={range} />
        <ReportActions
          downloading={downloading}
          onDownload={() =>
            void download({
              path: '/api/e-journal',
              params,
              filename: `e-journal-${params.date_from}-${params.date_to}.csv`,
              failure: 'The e-journal could not be downloaded.',
            })
          }
        />
      </Flex>
      <HStack gap="3" wrap="wrap" align="end" data-no-print="">
        {mayListTerminals ? (
          <LabelledChoice
            label="Terminal"
            room={{ w: 'auto' }}
            id="terminal_id"
            choices={choicesOf(
              (terminals.data?.data ?? []).map((terminal) => ({
                id: terminal.id,
                name: `${terminal.name}${terminal.branch_name ? ` (${terminal.branch_name})` : ''}`,
              })),
            )}
            empty="Every terminal"
            value={query.get('terminal_id') ?? ''}
            onChange={(event) => change('terminal_id', event.target.value)}
          />
        ) : null}
        <DateRangeInputs range={range} onChange={change} />
      </HStack>
      <RequestErrorText request={journal} />
      <TableScrollArea label="E-Journal">
        <Table.Root size="sm" aria-label="E-Journal">
          <TableHeadings headings={['Date', 'Terminal', 'Document', 'Number', 'Event', '']} />
          <Table.Body>
            {entries.map((entry) => (
              <Table.Row key={entry.id}>
                <Table.Cell whiteSpace="nowrap">{formatDate(entry.entry_date)}</Table.Cell>
                <Table.Cell>{entry.terminal_name ?? ''}</Table.Cell>
                <Table.Cell>{documentLabels[entry.document_type]}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{entry.number}</Table.Cell>
                <Table.Cell>{eventLabels[entry.event]}</Table.Cell>
                <Table.Cell>
                  <Button
                    size="xs"
                    variant="outline"
                    aria-label={`View ${entry.number} ${eventLabels[entry.event].toLowerCase()}`}
                    aria-pressed={shown === entry.id}
                    onClick={() => setShown(shown === entry.id ? null : entry.id)}
                  >
                    View
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
            {entries.length === 0 && journal.isSuccess ? (
              <Table.Row>
                <Table.Cell colSpan={6}>Nothing was posted in these days.</Table.Cell>
              </Table.Row>
            ) : null}
          </Table.Body>
        </Table.Root>
      </TableScrollArea>
      {open ? (
        <Box
          as="pre"
          aria-label={`Print of ${open.number}`}
          fontFamily="mono"
          fontSize="sm"
          whiteSpace="pre"
          overflowX="auto"
          borderWidth="1px"
          p="3"
          maxW="max-content"
        >
          {open.text}
        </Box>
      ) : null}
    </Stack>
  );
}
