import { measurementFields } from '../../../server/domain/prescription.ts';

// The fields of a prescription that the Rx card writes, per eye and for both eyes together.
export const rxEyeFigures = [
  'sphere',
  'cylinder',
  'axis',
  'add',
  'prism',
  'prism_base',
  'visual_acuity',
  'base_curve',
  'diameter',
] as const;

// The figures measured across the face, as the domain names them.
export const rxSharedFields = measurementFields;

export const rxFieldNames: readonly string[] = [
  ...(['od', 'os'] as const).flatMap((eye) => rxEyeFigures.map((figure) => `${eye}_${figure}`)),
  ...rxSharedFields,
];
