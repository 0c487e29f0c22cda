import { describe, expect, it } from 'vitest';
import { canMoveJobOrder, jobOrderStatuses } from '../../server/domain/job-order-status.ts';
import {
  defaultExpiry,
  figureError,
  formatEye,
  formatPower,
  formatSphere,
  isExpiredOn,
  prescriptionErrors,
  toMinusCylinder,
  transposeEye,
} from '../../server/domain/prescription.ts';

describe('prescription ranges and steps', () => {
  it.each([
    ['od_sphere', -30, true],
    ['od_sphere', 30, true],
    ['od_sphere', 30.25, false],
    ['od_sphere', -2.3, false],
    ['os_cylinder', -10, true],
    ['os_cylinder', -10.25, false],
    ['od_add', 0, false],
    ['od_add', 0.25, true],
    ['od_add', 4, true],
    ['od_add', 4.25, false],
    ['od_axis', 0, false],
    ['od_axis', 180, true],
    ['od_axis', 90.5, false],
    ['od_prism', 20, true],
    ['od_prism', 1.1, false],
    ['pd_distance', 39.5, false],
    ['pd_distance', 62.5, true],
    ['pd_distance', 62.25, false],
    ['pd_od', 20, true],
    ['pd_os', 40.5, false],
    ['od_base_curve', 8.6, true],
    ['od_base_curve', 8.65, false],
    ['os_diameter', 16.1, false],
    ['segment_height_od', 7.5, false],
    ['segment_height_os', 18.5, true],
  ] as const)('%s = %d is accepted: %s', (field, value, accepted) => {
    expect(figureError(field, value) === null).toBe(accepted);
  });

  it('says the range and the step in words an optician reads', () => {
    expect(figureError('od_sphere', 31)).toBe('The right sphere must be between -30.00 and +30.00.');
    expect(figureError('os_cylinder', -1.1)).toBe('The left cylinder must be in steps of 0.25.');
    expect(figureError('pd_distance', 81)).toBe('The distance PD must be between 40 and 80 mm.');
    expect(figureError('pd_od', 31.2)).toBe('The right PD must be in steps of 0.5.');
    expect(figureError('od_axis', 181)).toBe('The right axis must be between 1 and 180.');
  });

  it('needs an axis with a cylinder and refuses one without', () => {
    expect(prescriptionErrors({ od_sphere: -1, od_cylinder: -0.5 }).od_axis).toBeDefined();
    expect(prescriptionErrors({ od_sphere: -1, od_cylinder: 0, od_axis: 90 }).od_axis).toBeDefined();
    expect(prescriptionErrors({ od_sphere: -1, od_axis: 90 }).od_axis).toBeDefined();
    expect(prescriptionErrors({ od_sphere: -1, od_cylinder: -0.5, od_axis: 90 })).toEqual({});
  });

  it('pairs a prism with its base, contact-lens fits with contact lenses, and monocular PDs', () => {
    expect(prescriptionErrors({ os_sphere: 0, os_prism: 1 }).os_prism_base).toBeDefined();
    expect(prescriptionErrors({ os_sphere: 0, os_prism_base: 'in' }).os_prism_base).toBeDefined();
    expect(prescriptionErrors({ kind: 'spectacles', od_sphere: -1, od_base_curve: 8.6 }).od_base_curve).toBeDefined();
    expect(prescriptionErrors({ kind: 'contact_lenses', od_sphere: -1, od_base_curve: 8.6 })).toEqual({});
    expect(prescriptionErrors({ pd_od: 31 }).pd_os).toBeDefined();
    expect(prescriptionErrors({ examined_on: '2026-03-01', expires_on: '2026-02-28' }).expires_on).toBeDefined();
  });
});

describe('transposition to minus-cylinder form', () => {
  it('adds the cylinder to the sphere, negates it and turns the axis 90 degrees', () => {
    expect(transposeEye({ sphere: -1, cylinder: 0.5, axis: 90 })).toEqual({ sphere: -0.5, cylinder: -0.5, axis: 180 });
    expect(transposeEye({ sphere: 1.25, cylinder: 2, axis: 180 })).toEqual({ sphere: 3.25, cylinder: -2, axis: 90 });
    expect(transposeEye({ sphere: 0, cylinder: 0.75, axis: 100 })).toEqual({ sphere: 0.75, cylinder: -0.75, axis: 10 });
  });

  it('leaves a minus cylinder and a sphere alone', () => {
    expect(transposeEye({ sphere: -2.25, cylinder: -0.75, axis: 180 })).toEqual({
      sphere: -2.25,
      cylinder: -0.75,
      axis: 180,
    });
    expect(
      toMinusCylinder({ od_sphere: -2, os_sphere: 1, os_cylinder: 1, os_axis: 45, notes: 'x' } as never),
    ).toMatchObject({ od_sphere: -2, os_sphere: 2, os_cylinder: -1, os_axis: 135 });
  });

  it('describes the same lens before and after: the power on every meridian is unchanged', () => {
    const power = (sphere: number, cylinder: number, axis: number, meridian: number) =>
      sphere + cylinder * Math.sin(((meridian - axis) * Math.PI) / 180) ** 2;
    for (const [sphere, cylinder, axis] of [
      [-1.5, 1.25, 30],
      [2, 0.5, 170],
      [0, 3, 90],
    ] as const) {
      const turned = transposeEye({ sphere, cylinder, axis });
      for (const meridian of [0, 45, 90, 135]) {
        expect(power(turned.sphere, turned.cylinder ?? 0, turned.axis ?? 0, meridian)).toBeCloseTo(
          power(sphere, cylinder, axis, meridian),
        );
      }
    }
  });
});

describe('writing powers as opticians do', () => {
  it('signs every power with two decimals and writes a zero sphere as PL', () => {
    expect(formatPower(0.5)).toBe('+0.50');
    expect(formatPower(-2.25)).toBe('-2.25');
    expect(formatPower(null)).toBe('');
    expect(formatSphere(0)).toBe('PL');
    expect(formatEye({ sphere: -2.25, cylinder: -0.75, axis: 180 })).toBe('-2.25 / -0.75 × 180');
    expect(formatEye({ sphere: 0, cylinder: -0.5, axis: 90 })).toBe('PL / -0.50 × 90');
    expect(formatEye({ sphere: 1.5, cylinder: null, axis: null })).toBe('+1.50');
  });

  it('expires a year after the exam, and is good through its expiry date', () => {
    expect(defaultExpiry('2026-03-14')).toBe('2027-03-14');
    expect(defaultExpiry('2028-02-29')).toBe('2029-02-28');
    expect(isExpiredOn('2026-03-14', '2026-03-14')).toBe(false);
    expect(isExpiredOn('2026-03-14', '2026-03-15')).toBe(true);
  });
});

describe('job order status moves', () => {
  it('goes open, in the lab, ready, claimed, back to the lab from ready, and cancels only before the lab is done', () => {
    const allowed = jobOrderStatuses.flatMap((from) =>
      jobOrderStatuses.filter((to) => canMoveJobOrder(from, to)).map((to) => `${from}>${to}`),
    );
    expect(allowed).toEqual([
      'open>in_lab',
      'open>cancelled',
      'in_lab>ready',
      'in_lab>cancelled',
      'ready>in_lab',
      'ready>claimed',
      'ready>forfeited',
    ]);
  });
});
