import { divideRounded } from './line-amount.ts';
import type { Centavos } from './money.ts';

// The payer's share of a sale with an LOA (docs/domain/sales.md, HMO and PhilHealth benefits). Pure and free of server
// imports: the invoice form imports this very file to show the split the server will store.

// PhilHealth's optometry package: ₱2,500 once per child of 0-15 years per calendar year.
export const philHealthPackage: Centavos = 250_000;

export type ShareInput = {
  // The covered lines' amounts, which already carry the VAT exemption and the SC/PWD discount.
  covered: Centavos;
  copayPercent: number | null;
  approved: Centavos;
  remaining: Centavos;
  philHealth: boolean;
};

// The least of the LOA's approved amount, the cap left this plan year and the covered amount less the copay (and,
// for PhilHealth, its package); never below nothing.
export function payerShareOf(input: ShareInput): Centavos {
  const copayHundredths = BigInt(Math.round((input.copayPercent ?? 0) * 100));
  const afterCopay = input.covered - Number(divideRounded(BigInt(input.covered) * copayHundredths, 10_000n));
  const limits = [input.approved, input.remaining, afterCopay, ...(input.philHealth ? [philHealthPackage] : [])];
  return Math.max(0, Math.min(...limits));
}
