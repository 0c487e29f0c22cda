// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { getSelectedBusinessId } from '../../../src/api/selected-business.ts';
import { appRoutes } from '../../../src/app/routes.tsx';
import { mockBusinesses, mockPassword, mockUser } from '../../../src/mocks/handlers.ts';
import { currentUrl, renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

async function signIn(password: string) {
  fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: 'admin@spectacle.test' } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('signing in and the session', () => {
  it('sends a visitor to sign in, says so clearly when it fails, and comes back to the page after', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      asked.push(`${request.method} ${new URL(request.url).pathname}`);
    });
    renderRoutes(appRoutes(), '/brands?page=2');
    await signIn('not-the-password');
    expect(await screen.findByText('These credentials do not match our records.')).toBeTruthy();
    expect(currentUrl().pathname).toBe('/sign-in');
    await signIn(mockPassword);
    expect(await screen.findByText(/List of Brands - Total/)).toBeTruthy();
    expect(`${currentUrl().pathname}?page=${currentUrl().searchParams.get('page')}`).toBe('/brands?page=2');
    // The XSRF cookie is fetched before the POST /login (docs/domain/screens.md, Start-up; docs/domain/management.md,
    // Sign-in and the session).
    expect(asked.indexOf('GET /api/csrf-cookie')).toBeLessThan(asked.lastIndexOf('POST /login'));
    server.events.removeAllListeners();
  });

  it('selects the first business at start-up and sends its id as business-id', async () => {
    localStorage.setItem('mock_signed_in', '1');
    const businessIds: (string | null)[] = [];
    server.use(
      http.get('*/api/dashboard/overview', ({ request }) => {
        businessIds.push(request.headers.get('business-id'));
        return HttpResponse.json({ message: 'Unavailable.' }, { status: 503 });
      }),
    );
    renderRoutes(appRoutes(), '/overview');
    await waitFor(() => expect(businessIds.length).toBeGreaterThan(0));
    expect(getSelectedBusinessId()).toBe(mockBusinesses[0]?.id);
    expect(businessIds[0]).toBe(String(mockBusinesses[0]?.id));
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('returns to sign in when the session expires, remembering the page', async () => {
    localStorage.setItem('mock_signed_in', '1');
    server.use(http.get('*/api/items', () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })));
    renderRoutes(appRoutes(), '/items?page=3');
    await waitFor(() => expect(currentUrl().pathname).toBe('/sign-in'));
    expect(currentUrl().searchParams.get('redirect')).toBe('/items?page=3');
  });
});

describe('a user and their businesses', () => {
  it('shows a signed-in user who is in no business one page saying why, instead of empty screens', async () => {
    localStorage.setItem('mock_signed_in', '1');
    server.use(
      http.get('*/api/auth/user', () =>
        HttpResponse.json({
          user: { ...mockUser.user, name: 'Nena Bago', role_names: ['Cashier'], permission_names: ['view-items'] },
        }),
      ),
      http.get('*/api/businesses/get-all-businesses', () => HttpResponse.json({ businesses: [] })),
    );
    renderRoutes(appRoutes(), '/items');
    expect(await screen.findByRole('heading', { name: 'No business yet' })).toBeTruthy();
    expect(screen.getByText(/An administrator must add you to a business/)).toBeTruthy();
    expect(screen.queryByText(/List of Items/)).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('starts a new user in the selected business, which the form may still change', async () => {
    localStorage.setItem('mock_signed_in', '1');
    localStorage.setItem('selected_business_id', '2');
    server.use(
      http.get('*/api/businesses/search', () =>
        HttpResponse.json(mockBusinesses.map((business) => ({ id: business.id, name: business.name }))),
      ),
    );
    renderRoutes(appRoutes(), '/users/create');
    const cebu = await screen.findByRole('checkbox', { name: 'Spectacle Optical Cebu' });
    expect((cebu as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Spectacle Optical Makati' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });
});
