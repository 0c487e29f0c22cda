import { formatPower } from './prescription.ts';

// The power of a stock lens (docs/domain/eye-care.md, Lenses by power): sphere, cylinder (minus form) and add in
// dioptres, kept as integer hundredths like a prescription's, so that 0.25 steps stay exact and a prescription's power
// matches a variant's by plain equality.

export type Hundredths = number;
export type LensPower = { sphere: Hundredths; cylinder: Hundredths; add: Hundredths | null };

export const powerStep = 25;

// Dioptres (or mm) to hundredths, or null when the value has more than two decimals.
export function toHundredths(value: number): Hundredths | null {
  const scaled = value * 100;
  const rounded = Math.round(scaled);
  return Math.abs(scaled - rounded) < 1e-6 ? rounded : null;
}

export function fromHundredths(value: Hundredths): number {
  return value / 100;
}

export function isPowerStep(value: number): boolean {
  const hundredths = toHundredths(value);
  return hundredths !== null && hundredths % powerStep === 0;
}

// Every step from `from` to `to`, both included, in the direction given.
export function powerSteps(from: Hundredths, to: Hundredths): Hundredths[] {
  const steps: Hundredths[] = [];
  const direction = to >= from ? powerStep : -powerStep;
  for (let value = from; direction > 0 ? value <= to : value >= to; value += direction) steps.push(value);
  return steps;
}

export function countSteps(from: Hundredths, to: Hundredths): number {
  return Math.floor(Math.abs(to - from) / powerStep) + 1;
}

// How a variant's code and name end: `-2.00/-0.50`, with ` ADD +2.00` for a multifocal.
export function powerLabel(power: LensPower): string {
  const base = `${formatPower(fromHundredths(power.sphere))}/${formatPower(fromHundredths(power.cylinder))}`;
  return power.add === null ? base : `${base} ADD ${formatPower(fromHundredths(power.add))}`;
}

// Plus-cylinder to minus-cylinder form, in hundredths (the axis does not matter to which stock lens fits).
export function minusCylinderPower(
  sphere: Hundredths,
  cylinder: Hundredths,
): { sphere: Hundredths; cylinder: Hundredths } {
  return cylinder > 0 ? { sphere: sphere + cylinder, cylinder: -cylinder } : { sphere, cylinder };
}

// A power typed as said, "-2.00 -0.50" (or "-2 -.5", "-2/-0.5"), searched as a variant's code and name end:
// "-2.00/-0.50". Each number must carry a sign or a decimal point, so that other texts of two numbers keep their
// meaning; any other text is searched as typed.
const signedOrDecimal = String.raw`[+-](?:\d+(?:\.\d*)?|\.\d+)|\d*\.\d+`;
const typedPower = new RegExp(String.raw`^\s*(${signedOrDecimal})\s*(?:\/|\s)\s*(${signedOrDecimal})\s*$`);

export function powerSearchText(text: string): string {
  const match = typedPower.exec(text);
  if (!match) return text;
  const sphere = toHundredths(Number(match[1]));
  const cylinder = toHundredths(Number(match[2]));
  if (sphere === null || cylinder === null) return text;
  return powerLabel({ sphere, cylinder, add: null });
}
