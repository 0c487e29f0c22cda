import * as contract from '../../../generated/zod/terminals/terminals.zod.ts';
import { type ContractResource, contractSchemas } from '../../engine/contract-schemas.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import { addTerminal } from '../../ledger/terminals.ts';

const schemas = contractSchemas(contract, 'Terminal', 'Terminals');

type Body = { active?: boolean | undefined } & Record<string, unknown>;

const terminalColumns = (input: Body) => {
  const { active, ...columns } = input;
  return { ...columns, ...(active === undefined ? {} : { active: active ? 1 : 0 }) };
};

// docs/domain/cash.md, Terminals: the machines a branch issues its papers from, with the BIR's numbers for each. Its
// series is set once, when it is made, and never moves with a later terminal.
export const terminalsResource: ContractResource<'terminals', typeof schemas> = {
  prefix: 'terminals',
  singular: 'terminal',
  table: 'terminals',
  scope: 'business',
  schemas,
  searchColumns: ['name', 'min', 'serial_number', 'ac_number'],
  references: { branch_id: 'branches' },
  toColumns: terminalColumns,
  async create(ctx, input) {
    return addTerminal(ctx.db, {
      ...input,
      business_id: ctx.businessId ?? 0,
      active: input.active === false ? 0 : 1,
      at: ctx.now,
      by: ctx.identity.userId,
    });
  },
  async present(ctx, rows) {
    const branches = await ctx.db
      .selectFrom('branches')
      .select(['id', 'name'])
      .where('id', 'in', [0, ...rows.map((row) => row.branch_id)])
      .execute();
    const branchName = new Map(branches.map((branch) => [branch.id, branch.name]));
    return rows.map((row) => ({
      ...auditColumns(row),
      business_id: row.business_id,
      branch_id: row.branch_id,
      branch_name: branchName.get(row.branch_id) ?? null,
      name: row.name,
      min: row.min,
      serial_number: row.serial_number,
      ac_number: row.ac_number,
      ac_date: row.ac_date,
      active: Number(row.active) === 1,
      series: row.series_key,
    }));
  },
};
