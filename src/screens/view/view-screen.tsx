import { Alert, Badge, Button, DataList, Flex, Heading, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuPrinter } from 'react-icons/lu';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useGate } from '../../auth/use-permissions.ts';
import { isEditable, type ResourceApi, type ResourceRecord, readField } from '../../resources/resource.ts';
import { editPath, listPath, viewPath } from '../../resources/routes.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { notifyError, notifySuccess } from '../../ui/toaster.tsx';
import { PrintSheet } from '../print/print-sheet.tsx';
import { RecordsTable } from '../shared/records-table.tsx';
import { errorMessage, errorStatus } from '../shared/request-error.ts';
import type { ResourceScreenProps } from '../shared/screen-props.ts';
import { useResourceMutation } from '../shared/use-resource-mutation.ts';
import { ValueText } from '../shared/value-text.tsx';
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
  const record = useQuery({
    queryKey: api.detailKey(id),
    queryFn: ({ signal }) => api.get(id, undefined, signal),
    enabled: Number.isInteger(id),
  });
  const [pending, setPending] = useState<RecordAction | null>(null);
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

  const data = record.data;
  const prefix = resource.key;
  const deleted = Boolean(data?.deleted_at);
  const linesField = resource.formFields.find((field) => field.kind === 'lines');
  const lines = data ? readField(data, 'lines') : undefined;
  const actions =
    resource.screens === 'read-only'
      ? []
      : offeredActions(deleted, resource.resettable === true).filter((action) => {
          const permission = actionPermission[action];
          return permission === null || can({ prefix, action: permission });
        });

  return (
    <Stack gap="5">
      <Flex justify="space-between" align="center" wrap="wrap" gap="3">
        <HStack gap="3">
          <Heading size="xl">
            {resource.singular} {data ? String(readField(data, resource.title) ?? '') : ''}
          </Heading>
          {deleted ? <Badge colorPalette="red">Deleted</Badge> : null}
        </HStack>
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" onClick={() => navigate(listPath(resource))}>
            Back
          </Button>
          {data && isEditable(resource, data) && can({ prefix, action: 'update' }) ? (
            <Button asChild colorPalette="teal">
              <RouterLink to={editPath(resource, id)}>Edit</RouterLink>
            </Button>
          ) : null}
          {data && !deleted
            ? (resource.extraActions ?? [])
                .filter(() => can({ prefix, action: 'update' }))
                .map((extra) => (
                  <Button key={extra.action} asChild variant="outline">
                    <RouterLink to={`${viewPath(resource, id)}/${extra.action}`}>{extra.label}</RouterLink>
                  </Button>
                ))
            : null}
          {data && !deleted
            ? (resource.followUps ?? [])
                .filter((followUp) => followUp.applies(data) && can({ prefix: followUp.resource, action: 'create' }))
                .map((followUp) => (
                  <Button key={followUp.resource} asChild variant="outline" colorPalette="teal">
                    <RouterLink to={`/${followUp.resource}/create/${id}`}>{followUp.label}</RouterLink>
                  </Button>
                ))
            : null}
          {data && !deleted && resource.print ? (
            <Button variant="outline" onClick={() => window.print()}>
              <LuPrinter /> Print
            </Button>
          ) : null}
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
      {record.isPending && record.fetchStatus !== 'idle' ? (
        <Progress.Root value={null} striped animated size="xs" colorPalette="teal" aria-label="Loading">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
      {record.isError ? (
        <Text color="fg.error" role="alert">
          {errorStatus(record.error) === 404 ? `This ${resource.singular} does not exist.` : errorMessage(record.error)}
        </Text>
      ) : null}
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
      {data && linesField?.kind === 'lines' && Array.isArray(lines) ? (
        <RecordsTable caption="Lines" columns={linesField.viewColumns} rows={lines} />
      ) : null}
      {data && resource.print ? <PrintSheet resource={resource} print={resource.print} record={data} /> : null}
      {data && api.related ? <RelatedRows id={id} related={api.related} /> : null}
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

function RelatedRows({ id, related }: { id: number; related: NonNullable<ResourceApi['related']> }) {
  const rows = useQuery({
    queryKey: related.queryKey(id),
    queryFn: ({ signal }) => related.load(id, signal),
  });
  return rows.data ? <RecordsTable caption={related.caption} columns={related.columns} rows={rows.data} /> : null;
}

function RecordDetails({ record, resource }: { record: ResourceRecord } & Pick<ResourceScreenProps, 'resource'>) {
  return (
    <DataList.Root orientation="horizontal" size="md" borderWidth="1px" rounded="md" p="4" gap="3">
      {resource.viewFields.map((field) => (
        <DataList.Item key={field.field}>
          <DataList.ItemLabel minW="44">{field.label}</DataList.ItemLabel>
          <DataList.ItemValue>
            <ValueText value={readField(record, field.field)} kind={field.kind} />
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
