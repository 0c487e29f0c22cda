import * as column from '../../resources/document-columns.ts';
import type { Column } from '../../resources/resource.ts';

// Whose benefit it is and with whom, in the same words on a benefit and on an LOA drawn on one.
export const member: Column = column.party('Member');
export const payer: Column = { field: 'payer_name', label: 'Payer' };
export const memberNumber: Column = { field: 'member_number', label: 'Member No.' };
