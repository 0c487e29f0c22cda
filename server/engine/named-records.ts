import { auditColumns } from './dynamic.ts';
import type { Row } from './resource.ts';

type NamedRow = Row<'brands'> | Row<'item_types'> | Row<'item_classifications'> | Row<'measuring_masses'>;

// Brands, item types, item classifications and measuring masses share one shape: a name and a description.
export async function presentNamed(rows: NamedRow[]) {
  return rows.map((row) => ({
    ...auditColumns(row),
    business_id: row.business_id,
    name: row.name,
    description: row.description,
  }));
}
