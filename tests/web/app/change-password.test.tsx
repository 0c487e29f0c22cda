// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../../../src/app/routes.tsx';
import { mockMustChangePasswordKey, mockPassword } from '../../../src/mocks/handlers.ts';
import { currentUrl, renderRoutes, server, withMockServer } from '../support.tsx';

withMockServer();

async function fillIn(values: { current: string; password: string; confirmation: string }) {
  fireEvent.change(await screen.findByLabelText(/Current password/), { target: { value: values.current } });
  fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: values.password } });
  fireEvent.change(screen.getByLabelText(/Confirm new password/), { target: { value: values.confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

function signedInWithResetPassword() {
  localStorage.setItem('mock_signed_in', '1');
  localStorage.setItem(mockMustChangePasswordKey, '1');
}

describe('changing the password', () => {
  it('holds a user with a reset password on the change screen, then opens the page they asked for', async () => {
    signedInWithResetPassword();
    renderRoutes(appRoutes(), '/brands?page=2');
    expect(await screen.findByRole('heading', { name: 'Change your password' })).toBeTruthy();
    expect(screen.queryByText(/List of Brands/)).toBeNull();
    await fillIn({ current: mockPassword, password: 'a new passphrase', confirmation: 'a new passphrase' });
    expect(await screen.findByText('Password changed successfully.')).toBeTruthy();
    expect(await screen.findByText(/List of Brands - Total/)).toBeTruthy();
    expect(`${currentUrl().pathname}${currentUrl().search}`).toBe('/brands?page=2');
  });

  it('tells a new user what to do, in plain words, with a short password refused as a sentence', async () => {
    signedInWithResetPassword();
    renderRoutes(appRoutes(), '/overview');
    expect(
      await screen.findByText('Your password was set by an administrator. Choose your own to continue.'),
    ).toBeTruthy();
    expect(screen.queryByText(/was reset/)).toBeNull();
    await fillIn({ current: mockPassword, password: 'short', confirmation: 'short' });
    expect(await screen.findByText('The password must be at least 8 characters.')).toBeTruthy();
    expect(screen.queryByText(/Too small/)).toBeNull();
  });

  it('says so when the confirmation does not match, and sends nothing', async () => {
    signedInWithResetPassword();
    const sent: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/auth/password') sent.push(request.method);
    });
    renderRoutes(appRoutes(), '/overview');
    await fillIn({ current: mockPassword, password: 'a new passphrase', confirmation: 'a new passphrose' });
    expect(await screen.findByText('The new passwords do not match.')).toBeTruthy();
    expect(sent).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Change your password' })).toBeTruthy();
    server.events.removeAllListeners();
  });

  it('shows the server saying the current password is wrong under that field', async () => {
    signedInWithResetPassword();
    renderRoutes(appRoutes(), '/overview');
    await fillIn({ current: 'not the password', password: 'a new passphrase', confirmation: 'a new passphrase' });
    expect(await screen.findByText('The current password is incorrect.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Change your password' })).toBeTruthy();
  });

  it("tells how long to wait in the server's words when guesses are throttled", async () => {
    signedInWithResetPassword();
    const wait = 'Too many login attempts. Please try again in 15 minutes.';
    server.use(
      http.post('*/api/auth/password', () =>
        HttpResponse.json({ message: wait }, { status: 429, headers: { 'retry-after': '900' } }),
      ),
    );
    renderRoutes(appRoutes(), '/overview');
    await fillIn({ current: mockPassword, password: 'a new passphrase', confirmation: 'a new passphrase' });
    expect(await screen.findByText(wait)).toBeTruthy();
  });

  it('is open to any user from the menu under their name, and returns to the page they were on', async () => {
    localStorage.setItem('mock_signed_in', '1');
    renderRoutes(appRoutes(), '/items?page=3');
    fireEvent.click(await screen.findByRole('button', { name: /Ana Reyes/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Change password' }));
    await waitFor(() => expect(currentUrl().pathname).toBe('/change-password'));
    await fillIn({ current: mockPassword, password: 'a new passphrase', confirmation: 'a new passphrase' });
    expect(await screen.findByText('Password changed successfully.')).toBeTruthy();
    await waitFor(() => expect(`${currentUrl().pathname}${currentUrl().search}`).toBe('/items?page=3'));
  });
});
