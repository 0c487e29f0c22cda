import type { RecordTableName, Resource } from '../engine/resource.ts';
import type { DocumentTable, Posting } from './document-lifecycle.ts';
import { checkFigures, documentLifecycle, postingContextOf } from './document-support.ts';
import type { PostingContext } from './posting-context.ts';

type Figures = Record<string, unknown>;
type DocumentBody = Figures & { lines?: readonly Figures[] };

// What a posted document says of itself. Its prefix and singular follow from its table (named after its registry
// key); the figures are the body's fields of money (2 decimals) and quantities (3); `create` and `update` are its
// posting services, `post` applies and reverses its effects for void, restore and force delete.
export type DocumentDefinition<T extends DocumentTable & RecordTableName, Create, Update> = Omit<
  Resource<T, Create, Update>,
  'prefix' | 'singular' | 'scope' | 'toColumns' | 'create' | 'update'
> & {
  figures: { money: readonly string[]; quantities: readonly string[] };
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
  const { figures, post, create, update, ...own } = definition;
  const lifecycle = documentLifecycle(own.table, post);
  const resource: Resource<T, Create, Update> = {
    prefix: own.table.replaceAll('_', '-'),
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
      checkFigures(input, figures.money, figures.quantities);
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
