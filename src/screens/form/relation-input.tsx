import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useGate } from '../../auth/use-permissions.ts';
import type { ResourceKey } from '../../resources/resource.ts';
import { type RemoteOption, RemoteSelect } from '../../ui/remote-select.tsx';
import type { RemoteSearch } from '../../ui/use-remote-options.ts';
import { relationSearch } from '../shared/relation-search.ts';
import { labelKey } from './form-values.ts';
import { type ContactRole, NewContactDialog } from './new-contact-dialog.tsx';
import { usePicked } from './use-picked.ts';

export type RelationInputProps = {
  name: string;
  resource: ResourceKey;
  invalid: boolean;
  // Instead of the resource's plain search: one that offers only what fits here.
  search?: RemoteSearch<RemoteOption>;
  onPick?: (option: RemoteOption | null) => void;
  // A contact picker that also makes a new customer (or supplier) in a dialog and picks it.
  creates?: ContactRole;
};

export function RelationInput({ name, resource, invalid, search, onPick, creates }: RelationInputProps) {
  const { setValue } = useFormContext();
  const { field, select } = usePicked(name);
  const can = useGate();
  // The new contact's name as typed in the picker, while its dialog is open, and how to return to the picker.
  const [creating, setCreating] = useState<{ name: string; refocus: () => void } | null>(null);
  const choose = (option: RemoteOption | null) => {
    field.onChange(option?.value ?? null);
    setValue(labelKey(name), option?.label ?? '');
    onPick?.(option);
  };
  const mayCreate =
    creates !== undefined &&
    can({ prefix: 'contacts', action: 'create' }) &&
    can({ prefix: 'contact-types', action: 'view' });
  return (
    <>
      <RemoteSelect
        {...select}
        invalid={invalid}
        search={search ?? relationSearch(resource)}
        onChange={choose}
        create={
          mayCreate
            ? { label: `New ${creates}…`, onChoose: (typed, refocus) => setCreating({ name: typed, refocus }) }
            : undefined
        }
      />
      {creates && creating !== null ? (
        <NewContactDialog
          role={creates}
          name={creating.name}
          onCreated={(option) => {
            setCreating(null);
            choose(option);
            creating.refocus();
          }}
          onClose={() => {
            setCreating(null);
            creating.refocus();
          }}
        />
      ) : null}
    </>
  );
}
