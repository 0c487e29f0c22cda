import * as column from '../../resources/document-columns.ts';
import * as field from '../../resources/form-fields.ts';
import { defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

const payerSearch = { params: { role: 'payer' } };

// A claim billing an HMO or PhilHealth for a period's payer shares (docs/domain/sales.md, Payer claims).
export const payerClaims = defineResource({
  key: 'payer-claims',
  title: 'number',
  columns: [
    column.number,
    { field: 'payer_name', label: 'Payer' },
    column.date('period_from', 'From'),
    column.date('period_to', 'To'),
    { field: 'status', label: 'Status', kind: 'label' },
    column.total,
    column.money('outstanding', 'Outstanding'),
  ],
  viewFields: [
    column.number,
    { field: 'payer_name', label: 'Payer' },
    column.date('claim_date', 'Claim Date'),
    column.date('period_from', 'From'),
    column.date('period_to', 'To'),
    { field: 'status', label: 'Status', kind: 'label' },
    column.total,
    column.money('paid', 'Paid (Tax Withheld Included)'),
    column.money('disallowed', 'Disallowed'),
    column.money('outstanding', 'Outstanding'),
    column.notes,
    ...recordTimestamps,
  ],
  // Submit, Record Payment, Disallow and Record 2307 (docs/domain/sales.md, Payer claims); each shows itself only
  // where it applies, a paid claim's 2307 still to come too.
  recordActions: {
    applies: () => true,
    load: async () => (await import('./payer-claim-actions.tsx')).PayerClaimActions,
  },
  // Its lines and the payer's payments, with each payment's Form 2307 or "To follow".
  viewPanel: async () => (await import('./payer-claim-panel.tsx')).PayerClaimPanel,
  formFields: [
    field.relation('payer_id', 'Payer', 'contacts', 'payer_name', { required: true, search: payerSearch }),
    field.date('period_from', 'Period From'),
    field.date('period_to', 'Period To'),
    field.notes,
  ],
  load: async () => {
    const api = await import('../../../generated/hooks/payer-claims/payer-claims.ts');
    const schemas = () => import('../../../generated/zod/payer-claims/payer-claims.zod.ts');
    return standardOperations({ one: 'PayerClaim', many: 'PayerClaims' }, api, schemas);
  },
});
