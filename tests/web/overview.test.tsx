// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeUser } from '../../src/auth/permission-store.ts';
import { dashboardOverview, mockUser } from '../../src/mocks/handlers.ts';
import { OverviewScreen } from '../../src/screens/overview.tsx';
import { renderRoutes, server, withMockServer } from './support.tsx';

withMockServer();

beforeEach(() => {
  storeUser(mockUser.user);
});

function renderOverview() {
  renderRoutes([{ path: '/overview', element: <OverviewScreen /> }], '/overview');
}

describe('the Overview', () => {
  it('shows no receivables or payables the server answers null (no view-invoices, no view-bills)', async () => {
    server.use(
      http.get('*/api/dashboard/overview', () =>
        HttpResponse.json({ ...dashboardOverview(), receivables: null, payables: null }),
      ),
    );
    renderOverview();
    expect(await screen.findByText('Sales and purchases, last 30 days')).toBeTruthy();
    expect(screen.queryByText('Receivables')).toBeNull();
    expect(screen.queryByText('Payables')).toBeNull();
  });

  it('shows both to a user who may see them', async () => {
    renderOverview();
    expect(await screen.findByText('Receivables')).toBeTruthy();
    expect(screen.getByText('Payables')).toBeTruthy();
  });
});
