import { Alert, Button, Checkbox, Flex, Heading, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useAuthUser } from '../../auth/session.ts';
import { useGate, usePermissions } from '../../auth/use-permissions.ts';
import {
  type FormValues,
  isEditable,
  permissionPrefixOf,
  type ResourceApi,
  type ResourceDefinition,
  type ResourceRecord,
} from '../../resources/resource.ts';
import { listPath, pathForName, viewPath } from '../../resources/routes.ts';
import { LoadingBar } from '../../ui/loading-bar.tsx';
import { notifyError, notifySuccess, type ToastLink } from '../../ui/toaster.tsx';
import { followUpPath } from '../shared/follow-up-path.ts';
import { lazyComponent } from '../shared/lazy-component.ts';
import { Refusal } from '../shared/refusal.tsx';
import { RefusedRedirect } from '../shared/refused-redirect.tsx';
import {
  errorMessage,
  errorStatus,
  missingRecord,
  permissionRefusal,
  validationErrors,
} from '../shared/request-error.ts';
import { RequestErrorText } from '../shared/request-error-text.tsx';
import type { ResourceScreenProps } from '../shared/screen-props.ts';
import { useResourceMutation } from '../shared/use-resource-mutation.ts';
import { CashTendered } from './cash-tendered.tsx';
import { FieldInput } from './field-input.tsx';
import { type FormMode, fieldsFor, type HomeStart, initialValues, sourceValues, valueKeys } from './form-values.ts';
import { boundToHome, type HomeLocation, homeLocationOf } from './home-location.ts';
import { NumberPreview } from './number-preview.tsx';
import { shownFor, useOpticalKind } from './optical-kind.ts';
import { PaidDocumentSummary } from './paid-document.tsx';
import { formResolver } from './resolver.ts';
import { useSaveShortcut } from './save-shortcut.ts';
import { UnplacedAlert } from './unplaced-alert.tsx';

export type FormScreenProps = ResourceScreenProps & { mode: FormMode; prefillSegment?: string | undefined };

// The create and edit screens of every resource: the record (or prefill source) loads, then the form shows.
export function FormScreen({ resource, api, mode, prefillSegment }: FormScreenProps) {
  const can = useGate();
  const held = usePermissions();
  const user = useAuthUser();
  const home = homeLocationOf(user.data?.user);
  const params = useParams();
  const id = Number(params.id);
  const fromOther = resource.prefillRoutes?.find((candidate) => candidate.segment === prefillSegment);
  const prefillParam = fromOther?.param ?? resource.createParam;
  const prefillId = prefillParam ? Number(params[prefillParam]) : Number.NaN;
  const prefill = prefillSegment ? api.prefillFrom?.[prefillSegment] : api.prefill;
  const source = useQuery({
    queryKey: mode === 'edit' ? api.detailKey(id) : [...api.listKey(), 'prefill', prefillSegment ?? '', prefillId],
    queryFn: async ({ signal }): Promise<Record<string, unknown>> =>
      mode === 'edit' ? { ...(await api.get(id, undefined, signal)) } : prefill ? prefill(prefillId) : {},
    enabled: mode === 'edit' ? Number.isInteger(id) : Number.isInteger(prefillId) && prefill !== undefined,
    staleTime: 0,
  });

  if (!can({ prefix: permissionPrefixOf(resource), action: mode === 'create' ? 'create' : 'update' })) {
    return (
      <RefusedRedirect
        to={listPath(resource)}
        sentence={permissionRefusal(mode === 'create' ? 'create' : 'update', resource.plural)}
      />
    );
  }
  const status = errorStatus(source.error);
  if (status === 403) {
    return (
      <Refusal
        kind="forbidden"
        sentence={permissionRefusal(mode === 'create' ? 'create' : 'update', resource.plural)}
        back={{ to: listPath(resource), label: `Back to ${resource.plural}` }}
      />
    );
  }
  if (mode === 'edit' && (status === 404 || !Number.isInteger(id))) {
    return (
      <Refusal
        kind="missing"
        sentence={missingRecord(resource.singular)}
        back={{ to: listPath(resource), label: `Back to ${resource.plural}` }}
      />
    );
  }
  const waiting =
    (source.isPending && source.fetchStatus !== 'idle') || (user.isPending && user.fetchStatus !== 'idle');
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
      <RequestErrorText request={source} />
      {!waiting && !source.isError ? (
        <ResourceForm
          resource={resource}
          api={api}
          mode={mode}
          id={id}
          source={source.data ?? null}
          start={resource.homeField && home ? { field: resource.homeField, home } : null}
          bound={boundToHome(home, held ?? []) ? home : null}
          prefillSegment={prefillSegment}
        />
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
  start: HomeStart | null;
  // The home location the user's location picker is limited to, when they may not work elsewhere.
  bound: HomeLocation | null;
  prefillSegment?: string | undefined;
};

function ResourceForm({ resource, api, mode, id, source, start, bound, prefillSegment }: ResourceFormProps) {
  const navigate = useNavigate();
  const can = useGate();
  const queryClient = useQueryClient();
  const [query] = useSearchParams();
  const fields = fieldsFor(resource.formFields, mode);
  const [validation] = useState(() => {
    const { bodySchemas } = api;
    if (!bodySchemas) return null;
    return formResolver(
      async () => (await bodySchemas())[mode === 'create' ? 'create' : 'update'],
      resource.formFields,
    );
  });
  const formElement = useRef<HTMLFormElement>(null);
  const form = useForm<FormValues>({
    defaultValues: initialValues(resource.formFields, source, mode, start),
    resolver: validation?.resolver,
  });
  // Once the form is drawn and the phone is idle, zod and the schema come, so that the first save does not wait for
  // them.
  useEffect(() => {
    if (!validation) return;
    if (typeof window.requestIdleCallback === 'function') {
      const idle = window.requestIdleCallback(validation.warm, { timeout: 2000 });
      return () => window.cancelIdleCallback(idle);
    }
    const timer = window.setTimeout(validation.warm, 500);
    return () => window.clearTimeout(timer);
  }, [validation]);
  const [returnHere, setReturnHere] = useState(false);
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const opticalKind = useOpticalKind(
    form.watch('item_type_id'),
    fields.some((field) => field.opticalKinds !== undefined),
  );
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

  const leave = (saved: unknown) => {
    const redirectTo = query.get('redirect_to');
    const next =
      mode === 'create' && typeof saved === 'object' && saved !== null
        ? api.nextAfterCreate?.(saved as ResourceRecord, prefillSegment)
        : null;
    // Back to the record the save started from (a payment's order): what it shows was changed by this save (its
    // deposits, its balance), so nothing kept of it is shown again unread.
    if (redirectTo) void queryClient.invalidateQueries({ refetchType: 'none' });
    if (next) {
      navigate(next);
    } else if (redirectTo) {
      const others = Object.fromEntries([...query.entries()].filter(([key]) => key !== 'redirect_to'));
      navigate(pathForName(redirectTo, others) ?? listPath(resource));
    } else if (mode === 'edit') {
      navigate(viewPath(resource, id));
    } else if (returnHere) {
      form.reset(initialValues(resource.formFields, null, mode, start));
    } else if (resource.opensAfterCreate && typeof saved === 'object' && saved !== null && 'id' in saved) {
      navigate(viewPath(resource, Number(saved.id)));
    } else {
      navigate(listPath(resource));
    }
  };

  // A new record's form starts in its first empty field, so the keyboard begins where the typing does (an
  // invoice's Customer), not at the top of the page; a field its route filled (the invoice a payment pays) is
  // passed over.
  useEffect(() => {
    if (mode !== 'create') return;
    const fields = formElement.current?.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      'input:not([type="hidden"]):not([type="checkbox"]):not([tabindex="-1"]):not([disabled]):not([readonly]), select:not([disabled]), textarea',
    );
    [...(fields ?? [])].find((field) => field.value === '')?.focus();
  }, [mode]);

  // Picking the source document on the form does what its create route does: the form takes its values (the order a
  // receive takes in, the quotation an invoice is made from).
  const sourceFor = (name: string) => {
    if (mode !== 'create') return undefined;
    if (name === resource.createParam) return api.prefill;
    const route = resource.prefillRoutes?.find((candidate) => candidate.param === name);
    return route ? api.prefillFrom?.[route.segment] : undefined;
  };
  const fillFrom = async (name: string, sourceId: number | null) => {
    const prefill = sourceFor(name);
    if (sourceId === null || !prefill) return;
    try {
      const picked = await prefill(sourceId);
      form.reset({ ...form.getValues(), ...sourceValues(resource.formFields, picked, mode) });
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  // A create the server holds back as a likely repeat (a contact of the same name and phone) waits for the user's
  // word, then goes again with the resource's override field set.
  const [heldBack, setHeldBack] = useState<string | null>(null);
  const override = mode === 'create' ? resource.conflictOverride : undefined;
  const send = (body: FormValues) => {
    setUnplaced([]);
    setHeldBack(null);
    save.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(
          `${resource.singular} ${mode === 'create' ? 'created' : 'updated'} successfully.`,
          mode === 'create' ? savedDocumentLinks(resource, saved, can) : [],
        );
        leave(saved);
      },
      onError: (error) => {
        const fieldErrors = validationErrors(error);
        if (override && errorStatus(error) === 409) {
          setHeldBack(errorMessage(error));
          return;
        }
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
  };
  const submit = form.handleSubmit(send);
  const submitAnyway = form.handleSubmit((body) => send(override ? { ...body, [override.field]: true } : body));

  useSaveShortcut(formElement);
  const FormPanel = resource.formPanel ? lazyComponent(resource.formPanel) : null;
  const FormSummary = resource.formSummary ? lazyComponent(resource.formSummary) : null;

  return (
    <FormProvider {...form}>
      <form ref={formElement} onSubmit={submit} noValidate>
        <Stack gap="5">
          {save.isPending ? <LoadingBar /> : null}
          <UnplacedAlert what={`this ${resource.singular}`} messages={unplaced} />
          {heldBack && override ? (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Description>{heldBack}</Alert.Description>
              </Alert.Content>
              <Button size="sm" variant="outline" colorPalette="orange" onClick={() => void submitAnyway()}>
                {override.label}
              </Button>
            </Alert.Root>
          ) : null}
          {mode === 'create' && resource.numbering && !save.isPending ? (
            <NumberPreview
              numbering={resource.numbering}
              dateField={resource.formFields.find((field) => 'documentDate' in field && field.documentDate)?.name}
            />
          ) : null}
          {resource.pays && !save.isPending ? <PaidDocumentSummary pays={resource.pays} /> : null}
          {mode === 'create' && FormPanel && !save.isPending ? (
            <Suspense fallback={null}>
              <FormPanel />
            </Suspense>
          ) : null}
          {save.isPending ? null : (
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {fields
                .filter((field) => shownFor(field, opticalKind))
                .map((field) => (
                  <FieldInput
                    key={field.name}
                    field={field}
                    atHome={field.name === resource.homeField ? { only: bound } : undefined}
                    onPick={sourceFor(field.name) ? (picked) => fillFrom(field.name, picked) : undefined}
                  />
                ))}
            </SimpleGrid>
          )}
          {resource.pays?.takesCash && !save.isPending ? <CashTendered /> : null}
          {FormSummary && !save.isPending ? (
            <Suspense fallback={null}>
              <FormSummary />
            </Suspense>
          ) : null}
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
              <Button
                type="submit"
                colorPalette="teal"
                loading={save.isPending}
                aria-keyshortcuts="Control+Enter Meta+Enter"
                title="Ctrl+Enter"
              >
                {mode === 'create' ? 'Save' : 'Update'}
              </Button>
            </HStack>
          </Flex>
        </Stack>
      </form>
    </FormProvider>
  );
}

// A saved document is one click away from the toast (the form itself goes where docs/domain/screens.md says): its view, its print,
// and what is done next with it there and then (an invoice's payment).
function savedDocumentLinks(
  resource: ResourceDefinition,
  saved: unknown,
  can: ReturnType<typeof useGate>,
): ToastLink[] {
  // A numbered document without a print of its own (a job order) still links its view and its next step.
  if ((!resource.print && !resource.numbering) || typeof saved !== 'object' || saved === null) return [];
  const record = saved as ResourceRecord;
  if (typeof record.id !== 'number') return [];
  const view = viewPath(resource, record.id);
  return [
    { label: 'View', to: view },
    ...(resource.print ? [{ label: 'Print', to: `${view}?print=1` }] : []),
    ...(resource.followUps ?? [])
      .filter(
        (followUp) =>
          followUp.returnHere && followUp.applies(record) && can({ prefix: followUp.resource, action: 'create' }),
      )
      .map((followUp) => ({ label: followUp.label, to: followUpPath(resource, followUp, record) })),
  ];
}
