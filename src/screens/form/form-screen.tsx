import { Alert, Button, Checkbox, Flex, Heading, HStack, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useGate } from '../../auth/use-permissions.ts';
import {
  type FormValues,
  isEditable,
  type ResourceApi,
  type ResourceDefinition,
  type ResourceRecord,
} from '../../resources/resource.ts';
import { listPath, pathForName, viewPath } from '../../resources/routes.ts';
import { notifyError, notifySuccess } from '../../ui/toaster.tsx';
import { errorMessage, validationErrors } from '../shared/request-error.ts';
import type { ResourceScreenProps } from '../shared/screen-props.ts';
import { useResourceMutation } from '../shared/use-resource-mutation.ts';
import { FieldInput } from './field-input.tsx';
import { type FormMode, fieldsFor, initialValues, valueKeys } from './form-values.ts';
import { NumberPreview } from './number-preview.tsx';
import { formResolver } from './resolver.ts';

export type FormScreenProps = ResourceScreenProps & { mode: FormMode };

function LoadingBar() {
  return (
    <Progress.Root value={null} striped animated size="xs" colorPalette="teal" aria-label="Loading">
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

// The create and edit screens of every resource: the record (or prefill source) loads, then the form shows.
export function FormScreen({ resource, api, mode }: FormScreenProps) {
  const can = useGate();
  const params = useParams();
  const id = Number(params.id);
  const prefillId = resource.createParam ? Number(params[resource.createParam]) : Number.NaN;
  const prefill = api.prefill;
  const source = useQuery({
    queryKey: mode === 'edit' ? api.detailKey(id) : [...api.listKey(), 'prefill', prefillId],
    queryFn: async ({ signal }): Promise<Record<string, unknown>> =>
      mode === 'edit' ? { ...(await api.get(id, undefined, signal)) } : prefill ? prefill(prefillId) : {},
    enabled: mode === 'edit' ? Number.isInteger(id) : Number.isInteger(prefillId) && prefill !== undefined,
    staleTime: 0,
  });

  if (!can({ prefix: resource.key, action: mode === 'create' ? 'create' : 'update' })) {
    return <Navigate to={listPath(resource)} replace />;
  }
  const waiting = source.isPending && source.fetchStatus !== 'idle';
  // A record past editing (a received order, a paid invoice) opens its view instead: the server would refuse the save.
  if (mode === 'edit' && source.data && !isEditable(resource, source.data as ResourceRecord)) {
    return <Navigate to={viewPath(resource, id)} replace />;
  }
  return (
    <Stack gap="5">
      <Heading size="xl">
        {mode === 'create' ? 'Create' : 'Edit'} {resource.singular}
      </Heading>
      {waiting ? <LoadingBar /> : null}
      {source.isError ? (
        <Text color="fg.error" role="alert">
          {errorMessage(source.error)}
        </Text>
      ) : null}
      {!waiting && !source.isError ? (
        <ResourceForm resource={resource} api={api} mode={mode} id={id} source={source.data ?? null} />
      ) : null}
    </Stack>
  );
}

type ResourceFormProps = {
  resource: ResourceDefinition;
  api: ResourceApi;
  mode: FormMode;
  id: number;
  source: Record<string, unknown> | null;
};

function ResourceForm({ resource, api, mode, id, source }: ResourceFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [query] = useSearchParams();
  const fields = fieldsFor(resource.formFields, mode);
  const schema = mode === 'create' ? api.createSchema : api.updateSchema;
  const form = useForm<FormValues>({
    defaultValues: initialValues(resource.formFields, source, mode),
    resolver: schema ? formResolver(schema) : undefined,
  });
  const [returnHere, setReturnHere] = useState(false);
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const save = useResourceMutation(
    api,
    async (body: FormValues) => {
      if (mode === 'edit') {
        if (!api.update) throw new Error(`${resource.plural} cannot be edited.`);
        return api.update(id, body);
      }
      if (!api.create) throw new Error(`${resource.plural} cannot be created here.`);
      // A fresh key per submit: a retried request of this submit is answered once, a new submit creates anew.
      const created = await api.create(
        body,
        resource.idempotentCreate ? { headers: { 'Idempotency-Key': crypto.randomUUID() } } : undefined,
      );
      await api.afterCreate?.(queryClient);
      return created;
    },
    () => (mode === 'edit' ? id : null),
  );

  const leave = () => {
    const redirectTo = query.get('redirect_to');
    if (redirectTo) {
      const others = Object.fromEntries([...query.entries()].filter(([key]) => key !== 'redirect_to'));
      navigate(pathForName(redirectTo, others) ?? listPath(resource));
    } else if (mode === 'edit') {
      navigate(viewPath(resource, id));
    } else if (returnHere) {
      form.reset(initialValues(resource.formFields, null, mode));
    } else {
      navigate(listPath(resource));
    }
  };

  const submit = form.handleSubmit((body) => {
    setUnplaced([]);
    save.mutate(body, {
      onSuccess: () => {
        notifySuccess(`${resource.singular} ${mode === 'create' ? 'created' : 'updated'} successfully.`);
        leave();
      },
      onError: (error) => {
        const fieldErrors = validationErrors(error);
        if (!fieldErrors) {
          notifyError(errorMessage(error));
          return;
        }
        const known = new Set(fields.flatMap(valueKeys));
        const away: string[] = [];
        for (const [path, message] of Object.entries(fieldErrors)) {
          if (known.has(path.split('.')[0] ?? '')) form.setError(path, { type: 'server', message });
          else away.push(message);
        }
        setUnplaced(away);
      },
    });
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <Stack gap="5">
          {save.isPending ? <LoadingBar /> : null}
          {unplaced.length > 0 ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>The server did not accept this {resource.singular}.</Alert.Title>
                <Alert.Description>{unplaced.join(' ')}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          {mode === 'create' && resource.numbering && !save.isPending ? (
            <NumberPreview numbering={resource.numbering} />
          ) : null}
          {save.isPending ? null : (
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {fields.map((field) => (
                <FieldInput key={field.name} field={field} />
              ))}
            </SimpleGrid>
          )}
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Button variant="outline" onClick={() => navigate(listPath(resource))}>
              Back
            </Button>
            <HStack gap="4">
              {mode === 'create' ? (
                <Checkbox.Root
                  checked={returnHere}
                  onCheckedChange={(details) => setReturnHere(details.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>Return here after saving</Checkbox.Label>
                </Checkbox.Root>
              ) : null}
              <Button type="submit" colorPalette="teal" loading={save.isPending}>
                {mode === 'create' ? 'Save' : 'Update'}
              </Button>
            </HStack>
          </Flex>
        </Stack>
      </form>
    </FormProvider>
  );
}
