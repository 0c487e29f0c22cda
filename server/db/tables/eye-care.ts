import type { Generated } from 'kysely';
import type { TenantColumns } from '../columns.ts';

// Prescriptions and job orders (migration 007_eye_care). Powers and measurements are integer hundredths of a
// dioptre or a millimetre; money is integer centavos and quantities integer thousandths, as everywhere.

type EyeColumns<E extends string> = {
  [K in `${E}_sphere`]: number;
} & {
  [K in `${E}_cylinder` | `${E}_axis` | `${E}_add` | `${E}_prism` | `${E}_base_curve` | `${E}_diameter`]: number | null;
} & {
  [K in `${E}_prism_base`]: 'in' | 'out' | 'up' | 'down' | null;
} & {
  [K in `${E}_visual_acuity`]: string | null;
};

export type PrescriptionTable = TenantColumns &
  EyeColumns<'od'> &
  EyeColumns<'os'> & {
    contact_id: number;
    kind: 'spectacles' | 'contact_lenses';
    examined_on: string;
    expires_on: string;
    prescriber: string | null;
    prescriber_license: string | null;
    notes: string | null;
    pd_distance: number | null;
    pd_od: number | null;
    pd_os: number | null;
    pd_near: number | null;
    segment_height_od: number | null;
    segment_height_os: number | null;
  };

export type JobOrderStatusColumn = 'open' | 'in_lab' | 'ready' | 'claimed' | 'cancelled' | 'forfeited' | 'remade';

// An interface, so that a later migration declares the columns it adds beside it (CONTRIBUTING.md).
export interface JobOrderTable extends TenantColumns {
  number: string;
  contact_id: number;
  branch_id: number;
  prescription_id: number | null;
  order_date: string;
  promised_date: string | null;
  lab: 'in_house' | 'outside';
  lab_contact_id: number | null;
  frame_a: number | null;
  frame_b: number | null;
  frame_dbl: number | null;
  frame_ed: number | null;
  fitting_notes: string | null;
  customer_frame: number;
  notes: string | null;
  status: JobOrderStatusColumn;
  subtotal: number;
  discount_total: number;
  total: number;
}

export type JobOrderLineTable = {
  id: Generated<number>;
  business_id: number;
  job_order_id: number;
  position: number;
  role: 'frame' | 'lens_od' | 'lens_os' | 'service' | 'other';
  item_id: number;
  quantity: number;
  unit_price: number;
  discount_percent: number | null;
  amount: number;
  // Why a lens of another power than the prescription's is dispensed (migration 026).
  power_note: string | null;
  created_at: string;
  updated_at: string;
};

export type JobOrderStatusChangeTable = {
  id: Generated<number>;
  business_id: number;
  job_order_id: number;
  status: JobOrderStatusColumn;
  user_id: number | null;
  at: string;
};

export type EyeCareTables = {
  prescriptions: PrescriptionTable;
  job_orders: JobOrderTable;
  job_order_lines: JobOrderLineTable;
  job_order_status_changes: JobOrderStatusChangeTable;
};
