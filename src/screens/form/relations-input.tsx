import { Checkbox, Spinner, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useController } from 'react-hook-form';
import type { ResourceKey } from '../../resources/resource.ts';
import type { RemoteOption } from '../../ui/remote-select.tsx';
import { relationSearch } from '../shared/relation-search.ts';

export type RelationsInputProps = { name: string; resource: ResourceKey };

// A short list picked as a whole (a user's businesses): every option shown with a checkbox.
export function RelationsInput({ name, resource }: RelationsInputProps) {
  const { field } = useController({ name });
  const [options, setOptions] = useState<RemoteOption[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    relationSearch(resource)('', controller.signal)
      .then(setOptions)
      .catch(() => setOptions([]));
    return () => controller.abort();
  }, [resource]);
  const chosen: number[] = Array.isArray(field.value) ? field.value.filter((id) => typeof id === 'number') : [];
  if (options === null) return <Spinner size="sm" />;
  return (
    <Stack gap="2">
      {options.map((option) => (
        <Checkbox.Root
          key={option.value}
          // Inside a Field every checkbox would take the field's one input id, and a click on any label would toggle
          // the first: each gets its own.
          ids={{ hiddenInput: `${name}-${option.value}`, label: `${name}-${option.value}-label` }}
          checked={chosen.includes(option.value)}
          onCheckedChange={(details) =>
            field.onChange(
              details.checked === true ? [...chosen, option.value] : chosen.filter((id) => id !== option.value),
            )
          }
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{option.label}</Checkbox.Label>
        </Checkbox.Root>
      ))}
    </Stack>
  );
}
