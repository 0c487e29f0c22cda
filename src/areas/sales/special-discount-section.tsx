import { Field, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FieldError, get, useController, useFormContext } from 'react-hook-form';
import {
  getListDiscountProgramsQueryKey,
  listDiscountPrograms,
} from '../../../generated/hooks/discount-programs/discount-programs.ts';
import type { DiscountProgram } from '../../../generated/model/index.ts';
import { VatBreakdownPanel } from './vat-breakdown-panel.tsx';

type SpecialDiscountValue = { program_id: number | null; holder_name: string; holder_id_number: string };

const programsParams = { per_page: 100 } as const;

const asValue = (value: unknown): SpecialDiscountValue | null =>
  typeof value === 'object' && value !== null ? (value as SpecialDiscountValue) : null;

// The "Senior Citizen / PWD" section of a sales document: the program, the holder's name and ID number as on the
// OSCA or PWD ID (all three, or none), and under it the breakdown the document will carry.
export function SpecialDiscountSection({ name }: { name: string }) {
  const { field } = useController({ name });
  const { formState } = useFormContext();
  const programs = useQuery({
    queryKey: getListDiscountProgramsQueryKey(programsParams),
    queryFn: ({ signal }) => listDiscountPrograms(programsParams, undefined, signal),
    staleTime: 60_000,
  });
  const value = asValue(field.value);
  const program: DiscountProgram | null =
    programs.data?.data.find((candidate) => candidate.id === value?.program_id) ?? null;
  const errorOf = (key: string) => (get(formState.errors, `${name}.${key}`) as FieldError | undefined)?.message;
  const whole = (get(formState.errors, name) as FieldError | undefined)?.message;
  const change = (patch: Partial<SpecialDiscountValue>) =>
    field.onChange({ program_id: null, holder_name: '', holder_id_number: '', ...value, ...patch });
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="3" role="group" aria-label="Senior Citizen / PWD">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <Field.Root invalid={Boolean(errorOf('program_id'))}>
          <Field.Label htmlFor={`${name}.program_id`}>Program</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              id={`${name}.program_id`}
              value={value?.program_id ?? ''}
              onChange={(event) =>
                event.target.value === '' ? field.onChange(null) : change({ program_id: Number(event.target.value) })
              }
            >
              <option value="">None</option>
              {(programs.data?.data ?? []).map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name} ({option.percent}%)
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errorOf('program_id')}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errorOf('holder_name'))} disabled={value === null} required={value !== null}>
          <Field.Label htmlFor={`${name}.holder_name`}>
            Holder Name
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            id={`${name}.holder_name`}
            value={value?.holder_name ?? ''}
            onChange={(event) => change({ holder_name: event.target.value })}
          />
          <Field.ErrorText>{errorOf('holder_name')}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errorOf('holder_id_number'))} disabled={value === null} required={value !== null}>
          <Field.Label htmlFor={`${name}.holder_id_number`}>
            ID Number (OSCA / PWD)
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            id={`${name}.holder_id_number`}
            value={value?.holder_id_number ?? ''}
            onChange={(event) => change({ holder_id_number: event.target.value })}
          />
          <Field.ErrorText>{errorOf('holder_id_number')}</Field.ErrorText>
        </Field.Root>
      </SimpleGrid>
      {whole ? (
        <Text color="fg.error" textStyle="sm">
          Give the program, the holder's name and the ID number, or choose None.
        </Text>
      ) : null}
      <VatBreakdownPanel program={value === null ? null : program} />
    </Stack>
  );
}
