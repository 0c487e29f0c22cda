import type { z } from 'zod';
import { type ResourceKey, registryEntry } from '../registry/resources.ts';
import { contractSchemas } from './contract-schemas.ts';
import { auditColumns } from './dynamic.ts';
import type { RecordTableName, Resource, Row } from './resource.ts';

type NamedRow = Parameters<typeof auditColumns>[0] & { business_id: number; name: string; description: string | null };

// The tables of records that are a name and a description (brands, item types, item classifications, measuring
// masses), and whatever else they hold.
type NamedTableName = { [K in RecordTableName]: Row<K> extends NamedRow ? K : never }[RecordTableName];

export async function presentNamed(rows: readonly NamedRow[]) {
  return rows.map((row) => ({
    ...auditColumns(row),
    business_id: row.business_id,
    name: row.name,
    description: row.description,
  }));
}

// A named record is listed, searched, created and updated (engine/contract-schemas.ts).
type NamedSchemas<One extends string, Many extends string> = Record<
  `List${Many}QueryParams` | `Search${Many}QueryParams` | `Create${One}Body` | `Update${One}Body`,
  z.ZodType
>;

// The server definition of a registry entry with `shape: 'name-and-description'` and no file of its own: written
// into server/areas/definitions.ts by `npm run generate`. Searched by both words, its name unique in the business.
export function namedRecords<One extends string, Many extends string>(
  names: { key: ResourceKey; table: NamedTableName; one: One; many: Many },
  schemas: NamedSchemas<One, Many>,
): Resource<NamedTableName> {
  return {
    prefix: names.key,
    singular: registryEntry(names.key).singular.toLowerCase(),
    table: names.table,
    scope: 'business',
    schemas: contractSchemas(schemas, names.one, names.many),
    searchColumns: ['name', 'description'],
    unique: ['name'],
    present: (_ctx, rows) => presentNamed(rows),
  };
}
