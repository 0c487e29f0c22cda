import { formatDate } from '../../format/date.ts';
import { formatEye, formatPower } from '../../format/prescription.ts';
import * as column from '../../resources/document-columns.ts';
import * as documentLine from '../../resources/document-lines.ts';
import * as filter from '../../resources/filters.ts';
import * as field from '../../resources/form-fields.ts';
import { optionsOf } from '../../resources/options.ts';
import { patients } from '../../resources/picker-searches.ts';
import { defineResource, type ResourceRecord, readField } from '../../resources/resource.ts';
import { recordTimestamps, saleFigures, saleLineDiscount } from '../../resources/shared-declarations.ts';
import { standardOperations } from '../../resources/standard-operations.ts';
import { specialDiscount } from '../sales/sale-fields.ts';

const roles = [
  { value: 'frame', label: 'Frame' },
  { value: 'lens_od', label: 'Lens OD' },
  { value: 'lens_os', label: 'Lens OS' },
  { value: 'service', label: 'Service' },
  { value: 'other', label: 'Other' },
] as const;

const statuses = [
  { value: 'open', label: 'Open' },
  { value: 'in_lab', label: 'In lab' },
  { value: 'ready', label: 'Ready' },
  { value: 'claimed', label: 'Claimed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'forfeited', label: 'Forfeited' },
  { value: 'remade', label: 'Remade' },
] as const;

const lensTypes = ['Ophthalmic Lens', 'Contact Lens'];

// docs/domain/eye-care.md, Remakes: a remake and its original name each other.
const remakeViewFields = [
  { field: 'remake_of_number', label: 'Remake Of' },
  { field: 'remake_reason', label: 'Remake Reason', kind: 'label' },
  { field: 'accountable', label: 'Accountable', kind: 'label' },
  { field: 'remade_as_number', label: 'Remade As' },
] as const;

const isInvoiced = (order: ResourceRecord) => readField(order, 'invoice_id') !== null;
// docs/domain/sales.md, Deposits: at release, deposits go on acknowledgment receipts and Claim makes the invoice.
const atRelease = (order: ResourceRecord) => readField(order, 'job_invoicing') === 'at_release';
const isUnbilledRemake = (order: ResourceRecord) =>
  readField(order, 'remake_of_id') !== null && readField(order, 'accountable') !== 'patient';

// The order's prescription as the lab reads it: each eye's power with its ADD, the PD, and when it was examined.
export function rxSummary(rx: Record<string, unknown> | null): string {
  if (!rx) return 'None';
  const number = (key: string) => (typeof rx[key] === 'number' ? (rx[key] as number) : null);
  const eye = (side: 'od' | 'os') => {
    const power = formatEye({
      sphere: number(`${side}_sphere`) ?? 0,
      cylinder: number(`${side}_cylinder`),
      axis: number(`${side}_axis`),
    });
    const add = number(`${side}_add`);
    return `${side.toUpperCase()} ${power}${add === null ? '' : ` ADD ${formatPower(add)}`}`;
  };
  const distance = number('pd_distance');
  const [right, left] = [number('pd_od'), number('pd_os')];
  const pd =
    distance !== null ? ` · PD ${distance}` : right !== null && left !== null ? ` · PD ${right} / ${left}` : '';
  const near = number('pd_near');
  return `${eye('od')} · ${eye('os')}${pd}${near === null ? '' : ` · Near PD ${near}`} (examined ${formatDate(String(rx.examined_on))})`;
}

const numberOf = (order: ResourceRecord) => String(readField(order, 'number') ?? '');

const cancelWords = { title: 'Cancel this order?', keep: 'Keep order', confirm: 'Cancel order' };

export const jobOrders = defineResource({
  key: 'job-orders',
  title: 'number',
  columns: [
    column.number,
    column.party('Patient'),
    column.branch,
    column.date('order_date', 'Ordered'),
    column.date('promised_date', 'Promised'),
    column.total,
    column.status,
  ],
  viewFields: [
    column.number,
    column.party('Patient'),
    column.branch,
    column.status,
    column.date('order_date', 'Order Date'),
    column.date('promised_date', 'Promised Date'),
    {
      field: 'prescription',
      label: 'Prescription',
      value: (row) => rxSummary(row.prescription as Record<string, unknown> | null),
    },
    { field: 'lab', label: 'Lab', kind: 'label' },
    { field: 'lab_contact_name', label: 'Outside Lab' },
    {
      field: 'frame',
      label: 'Frame A / B / DBL / ED (mm)',
      value: (row) => ['frame_a', 'frame_b', 'frame_dbl', 'frame_ed'].map((key) => row[key] ?? '—').join(' / '),
    },
    { field: 'customer_frame', label: 'Patient’s Own Frame', kind: 'boolean' },
    { field: 'fitting_notes', label: 'Fitting Notes' },
    ...saleFigures,
    { field: 'invoice_number', label: 'Invoice' },
    column.money('invoice_balance', 'Invoice Balance'),
    // The order's road (docs/domain/eye-care.md): who sent it to the lab and marked it ready, and when.
    { field: 'sent_to_lab_at', label: 'Sent to Lab', kind: 'timestamp' },
    { field: 'sent_to_lab_by_name', label: 'Sent to Lab By' },
    { field: 'ready_at', label: 'Ready', kind: 'timestamp' },
    { field: 'ready_by_name', label: 'Marked Ready By' },
    { field: 'forfeited_at', label: 'Forfeited', kind: 'timestamp' },
    column.notes,
    ...remakeViewFields,
    ...recordTimestamps,
  ],
  viewPanel: async () => (await import('./job-order-remake-panel.tsx')).JobOrderRemakePanel,
  formFields: [
    field.party('Patient', patients, 'customer'),
    field.branch,
    {
      name: 'prescription_id',
      label: 'Prescription',
      kind: 'area',
      layout: 'field',
      labelField: 'prescription_label',
      input: async () => (await import('./patient-prescription-input.tsx')).JobOrderPrescriptionInput,
    },
    field.documentDate('order_date', 'Order Date'),
    field.date('promised_date', 'Promised Date'),
    {
      name: 'lab',
      label: 'Lab',
      kind: 'select',
      defaultValue: 'in_house',
      options: optionsOf({ in_house: 'In-house', outside: 'Outside lab' }),
    },
    field.relation('lab_contact_id', 'Outside Lab (supplier)', 'contacts', 'lab_contact_name'),
    { name: 'frame_a', label: 'Frame A (mm)', kind: 'number' },
    { name: 'frame_b', label: 'Frame B (mm)', kind: 'number' },
    { name: 'frame_dbl', label: 'Frame DBL (mm)', kind: 'number' },
    { name: 'frame_ed', label: 'Frame ED (mm)', kind: 'number' },
    { name: 'customer_frame', label: 'Patient brings their own frame', kind: 'checkbox', defaultChecked: false },
    { name: 'fitting_notes', label: 'Fitting Notes', kind: 'textarea' },
    field.notes,
    field.lines(
      [
        { name: 'role', label: 'Role', kind: 'select', options: roles, required: true },
        {
          ...documentLine.item,
          // The item a line's role allows, and for a lens the variant of the prescription's power for that eye.
          itemTypes: {
            roleField: 'role',
            byRole: { frame: ['Frame'], lens_od: lensTypes, lens_os: lensTypes, service: ['Service'] },
          },
          lensEye: {
            roleField: 'role',
            byRole: { lens_od: 'od', lens_os: 'os' },
            prescriptionField: 'prescription_id',
            // docs/domain/eye-care.md, The server's checks on an order: contact lenses only on a contact-lens
            // prescription.
            typesByKind: { spectacles: ['Ophthalmic Lens'], contact_lenses: ['Contact Lens', 'Ophthalmic Lens'] },
          },
          // docs/domain/eye-care.md: choosing a frame fills A, B, DBL and ED from its box measurements where they are
          // empty.
          fillsForm: { frame_a: 'eye_size', frame_b: 'frame_b', frame_dbl: 'bridge', frame_ed: 'frame_ed' },
        },
        ...documentLine.pricedFields('sale'),
        // docs/domain/eye-care.md, The server's checks on an order: why a stock lens of another power is dispensed.
        { name: 'power_note', label: 'Power Note', kind: 'text' },
      ],
      [
        { field: 'role', label: 'Role', kind: 'label' },
        ...documentLine.itemColumns,
        documentLine.priceColumn('sale'),
        saleLineDiscount,
        documentLine.amountColumn('sale'),
        { field: 'power_note', label: 'Power Note' },
      ],
      { side: 'sale', dateField: 'order_date' },
    ),
    specialDiscount,
  ],
  filters: [
    filter.status(statuses),
    filter.relation('contact_id', 'Patient', 'contacts', patients),
    filter.location('', 'Branch'),
    ...filter.dateRange('promised_date', 'Promised'),
    ...filter.dateRange('order_date', 'Ordered'),
  ],
  // docs/domain/eye-care.md: the form starts at the user's home branch and offers no other to one bound to it.
  homeField: 'branch_id',
  // The order's view is the hub of its road: a new order opens it, and what starts there comes back to it.
  opensAfterCreate: true,
  prefillRoutes: [
    { segment: 'from-prescription', param: 'prescription_id' },
    { segment: 'from-contact', param: 'contact_id' },
  ],
  idempotentCreate: true,
  editable: (order) => readField(order, 'status') === 'open',
  // A remake stays on record (docs/domain/eye-care.md, Remakes): the server refuses its delete, so the view says why.
  deleteRefusal: (order) =>
    readField(order, 'remake_of_id') == null
      ? null
      : readField(order, 'status') === 'claimed' && readField(order, 'accountable') !== 'patient'
        ? 'Claimed as a remake, its goods left stock as remake cost: it stays on record.'
        : 'A remake stays on record: cancel it instead while it is open or in the lab.',
  statusMoves: [
    {
      status: 'in_lab',
      label: 'Send to Lab',
      action: 'send to lab',
      done: 'sent to lab',
      from: ['open'],
      dialog: {
        title: 'Send this order to the lab?',
        keep: 'Not Yet',
        confirm: 'Send to Lab',
        detail: (order) => `Order ${numberOf(order)} moves to In lab, with its lab ticket ready to print.`,
        routine: true,
      },
    },
    {
      status: 'ready',
      label: 'Mark Ready',
      action: 'mark ready',
      done: 'marked ready',
      from: ['in_lab'],
      dialog: {
        title: 'Are the glasses back and checked?',
        keep: 'Not Yet',
        confirm: 'Mark Ready',
        detail: (order) => `Order ${numberOf(order)} moves to Ready, for the patient to pick up.`,
        routine: true,
      },
    },
    {
      status: 'claimed',
      label: 'Claim',
      action: 'claim',
      done: 'claimed',
      from: ['ready'],
      dialog: {
        title: 'Hand the glasses to the patient?',
        keep: 'Not Yet',
        confirm: 'Claim',
        detail: (order) => `Order ${numberOf(order)} is marked claimed, handed to the patient.`,
        routine: true,
      },
    },
    // A ready marked by mistake, or glasses that fail the fitting check: back to the lab, and its ready text, still
    // in its cancel window, is not sent (docs/domain/management.md, Texts to customers).
    {
      status: 'in_lab',
      label: 'Back to Lab',
      action: 'send back to the lab',
      done: 'sent back to the lab',
      from: ['ready'],
      dialog: {
        title: 'Send this order back to the lab?',
        keep: 'Not Yet',
        confirm: 'Back to Lab',
        detail: (order) => `Order ${numberOf(order)} moves back to In lab, and its ready text is not sent.`,
        routine: true,
      },
    },
    {
      status: 'forfeited',
      label: 'Forfeit',
      action: 'forfeit',
      done: 'forfeited',
      from: ['ready'],
      dialog: {
        title: 'Forfeit this order?',
        keep: 'Keep order',
        confirm: 'Forfeit order',
        detail: () => 'Its deposits are kept as forfeited deposits and a stock frame stays on the shelf.',
      },
    },
    // docs/domain/eye-care.md, Eyewear job orders: an invoiced order is cancelled only with its credit.
    {
      status: 'cancelled',
      label: 'Cancel',
      action: 'cancel',
      done: 'cancelled',
      from: ['open', 'in_lab'],
      applies: (order) => !isInvoiced(order),
      dialog: cancelWords,
    },
    {
      status: 'cancelled',
      label: 'Cancel and credit',
      action: 'cancel',
      done: 'cancelled and its invoice credited',
      from: ['open', 'in_lab'],
      applies: isInvoiced,
      credits: true,
      dialog: {
        ...cancelWords,
        detail: (order) =>
          `Invoice ${String(readField(order, 'invoice_number'))} is credited in full: its goods go back in stock, and what the patient paid is kept as their store credit.`,
      },
    },
  ],
  invoiceLink: {
    applies: (order) =>
      !atRelease(order) &&
      readField(order, 'invoice_id') === null &&
      !['cancelled', 'claimed', 'forfeited'].includes(String(readField(order, 'status'))),
  },
  followUps: [
    {
      resource: 'invoices',
      label: 'Create Invoice',
      returnHere: true,
      segment: 'from-job-order',
      applies: (order) =>
        !atRelease(order) &&
        readField(order, 'invoice_id') === null &&
        !['cancelled', 'remade'].includes(String(readField(order, 'status'))) &&
        !isUnbilledRemake(order),
    },
    {
      resource: 'acknowledgment-receipts',
      label: 'Take Deposit',
      returnHere: true,
      segment: 'from-job-order',
      applies: (order) =>
        atRelease(order) &&
        !isInvoiced(order) &&
        ['open', 'in_lab', 'ready'].includes(String(readField(order, 'status'))),
    },
    {
      resource: 'invoice-payments',
      label: 'Record Payment',
      returnHere: true,
      sourceId: (order) => Number(readField(order, 'invoice_id')),
      applies: (order) =>
        Number(readField(order, 'invoice_balance') ?? 0) > 0 && readField(order, 'status') !== 'cancelled',
    },
    {
      resource: 'purchase-orders',
      label: 'Order from Lab',
      returnHere: true,
      segment: 'from-job-order',
      applies: (order) =>
        readField(order, 'lab') === 'outside' && ['open', 'in_lab'].includes(String(readField(order, 'status'))),
    },
  ],
  nestedTables: [
    {
      caption: 'Status History',
      field: 'status_history',
      columns: [column.status, { field: 'at', label: 'When', kind: 'timestamp' }, { field: 'user_name', label: 'By' }],
    },
    {
      caption: 'Deposits',
      field: 'acknowledgment_receipts',
      columns: [
        { field: 'number', label: 'Receipt', href: (row) => `/acknowledgment-receipts/${String(row.id)}` },
        { field: 'receipt_date', label: 'Date', kind: 'date' },
        { field: 'amount', label: 'Amount', kind: 'money' },
        { field: 'balance', label: 'Balance', kind: 'money' },
      ],
    },
  ],
  sheets: [
    { sheet: 'lab-ticket', label: 'Lab Ticket' },
    { sheet: 'claim-slip', label: 'Claim Slip' },
  ],
  load: async () => {
    const api = await import('../../../generated/hooks/job-orders/job-orders.ts');
    const schemas = () => import('../../../generated/zod/job-orders/job-orders.zod.ts');
    return {
      ...standardOperations({ one: 'JobOrder', many: 'JobOrders' }, api, schemas),
      // Claim goes through the claim call, which at release makes the invoice and applies the deposits.
      moveStatus: (id, status) =>
        status === 'claimed'
          ? api.claimJobOrder(id)
          : api.moveJobOrderStatus(id, { status: status as 'in_lab' | 'ready' | 'cancelled' | 'forfeited' }),
      linkInvoice: (id, invoiceId) => api.linkJobOrderInvoice(id, { invoice_id: invoiceId }),
      cancelAndCredit: (id) => api.cancelAndCreditJobOrder(id, {}),
      prefillFrom: {
        // From a prescription's view: its patient and that prescription.
        'from-prescription': async (id) => {
          const { getPrescription } = await import('../../../generated/hooks/prescriptions/prescriptions.ts');
          const prescription = await getPrescription(id);
          return {
            contact_id: prescription.contact_id,
            contact_name: prescription.contact_name,
            prescription_id: prescription.id,
          };
        },
        // From a patient's view: the patient, and no prescription the user did not pick.
        'from-contact': async (id) => {
          const { getContact } = await import('../../../generated/hooks/contacts/contacts.ts');
          const patient = await getContact(id);
          return { contact_id: patient.id, contact_name: patient.name, prescription_id: null };
        },
      },
    };
  },
});
