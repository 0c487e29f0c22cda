import type { AreaField, FormValues } from '../../resources/resource.ts';

// A senior citizen or PWD discount (docs/domain/sales.md, Senior citizen and PWD discounts), with the document's live
// VAT breakdown; it starts from its program and holder as sent, without the names the server adds on reading.
export const specialDiscount: AreaField = {
  name: 'special_discount',
  label: 'Senior Citizen / PWD',
  kind: 'area',
  layout: 'group',
  input: async () => (await import('./special-discount-section.tsx')).SpecialDiscountSection,
  initial: (value) => {
    if (typeof value !== 'object' || value === null) return null;
    const { program_id, holder_name, holder_id_number } = value as FormValues;
    return { program_id, holder_name, holder_id_number };
  },
  shows: 'special-discount',
};

// An invoice's LOA and its split between payer and member (docs/domain/sales.md, HMO and PhilHealth benefits); set on
// create only.
export const loa: AreaField = {
  name: 'loa_id',
  label: 'HMO / PhilHealth LOA',
  kind: 'area',
  layout: 'wide',
  createOnly: true,
  input: async () => (await import('./loa-split-section.tsx')).LoaSplitSection,
};
