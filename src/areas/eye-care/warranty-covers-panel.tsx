import { Checkbox, Fieldset, HStack } from '@chakra-ui/react';
import { useFormContext, useWatch } from 'react-hook-form';

const covers = [
  { value: 'frame', label: 'Frame' },
  { value: 'lenses', label: 'Lenses' },
  { value: 'coating', label: 'Coating' },
] as const;

// docs/domain/eye-care.md, Warranties: what a term covers, a list the generic form has no field for.
export function WarrantyCoversPanel() {
  const { setValue } = useFormContext();
  const chosen = (useWatch({ name: 'covers' }) as string[] | undefined) ?? [];
  return (
    <Fieldset.Root>
      <Fieldset.Legend>Covers</Fieldset.Legend>
      <HStack gap="4">
        {covers.map((cover) => (
          <Checkbox.Root
            key={cover.value}
            checked={chosen.includes(cover.value)}
            onCheckedChange={(details) =>
              setValue(
                'covers',
                details.checked === true ? [...chosen, cover.value] : chosen.filter((value) => value !== cover.value),
                { shouldDirty: true },
              )
            }
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{cover.label}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </HStack>
    </Fieldset.Root>
  );
}
