import { formatPower } from './prescription.ts';

const designs: Record<string, string> = {
  single_vision: 'Single vision',
  bifocal: 'Bifocal',
  progressive: 'Progressive',
};
const modalities: Record<string, string> = { daily: 'Daily', two_week: 'Two-week', monthly: 'Monthly' };

const present = (value: unknown): value is string | number => typeof value === 'string' || typeof value === 'number';

// An item's optical attributes on one line, as a shop writes them: a frame's model, colour and size (50□22-145),
// a lens's index, design and coatings or its power, a contact lens's modality, pack and fit.
export function opticalDetails(item: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (value: unknown) => {
    if (present(value) && value !== '') parts.push(String(value));
  };
  switch (item.optical_kind) {
    case 'frame': {
      add(item.frame_model);
      add(item.frame_color);
      if (present(item.eye_size) || present(item.bridge)) {
        parts.push(
          `${String(item.eye_size ?? '')}□${String(item.bridge ?? '')}${present(item.temple_length) ? `-${item.temple_length}` : ''}`,
        );
      }
      add(item.frame_material);
      add(item.frame_shape);
      break;
    }
    case 'ophthalmic_lens':
    case 'contact_lens': {
      if (typeof item.sphere === 'number') {
        const cylinder =
          typeof item.cylinder === 'number' && item.cylinder !== 0 ? ` / ${formatPower(item.cylinder)}` : '';
        const addition = typeof item.add === 'number' ? ` add ${formatPower(item.add)}` : '';
        parts.push(`${formatPower(item.sphere)}${cylinder}${addition}`);
      }
      if (typeof item.lens_index === 'number')
        parts.push(item.lens_index.toFixed((item.lens_index * 100) % 1 === 0 ? 2 : 3));
      add(designs[String(item.lens_design)]);
      add(item.coatings);
      add(modalities[String(item.modality)]);
      if (typeof item.pack_size === 'number') parts.push(`${item.pack_size} per pack`);
      if (typeof item.base_curve === 'number') parts.push(`BC ${item.base_curve.toFixed(1)}`);
      if (typeof item.diameter === 'number') parts.push(`DIA ${item.diameter.toFixed(1)}`);
      break;
    }
  }
  return parts.join(' · ');
}

// A lens family is an item of a lens type that is neither a variant nor a power itself.
export function isLensFamily(item: {
  optical_kind?: unknown;
  variant_of_item_id?: unknown;
  sphere?: unknown;
}): boolean {
  return (
    (item.optical_kind === 'ophthalmic_lens' || item.optical_kind === 'contact_lens') &&
    item.variant_of_item_id === null &&
    item.sphere === null
  );
}
