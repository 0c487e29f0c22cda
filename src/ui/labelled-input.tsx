import { Field, Input, type InputProps } from '@chakra-ui/react';

export type LabelledInputProps = InputProps & {
  label: string;
  // What is wrong with the value, under it.
  error?: string;
  // The field's room in its row (`w`, `maxW`, `flex`, `minW`).
  room?: Field.RootProps;
};

// One input with its label above it and its error under it: how a screen asks for a value outside a resource form.
export function LabelledInput({ label, error, room, required, ...input }: LabelledInputProps) {
  return (
    <Field.Root {...room} required={required} invalid={Boolean(error)}>
      <Field.Label htmlFor={input.id}>{label}</Field.Label>
      <Input {...input} />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
