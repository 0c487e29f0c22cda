import { lineRecordFields, recordFields } from '../engine/contract-fields.ts';
import { dynamic } from '../engine/dynamic.ts';
import { answeredField, presentStored } from '../engine/record-fields.ts';
import type { RecordTableName, Resource, ResourceContext } from '../engine/resource.ts';
import type { DocumentTable, Posting } from './document-lifecycle.ts';
import { checkFigures, documentLifecycle, postingContextOf } from './document-support.ts';
import { documentColumnOf, type LineTable } from './lines-of-document.ts';
import type { PostingContext } from './posting-context.ts';

type Values = Record<string, unknown>;
type DocumentBody = Values & { lines?: readonly Values[] };
type Figures = { money: readonly string[]; quantities: readonly string[] };

// What a posted document says of itself. Its prefix and singular follow from its table (named after its registry
// key); the figures are the body's fields of money (2 decimals) and quantities (3); `create` and `update` are its
// posting services, `post` applies and reverses its effects for void, restore and force delete. Without a `present`
// of its own it answers its contract's fields as stored (presentFields).
export type DocumentDefinition<T extends DocumentTable & RecordTableName, Create, Update> = Omit<
  Resource<T, Create, Update>,
  'prefix' | 'singular' | 'scope' | 'toColumns' | 'create' | 'update' | 'present'
> &
  Partial<Pick<Resource<T, Create, Update>, 'present'>> & {
    // The body's figures to check for decimals; the contract's money and line quantities sent when left out.
    figures?: Figures;
    post: Posting;
    create(context: PostingContext, input: Create): Promise<number>;
    update?(context: PostingContext, id: number, input: Update): Promise<void>;
  };

// A document's table has an id like every record table (RecordTableName), which its generic row type cannot show.
const idOf = (row: unknown): number => (row as { id: number }).id;

// The engine definition every document shares: business scope, the figures' decimals checked before anything is
// written, create and update through the posting services, void, restore and force delete through the posting; a
// definition's own `softDelete` (a refusal worded for its kind) replaces the shared one.
export function documentResource<
  T extends DocumentTable & RecordTableName,
  Create extends DocumentBody,
  Update extends DocumentBody = never,
>(definition: DocumentDefinition<T, Create, Update>): Resource<T, Create, Update> {
  const { figures, post, create, update, present, ...own } = definition;
  const lifecycle = documentLifecycle(own.table, post);
  const prefix = own.table.replaceAll('_', '-');
  const resource: Resource<T, Create, Update> = {
    prefix,
    present: present ?? presentFields(prefix, own.table, own.references ?? {}),
    singular: own.table.replaceAll('_', ' ').replace(/s$/, ''),
    scope: 'business',
    async softDelete(ctx, existing) {
      await lifecycle.softDelete(ctx, { id: idOf(existing) });
    },
    async restore(ctx, existing) {
      await lifecycle.restore(ctx, { id: idOf(existing) });
    },
    async forceDelete(ctx, existing) {
      await lifecycle.forceDelete(ctx, { id: idOf(existing) });
    },
    ...own,
    // The header's fields, for the engine's `unique` and `references` checks (a reference to another business's
    // record, or to a deleted one, is refused before the posting runs); the posting writes the rows itself.
    toColumns(input) {
      const checked = figures ?? contractFigures(prefix);
      checkFigures(input, checked.money, checked.quantities);
      const { lines: _, ...header } = input;
      return header;
    },
    async create(ctx, input) {
      return create(postingContextOf(ctx), input);
    },
  };
  if (update) {
    resource.update = async (ctx, existing, input) => {
      await update(postingContextOf(ctx), idOf(existing), input);
    };
  }
  return resource;
}

// The money a body sends (header and lines) and the lines' quantities, from the contract's fields.
function contractFigures(prefix: string): Figures {
  const sent = [...recordFields(prefix), ...lineRecordFields(prefix)].filter((field) => field.written);
  const named = (kind: string) => [...new Set(sent.filter((field) => field.kind === kind).map((field) => field.name))];
  return { money: named('money'), quantities: named('quantity') };
}

/**
 * A document answered as its contract writes it (openapi/<key>.yaml, `fields` and `lines`): its header's fields
 * as stored, `<x>_name` from the reference `<x>_id`, and its lines from `<singular>_lines` (listed in
 * lines-of-document.ts), each line's fields as stored, a quantity from thousandths, read by business and document.
 */
function presentFields(prefix: string, table: string, references: Parameters<typeof presentStored>[1]) {
  const header = presentStored(prefix, references, ['lines']);
  return async (ctx: ResourceContext, rows: readonly unknown[]): Promise<unknown[]> => {
    const records = await header(ctx, rows);
    const fields = lineRecordFields(prefix);
    if (fields.length === 0) return records;
    const lineTable = `${table.replace(/s$/, '')}_lines`;
    if (!Object.hasOwn(documentColumnOf, lineTable)) {
      throw new Error(`${prefix}: ${lineTable} is not in documentColumnOf of ledger/lines-of-document.ts`);
    }
    const documentColumn: string = documentColumnOf[lineTable as LineTable];
    const ids = [...(rows as { id: number }[]).map((row) => row.id), 0];
    const businessId = (rows[0] as { business_id: number } | undefined)?.business_id ?? 0;
    const lines = (await dynamic(ctx.db)
      .selectFrom(lineTable)
      .selectAll()
      // The business first: the lines' index is by business and document.
      .where('business_id', '=', businessId)
      .where(documentColumn, 'in', ids)
      .orderBy('position')
      .execute()) as Record<string, unknown>[];
    const byDocument = new Map<number, Record<string, unknown>[]>();
    for (const line of lines) {
      const presented = Object.fromEntries(
        fields.map((field) => {
          if (!(field.name in line)) throw new Error(`${prefix}: the lines' ${field.name} is no column; present it`);
          return [field.name, answeredField(field, line[field.name])];
        }),
      );
      const documentId = Number(line[documentColumn]);
      byDocument.set(documentId, [...(byDocument.get(documentId) ?? []), presented]);
    }
    return records.map((record) => ({ ...record, lines: byDocument.get(Number(record.id)) ?? [] }));
  };
}
