// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { getGetBusinessResponseMock } from '../../../generated/hooks/businesses/businesses.msw.ts';
import { Providers } from '../../../src/app/providers.tsx';
import { createQueryClient } from '../../../src/app/query-client.ts';
import { jobOrders, rxSummary } from '../../../src/areas/eye-care/job-orders.ts';
import { RxCard } from '../../../src/areas/eye-care/rx-card.tsx';
import { saleItemPrices } from '../../../src/areas/sales/sale-item-prices.ts';
import { codeWords } from '../../../src/format/code-words.ts';
import { columnValue } from '../../../src/resources/resource.ts';
import { SellerNames } from '../../../src/screens/print/seller-registration.tsx';

import { formatValue } from '../../../src/screens/shared/value-text.tsx';
import { ConfirmDialog } from '../../../src/ui/confirm-dialog.tsx';
import { withMockServer } from '../support.tsx';

withMockServer();

function RxForm({ values, children }: { values: Record<string, unknown>; children?: ReactNode }) {
  const form = useForm({ defaultValues: { kind: 'spectacles', examined_on: '2026-12-01', ...values } });
  return (
    <FormProvider {...form}>
      <RxCard />
      {children}
    </FormProvider>
  );
}

describe('the words of the optical day', () => {
  it('spells codes with the shop’s abbreviations and one In-house', () => {
    expect(codeWords('od_sphere', 'title')).toBe('OD Sphere');
    expect(codeWords('lens_od')).toBe('Lens OD');
    expect(codeWords('pd_distance', 'title')).toBe('PD Distance');
    expect(codeWords('hmo_loa_number', 'title')).toBe('HMO LOA Number');
    expect(codeWords('vat_exempt')).toBe('VAT-exempt');
    expect(formatValue('in_house', 'label')).toBe('In-house');
    expect(formatValue('lens_os', 'label')).toBe('Lens OS');
    expect(formatValue('partially_paid', 'label')).toBe('Partially paid');
  });

  it("sums up an order's prescription with each eye's ADD, the PD and the exam's date", () => {
    expect(
      rxSummary({
        od_sphere: 1.5,
        od_cylinder: -0.5,
        od_axis: 90,
        od_add: 2,
        os_sphere: 0,
        os_cylinder: null,
        os_axis: null,
        os_add: 2.25,
        pd_distance: 63,
        pd_near: 60,
        examined_on: '2025-12-22',
      }),
    ).toBe('OD +1.50 / -0.50 × 90 ADD +2.00 · OS PL ADD +2.25 · PD 63 · Near PD 60 (examined Dec 22, 2025)');
    expect(rxSummary({ od_sphere: -1, os_sphere: -1.25, pd_od: 31.5, pd_os: 32, examined_on: '2025-12-22' })).toBe(
      'OD -1.00 · OS -1.25 · PD 31.5 / 32 (examined Dec 22, 2025)',
    );
  });

  it('shows a price for every branch as for All branches', () => {
    const branch = saleItemPrices.columns.find((column) => column.label === 'Branch');
    expect(branch && columnValue({ branch_id: null, branch_name: null }, branch)).toBe('All branches');
    expect(branch && columnValue({ branch_id: 2, branch_name: 'Makati Branch' }, branch)).toBe('Makati Branch');
  });

  it('asks a routine step in a sentence with its own button, not a red Confirm', () => {
    const routine = (jobOrders.statusMoves ?? []).filter((move) =>
      ['Send to Lab', 'Mark Ready', 'Claim', 'Back to Lab'].includes(move.label),
    );
    expect(routine.map((move) => [move.label, move.dialog?.confirm, move.dialog?.routine])).toEqual([
      ['Send to Lab', 'Send to Lab', true],
      ['Mark Ready', 'Mark Ready', true],
      ['Claim', 'Claim', true],
      ['Back to Lab', 'Back to Lab', true],
    ]);
    render(
      <Providers queryClient={createQueryClient()}>
        <ConfirmDialog
          open
          action="send to lab"
          subject="Job Order JO-1"
          busy={false}
          words={{
            title: 'Send this order to the lab?',
            keep: 'Not Yet',
            confirm: 'Send to Lab',
            detail: 'Order JO-1 moves to In lab, with its lab ticket ready to print.',
            routine: true,
          }}
          onConfirm={() => undefined}
          onCancel={() => undefined}
        />
      </Providers>,
    );
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('Send this order to the lab?')).toBeTruthy();
    expect(within(dialog).getByText('Order JO-1 moves to In lab, with its lab ticket ready to print.')).toBeTruthy();
    expect(within(dialog).queryByText(/about to|Are you sure/)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Send to Lab' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('says which name is the trade name and who owns it', () => {
    const seller = getGetBusinessResponseMock({
      name: 'Spectacle Optical Co.',
      registered_name: 'Spectacle Optical Co.',
      trade_name: 'Spectacle Eyewear',
    });
    const { container } = render(<SellerNames seller={seller} />);
    expect(container.textContent).toBe('Spectacle EyewearOwned and operated by Spectacle Optical Co.');
  });

  it('offers the transposition of a plus cylinder before saving, and writes the powers signed with two decimals', async () => {
    render(
      <Providers queryClient={createQueryClient()}>
        <RxForm values={{ od_sphere: -1, od_cylinder: 0.5, od_axis: 90, os_sphere: -1.5 }} />
      </Providers>,
    );
    const offer = await screen.findByRole('status');
    expect(offer.textContent).toContain('OD -1.00 / +0.50 × 90 becomes -0.50 / -0.50 × 180');
    expect((document.getElementById('os_sphere') as HTMLInputElement).value).toBe('-1.50');
    fireEvent.click(within(offer).getByRole('button', { name: 'Transpose' }));
    expect((document.getElementById('od_sphere') as HTMLInputElement).value).toBe('-0.50');
    expect((document.getElementById('od_cylinder') as HTMLInputElement).value).toBe('-0.50');
    expect((document.getElementById('od_axis') as HTMLInputElement).value).toBe('180');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
