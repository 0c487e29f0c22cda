import { NativeSelect } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import {
  getListPrescriptionsQueryKey,
  listPrescriptions,
} from '../../../generated/hooks/prescriptions/prescriptions.ts';
import { formatDate } from '../../format/date.ts';
import { formatEye } from '../../format/prescription.ts';
import type { AreaInputProps } from '../../resources/resource.ts';
import { labelKey } from '../../screens/form/form-values.ts';

export type PatientPrescriptionInputProps = { name: string; patientField: string; invalid: boolean };

// The patient's prescriptions, newest first, expired ones marked. Choosing a patient on the form preselects their
// latest valid one; the patient the form opened with (an edit, or a new order from a patient's view) keeps the
// prescription it opened with, none included, so that no prescription is added that the user did not pick (a
// frame-only order stays without one).
export function PatientPrescriptionInput({ name, patientField, invalid }: PatientPrescriptionInputProps) {
  const { setValue, getValues } = useFormContext();
  const { field } = useController({ name });
  const patient: unknown = useWatch({ name: patientField });
  const patientId = typeof patient === 'number' ? patient : null;
  const openedWith = useRef(patientId);
  const openedRx = useRef<unknown>(getValues(name));
  const params = { contact_id: patientId ?? 0, per_page: 25 } as const;
  const found = useQuery({
    queryKey: getListPrescriptionsQueryKey(params),
    queryFn: ({ signal }) => listPrescriptions(params, undefined, signal),
    enabled: patientId !== null,
  });
  const options = found.data?.data ?? [];
  useEffect(() => {
    if (!found.data) return;
    const current: unknown = getValues(name);
    if (typeof current === 'number' && found.data.data.some((prescription) => prescription.id === current)) return;
    if (patientId !== null && patientId === openedWith.current) {
      // Back to the patient the form opened with, from another's prescription: theirs again, as it was.
      if (typeof current === 'number' && current !== openedRx.current) {
        setValue(name, openedRx.current ?? null, { shouldDirty: true });
      }
      return;
    }
    const latest = found.data.data.find((prescription) => prescription.status === 'valid');
    setValue(name, latest?.id ?? null, { shouldDirty: true });
    setValue(labelKey(name), '');
  }, [found.data, getValues, name, patientId, setValue]);
  return (
    <NativeSelect.Root invalid={invalid} disabled={patientId === null}>
      <NativeSelect.Field
        id={name}
        name={name}
        value={typeof field.value === 'number' ? String(field.value) : ''}
        onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">{patientId === null ? 'Choose the patient first' : 'No prescription (frame only)'}</option>
        {options.map((prescription) => (
          <option key={prescription.id} value={prescription.id}>
            {formatDate(prescription.examined_on)} · OD{' '}
            {formatEye({
              sphere: prescription.od_sphere,
              cylinder: prescription.od_cylinder,
              axis: prescription.od_axis,
            })}{' '}
            · OS{' '}
            {formatEye({
              sphere: prescription.os_sphere,
              cylinder: prescription.os_cylinder,
              axis: prescription.os_axis,
            })}
            {prescription.status === 'expired' ? ' (expired)' : ''}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

// A job order's prescription, of the patient the order is for.
export function JobOrderPrescriptionInput(props: AreaInputProps) {
  return <PatientPrescriptionInput {...props} patientField="contact_id" />;
}
