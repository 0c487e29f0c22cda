import { type Column, defineResource } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';

// The business's names, first on the list and on the view alike.
const named: readonly Column[] = [
  { field: 'name', label: 'Name' },
  { field: 'trade_name', label: 'Trade Name' },
  { field: 'tin', label: 'TIN' },
];
const phone: Column = { field: 'phone', label: 'Phone' };

export const businesses = defineResource({
  key: 'businesses',
  title: 'name',
  columns: [...named, phone],
  viewFields: [
    ...named,
    { field: 'address', label: 'Address' },
    phone,
    { field: 'email', label: 'Email' },
    { field: 'registered_name', label: 'Registered Name' },
    { field: 'is_vat_registered', label: 'VAT-Registered', kind: 'boolean' },
    { field: 'invoice_footer', label: 'Invoice Footer' },
    { field: 'require_cash_session', label: 'Cash Only Into an Open Drawer', kind: 'boolean' },
    { field: 'books_closed_through', label: 'Books Closed Through', kind: 'date' },
    { field: 'ready_text_delay_minutes', label: 'Ready Text Waits (minutes)' },
    { field: 'philhealth_accredited', label: 'PhilHealth-Accredited', kind: 'boolean' },
    ...recordTimestamps,
  ],
  formFields: [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'trade_name', label: 'Trade Name', kind: 'text' },
    { name: 'tin', label: 'TIN', kind: 'text' },
    { name: 'address', label: 'Address', kind: 'textarea' },
    { name: 'phone', label: 'Phone', kind: 'text' },
    { name: 'email', label: 'Email', kind: 'email' },
    { name: 'registered_name', label: 'Registered Name', kind: 'text' },
    { name: 'is_vat_registered', label: 'VAT-Registered', kind: 'checkbox' },
    { name: 'invoice_footer', label: 'Invoice Footer (permit, ATP or accreditation numbers)', kind: 'textarea' },
    {
      name: 'require_cash_session',
      label: 'Require an open cash session to take cash (require_cash_session)',
      kind: 'checkbox',
    },
    { name: 'ready_text_delay_minutes', label: 'Minutes Before the "Ready" Text Goes', kind: 'number' },
    {
      name: 'philhealth_accredited',
      label: "PhilHealth-accredited clinic (invoices may carry PhilHealth's optometry package)",
      kind: 'checkbox',
    },
  ],
  // Closing the books (docs/domain/management.md): under the business's details, for holders of close-books.
  viewPanel: async () => (await import('./close-books-panel.tsx')).CloseBooksPanel,
  load: async () => {
    const api = await import('../../../generated/hooks/businesses/businesses.ts');
    const schemas = () => import('../../../generated/zod/businesses/businesses.zod.ts');
    return {
      ...standardOperations({ one: 'Business', many: 'Businesses' }, api, schemas),
      // docs/domain/screens.md, Start-up and sign-out: after a new business, the list of the user's businesses is read
      // again and kept.
      afterCreate: async (queryClient) => {
        const { businesses } = await api.retrieveAllBusinesses();
        queryClient.setQueryData(api.getGetAllBusinessesQueryKey(), businesses);
      },
    };
  },
});
