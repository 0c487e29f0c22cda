import * as column from '../../resources/document-columns.ts';
import * as filter from '../../resources/filters.ts';
import * as field from '../../resources/form-fields.ts';
import { type Column, defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

// docs/domain/cash.md, Cash sessions: a cashier's shift at a branch's drawer. Opening is the create form; cash in, cash
// out, the count and the close are on the session's view.

const sessionStatuses = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

const dayColumn = column.date('business_date', 'Day');
const cashierColumn: Column = { field: 'user_name', label: 'Cashier' };

export const cashSessions = defineResource({
  key: 'cash-sessions',
  title: 'business_date',
  columns: [
    dayColumn,
    cashierColumn,
    column.branch,
    column.status,
    column.money('opening_float', 'Float'),
    column.money('expected_cash', 'Expected'),
    column.money('counted_cash', 'Counted'),
    column.money('difference', 'Over/Short'),
  ],
  viewFields: [
    cashierColumn,
    column.branch,
    dayColumn,
    column.status,
    { field: 'opened_at', label: 'Opened', kind: 'timestamp' },
    { field: 'closed_at', label: 'Closed', kind: 'timestamp' },
    { field: 'closed_by_name', label: 'Closed By' },
    ...recordTimestamps,
  ],
  formFields: [
    field.branch,
    field.terminal,
    { name: 'opening_float', label: 'Opening Float', kind: 'money', required: true },
  ],
  filters: [
    filter.status(sessionStatuses),
    filter.relation('branch_id', 'Branch', 'branches'),
    filter.relation('user_id', 'Cashier', 'users'),
    ...filter.dateRange('business_date', 'Day'),
  ],
  homeField: 'branch_id',
  idempotentCreate: true,
  viewPanel: async () => (await import('./cash-session-panel.tsx')).CashSessionViewPanel,
  load: async () => {
    const api = await import('../../../generated/hooks/cash-sessions/cash-sessions.ts');
    const schemas = () => import('../../../generated/zod/cash-sessions/cash-sessions.zod.ts');
    return {
      ...standardOperations({ one: 'CashSession', many: 'CashSessions' }, api, schemas),
      // The top bar's drawer status follows the new session at once.
      afterCreate: (queryClient) => queryClient.invalidateQueries({ queryKey: api.getGetMyCashSessionQueryKey() }),
    };
  },
});
