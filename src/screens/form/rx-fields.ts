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

export const rxSharedFields = [
  'pd_distance',
  'pd_od',
  'pd_os',
  'pd_near',
  'segment_height_od',
  'segment_height_os',
] as const;

export const rxFieldNames: readonly string[] = [
  ...(['od', 'os'] as const).flatMap((eye) => rxEyeFigures.map((figure) => `${eye}_${figure}`)),
  ...rxSharedFields,
];
