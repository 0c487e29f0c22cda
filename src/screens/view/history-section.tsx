import { Stack, Table, Text } from '@chakra-ui/react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { formatTimestamp } from '../../format/date.ts';
import { resourceByKey } from '../../resources/registry.ts';
import { type ResourceApi, type ResourceDefinition, readField } from '../../resources/resource.ts';
import { StripedTable } from '../../ui/striped-table.tsx';
import { errorMessage } from '../shared/request-error.ts';
import { actionWords, type ChangeValue, changeLines, fieldLooks } from './history-changes.ts';

export type HistorySectionProps = {
  resource: ResourceDefinition;
  id: number;
  load: NonNullable<ResourceApi['history']>;
  queryKey: NonNullable<ResourceApi['historyKey']>;
  // The record's updated_at: any change to the record, its own or another document's, reloads the history.
  version: string;
};

// Who did what and when to the record, newest first (docs/domain/README.md, History).
export function HistorySection({ resource, id, load, queryKey, version }: HistorySectionProps) {
  const history = useQuery({
    queryKey: [...queryKey(id), version],
    queryFn: ({ signal }) => load(id, undefined, signal),
  });
  const looks = useMemo(() => fieldLooks(resource), [resource]);
  // History is only ever appended to, so an entry's place counted from the oldest names it for good.
  const entries = (history.data ?? []).map((entry, index, all) => ({ entry, sequence: all.length - index }));
  return (
    <StripedTable caption="History" headings={['When', 'Who', 'What', 'Changes']}>
      {history.isError ? (
        <Table.Row>
          <Table.Cell colSpan={4} color="fg.error">
            {errorMessage(history.error)}
          </Table.Cell>
        </Table.Row>
      ) : null}
      {history.data?.length === 0 ? (
        <Table.Row>
          <Table.Cell colSpan={4} color="fg.muted">
            Nothing recorded yet.
          </Table.Cell>
        </Table.Row>
      ) : null}
      {entries.map(({ entry, sequence }) => (
        <Table.Row key={sequence}>
          <Table.Cell whiteSpace="nowrap">{formatTimestamp(entry.at)}</Table.Cell>
          <Table.Cell>{entry.user_name ?? '—'}</Table.Cell>
          <Table.Cell>{actionWords[entry.action]}</Table.Cell>
          <Table.Cell>
            <Stack gap="0">
              {changeLines(entry.changes, looks, resource).map((line) => (
                <Text key={line.field} textStyle="sm">
                  {line.label}:{' '}
                  {entry.action === 'created' ? null : (
                    <>
                      <ChangeText value={line.from} /> →{' '}
                    </>
                  )}
                  <ChangeText value={line.to} />
                </Text>
              ))}
            </Stack>
          </Table.Cell>
        </Table.Row>
      ))}
    </StripedTable>
  );
}

// One side of a change: its text, or the records it names, each looked up as the view of that record would load
// it (a record the user may no longer see stays its number).
function ChangeText({ value }: { value: ChangeValue }) {
  if ('groups' in value) {
    return (
      <>
        {value.groups.map((group, index) => (
          <span key={group.label}>
            {index > 0 ? '; ' : null}
            {group.label}: <NamedRecords value={group} />
          </span>
        ))}
      </>
    );
  }
  if ('text' in value) return <>{value.text}</>;
  return <NamedRecords value={value} />;
}

function NamedRecords({ value }: { value: Extract<ChangeValue, { ids: readonly number[] }> }) {
  const resource = resourceByKey(value.resource);
  const records = useQueries({
    queries: value.ids.map((id) => ({
      queryKey: [resource?.key, 'history-name', id],
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        if (!resource) return `#${id}`;
        const api = await resource.load();
        const record = await api.get(id, undefined, signal);
        return String(readField(record, resource.title) ?? `#${id}`);
      },
      staleTime: 60_000,
      retry: false,
    })),
  });
  return <>{value.ids.map((id, index) => records[index]?.data ?? `#${id}`).join(', ')}</>;
}
