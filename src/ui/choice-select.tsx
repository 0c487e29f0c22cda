import { Field, NativeSelect } from '@chakra-ui/react';
import type { ComponentProps } from 'react';

export type Choice = { value: string; label: string };

type ChoiceSelectProps = ComponentProps<typeof NativeSelect.Field> & {
  choices: readonly Choice[];
  // The empty first choice and what it reads ("Choose…", "Any", "Every branch"); none without it.
  empty?: string;
  invalid?: boolean;
};

// A native select of the given choices, the one way every screen offers a fixed list. The rest of the props go to
// the <select> itself: its id, and either value and onChange or what react-hook-form's register gives.
export function ChoiceSelect({ choices, empty, invalid, ...select }: ChoiceSelectProps) {
  return (
    <NativeSelect.Root invalid={invalid}>
      <NativeSelect.Field {...select}>
        {empty === undefined ? null : <option value="">{empty}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

// Named records as choices by their id; `prefix` tells apart ids of two kinds in one select (B12, W3).
export function choicesOf(records: readonly { id: number; name: string }[], prefix = ''): Choice[] {
  return records.map((record) => ({ value: `${prefix}${record.id}`, label: record.name }));
}

// A select of choices with its label above it, outside a resource form (as LabelledInput is for an input); `room`
// is its room in its row.
export function LabelledChoice({
  label,
  room,
  required,
  ...select
}: ChoiceSelectProps & { label: string; room?: Field.RootProps; required?: boolean }) {
  return (
    <Field.Root {...room} required={required}>
      <Field.Label htmlFor={select.id}>{label}</Field.Label>
      <ChoiceSelect {...select} />
    </Field.Root>
  );
}
