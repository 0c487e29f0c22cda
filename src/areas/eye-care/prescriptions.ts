import { formatEye } from '../../format/prescription.ts';
import * as column from '../../resources/document-columns.ts';
import * as filter from '../../resources/filters.ts';
import * as field from '../../resources/form-fields.ts';
import { optionsOf } from '../../resources/options.ts';
import { patients } from '../../resources/picker-searches.ts';
import { type Column, defineResource, readField } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';
import { rxFieldNames } from './rx-fields.ts';

// One eye as opticians write it: `-2.25 / -0.75 × 180`.
const eyeColumn = (eye: 'od' | 'os'): Column => ({
  field: eye,
  label: eye.toUpperCase(),
  value: (row) =>
    formatEye({
      sphere: row[`${eye}_sphere`] as number | null,
      cylinder: row[`${eye}_cylinder`] as number | null,
      axis: row[`${eye}_axis`] as number | null,
    }),
});

const patient: Column = column.party('Patient');
const kindColumn: Column = { field: 'kind', label: 'Kind', kind: 'label' };
const examined: Column = column.date('examined_on', 'Examined');
const expires: Column = column.date('expires_on', 'Expires');
const kinds = optionsOf({ spectacles: 'Spectacles', contact_lenses: 'Contact lenses' });

export const prescriptionColumns: readonly Column[] = [
  examined,
  kindColumn,
  eyeColumn('od'),
  eyeColumn('os'),
  { field: 'od_add', label: 'ADD', kind: 'power' },
  expires,
  column.status,
];

export const prescriptions = defineResource({
  key: 'prescriptions',
  title: 'contact_name',
  columns: [patient, ...prescriptionColumns],
  viewFields: [
    patient,
    kindColumn,
    examined,
    expires,
    column.status,
    eyeColumn('od'),
    eyeColumn('os'),
    { field: 'od_add', label: 'ADD OD', kind: 'power' },
    { field: 'os_add', label: 'ADD OS', kind: 'power' },
    { field: 'od_visual_acuity', label: 'VA OD' },
    { field: 'os_visual_acuity', label: 'VA OS' },
    { field: 'pd_distance', label: 'PD' },
    { field: 'pd_od', label: 'PD OD' },
    { field: 'pd_os', label: 'PD OS' },
    { field: 'pd_near', label: 'Near PD' },
    { field: 'segment_height_od', label: 'Seg. Height OD' },
    { field: 'segment_height_os', label: 'Seg. Height OS' },
    { field: 'prescriber', label: 'Prescriber' },
    { field: 'prescriber_license', label: 'PRC License' },
    { field: 'notes', label: 'Notes' },
    ...recordTimestamps,
  ],
  formFields: [
    field.party('Patient', patients, 'customer'),
    {
      name: 'kind',
      label: 'Kind',
      kind: 'select',
      required: true,
      options: kinds,
    },
    { name: 'examined_on', label: 'Examined On', kind: 'date', required: true, documentDate: 'any' },
    { name: 'expires_on', label: 'Expires On', kind: 'date' },
    { name: 'prescriber', label: 'Prescriber', kind: 'text' },
    { name: 'prescriber_license', label: 'PRC License No.', kind: 'text' },
    {
      name: 'rx',
      label: 'Prescription',
      kind: 'area',
      layout: 'bare',
      values: rxFieldNames,
      input: async () => (await import('./rx-card.tsx')).RxCard,
    },
    { name: 'notes', label: 'Notes', kind: 'textarea' },
  ],
  filters: [
    filter.status(optionsOf({ valid: 'Valid', expired: 'Expired' })),
    { name: 'kind', label: 'Kind', kind: 'select', options: kinds },
    filter.relation('contact_id', 'Patient', 'contacts', patients),
    ...filter.dateRange('examined_on', 'Examined'),
  ],
  // The road of docs/domain/eye-care.md: a new prescription opens its view, which starts the patient's order.
  opensAfterCreate: true,
  prefillRoutes: [{ segment: 'from-contact', param: 'contact_id' }],
  followUps: [
    {
      resource: 'job-orders',
      label: 'New Job Order',
      segment: 'from-prescription',
      applies: (prescription) => !prescription.deleted_at && readField(prescription, 'status') === 'valid',
    },
  ],
  // A prescription a job order has used is corrected by a new one (docs/domain/eye-care.md, Traceability).
  editable: (prescription) => readField(prescription, 'is_used') !== true,
  load: async () => {
    const api = await import('../../../generated/hooks/prescriptions/prescriptions.ts');
    const schemas = () => import('../../../generated/zod/prescriptions/prescriptions.zod.ts');
    return {
      ...standardOperations({ one: 'Prescription', many: 'Prescriptions' }, api, schemas),
      prefillFrom: {
        // From the patient's view: their name on the form.
        'from-contact': async (id) => {
          const { getContact } = await import('../../../generated/hooks/contacts/contacts.ts');
          const patient = await getContact(id);
          return { contact_id: patient.id, contact_name: patient.name };
        },
      },
    };
  },
});
