import { Field, IconButton, Input, Table } from '@chakra-ui/react';
import { type FieldError, get, useFieldArray, useFormContext } from 'react-hook-form';
import { LuTrash2 } from 'react-icons/lu';
import type { FormValues } from '../../resources/resource.ts';
import { stickyEnd } from '../../ui/sticky-end.ts';
import { numberStep, steadyNumber, toNumberOrNull } from './number-value.ts';
import { RowsFooter } from './rows-footer.tsx';

export type NumberColumn = { name: string; label: string; kind: 'quantity' | 'percent' };

export type RowsEditorProps = {
  name: string;
  columns: readonly NumberColumn[];
  newRow: () => FormValues;
  addLabel: string;
};

// Rows of plain numbers: an item's discount tiers (document lines have their own editor, LineEditor).
export function RowsEditor({ name, columns, newRow, addLabel }: RowsEditorProps) {
  const { control, register, formState } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name });
  const arrayError: FieldError | undefined = get(formState.errors, name);
  return (
    <>
      <Table.ScrollArea borderWidth="1px" rounded="md" w="full">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              {columns.map((column) => (
                <Table.ColumnHeader key={column.name}>{column.label}</Table.ColumnHeader>
              ))}
              <Table.ColumnHeader w="12" {...stickyEnd} />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {fields.map((row, index) => (
              <Table.Row key={row.id}>
                {columns.map((column) => {
                  const path = `${name}.${index}.${column.name}`;
                  const error: FieldError | undefined = get(formState.errors, path);
                  return (
                    <Table.Cell key={column.name} minW="28" verticalAlign="top">
                      <Field.Root invalid={Boolean(error)}>
                        <Input
                          type="number"
                          {...steadyNumber}
                          aria-label={`${column.label} ${index + 1}`}
                          step={numberStep[column.kind]}
                          {...register(path, { setValueAs: toNumberOrNull })}
                        />
                        {error?.message ? <Field.ErrorText>{error.message}</Field.ErrorText> : null}
                      </Field.Root>
                    </Table.Cell>
                  );
                })}
                <Table.Cell verticalAlign="top" {...stickyEnd}>
                  <IconButton aria-label={`Remove row ${index + 1}`} variant="ghost" onClick={() => remove(index)}>
                    <LuTrash2 />
                  </IconButton>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <RowsFooter error={arrayError?.message} addLabel={addLabel} onAdd={() => append(newRow())} />
    </>
  );
}
