import type { z } from 'zod';
import { centavosToPesos, pesosToCentavos } from '../domain/money.ts';
import { fromThousandths } from '../domain/quantity.ts';
import { type ResourceKey, registryEntry } from '../registry/resources.ts';
import { createFields, type RecordField, recordFields } from './contract-fields.ts';
import { contractSchemas } from './contract-schemas.ts';
import { namesIn } from './lookups.ts';
import type { RecordTableName, Resource, ResourceContext, TableName } from './resource.ts';

type StoredDefinition<T extends RecordTableName, Create, Update> = Omit<Resource<T, Create, Update>, 'present'> &
  Partial<Pick<Resource<T, Create, Update>, 'present'>>;

// How a stored value is answered: SQLite keeps a flag as 0 or 1, PostgreSQL may answer a count as text, money is
// kept in centavos.
function answered(field: RecordField, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (field.kind === 'flag') return value === true || Number(value) === 1;
  if (field.kind === 'number') return Number(value);
  if (field.kind === 'money') return centavosToPesos(Number(value));
  return value;
}

/**
 * A record whose answer is its contract's record (openapi/<area>/<key>.yaml, `fields`): without a `present` of its own,
 * each field is answered as its column stores it, and `<x>_name` as the name of the record its reference `<x>_id`
 * names (`references`). A field that is neither is the definition's to present, and the first answer says which.
 */
export function storedRecords<T extends RecordTableName, Create = never, Update = never>(
  definition: StoredDefinition<T, Create, Update>,
): Resource<T, Create, Update> {
  const { prefix, references = {} } = definition;
  // A flag is stored as 1 or 0 (SQLite binds no booleans), money in centavos.
  const toColumns =
    definition.toColumns ??
    ((input: Create | Update) => {
      const kinds = new Map(recordFields(prefix).map((field) => [field.name, field.kind]));
      return Object.fromEntries(
        Object.entries(input as Record<string, unknown>).map(([name, value]) => {
          if (typeof value === 'boolean') return [name, value ? 1 : 0];
          if (kinds.get(name) === 'money' && typeof value === 'number') return [name, pesosToCentavos(value)];
          return [name, value];
        }),
      );
    });
  if (definition.present) return { ...definition, toColumns, present: definition.present };
  return { ...definition, toColumns, present: presentStored(prefix, references) };
}

// How a stored value is answered, for a field of the contract (a document's line's too).
export function answeredField(field: RecordField, value: unknown): unknown {
  if (field.kind === 'quantity' && value !== null && value !== undefined) return fromThousandths(Number(value));
  return answered(field, value);
}

/**
 * The records of rows as the contract's record answers them (`recordFields` of engine/contract-fields.ts): each
 * field as its column stores it, and `<x>_name` as the name of the record its reference `<x>_id` names. A field in
 * `besides` is the caller's to add (a document's lines).
 */
export function presentStored(
  prefix: string,
  references: Readonly<Record<string, TableName>>,
  besides: readonly string[] = [],
) {
  return async (ctx: ResourceContext, rows: readonly unknown[]): Promise<Record<string, unknown>[]> => {
    const fields = recordFields(prefix).filter((field) => !besides.includes(field.name));
    const named = fields.flatMap((field) => {
      const id = field.name.replace(/_name$/, '_id');
      const table = references[id];
      return !field.written && id !== field.name && table ? [{ field: field.name, id, table }] : [];
    });
    const records = rows as Record<string, unknown>[];
    const names = await namesIn(
      ctx.db,
      Object.fromEntries(
        named.map(({ field, id, table }) => [
          field,
          { table, ids: records.map((row) => (row[id] === null ? null : Number(row[id]))) },
        ]),
      ),
    );
    return records.map((row) =>
      Object.fromEntries(
        fields.map((field) => {
          const lookup = named.find((name) => name.field === field.name);
          if (lookup) {
            const id = row[lookup.id];
            return [field.name, id === null ? null : (names[field.name]?.get(Number(id)) ?? null)];
          }
          if (!(field.name in row)) {
            throw new Error(`${prefix}: ${field.name} is neither a column nor a reference's name; present it`);
          }
          return [field.name, answered(field, row[field.name])];
        }),
      ),
    );
  };
}

// The server definition of a registry entry with `shape: 'fields'` and no file of its own: written into
// server/areas/definitions.ts by `npm run generate`. Searched by its free-text fields, its name (if it has one) unique
// in the business.
export function fieldRecords<One extends string, Many extends string>(
  names: { key: ResourceKey; table: RecordTableName; one: One; many: Many },
  schemas: Record<
    `List${Many}QueryParams` | `Search${Many}QueryParams` | `Create${One}Body` | `Update${One}Body`,
    z.ZodType
  >,
): Resource<RecordTableName> {
  const text = createFields(names.key).filter(
    (field) => field.type === 'string' && field.format === undefined && field.values === undefined,
  );
  return storedRecords({
    prefix: names.key,
    singular: registryEntry(names.key).singular.toLowerCase(),
    table: names.table,
    scope: 'business',
    schemas: contractSchemas(schemas, names.one, names.many),
    searchColumns: text.map((field) => field.name),
    unique: text.some((field) => field.name === 'name') ? ['name'] : [],
  });
}
