import * as column from '../../resources/document-columns.ts';
import * as filter from '../../resources/filters.ts';
import * as field from '../../resources/form-fields.ts';
import { optionsOf } from '../../resources/options.ts';
import { defineResource, type ResourceRecord, readField } from '../../resources/resource.ts';
import { recordTimestamps } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';
import { prescriptionColumns } from '../eye-care/prescriptions.ts';
import { textingColumns, textingFields } from './contact-consents.ts';

// A patient is a customer (docs/domain/eye-care.md, Prescriptions): the contact type named so.
const isCustomer = (contact: ResourceRecord) =>
  !contact.deleted_at &&
  String(readField(contact, 'contact_type_name') ?? '')
    .trim()
    .toLowerCase() === 'customer';

export const contacts = defineResource({
  key: 'contacts',
  title: 'name',
  filters: [
    {
      name: 'role',
      label: 'Customers or Suppliers',
      kind: 'select',
      options: optionsOf({ customer: 'Customers', supplier: 'Suppliers' }),
    },
    filter.relation('contact_type_id', 'Contact Type', 'contact-types'),
  ],
  extraActions: [{ action: 'statement', label: 'Statement of Account', needs: 'view' }],
  conflictOverride: { field: 'allow_duplicate', label: 'Save anyway' },
  // docs/domain/eye-care.md: a patient's view starts their next prescription or eyewear order.
  followUps: [
    { resource: 'prescriptions', label: 'New Prescription', segment: 'from-contact', applies: isCustomer },
    { resource: 'job-orders', label: 'New Job Order', segment: 'from-contact', applies: isCustomer },
  ],
  columns: [
    { field: 'name', label: 'Name' },
    { field: 'company_name', label: 'Company' },
    { field: 'contact_type_name', label: 'Type' },
    { field: 'phone', label: 'Phone' },
    { field: 'email', label: 'Email' },
  ],
  viewFields: [
    { field: 'name', label: 'Name' },
    { field: 'company_name', label: 'Company' },
    { field: 'contact_type_name', label: 'Type' },
    { field: 'phone', label: 'Phone' },
    { field: 'email', label: 'Email' },
    ...textingColumns,
    { field: 'address', label: 'Address' },
    { field: 'tin', label: 'TIN' },
    // On the contact's own side: what a customer owes on open invoices, what the shop owes a supplier on open bills
    // (blank without the permission to see them).
    { field: 'balance', label: 'Balance', kind: 'money' },
    {
      field: 'balance_side',
      label: 'Balance Is',
      value: (row) => (row.balance_side === 'payable' ? 'What we owe the supplier' : 'What the customer owes us'),
    },
    { field: 'store_credit_balance', label: 'Store Credit', kind: 'money' },
    { field: 'supplier_credit_balance', label: 'Supplier Credit', kind: 'money', cost: true },
    { field: 'notes', label: 'Notes' },
    ...recordTimestamps,
  ],
  formFields: [
    field.relation('contact_type_id', 'Contact Type', 'contact-types', 'contact_type_name', { required: true }),
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'company_name', label: 'Company Name', kind: 'text' },
    { name: 'email', label: 'Email', kind: 'email' },
    { name: 'phone', label: 'Phone', kind: 'text' },
    ...textingFields,
    { name: 'address', label: 'Address', kind: 'textarea' },
    { name: 'tin', label: 'TIN', kind: 'text' },
    { name: 'notes', label: 'Notes', kind: 'textarea' },
    // A patient's birth date and a payer's terms (docs/domain/sales.md, HMO and PhilHealth benefits).
    { name: 'birth_date', label: 'Birth Date', kind: 'date' },
    {
      name: 'payer_kind',
      label: 'Payer Kind (for a Payer)',
      kind: 'select',
      options: optionsOf({ hmo: 'HMO', philhealth: 'PhilHealth' }),
    },
    { name: 'withholding_percent', label: 'Withholding Percent (Form 2307)', kind: 'number', step: '0.01' },
    { name: 'claim_terms_days', label: 'Claim Terms (days)', kind: 'number' },
  ],
  importing: { label: 'Contacts', permission: 'create-contacts' },
  load: async () => {
    const [api, { withTextingForm }] = await Promise.all([
      import('../../../generated/hooks/contacts/contacts.ts'),
      import('./contact-consents-form.ts'),
    ]);
    const schemas = () => import('../../../generated/zod/contacts/contacts.zod.ts');
    const operations = standardOperations({ one: 'Contact', many: 'Contacts' }, api, schemas);
    return {
      ...operations,
      ...withTextingForm(operations),
      importCsv: (csv, dryRun) =>
        api.importContacts({ dry_run: dryRun ? 1 : 0 }, { data: csv, headers: { 'Content-Type': 'text/csv' } }),
      // A patient's eye care: prescriptions newest first (the expired ones marked by their status) and job orders.
      related: [
        {
          caption: 'Prescriptions',
          columns: prescriptionColumns,
          queryKey: (id) => ['contacts', id, 'prescriptions'],
          load: async (id, signal) => {
            const { listPrescriptions } = await import('../../../generated/hooks/prescriptions/prescriptions.ts');
            const page = await listPrescriptions({ contact_id: id, per_page: 100 }, undefined, signal);
            return page.data.map((prescription) => ({ ...prescription }));
          },
        },
        {
          caption: 'Job Orders',
          columns: [
            column.number,
            column.date('order_date', 'Ordered'),
            column.date('promised_date', 'Promised'),
            column.total,
            column.status,
          ],
          queryKey: (id) => ['contacts', id, 'job-orders'],
          load: async (id, signal) => {
            const { listJobOrders } = await import('../../../generated/hooks/job-orders/job-orders.ts');
            const page = await listJobOrders({ contact_id: id, per_page: 100 }, undefined, signal);
            return page.data.map((order) => ({ ...order }));
          },
        },
      ],
    };
  },
});
