import { Box, Checkbox, Field, Input, Text, Textarea } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo } from 'react';
import { type FieldError, get, useController, useFormContext, useWatch } from 'react-hook-form';
import { getListTerminalsQueryKey, listTerminals } from '../../../generated/hooks/terminals/terminals.ts';
import { useGate } from '../../auth/use-permissions.ts';
import { businessDayIso } from '../../format/date.ts';
import { type AreaField, type FormField, readField } from '../../resources/resource.ts';
import { ChoiceSelect } from '../../ui/choice-select.tsx';
import { lazyComponent } from '../shared/lazy-component.ts';
import { relationSearch, useFormNarrowing } from '../shared/relation-search.ts';
import { DateInput } from './date-input.tsx';
import { valueKeys } from './form-values.ts';
import { type HomeLocation, usableLocations } from './home-location.ts';
import { LineEditor } from './lines/line-editor.tsx';
import { useLinkedRecord } from './linked-record.ts';
import { LocationInput } from './location-input.tsx';
import { numberStep, steadyNumber, toNumberOrNull, toTextOrNull } from './number-value.ts';
import { RelationInput } from './relation-input.tsx';
import { RelationsInput } from './relations-input.tsx';
import { RowsEditor } from './rows-editor.tsx';

export type FieldInputProps = {
  field: FormField;
  // Set on the document's own location field: its picker offers only usable locations, and only the kind of
  // the user's home when they are bound to it.
  atHome?: { only: HomeLocation | null };
  // Set on the field naming the document this one comes from: picking a record fills the form from it.
  onPick?: (id: number | null) => void;
};

const discountColumns = [
  { name: 'quantity', label: 'From quantity', kind: 'quantity', required: true },
  { name: 'discount_percent', label: 'Discount %', kind: 'percent', required: true },
] as const;

// One labelled input per form field, with the message of the client or server check under it.
export function FieldInput({ field, atHome, onPick }: FieldInputProps) {
  const { formState } = useFormContext();
  if (field.kind === 'hidden') return null;
  if (field.kind === 'relation' && field.severalTerminals) return <TerminalChoice field={field} />;
  if (field.kind === 'area' && field.layout === 'bare') {
    return (
      <Box gridColumn="1 / -1">
        <AreaInput field={field} invalid={false} />
      </Box>
    );
  }
  const error = valueKeys(field)
    .map((key): FieldError | undefined => get(formState.errors, key))
    .find((found) => found?.message);
  const invalid = Boolean(error);
  const wide =
    field.kind === 'lines' ||
    field.kind === 'discounts' ||
    field.kind === 'textarea' ||
    (field.kind === 'area' && field.layout !== 'field');
  // A field of many inputs (lines, tiers, a list of checkboxes) is a group named by its label; any other field's
  // one control takes the field's name as its id (the Field passes it on), so that its label names it.
  const group = groupKinds.has(field.kind) || (field.kind === 'area' && field.layout === 'group');
  const labelId = `${field.name}-label`;
  return (
    <Field.Root
      id={group ? undefined : field.name}
      ids={{ label: labelId }}
      aria-labelledby={group ? labelId : undefined}
      invalid={invalid}
      required={field.required}
      gridColumn={wide ? '1 / -1' : undefined}
    >
      {field.kind === 'checkbox' ? null : group ? (
        <Text id={labelId} textStyle="sm" fontWeight="medium" display="flex" gap="1">
          {field.label}
          <Field.RequiredIndicator />
        </Text>
      ) : (
        <Field.Label>
          {field.label}
          <Field.RequiredIndicator />
        </Field.Label>
      )}
      <Control field={field} invalid={invalid} atHome={atHome} onPick={onPick} />
      {error?.message ? <Field.ErrorText>{error.message}</Field.ErrorText> : null}
    </Field.Root>
  );
}

export const postBackdatedDocumentsPermission = 'post-backdated-documents';

// A document's own date offers what the user may choose (docs/DECISIONS.md): no day after today, and for a sale
// only today unless the user may backdate it.
function DocumentDateInput({ name, label, sales }: { name: string; label: string; sales: boolean }) {
  const gate = useGate();
  const today = businessDayIso();
  const fixed = sales && !gate({ prefix: 'documents', action: 'create', override: [postBackdatedDocumentsPermission] });
  return (
    <>
      <DateInput name={name} label={label} max={today} readOnly={fixed} />
      {fixed ? <Field.HelperText>Sales are dated today.</Field.HelperText> : null}
    </>
  );
}

// A picker that offers what fits the form's other fields (docs/domain/eye-care.md, Quotation to invoice: the chosen
// customer's open quotations).
function NarrowedRelation({
  field,
  invalid,
  onPick,
}: {
  field: Extract<FormField, { kind: 'relation' }>;
  invalid: boolean;
  onPick?: ((id: number | null) => void) | undefined;
}) {
  const narrowing = useFormNarrowing(field.search);
  return (
    <RelationInput
      name={field.name}
      resource={field.resource}
      invalid={invalid}
      search={relationSearch(field.resource, narrowing)}
      onPick={onPick ? (option) => onPick(option?.value ?? null) : undefined}
      creates={field.creates}
    />
  );
}

type RelationField = Extract<FormField, { kind: 'relation' }>;

// docs/domain/cash.md, Terminals: the terminal is asked only where the paper's branch has more than one active
// terminal; elsewhere the field is not there and the server takes the open session's terminal, or the only one.
function TerminalChoice({ field }: { field: RelationField }) {
  const linked = useLinkedRecord(field.severalTerminals?.linked?.field, field.severalTerminals?.linked?.resource);
  const formBranch: unknown = useWatch({ name: 'branch_id' });
  const branch = field.severalTerminals?.linked ? (linked ? readField(linked, 'branch_id') : null) : formBranch;
  const branchId = typeof branch === 'number' ? branch : null;
  const params = { branch_id: branchId ?? 0, per_page: 100 } as const;
  const terminals = useQuery({
    queryKey: getListTerminalsQueryKey(params),
    queryFn: ({ signal }) => listTerminals(params, undefined, signal),
    enabled: branchId !== null,
    staleTime: 30_000,
  });
  const active = terminals.data?.data.filter((terminal) => terminal.active).length ?? 0;
  const several = branchId !== null && active > 1;
  const { setValue } = useFormContext();
  // A terminal chosen for another branch is not this one's: the choice starts again with the branch.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when the branch changes, not when the name does
  useEffect(() => {
    setValue(field.name, null);
  }, [branchId]);
  const picker = useMemo(
    (): RelationField => ({
      name: field.name,
      label: field.label,
      kind: 'relation',
      resource: 'terminals',
      labelField: field.labelField,
      search: { params: { branch_id: branchId ?? 0 } },
    }),
    [field.name, field.label, field.labelField, branchId],
  );
  return several ? <FieldInput field={picker} /> : null;
}

const groupKinds: ReadonlySet<FormField['kind']> = new Set(['lines', 'discounts', 'relations']);

function Control({ field, invalid, atHome, onPick }: FieldInputProps & { invalid: boolean }) {
  const { register } = useFormContext();
  switch (field.kind) {
    case 'text':
    case 'email':
    case 'password':
      return (
        <Input
          id={field.name}
          type={field.kind}
          autoComplete={field.kind === 'password' ? 'new-password' : undefined}
          {...register(field.name, { setValueAs: field.required ? String : toTextOrNull })}
        />
      );
    case 'textarea':
      return <Textarea id={field.name} rows={3} {...register(field.name, { setValueAs: toTextOrNull })} />;
    case 'date':
      return field.documentDate ? (
        <DocumentDateInput name={field.name} label={field.label} sales={field.documentDate === 'sales'} />
      ) : (
        <DateInput name={field.name} label={field.label} />
      );
    case 'money':
    case 'quantity':
    case 'percent':
    case 'number':
      return (
        <Input
          id={field.name}
          type="number"
          {...steadyNumber}
          step={field.step ?? numberStep[field.kind]}
          {...register(field.name, { setValueAs: toNumberOrNull })}
        />
      );
    case 'checkbox':
      return <CheckboxControl name={field.name} label={field.label} />;
    case 'select':
      return (
        <ChoiceSelect
          id={field.name}
          choices={field.options}
          empty="Choose…"
          {...register(field.name, { setValueAs: toTextOrNull })}
        />
      );
    case 'relation':
      if (field.search?.fromForm && !atHome) {
        return <NarrowedRelation field={field} invalid={invalid} onPick={onPick} />;
      }
      return (
        <RelationInput
          name={field.name}
          resource={field.resource}
          invalid={invalid}
          search={relationSearch(field.resource, atHome ? usableLocations : field.search)}
          onPick={onPick ? (option) => onPick(option?.value ?? null) : undefined}
          creates={field.creates}
        />
      );
    case 'relations':
      return <RelationsInput name={field.name} resource={field.resource} />;
    case 'location':
      return (
        <LocationInput
          name={field.name}
          label={field.label}
          target={{ kind: 'pair', prefix: field.prefix }}
          allowNone={false}
          invalid={invalid}
          usableOnly={atHome !== undefined}
          only={atHome?.only}
          startsAs={field.startsAs}
        />
      );
    case 'home-location':
      return (
        <LocationInput name={field.name} label={field.label} target={{ kind: 'typed' }} allowNone invalid={invalid} />
      );
    case 'discounts':
      return (
        <RowsEditor
          name={field.name}
          columns={discountColumns}
          newRow={() => ({ quantity: null, discount_percent: null })}
          addLabel="Add tier"
        />
      );
    case 'area':
      return <AreaInput field={field} invalid={invalid} />;
    case 'lines':
      return (
        <LineEditor
          name={field.name}
          columns={field.columns}
          pricing={field.pricing}
          useLineAmounts={field.useLineAmounts}
        />
      );
    case 'hidden':
      return null;
  }
}

// An area's own input (src/resources/resource.ts, AreaField), loaded with the first form that shows it.
function AreaInput({ field, invalid }: { field: AreaField; invalid: boolean }) {
  const Loaded = lazyComponent(field.input);
  return (
    <Suspense fallback={null}>
      <Loaded name={field.name} invalid={invalid} />
    </Suspense>
  );
}

function CheckboxControl({ name, label }: { name: string; label: string }) {
  const { field } = useController({ name });
  return (
    <Checkbox.Root
      checked={field.value === true}
      onCheckedChange={(details) => field.onChange(details.checked === true)}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}
