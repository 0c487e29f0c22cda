import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeSaleLine,
  computeVatBreakdown,
  type SaleLineInput,
  TAX_CLASSES,
  type VatSettings,
} from '../../server/domain/vat.ts';

const vatBusiness: VatSettings = { vatRegistered: true, program: null };
const senior: VatSettings = { vatRegistered: true, program: { percent: 20, vat_exempt: true } };

const line = (overrides: Partial<SaleLineInput>): SaleLineInput => ({
  quantity: 1000,
  unit_price: 112_000,
  discount_percent: null,
  tax_class: 'vatable',
  qualifies: false,
  ...overrides,
});

describe('VAT on VAT-inclusive prices', () => {
  it('splits a vatable ₱1,120.00 into ₱1,000.00 VATable sales and ₱120.00 VAT', () => {
    const { totals } = computeVatBreakdown([line({})], vatBusiness);
    expect(totals).toMatchObject({ vatable_sales: 100_000, vat_amount: 12_000, vat_exempt_sales: 0, total: 112_000 });
  });

  it('rounds the VAT once per line, half away from zero', () => {
    // ₱1.00 holds 100 × 12/112 = 10.71 centavos of VAT: 11
    expect(computeSaleLine(line({ unit_price: 100 }), vatBusiness).vat).toBe(11);
  });

  it('puts exempt and zero-rated lines in their own totals, with no VAT', () => {
    const { totals } = computeVatBreakdown(
      [line({ tax_class: 'vat_exempt', unit_price: 50_000 }), line({ tax_class: 'zero_rated', unit_price: 30_000 })],
      vatBusiness,
    );
    expect(totals).toMatchObject({
      vatable_sales: 0,
      vat_amount: 0,
      vat_exempt_sales: 50_000,
      zero_rated_sales: 30_000,
    });
    expect(totals.total).toBe(80_000);
  });
});

describe('senior citizen and PWD discount', () => {
  it('takes a ₱1,120.00 qualifying lens to ₱800.00 with no VAT (the worked example)', () => {
    const figures = computeSaleLine(line({ qualifies: true }), senior);
    expect(figures).toMatchObject({
      gross: 112_000,
      vat_removed: 12_000,
      special_discount: 20_000,
      discount: 0,
      amount: 80_000,
      vat: 0,
      counted_as: 'vat_exempt',
    });
  });

  it('discounts only the qualifying lens on a mixed invoice; the accessory keeps its VAT', () => {
    const lens = line({ qualifies: true });
    const case_ = line({ unit_price: 22_400, qualifies: false });
    const { totals } = computeVatBreakdown([lens, case_], senior);
    expect(totals).toEqual({
      subtotal: 134_400,
      discount_total: 0,
      vat_removed: 12_000,
      special_discount_total: 20_000,
      vatable_sales: 20_000,
      vat_amount: 2_400,
      vat_exempt_sales: 80_000,
      zero_rated_sales: 0,
      total: 102_400,
    });
  });

  it("gives the line's own discount instead when it is larger, never both, and the VAT still comes off", () => {
    const figures = computeSaleLine(line({ qualifies: true, discount_percent: 30 }), senior);
    expect(figures).toMatchObject({ vat_removed: 12_000, discount: 30_000, special_discount: 0, amount: 70_000 });
  });

  it("gives the program's discount when the line's own is smaller", () => {
    const figures = computeSaleLine(line({ qualifies: true, discount_percent: 10 }), senior);
    expect(figures).toMatchObject({ discount: 0, special_discount: 20_000, amount: 80_000 });
  });
});

describe('a business that is not VAT-registered', () => {
  it('shows no VAT: every sale counts as VAT-exempt, and a senior gets 20% off the price itself', () => {
    const settings: VatSettings = { vatRegistered: false, program: senior.program };
    const { totals } = computeVatBreakdown([line({ qualifies: true }), line({ tax_class: 'zero_rated' })], settings);
    expect(totals).toMatchObject({
      vatable_sales: 0,
      vat_amount: 0,
      vat_removed: 0,
      special_discount_total: 22_400,
      vat_exempt_sales: 89_600 + 112_000,
      zero_rated_sales: 0,
      total: 201_600,
    });
  });
});

describe('the breakdown always adds up', () => {
  const lineArbitrary = fc.record({
    quantity: fc.integer({ min: 1, max: 1_000_000 }),
    unit_price: fc.integer({ min: 0, max: 100_000_000 }),
    discount_percent: fc.option(fc.integer({ min: 0, max: 100 })),
    tax_class: fc.constantFrom(...TAX_CLASSES),
    qualifies: fc.boolean(),
  });
  const settingsArbitrary = fc.record({
    vatRegistered: fc.boolean(),
    program: fc.option(fc.record({ percent: fc.integer({ min: 0, max: 100 }), vat_exempt: fc.boolean() })),
  });

  it('to the total, to the centavo, over random lines, prices, classes and discounts', () => {
    fc.assert(
      fc.property(fc.array(lineArbitrary, { minLength: 1, maxLength: 30 }), settingsArbitrary, (lines, settings) => {
        const { lines: figures, totals } = computeVatBreakdown(lines, settings);
        const parts = totals.vatable_sales + totals.vat_amount + totals.vat_exempt_sales + totals.zero_rated_sales;
        expect(parts).toBe(totals.total);
        expect(totals.subtotal - totals.discount_total - totals.vat_removed - totals.special_discount_total).toBe(
          totals.total,
        );
        expect(totals.total).toBe(figures.reduce((sum, figure) => sum + figure.amount, 0));
        for (const figure of figures) {
          expect(Number.isInteger(figure.amount) && Number.isInteger(figure.vat)).toBe(true);
          expect(figure.discount === 0 || figure.special_discount === 0).toBe(true);
        }
        if (!settings.vatRegistered) expect(totals.vat_amount + totals.vatable_sales).toBe(0);
      }),
    );
  });
});
