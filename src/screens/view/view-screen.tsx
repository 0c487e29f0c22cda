import { Alert, Badge, Button, DataList, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { LuPrinter } from 'react-icons/lu';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useAuthUser } from '../../auth/session.ts';
import { useGate, usePermissions, useSeesCosts } from '../../auth/use-permissions.ts';
import { formatTimestamp } from '../../format/date.ts';
import { resourceByKey } from '../../resources/registry.ts';
import {
  columnValue,
  isEditable,
  permissionPrefixOf,
  type ResourceApi,
  type ResourceDefinition,
  type ResourceRecord,
  readableColumns,
  readField,
  type StatusMove,
} from '../../resources/resource.ts';
import { editPath, listPath, viewPath } from '../../resources/routes.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { LoadingBar } from '../../ui/loading-bar.tsx';
import { notifyError, notifySuccess } from '../../ui/toaster.tsx';
import { homeLocationOf, worksAtEnd, worksWhereItSits } from '../form/home-location.ts';
import { PrintSheet } from '../print/print-sheet.tsx';
import { type SheetName, SheetOf } from '../print/sheets.tsx';
import { followUpPath } from '../shared/follow-up-path.ts';
import { lazyComponent } from '../shared/lazy-component.ts';
import { RecordsTable } from '../shared/records-table.tsx';
import { Refusal } from '../shared/refusal.tsx';
import { errorMessage, errorStatus, missingRecord, permissionRefusal } from '../shared/request-error.ts';
import { RequestErrorText } from '../shared/request-error-text.tsx';
import type { ResourceScreenProps } from '../shared/screen-props.ts';
import { useResourceMutation } from '../shared/use-resource-mutation.ts';
import { ValueText } from '../shared/value-text.tsx';
import { HistorySection } from './history-section.tsx';
import { LinkInvoiceAction } from './link-invoice-action.tsx';
import {
  actionButtonLabel,
  actionPermission,
  offeredActions,
  type RecordAction,
  successToast,
} from './record-actions.ts';

function runAction(api: ResourceApi, action: RecordAction, id: number): Promise<string | null> {
  const unsupported = () => Promise.reject(new Error(`This record cannot ${action}.`));
  switch (action) {
    case 'delete':
      return api.remove ? api.remove(id).then(() => null) : unsupported();
    case 'restore':
      return api.restore ? api.restore(id).then(() => null) : unsupported();
    case 'delete permanently':
      return api.forceDelete ? api.forceDelete(id).then(() => null) : unsupported();
    case 'reset password':
      return api.resetPassword
        ? api.resetPassword({ id }).then((reset) => `Temporary password: ${reset.temporary_password}`)
        : unsupported();
    case 'reset security pin':
      return api.resetSecurityPin
        ? api.resetSecurityPin({ id }).then((reset) => `New security PIN: ${reset.security_pin}`)
        : unsupported();
  }
}

export function ViewScreen({ resource, api }: ResourceScreenProps) {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const can = useGate();
  const permissions = usePermissions();
  const home = homeLocationOf(useAuthUser().data?.user);
  const refusedHere = permissions !== null && !can({ prefix: permissionPrefixOf(resource), action: 'view' });
  const RecordActions = resource.recordActions ? lazyComponent(resource.recordActions.load) : null;
  const ViewPanel = resource.viewPanel ? lazyComponent(resource.viewPanel) : null;
  const record = useQuery({
    queryKey: api.detailKey(id),
    queryFn: ({ signal }) => api.get(id, undefined, signal),
    enabled: Number.isInteger(id) && !refusedHere,
  });
  const [pending, setPending] = useState<RecordAction | null>(null);
  const [move, setMove] = useState<StatusMove | null>(null);
  // The paper form last chosen stays ready for the printer; each choice asks the browser to print once.
  const [sheet, setSheet] = useState<{ name: SheetName; request: number } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const mutation = useResourceMutation(
    api,
    (action: RecordAction) => runAction(api, action, id),
    () => id,
  );

  const confirm = (action: RecordAction) => {
    mutation.mutate(action, {
      onSuccess: (shown) => {
        notifySuccess(successToast(action, resource.singular));
        setPending(null);
        if (shown === null) navigate(listPath(resource));
        else setSecret(shown);
      },
      onError: (error) => {
        setPending(null);
        notifyError(errorMessage(error));
      },
    });
  };

  const moveStatus = useResourceMutation(
    api,
    (chosen: StatusMove) => {
      const call = chosen.credits ? api.cancelAndCredit?.(id) : api.moveStatus?.(id, chosen.status);
      return call ?? Promise.reject(new Error('No status moves.'));
    },
    () => id,
  );
  const confirmMove = (chosen: StatusMove) => {
    moveStatus.mutate(chosen, {
      onSuccess: () => {
        notifySuccess(`${resource.singular} ${chosen.done} successfully.`);
        setMove(null);
        // The record stays on screen in its new status, with the buttons of that status.
        void record.refetch();
      },
      onError: (error) => {
        setMove(null);
        notifyError(errorMessage(error));
      },
    });
  };
  // The chosen paper form renders first, then the browser's print dialog opens on it.
  useEffect(() => {
    if (!sheet) return;
    const timer = window.setTimeout(() => window.print(), 50);
    return () => window.clearTimeout(timer);
  }, [sheet]);

  const data = record.data;
  // `?print=1` (the Print link of a saved document's toast) prints the document once it is on the screen, once:
  // the address loses it at once, so a reload or Back does not print again.
  const [query, setQuery] = useSearchParams();
  const printRequested = query.get('print') === '1' && Boolean(data) && Boolean(resource.print);
  const printed = useRef(false);
  useEffect(() => {
    if (!printRequested || printed.current) return;
    printed.current = true;
    window.setTimeout(() => window.print(), 50);
    setQuery(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('print');
        return next;
      },
      { replace: true },
    );
  }, [printRequested, setQuery]);
  const prefix = resource.key;
  const deleted = Boolean(data?.deleted_at);
  const linesField = resource.formFields.find((field) => field.kind === 'lines');
  const lines = data ? readField(data, 'lines') : undefined;
  // A record the API would refuse to delete with a 409 offers no Delete, and says why instead: a receipt whose goods
  // a later document took on names that document, a resource may say why of its own records (a posted count).
  const heldBy = data ? readField(data, 'held_by') : undefined;
  const undeletable =
    !data || deleted
      ? null
      : typeof heldBy === 'string'
        ? `${heldBy} stands on the goods of this ${resource.singular.toLowerCase()}; void it first to delete this one.`
        : (resource.deleteRefusal?.(data) ?? null);
  const held = undeletable !== null;
  // Another location's record is read-only here: only the changes the server would take are offered.
  const here = !data || worksWhereItSits(home, permissions ?? [], data);
  const act = (check: Parameters<typeof can>[0]) => here && can(check);
  const actions =
    resource.screens === 'read-only'
      ? []
      : offeredActions(deleted, resource.resettable === true).filter((action) => {
          if (action === 'delete' && held) return false;
          const permission = actionPermission[action];
          return permission === null || act({ prefix, action: permission });
        });

  const status = errorStatus(record.error);
  if (refusedHere || status === 403) {
    return (
      <Refusal
        kind="forbidden"
        sentence={permissionRefusal('view', resource.plural)}
        back={{ to: '/overview', label: 'Back to Overview' }}
      />
    );
  }
  if (status === 404 || !Number.isInteger(id)) {
    return (
      <Refusal
        kind="missing"
        sentence={missingRecord(resource.singular)}
        back={{ to: listPath(resource), label: `Back to ${resource.plural}` }}
      />
    );
  }

  return (
    <Stack gap="5">
      <Flex justify="space-between" align="center" wrap="wrap" gap="3">
        <HStack gap="3">
          <Heading size="xl">
            {resource.singular} {data ? String(readField(data, resource.title) ?? '') : ''}
          </Heading>
          {deleted && data?.deleted_at ? (
            <Badge colorPalette="red">Deleted {formatTimestamp(data.deleted_at)}</Badge>
          ) : null}
        </HStack>
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" onClick={() => navigate(listPath(resource))}>
            Back
          </Button>
          {data && isEditable(resource, data) && act({ prefix, action: 'update' }) ? (
            <Button asChild colorPalette="teal">
              <RouterLink to={editPath(resource, id)}>Edit</RouterLink>
            </Button>
          ) : null}
          {data && !deleted
            ? (resource.extraActions ?? [])
                .filter((extra) => can({ prefix, action: extra.needs ?? 'update' }))
                .map((extra) => (
                  <Button key={extra.action} asChild variant="outline">
                    <RouterLink to={`${viewPath(resource, id)}/${extra.action}`}>{extra.label}</RouterLink>
                  </Button>
                ))
            : null}
          {data && !deleted && RecordActions && resource.recordActions?.applies(data) ? (
            <Suspense fallback={null}>
              <RecordActions id={id} canUpdate={act({ prefix, action: 'update' })} />
            </Suspense>
          ) : null}
          {data && !deleted
            ? (resource.statusMoves ?? [])
                .filter(
                  (candidate) =>
                    candidate.from.includes(String(readField(data, 'status'))) &&
                    (candidate.applies?.(data) ?? true) &&
                    act({ prefix, action: 'update' }) &&
                    (!candidate.credits || can({ prefix: 'credit-memos', action: 'create' })),
                )
                .map((candidate) => (
                  <Button key={candidate.label} colorPalette="teal" variant="subtle" onClick={() => setMove(candidate)}>
                    {candidate.label}
                  </Button>
                ))
            : null}
          {data && !deleted && resource.invoiceLink?.applies(data) && act({ prefix, action: 'update' }) ? (
            <LinkInvoiceAction api={api} order={data} onLinked={() => void record.refetch()} />
          ) : null}
          {data && !deleted
            ? (resource.followUps ?? [])
                .filter(
                  (followUp) =>
                    followUp.applies(data) &&
                    can({ prefix: followUp.resource, action: 'create' }) &&
                    (followUp.workedAt ? worksAtEnd(home, permissions ?? [], data, followUp.workedAt) : here),
                )
                .map((followUp) => (
                  <Button key={followUp.label} asChild variant="outline" colorPalette="teal">
                    <RouterLink to={followUpPath(resource, followUp, data)}>{followUp.label}</RouterLink>
                  </Button>
                ))
            : null}
          {data && !deleted && resource.print ? (
            <Button variant="outline" onClick={() => window.print()}>
              <LuPrinter /> Print
            </Button>
          ) : null}
          {data && !deleted
            ? (resource.sheets ?? []).map((candidate) => (
                <Button
                  key={candidate.sheet}
                  variant="outline"
                  onClick={() => setSheet({ name: candidate.sheet, request: (sheet?.request ?? 0) + 1 })}
                >
                  <LuPrinter /> {candidate.label}
                </Button>
              ))
            : null}
          {data
            ? actions.map((action) => (
                <Button
                  key={action}
                  variant={action === 'restore' ? 'outline' : 'subtle'}
                  colorPalette={action === 'restore' ? 'teal' : 'red'}
                  onClick={() => setPending(action)}
                >
                  {actionButtonLabel[action]}
                </Button>
              ))
            : null}
        </HStack>
      </Flex>
      {held && can({ prefix, action: 'delete' }) ? <Text color="fg.muted">{undeletable}</Text> : null}
      {record.isPending && record.fetchStatus !== 'idle' ? <LoadingBar /> : null}
      <RequestErrorText request={record} />
      {secret ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Shown once: give it to the user now.</Alert.Title>
            <Alert.Description>{secret}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {data ? <RecordDetails record={data} resource={resource} /> : null}
      {data && ViewPanel ? (
        <Suspense fallback={null}>
          <ViewPanel record={data} />
        </Suspense>
      ) : null}
      {data && linesField?.kind === 'lines' && Array.isArray(lines) ? (
        <RecordsTable caption="Lines" columns={linesField.viewColumns} rows={lines} />
      ) : null}
      {data
        ? (resource.nestedTables ?? []).map((table) => {
            const rows = readField(data, table.field);
            return Array.isArray(rows) ? (
              <RecordsTable key={table.field} caption={table.caption} columns={table.columns} rows={rows} />
            ) : null;
          })
        : null}
      {data && resource.print && !sheet ? (
        <PrintSheet resource={resource} print={resource.print} record={data} />
      ) : null}
      {data && sheet ? <SheetOf sheet={sheet.name} record={data} /> : null}
      {data
        ? (api.related ?? []).map((related) => <RelatedRows key={related.caption} id={id} related={related} />)
        : null}
      {data && api.history && api.historyKey ? (
        <HistorySection
          resource={resource}
          id={id}
          load={api.history}
          queryKey={api.historyKey}
          version={String(readField(data, 'updated_at') ?? '')}
        />
      ) : null}
      {move && data ? (
        <ConfirmDialog
          open
          action={move.action}
          subject={`${resource.singular} ${String(readField(data, resource.title) ?? '')}`.trim()}
          busy={moveStatus.isPending}
          words={move.dialog ? { ...move.dialog, detail: move.dialog.detail?.(data) } : undefined}
          onConfirm={() => confirmMove(move)}
          onCancel={() => setMove(null)}
        />
      ) : null}
      {pending && data ? (
        <ConfirmDialog
          open
          action={pending}
          subject={`${resource.singular} ${String(readField(data, resource.title) ?? '')}`.trim()}
          busy={mutation.isPending}
          onConfirm={() => confirm(pending)}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </Stack>
  );
}

function RelatedRows({ id, related }: { id: number; related: NonNullable<ResourceApi['related']>[number] }) {
  const rows = useQuery({
    queryKey: related.queryKey(id),
    queryFn: ({ signal }) => related.load(id, signal),
  });
  if (!rows.data || (related.hideWhenEmpty && rows.data.length === 0)) return null;
  return <RecordsTable caption={related.caption} columns={related.columns} rows={rows.data} />;
}

// A field naming another record (an invoice's quotation, a quotation's invoice) opens that record's view.
function LinkedValue({ record, field }: { record: ResourceRecord; field: ResourceDefinition['viewFields'][number] }) {
  const value = columnValue(record as Record<string, unknown>, field);
  const linkedId = field.link ? readField(record, field.link.idField) : null;
  if (field.link && typeof linkedId === 'number' && value !== null && value !== undefined) {
    return (
      <Link asChild color="teal.fg">
        <RouterLink to={viewPath(resourceByKey(field.link.resource), linkedId)}>{String(value)}</RouterLink>
      </Link>
    );
  }
  return <ValueText value={value} kind={field.kind} />;
}

function RecordDetails({ record, resource }: { record: ResourceRecord } & Pick<ResourceScreenProps, 'resource'>) {
  const kind = (record as Record<string, unknown>).optical_kind;
  const fields = readableColumns(resource.viewFields, useSeesCosts()).filter(
    (field) => field.opticalKinds === undefined || field.opticalKinds.some((wanted) => wanted === kind),
  );
  return (
    <DataList.Root orientation="horizontal" size="md" borderWidth="1px" rounded="md" p="4" gap="3">
      {fields.map((field) => (
        <DataList.Item key={field.field}>
          <DataList.ItemLabel minW="44">{field.label}</DataList.ItemLabel>
          {/* A long word (a permit number, an email) wraps rather than pushing a phone's page sideways. */}
          <DataList.ItemValue display="block" minW="0" overflowWrap="anywhere">
            <LinkedValue record={record} field={field} />
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
