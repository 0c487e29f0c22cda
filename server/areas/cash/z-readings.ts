import type { FastifyInstance } from 'fastify';
import * as contract from '../../../generated/zod/z-readings/z-readings.zod.ts';
import { businessDate } from '../../domain/business-date.ts';
import { unknownChoice } from '../../domain/input-messages.ts';
import { centavosToPesos, pesosToCentavos } from '../../domain/money.ts';
import { fieldError } from '../../domain/refusal.ts';
import { type ContractResource, contractSchemas } from '../../engine/contract-schemas.ts';
import { refuseClosedBooks } from '../../engine/document-date.ts';
import { auditColumns } from '../../engine/dynamic.ts';
import type { ResourceContext } from '../../engine/resource.ts';
import { type EngineOptions, resourceContext } from '../../engine/routes.ts';
import { boundLocation } from '../../engine/work-location.ts';
import { parseInput, queryNumbers } from '../../http/validation.ts';
import { postingContextOf } from '../../ledger/document-support.ts';
import { resolveTerminal } from '../../ledger/terminals.ts';
import { atOwnLocation } from '../../ledger/work-places.ts';
import { journalEntry } from './e-journal.ts';
import { createZReading, dayFigures, frozenFigures, latestReading, salesDaysBetween } from './z-readings-posting.ts';

const schemas = contractSchemas(contract, 'ZReading', 'ZReadings');

// Read-only once made (docs/domain/cash.md, Z-reading): no edit, no void, no delete.
export const zReadingsResource: ContractResource<'z_readings', typeof schemas> = {
  prefix: 'z-readings',
  singular: 'Z-reading',
  table: 'z_readings',
  scope: 'business',
  schemas,
  searchColumns: ['number', 'business_date'],
  workPlaces: atOwnLocation,
  journal: (ctx, record, event) => journalEntry(ctx, 'z_reading', record, event),
  toColumns() {
    return {};
  },
  async create(ctx, input) {
    refuseClosedBooks(ctx, 'business_date', input.business_date ?? businessDate(new Date(ctx.now)));
    return createZReading(postingContextOf(ctx), input);
  },
  async present(ctx, rows) {
    const users = await ctx.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('id', 'in', [0, ...rows.map((row) => row.created_by ?? 0)])
      .execute();
    const userName = new Map(users.map((user) => [user.id, user.name]));
    const frozen = await frozenFigures(ctx.db, rows[0]?.business_id ?? 0, rows);
    const terminals = await ctx.db
      .selectFrom('terminals')
      .select(['id', 'name'])
      .where('id', 'in', [0, ...rows.map((row) => row.terminal_id ?? 0)])
      .execute();
    const terminalName = new Map(terminals.map((terminal) => [terminal.id, terminal.name]));
    return rows.map((row, index) => {
      const figures = frozen[index];
      return {
        ...auditColumns(row),
        created_by_name: row.created_by === null ? null : (userName.get(row.created_by) ?? null),
        business_id: row.business_id,
        number: row.number,
        z_counter: Number(row.z_counter),
        ...figures,
        branch_id: row.branch_id,
        terminal_id: row.terminal_id,
        terminal_name: row.terminal_id === null ? null : (terminalName.get(row.terminal_id) ?? null),
        business_date: row.business_date,
        cash_difference: centavosToPesos(Number(row.cash_difference)),
        previous_grand_total: centavosToPesos(Number(row.previous_grand_total)),
        accumulated_grand_total: centavosToPesos(Number(row.accumulated_grand_total)),
      };
    });
  },
};

// The branch and terminal a reading call names: a user bound to one branch reads only that one, and a branch of no
// record is refused with the call's own words.
async function readBranch(
  ctx: ResourceContext,
  query: { branch_id: number; terminal_id?: number | null | undefined },
  unknownBranch: string,
) {
  const home = boundLocation(ctx);
  if (home !== null && home.branch_id !== query.branch_id) {
    throw fieldError('branch_id', 'You may only read your own branch.');
  }
  const businessId = ctx.businessId ?? 0;
  const branch = await ctx.db
    .selectFrom('branches')
    .select('id')
    .where('id', '=', query.branch_id)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  if (!branch) throw fieldError('branch_id', unknownBranch);
  const terminal = await resolveTerminal(postingContextOf(ctx), branch.id, query.terminal_id);
  return { businessId, branch, terminal };
}

// The day's X-reading: what a Z-reading of that branch and day would freeze now, or what it froze once made; and
// the branch's days still to close, for the Z-reading form to offer first.
export function registerZReadingRoutes(app: FastifyInstance, options: EngineOptions): void {
  app.get(
    '/api/z-readings/open-days',
    { config: { access: { kind: 'business' as const, permissions: ['view-z-readings'] } } },
    async (request) => {
      const ctx = resourceContext(request, options);
      const query = parseInput(contract.GetZReadingOpenDaysQueryParams, queryNumbers(request.query));
      const { businessId, branch, terminal } = await readBranch(ctx, query, 'The selected branch_id is invalid.');
      const previous = await latestReading(ctx.db, businessId, terminal);
      const today = businessDate(new Date(ctx.now));
      return {
        days: await salesDaysBetween(
          ctx.db,
          businessId,
          branch.id,
          terminal.id,
          previous?.business_date ?? null,
          today,
        ),
      };
    },
  );
  app.get(
    '/api/z-readings/x-reading',
    { config: { access: { kind: 'business' as const, permissions: ['view-z-readings'] } } },
    async (request) => {
      const ctx = resourceContext(request, options);
      const query = parseInput(contract.GetDayXReadingQueryParams, queryNumbers(request.query));
      const { businessId, branch, terminal } = await readBranch(ctx, query, unknownChoice('branch_id'));
      const day = query.business_date ?? businessDate(new Date(ctx.now));
      const made = await ctx.db
        .selectFrom('z_readings')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('terminal_id', '=', terminal.id)
        .where('business_date', '=', day)
        .executeTakeFirst();
      if (made) {
        const [figures] = await frozenFigures(ctx.db, businessId, [made]);
        return {
          business_id: businessId,
          ...figures,
          terminal_id: terminal.id,
          terminal_name: terminal.name,
          cash_difference: centavosToPesos(Number(made.cash_difference)),
          previous_grand_total: centavosToPesos(Number(made.previous_grand_total)),
          accumulated_grand_total: centavosToPesos(Number(made.accumulated_grand_total)),
          read_at: ctx.now,
          z_reading_id: made.id,
        };
      }
      const figures = await dayFigures(ctx.db, businessId, branch.id, day, terminal.id);
      const previous = await latestReading(ctx.db, businessId, terminal);
      const previousGrandTotal = Number(previous?.accumulated_grand_total ?? 0);
      return {
        business_id: businessId,
        ...figures,
        previous_grand_total: centavosToPesos(previousGrandTotal),
        accumulated_grand_total: centavosToPesos(previousGrandTotal + pesosToCentavos(figures.net_sales)),
        read_at: ctx.now,
        z_reading_id: null,
      };
    },
  );
}
