import { Field } from '@chakra-ui/react';
import { suppliers } from '../../resources/picker-searches.ts';
import { type RemoteOption, RemoteSelect } from '../../ui/remote-select.tsx';
import { relationSearch } from './relation-search.ts';

export type SupplierPickerProps = {
  // The input's id and name.
  id: string;
  value: RemoteOption | null;
  onChange: (supplier: RemoteOption | null) => void;
  // Its room in its row.
  room?: Field.RootProps;
  required?: boolean;
};

// The supplier a purchase order made outside its form goes to (from the reorder report, from a lens's power grid),
// picked by name among the contacts who supply.
export function SupplierPicker({ id, value, onChange, room, required }: SupplierPickerProps) {
  return (
    <Field.Root {...room} required={required}>
      <Field.Label htmlFor={id}>Supplier</Field.Label>
      <RemoteSelect
        id={id}
        name={id}
        value={value?.value ?? null}
        label={value?.label ?? ''}
        search={relationSearch('contacts', suppliers)}
        onChange={onChange}
      />
    </Field.Root>
  );
}
