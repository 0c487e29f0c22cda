import { Button, Field, Input, SimpleGrid, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { generateItemPowers, getListItemsQueryKey } from '../../../../generated/hooks/items/items.ts';
import type { GeneratePowers } from '../../../../generated/model/index.ts';
import { errorMessage, validationErrors } from '../../../screens/shared/request-error.ts';
import { ActionDialog } from '../../../ui/action-dialog.tsx';
import { notifyError, notifySuccess } from '../../../ui/toaster.tsx';
import { powerGridPath } from './power-grid-path.ts';

type RangeField = 'sphere_from' | 'sphere_to' | 'cylinder_from' | 'cylinder_to' | 'add';

const rangeFields: readonly { name: RangeField; label: string }[] = [
  { name: 'sphere_from', label: 'Sphere From' },
  { name: 'sphere_to', label: 'Sphere To' },
  { name: 'cylinder_from', label: 'Cylinder From' },
  { name: 'cylinder_to', label: 'Cylinder To' },
  { name: 'add', label: 'Add (multifocals)' },
];

const plural = (count: number, noun: string) => `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;

// The buttons a lens family's view offers: its powers (the items list of its variants), its power grid, and
// "Generate Powers" for a sphere × cylinder range.
export function LensFamilyActions({ id, canUpdate }: { id: number; canUpdate: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button asChild variant="outline" colorPalette="teal">
        <RouterLink to={`/items?variant_of_item_id=${id}`}>Powers</RouterLink>
      </Button>
      <Button asChild variant="outline" colorPalette="teal">
        <RouterLink to={powerGridPath({ itemId: id })}>Power Grid</RouterLink>
      </Button>
      {canUpdate ? (
        <Button variant="outline" colorPalette="teal" onClick={() => setOpen(true)}>
          Generate Powers
        </Button>
      ) : null}
      {open ? <GeneratePowersDialog id={id} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function GeneratePowersDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<RangeField, string>>({
    sphere_from: '-6.00',
    sphere_to: '4.00',
    cylinder_from: '0.00',
    cylinder_to: '-2.00',
    add: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const generate = useMutation({
    mutationFn: (body: GeneratePowers) => generateItemPowers(id, body),
    onSuccess: async (result) => {
      notifySuccess(
        `Powers generated: ${plural(result.created, 'variant')} created, ${plural(result.skipped, 'power')} skipped.`,
      );
      await queryClient.invalidateQueries({ queryKey: getListItemsQueryKey() });
      onClose();
    },
    onError: (error) => {
      const fields = validationErrors(error);
      if (fields) setErrors(fields);
      if (!fields || Object.keys(fields).some((field) => !rangeFields.some((range) => range.name === field))) {
        notifyError(errorMessage(error));
      }
    },
  });
  const submit = () => {
    setErrors({});
    const number = (field: RangeField) => Number(values[field]);
    const missing = rangeFields.filter((field) => field.name !== 'add' && values[field.name].trim() === '');
    if (missing.length > 0) {
      setErrors(
        Object.fromEntries(missing.map((field) => [field.name, `The ${field.label.toLowerCase()} is required.`])),
      );
      return;
    }
    generate.mutate({
      sphere_from: number('sphere_from'),
      sphere_to: number('sphere_to'),
      cylinder_from: number('cylinder_from'),
      cylinder_to: number('cylinder_to'),
      add: values.add.trim() === '' ? null : number('add'),
    });
  };
  return (
    <ActionDialog
      title="Generate Powers"
      actionLabel="Generate"
      busy={generate.isPending}
      onAction={submit}
      onClose={onClose}
    >
      <Text mb="4" color="fg.muted">
        One variant per sphere and cylinder in 0.25 steps, both ends included; powers the family already has are
        skipped.
      </Text>
      <SimpleGrid columns={2} gap="3">
        {rangeFields.map((field) => (
          <Field.Root key={field.name} invalid={Boolean(errors[field.name])}>
            <Field.Label htmlFor={`generate-${field.name}`}>{field.label}</Field.Label>
            <Input
              id={`generate-${field.name}`}
              type="number"
              step="0.25"
              value={values[field.name]}
              onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
            />
            {errors[field.name] ? <Field.ErrorText>{errors[field.name]}</Field.ErrorText> : null}
          </Field.Root>
        ))}
      </SimpleGrid>
    </ActionDialog>
  );
}
