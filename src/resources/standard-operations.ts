import type { ZodType } from 'zod';
import type { ResourceApi } from './resource.ts';

// The calls orval generates for a resource's standard operations (openapi/<area>/<tag>.yaml,
// x-standard-operations), named after the resource's singular and plural, so that a definition names its resource once instead of mapping each call
// by hand. The required calls make a misspelt name fail to compile; the optional ones are what some resources lack
// (stocks cannot be created, documents are not updated, some have no history).
export type RequiredCalls<One extends string, Many extends string> = Record<`list${Many}`, ResourceApi['list']> &
  Record<`getList${Many}QueryKey`, ResourceApi['listKey']> &
  Record<`get${One}`, ResourceApi['get']> &
  Record<`getGet${One}QueryKey`, ResourceApi['detailKey']> &
  Record<`search${Many}`, ResourceApi['search']>;

export type OptionalCalls<One extends string> = Partial<
  Record<`get${One}History`, NonNullable<ResourceApi['history']>> &
    Record<`getGet${One}HistoryQueryKey`, NonNullable<ResourceApi['historyKey']>> &
    Record<`create${One}`, NonNullable<ResourceApi['create']>> &
    Record<`update${One}`, NonNullable<ResourceApi['update']>> &
    Record<`delete${One}`, NonNullable<ResourceApi['remove']>> &
    Record<`restore${One}`, NonNullable<ResourceApi['restore']>> &
    Record<`forceDelete${One}`, NonNullable<ResourceApi['forceDelete']>>
>;

export type BodySchemas<One extends string> = Partial<
  Record<`Create${One}Body`, ZodType> & Record<`Update${One}Body`, ZodType>
>;

type StandardApi = Pick<
  ResourceApi,
  | 'list'
  | 'listKey'
  | 'get'
  | 'detailKey'
  | 'search'
  | 'history'
  | 'historyKey'
  | 'create'
  | 'update'
  | 'remove'
  | 'restore'
  | 'forceDelete'
  | 'bodySchemas'
>;

export function standardOperations<One extends string, Many extends string>(
  names: { one: One; many: Many },
  calls: RequiredCalls<One, Many> & OptionalCalls<One>,
  schemas?: () => Promise<BodySchemas<One>>,
): StandardApi;
// The overload above checks each call's name and type against the module; looked up by a computed name the compiler
// can no longer follow them, hence the one table typed to fit whatever slot it fills.
export function standardOperations(
  { one, many }: { one: string; many: string },
  calls: object,
  schemas?: () => Promise<object>,
): StandardApi {
  const table = calls as Readonly<Record<string, unknown>>;
  const call = (name: string) => table[name] as never;
  const bodySchemas = schemas
    ? async () => {
        const bodies = (await schemas()) as Readonly<Record<string, ZodType | undefined>>;
        return { create: bodies[`Create${one}Body`], update: bodies[`Update${one}Body`] };
      }
    : undefined;
  return {
    ...(bodySchemas ? { bodySchemas } : {}),
    list: call(`list${many}`),
    listKey: call(`getList${many}QueryKey`),
    get: call(`get${one}`),
    detailKey: call(`getGet${one}QueryKey`),
    search: call(`search${many}`),
    history: call(`get${one}History`),
    historyKey: call(`getGet${one}HistoryQueryKey`),
    create: call(`create${one}`),
    update: call(`update${one}`),
    remove: call(`delete${one}`),
    restore: call(`restore${one}`),
    forceDelete: call(`forceDelete${one}`),
  };
}
