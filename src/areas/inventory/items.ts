import { isLensFamily, opticalDetails } from '../../format/optical.ts';
import * as filter from '../../resources/filters.ts';
import * as field from '../../resources/form-fields.ts';
import { optionsOf } from '../../resources/options.ts';
import { type Column, defineResource, type OpticalKind } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

// docs/domain/sales.md, Philippine VAT: how the VAT-inclusive price is taxed.
const taxClassOptions = optionsOf({ vatable: 'VATable', vat_exempt: 'VAT-exempt', zero_rated: 'Zero-rated' });

const frame: readonly OpticalKind[] = ['frame'];
const ophthalmic: readonly OpticalKind[] = ['ophthalmic_lens'];
const contact: readonly OpticalKind[] = ['contact_lens'];
const lens: readonly OpticalKind[] = ['ophthalmic_lens', 'contact_lens'];

const lensDesignOptions = optionsOf({ single_vision: 'Single vision', bifocal: 'Bifocal', progressive: 'Progressive' });

const modalityOptions = optionsOf({ daily: 'Daily', two_week: 'Two-week', monthly: 'Monthly' });

// What an item is, first on the list and on the view alike.
const identity: readonly Column[] = [
  { field: 'code', label: 'Code' },
  { field: 'name', label: 'Name' },
  { field: 'brand_name', label: 'Brand' },
  { field: 'item_type_name', label: 'Type' },
  { field: 'unit_of_measurement_name', label: 'Unit' },
];

export const items = defineResource({
  key: 'items',
  title: 'name',
  filters: [
    filter.relation('brand_id', 'Brand', 'brands'),
    filter.relation('item_type_id', 'Item Type', 'item-types'),
    filter.relation('item_classification_id', 'Item Classification', 'item-classifications'),
    filter.relation('unit_of_measurement_id', 'Unit of Measurement', 'unit-of-measurements'),
    // A lens family's powers, or the catalogue without them (docs/domain/eye-care.md, Lenses by power: one item per
    // power).
    filter.relation('variant_of_item_id', 'Lens Family', 'items', { params: { without_variants: 1 } }),
    { name: 'without_variants', label: 'Lens Powers', kind: 'select', options: [{ value: '1', label: 'Hide' }] },
  ],
  columns: [
    ...identity,
    { field: 'optical_details', label: 'Optical Details', value: opticalDetails },
    { field: 'tax_class', label: 'Tax Class', kind: 'label' },
  ],
  viewFields: [
    ...identity,
    { field: 'barcode', label: 'Barcode' },
    { field: 'item_classification_name', label: 'Classification' },
    { field: 'description', label: 'Description' },
    { field: 'is_inventory_tracked', label: 'Inventory Tracked', kind: 'boolean' },
    { field: 'is_lot_tracked', label: 'Kept by Lot and Expiry', kind: 'boolean' },
    { field: 'tax_class', label: 'Tax Class', kind: 'label' },
    { field: 'reorder_level', label: 'Reorder Level', kind: 'quantity' },
    { field: 'purchase_discounts', label: 'Purchase Discounts', kind: 'discounts' },
    { field: 'sale_discounts', label: 'Sale Discounts', kind: 'discounts' },
    { field: 'frame_model', label: 'Frame Model', opticalKinds: frame },
    { field: 'frame_color', label: 'Frame Colour', opticalKinds: frame },
    { field: 'eye_size', label: 'Eye Size (A), mm', opticalKinds: frame },
    { field: 'bridge', label: 'Bridge (DBL), mm', opticalKinds: frame },
    { field: 'frame_b', label: 'Lens Height (B), mm', opticalKinds: frame },
    { field: 'frame_ed', label: 'Effective Diameter (ED), mm', opticalKinds: frame },
    { field: 'temple_length', label: 'Temple Length, mm', opticalKinds: frame },
    { field: 'frame_material', label: 'Frame Material', opticalKinds: frame },
    { field: 'frame_shape', label: 'Frame Shape', opticalKinds: frame },
    { field: 'lens_index', label: 'Lens Index', opticalKinds: ophthalmic },
    { field: 'lens_design', label: 'Lens Design', kind: 'label', opticalKinds: ophthalmic },
    { field: 'lens_material', label: 'Lens Material', opticalKinds: ophthalmic },
    { field: 'coatings', label: 'Coatings', opticalKinds: ophthalmic },
    { field: 'modality', label: 'Modality', kind: 'label', opticalKinds: contact },
    { field: 'pack_size', label: 'Pack Size', opticalKinds: contact },
    { field: 'base_curve', label: 'Base Curve, mm', opticalKinds: contact },
    { field: 'diameter', label: 'Diameter, mm', opticalKinds: contact },
    { field: 'variant_of_item_name', label: 'Lens Family', opticalKinds: lens },
    { field: 'sphere', label: 'Sphere', kind: 'power', opticalKinds: lens },
    { field: 'cylinder', label: 'Cylinder', kind: 'power', opticalKinds: lens },
    { field: 'add', label: 'Add', kind: 'power', opticalKinds: lens },
    ...recordTimestamps,
  ],
  formFields: [
    { name: 'code', label: 'Code', kind: 'text', required: true },
    { name: 'barcode', label: 'Barcode', kind: 'text' },
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'description', label: 'Description', kind: 'textarea' },
    { name: 'brand_id', label: 'Brand', kind: 'relation', resource: 'brands', labelField: 'brand_name' },
    field.relation('item_type_id', 'Item Type', 'item-types', 'item_type_name', { required: true }),
    {
      name: 'item_classification_id',
      label: 'Item Classification',
      kind: 'relation',
      resource: 'item-classifications',
      labelField: 'item_classification_name',
    },
    field.relation(
      'unit_of_measurement_id',
      'Unit of Measurement',
      'unit-of-measurements',
      'unit_of_measurement_name',
      { required: true },
    ),
    { name: 'is_inventory_tracked', label: 'Inventory Tracked', kind: 'checkbox' },
    { name: 'is_lot_tracked', label: 'Kept by Lot and Expiry', kind: 'checkbox' },
    { name: 'tax_class', label: 'Tax Class', kind: 'select', options: taxClassOptions, defaultValue: 'vatable' },
    { name: 'reorder_level', label: 'Reorder Level', kind: 'quantity' },
    { name: 'purchase_discounts', label: 'Purchase Discounts', kind: 'discounts' },
    { name: 'sale_discounts', label: 'Sale Discounts', kind: 'discounts' },
    { name: 'frame_model', label: 'Frame Model', kind: 'text', opticalKinds: frame },
    { name: 'frame_color', label: 'Frame Colour', kind: 'text', opticalKinds: frame },
    { name: 'eye_size', label: 'Eye Size (A), mm', kind: 'number', opticalKinds: frame },
    { name: 'bridge', label: 'Bridge (DBL), mm', kind: 'number', opticalKinds: frame },
    { name: 'frame_b', label: 'Lens Height (B), mm', kind: 'number', opticalKinds: frame },
    { name: 'frame_ed', label: 'Effective Diameter (ED), mm', kind: 'number', opticalKinds: frame },
    { name: 'temple_length', label: 'Temple Length, mm', kind: 'number', opticalKinds: frame },
    { name: 'frame_material', label: 'Frame Material', kind: 'text', opticalKinds: frame },
    { name: 'frame_shape', label: 'Frame Shape', kind: 'text', opticalKinds: frame },
    { name: 'lens_index', label: 'Lens Index', kind: 'number', step: '0.001', opticalKinds: ophthalmic },
    { name: 'lens_design', label: 'Lens Design', kind: 'select', options: lensDesignOptions, opticalKinds: ophthalmic },
    { name: 'lens_material', label: 'Lens Material', kind: 'text', opticalKinds: ophthalmic },
    { name: 'coatings', label: 'Coatings', kind: 'text', opticalKinds: ophthalmic },
    { name: 'modality', label: 'Modality', kind: 'select', options: modalityOptions, opticalKinds: contact },
    { name: 'pack_size', label: 'Pack Size', kind: 'number', opticalKinds: contact },
    { name: 'base_curve', label: 'Base Curve, mm', kind: 'number', step: '0.1', opticalKinds: contact },
    { name: 'diameter', label: 'Diameter, mm', kind: 'number', step: '0.1', opticalKinds: contact },
    {
      name: 'variant_of_item_id',
      label: 'Lens Family',
      kind: 'relation',
      resource: 'items',
      labelField: 'variant_of_item_name',
      opticalKinds: lens,
    },
    { name: 'sphere', label: 'Sphere', kind: 'number', step: '0.25', opticalKinds: lens },
    { name: 'cylinder', label: 'Cylinder', kind: 'number', step: '0.25', opticalKinds: lens },
    { name: 'add', label: 'Add', kind: 'number', step: '0.25', opticalKinds: lens },
  ],
  createParam: 'id',
  importing: { label: 'Items', permission: 'create-items' },
  printsLabels: true,
  recordActions: {
    applies: (record) => isLensFamily(record as Record<string, unknown>),
    load: async () => (await import('./lenses/lens-family-actions.tsx')).LensFamilyActions,
  },
  load: async () => {
    const api = await import('../../../generated/hooks/items/items.ts');
    const schemas = () => import('../../../generated/zod/items/items.zod.ts');
    return {
      ...standardOperations({ one: 'Item', many: 'Items' }, api, schemas),
      importCsv: (csv, dryRun) =>
        api.importItems({ dry_run: dryRun ? 1 : 0 }, { data: csv, headers: { 'Content-Type': 'text/csv' } }),
      prefill: async (id) => {
        // A copy starts from the item's details; its code and barcode must be new.
        const item = await api.getItem(id);
        return { ...item, code: '', barcode: null };
      },
    };
  },
});
