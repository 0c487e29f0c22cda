import { useController, useFormContext } from 'react-hook-form';
import { labelKey, pickedLabel } from './form-values.ts';

// A picker's field in the form: the field itself, and what its select shows, the id picked (null while none is) and
// the name the form keeps beside it.
export function usePicked(name: string) {
  const { watch } = useFormContext();
  const { field } = useController({ name });
  const value = typeof field.value === 'number' ? field.value : null;
  return { field, select: { name, value, label: pickedLabel(watch(labelKey(name)), value) } };
}
