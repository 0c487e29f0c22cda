// The columns that the optical catalogue adds to items and item types (migration 009). Powers, base curves and
// diameters are integer hundredths, the lens index integer thousandths, frame sizes whole millimetres. A frame's B and
// ED came with migration 061.

export type OpticalKind = 'frame' | 'ophthalmic_lens' | 'contact_lens';
export type LensDesign = 'single_vision' | 'bifocal' | 'progressive';
export type Modality = 'daily' | 'two_week' | 'monthly';

export type OpticalItemColumns = {
  frame_model: string | null;
  frame_color: string | null;
  eye_size: number | null;
  bridge: number | null;
  frame_b: number | null;
  frame_ed: number | null;
  temple_length: number | null;
  frame_material: string | null;
  frame_shape: string | null;
  lens_index: number | null;
  lens_design: LensDesign | null;
  lens_material: string | null;
  coatings: string | null;
  modality: Modality | null;
  pack_size: number | null;
  base_curve: number | null;
  diameter: number | null;
  variant_of_item_id: number | null;
  sphere: number | null;
  cylinder: number | null;
  add_power: number | null;
};

export type OpticalCatalogueTables = {
  item_types: { optical_kind: OpticalKind | null };
  items: OpticalItemColumns;
};
