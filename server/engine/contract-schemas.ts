import type { z } from 'zod';
import type { RecordTableName, Resource } from './resource.ts';

// The schemas orval generates for a resource's standard operations (openapi/<area>/<tag>.yaml, x-standard-operations),
// named after its schema (`one`, `Prescription`) and its key (`many`, `Prescriptions`): every resource lists and
// searches; the bodies are there for what it creates and updates.
type Listed<Many extends string> = Record<`List${Many}QueryParams` | `Search${Many}QueryParams`, z.ZodType>;

type Body<Contract, Slot extends string, Name extends string> = Name extends keyof Contract
  ? { [K in Slot]: Contract[Name] }
  : { [K in Slot]?: never };

export type ContractSchemas<Contract, One extends string, Many extends string> = {
  list: Contract[`List${Many}QueryParams` & keyof Contract];
  search: Contract[`Search${Many}QueryParams` & keyof Contract];
} & Body<Contract, 'create', `Create${One}Body`> &
  Body<Contract, 'update', `Update${One}Body`>;

type Input<Schema> = Schema extends z.ZodType ? z.output<Schema> : never;

// A resource whose create and update take what its contract's bodies validate to.
export type ContractResource<
  T extends RecordTableName,
  Schemas extends { create?: unknown; update?: unknown },
> = Resource<T, Input<Schemas['create']>, Input<Schemas['update']>>;

// A definition's `schemas`, picked from its generated module (`import * as contract from '.../<tag>.zod.ts'`) by
// name, so that it names its resource once instead of importing and wiring each schema; a misspelt name or a
// missing list or search schema fails to compile, and a body the contract lacks is left out.
export function contractSchemas<One extends string, Many extends string, Contract extends Listed<Many>>(
  contract: Contract,
  one: One,
  many: Many,
): ContractSchemas<Contract, One, Many> {
  const table: Readonly<Record<string, unknown>> = contract;
  const create = table[`Create${one}Body`];
  const update = table[`Update${one}Body`];
  return {
    list: contract[`List${many}QueryParams`],
    search: contract[`Search${many}QueryParams`],
    ...(create === undefined ? {} : { create }),
    ...(update === undefined ? {} : { update }),
  } as ContractSchemas<Contract, One, Many>;
}
