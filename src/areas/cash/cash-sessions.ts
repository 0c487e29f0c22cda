import { defineResource } from '../../resources/resource.ts';
import { dateRangeFilters, recordTimestamps, relationFilter } from '../../resources/shared-declarations.ts';

// docs/domain/cash.md, Cash sessions: a cashier's shift at a branch's drawer. Opening is the create form; cash in, cash
// out, the count and the close are on the session's view.

const sessionStatuses = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

export const cashSessions = defineResource({
  key: 'cash-sessions',
  title: 'business_date',
  columns: [
    { field: 'business_date', label: 'Day', kind: 'date' },
    { field: 'user_name', label: 'Cashier' },
    { field: 'branch_name', label: 'Branch' },
    { field: 'status', label: 'Status', kind: 'label' },
    { field: 'opening_float', label: 'Float', kind: 'money' },
    { field: 'expected_cash', label: 'Expected', kind: 'money' },
    { field: 'counted_cash', label: 'Counted', kind: 'money' },
    { field: 'difference', label: 'Over/Short', kind: 'money' },
  ],
  viewFields: [
    { field: 'user_name', label: 'Cashier' },
    { field: 'branch_name', label: 'Branch' },
    { field: 'business_date', label: 'Day', kind: 'date' },
    { field: 'status', label: 'Status', kind: 'label' },
    { field: 'opened_at', label: 'Opened', kind: 'timestamp' },
    { field: 'closed_at', label: 'Closed', kind: 'timestamp' },
    { field: 'closed_by_name', label: 'Closed By' },
    ...recordTimestamps,
  ],
  formFields: [
    {
      name: 'branch_id',
      label: 'Branch',
      kind: 'relation',
      resource: 'branches',
      labelField: 'branch_name',
      required: true,
    },
    { name: 'opening_float', label: 'Opening Float', kind: 'money', required: true },
  ],
  filters: [
    { name: 'status', label: 'Status', kind: 'select', options: sessionStatuses },
    relationFilter('branch_id', 'Branch', 'branches'),
    relationFilter('user_id', 'Cashier', 'users'),
    ...dateRangeFilters('business_date', 'Day'),
  ],
  homeField: 'branch_id',
  idempotentCreate: true,
  viewPanel: async () => (await import('./cash-session-panel.tsx')).CashSessionViewPanel,
  load: async () => {
    const [api, schemas] = await Promise.all([
      import('../../../generated/hooks/cash-sessions/cash-sessions.ts'),
      import('../../../generated/zod/cash-sessions/cash-sessions.zod.ts'),
    ]);
    return {
      list: api.listCashSessions,
      listKey: api.getListCashSessionsQueryKey,
      get: api.getCashSession,
      detailKey: api.getGetCashSessionQueryKey,
      history: api.getCashSessionHistory,
      historyKey: api.getGetCashSessionHistoryQueryKey,
      search: api.searchCashSessions,
      create: api.createCashSession,
      createSchema: schemas.CreateCashSessionBody,
      // The top bar's drawer status follows the new session at once.
      afterCreate: (queryClient) => queryClient.invalidateQueries({ queryKey: api.getGetMyCashSessionQueryKey() }),
    };
  },
});
