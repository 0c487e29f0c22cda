// The prescription rules of docs/domain/eye-care.md, Prescriptions: ranges and steps, the axis and prism-base pairings,
// the minus-cylinder form and the way opticians write powers. Pure and without imports, so that the client's Rx card
// (src/screens/eye-care) checks exactly what the server checks while the user types.

export type Eye = 'od' | 'os';
export const eyes: readonly Eye[] = ['od', 'os'];

export type PrescriptionKind = 'spectacles' | 'contact_lenses';

// The figures of a prescription as the API speaks them: dioptres and millimetres, null (or absent) when not given.
export type PrescriptionFigures = {
  kind?: PrescriptionKind;
  examined_on?: string;
  expires_on?: string | null;
} & Partial<Record<FigureField, number | null>> &
  Partial<Record<`${Eye}_prism_base`, string | null>>;

type EyeFigure = 'sphere' | 'cylinder' | 'axis' | 'add' | 'prism' | 'base_curve' | 'diameter';
// The figures measured across the face rather than of one eye.
export const measurementFields = [
  'pd_distance',
  'pd_od',
  'pd_os',
  'pd_near',
  'segment_height_od',
  'segment_height_os',
] as const;
type Measurement = (typeof measurementFields)[number];
export type FigureField = `${Eye}_${EyeFigure}` | Measurement;

export type RxErrors = Record<string, string[]>;

type Rule = { min: number; max: number; step: number; unit: 'D' | 'mm' | '°'; signed?: boolean };

// Steps in hundredths, so that every check is integer arithmetic (0.1 is not exact in binary).
const eyeRules: Record<EyeFigure, Rule> = {
  sphere: { min: -3000, max: 3000, step: 25, unit: 'D', signed: true },
  cylinder: { min: -1000, max: 1000, step: 25, unit: 'D', signed: true },
  add: { min: 25, max: 400, step: 25, unit: 'D', signed: true },
  prism: { min: 0, max: 2000, step: 25, unit: 'D' },
  axis: { min: 100, max: 18000, step: 100, unit: '°' },
  base_curve: { min: 700, max: 1000, step: 10, unit: 'mm' },
  diameter: { min: 1200, max: 1600, step: 10, unit: 'mm' },
};

const measurementRules: Record<Measurement, Rule> = {
  pd_distance: { min: 4000, max: 8000, step: 50, unit: 'mm' },
  pd_near: { min: 4000, max: 8000, step: 50, unit: 'mm' },
  pd_od: { min: 2000, max: 4000, step: 50, unit: 'mm' },
  pd_os: { min: 2000, max: 4000, step: 50, unit: 'mm' },
  segment_height_od: { min: 800, max: 4000, step: 50, unit: 'mm' },
  segment_height_os: { min: 800, max: 4000, step: 50, unit: 'mm' },
};

export const prismBases = ['in', 'out', 'up', 'down'] as const;

export function ruleOf(field: FigureField): Rule {
  if (field in measurementRules) return measurementRules[field as Measurement];
  return eyeRules[field.slice(3) as EyeFigure];
}

// The value in hundredths, or null when it has more than two decimals (no step of ours is finer).
function hundredths(value: number): number | null {
  const scaled = value * 100;
  const rounded = Math.round(scaled);
  return Math.abs(scaled - rounded) < 1e-6 ? rounded : null;
}

function ruleText(value: number, rule: Rule): string {
  if (rule.unit === '°') return String(value / 100);
  if (rule.unit === 'D') return rule.signed ? formatPower(value / 100) : (value / 100).toFixed(2);
  return rule.step === 10 ? (value / 100).toFixed(1) : String(value / 100);
}

function stepText(rule: Rule): string {
  if (rule.unit === '°') return 'a whole number of degrees';
  return `steps of ${(rule.step / 100).toFixed(rule.step % 10 === 0 ? (rule.step % 100 === 0 ? 0 : 1) : 2)}`;
}

const labels: Record<EyeFigure | Measurement, string> = {
  sphere: 'sphere',
  cylinder: 'cylinder',
  axis: 'axis',
  add: 'add',
  prism: 'prism',
  base_curve: 'base curve',
  diameter: 'diameter',
  pd_distance: 'distance PD',
  pd_near: 'near PD',
  pd_od: 'right PD',
  pd_os: 'left PD',
  segment_height_od: 'right segment height',
  segment_height_os: 'left segment height',
};

function labelOf(field: FigureField): string {
  if (field in measurementRules) return labels[field as Measurement];
  const eye = field.startsWith('od_') ? 'right' : 'left';
  return `${eye} ${labels[field.slice(3) as EyeFigure]}`;
}

// One figure against its range and step: the message, or null when it is good.
export function figureError(field: FigureField, value: number): string | null {
  const rule = ruleOf(field);
  const scaled = hundredths(value);
  const label = labelOf(field);
  const unit = rule.unit === 'mm' ? ' mm' : '';
  if (scaled === null || scaled % rule.step !== 0) {
    return `The ${label} must be in ${stepText(rule)}.`;
  }
  if (scaled < rule.min || scaled > rule.max) {
    return `The ${label} must be between ${ruleText(rule.min, rule)} and ${ruleText(rule.max, rule)}${unit}.`;
  }
  return null;
}

const figureFields: readonly FigureField[] = [
  ...eyes.flatMap((eye) =>
    (['sphere', 'cylinder', 'axis', 'add', 'prism', 'base_curve', 'diameter'] as const).map(
      (figure) => `${eye}_${figure}` as const,
    ),
  ),
  ...measurementFields,
];

const present = (value: unknown): value is number => typeof value === 'number';

// Every rule of a whole prescription (as it will be stored, before transposition), keyed by field.
export function prescriptionErrors(rx: PrescriptionFigures): RxErrors {
  const errors: RxErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  for (const field of figureFields) {
    const value = rx[field];
    if (!present(value)) continue;
    const message = figureError(field, value);
    if (message) add(field, message);
  }
  for (const eye of eyes) {
    const side = eye === 'od' ? 'right' : 'left';
    const cylinder = rx[`${eye}_cylinder`];
    const axis = rx[`${eye}_axis`];
    const hasCylinder = present(cylinder) && cylinder !== 0;
    if (hasCylinder && !present(axis)) add(`${eye}_axis`, `The ${side} axis is required with a cylinder.`);
    if (!hasCylinder && present(axis)) add(`${eye}_axis`, `The ${side} axis is given only with a cylinder.`);
    const prism = rx[`${eye}_prism`];
    const base = rx[`${eye}_prism_base`];
    const hasPrism = present(prism) && prism !== 0;
    if (hasPrism && !base) add(`${eye}_prism_base`, `The ${side} prism needs a base.`);
    if (!hasPrism && base) add(`${eye}_prism_base`, `The ${side} prism base is given only with a prism.`);
    if (rx.kind !== 'contact_lenses') {
      for (const figure of ['base_curve', 'diameter'] as const) {
        if (present(rx[`${eye}_${figure}`])) {
          add(`${eye}_${figure}`, `The ${side} ${labels[figure]} is for contact lenses only.`);
        }
      }
    }
  }
  if (present(rx.pd_od) !== present(rx.pd_os)) {
    add(present(rx.pd_od) ? 'pd_os' : 'pd_od', 'A monocular PD needs both eyes.');
  }
  if (rx.examined_on && rx.expires_on && rx.expires_on < rx.examined_on) {
    add('expires_on', 'The expiry date must not be before the exam date.');
  }
  return errors;
}

export type EyePower = { sphere: number; cylinder: number | null; axis: number | null };

// Plus-cylinder to minus-cylinder form: sphere + cylinder, cylinder negated, axis turned 90° within 1..180.
export function transposeEye(power: EyePower): EyePower {
  if (!present(power.cylinder) || power.cylinder <= 0) return power;
  const sphere = Math.round(power.sphere * 100) + Math.round(power.cylinder * 100);
  const axis = present(power.axis) ? ((power.axis + 89) % 180) + 1 : null;
  return { sphere: sphere / 100, cylinder: -power.cylinder, axis };
}

// Both eyes in minus-cylinder form; the other figures stay as they are.
export function toMinusCylinder<T extends PrescriptionFigures>(rx: T): T {
  const result: T = { ...rx };
  for (const eye of eyes) {
    const sphere = rx[`${eye}_sphere`];
    if (!present(sphere)) continue;
    const turned = transposeEye({
      sphere,
      cylinder: rx[`${eye}_cylinder`] ?? null,
      axis: rx[`${eye}_axis`] ?? null,
    });
    result[`${eye}_sphere`] = turned.sphere as T[`${Eye}_sphere`];
    result[`${eye}_cylinder`] = turned.cylinder as T[`${Eye}_cylinder`];
    result[`${eye}_axis`] = turned.axis as T[`${Eye}_axis`];
  }
  return result;
}

export function hasPlusCylinder(rx: PrescriptionFigures): boolean {
  return eyes.some((eye) => {
    const cylinder = rx[`${eye}_cylinder`];
    return present(cylinder) && cylinder > 0;
  });
}

// A power as opticians write it: signed, two decimals (+0.50, -2.25); empty when not given.
export function formatPower(value: number | null | undefined): string {
  if (!present(value)) return '';
  const text = Math.abs(value).toFixed(2);
  return value < 0 ? `-${text}` : `+${text}`;
}

// A sphere of zero is plano.
export function formatSphere(value: number | null | undefined): string {
  return value === 0 ? 'PL' : formatPower(value);
}

// One eye on one line: `-2.25 / -0.75 × 180`, or the sphere alone without a cylinder.
export function formatEye(power: {
  sphere: number | null | undefined;
  cylinder?: number | null;
  axis?: number | null;
}): string {
  const sphere = formatSphere(power.sphere);
  if (!present(power.cylinder) || power.cylinder === 0) return sphere;
  const axis = present(power.axis) ? ` × ${power.axis}` : '';
  return `${sphere} / ${formatPower(power.cylinder)}${axis}`;
}

// A year after the exam; an exam on 29 February expires on 28 February.
export function defaultExpiry(examinedOn: string): string {
  const [year, month, day] = examinedOn.split('-').map(Number) as [number, number, number];
  const nextYear = year + 1;
  const leap = (nextYear % 4 === 0 && nextYear % 100 !== 0) || nextYear % 400 === 0;
  const lastDay = month === 2 && day === 29 && !leap ? 28 : day;
  return `${nextYear}-${String(month).padStart(2, '0')}-${String(lastDay).padStart(2, '0')}`;
}

// A prescription is good through its expiry date.
export function isExpiredOn(expiresOn: string, onDate: string): boolean {
  return expiresOn < onDate;
}
