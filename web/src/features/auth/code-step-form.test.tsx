import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { renderApp, tokenResponse } from '@/testing/render-app.tsx';

const pending = (method: 'totp' | 'enrol', extra: object = {}) => ({
  success: true,
  pending: true,
  pending_token: 'pending-1',
  method,
  expires_in: 300,
  ...extra,
});

async function passwordStep() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), 'admin');
  await user.type(screen.getByLabelText('Password'), 'secret');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('the code step of signing in', () => {
  it('asks for the authenticator code after the password, shows a wrong one, and signs in with the right one', async () => {
    const { calls } = mockFetch(({ url, body }) => {
      if (url === '/api/v1/auth/login') return jsonResponse(pending('totp'));
      if ((body as { code?: string }).code === '123456') return jsonResponse(tokenResponse());
      return jsonResponse({ success: false, message: 'Invalid or expired code' }, 401);
    });
    const { router } = renderApp('/login');
    const user = await passwordStep();
    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveFocus();
    await user.type(code, '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired code');
    expect(router.state.location.pathname).toBe('/login');
    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    // The dashboard's own requests follow the sign-in: the code step is the last call to verify-otp.
    const verified = calls.filter((call) => call.url === '/api/v1/auth/verify-otp');
    expect(verified.at(-1)?.body).toEqual({ pending_token: 'pending-1', code: '123456' });
  });

  it('goes back to the password when the code is spent', async () => {
    mockFetch(({ url }) =>
      url === '/api/v1/auth/login'
        ? jsonResponse(pending('totp'))
        : jsonResponse({ success: false, message: 'Too many wrong codes: sign in again' }, 401),
    );
    renderApp('/login');
    const user = await passwordStep();
    await user.type(await screen.findByLabelText('Authentication code'), '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong codes: sign in again');
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('walks an admin who must enrol through the QR code, then shows the recovery codes once', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `aaaaa-bbbb${i}`);
    mockFetch(({ url }) =>
      url === '/api/v1/auth/login'
        ? jsonResponse(
            pending('enrol', {
              enrolment: {
                secret: 'JBSWY3DPEHPK3PXP',
                otpauth_url: 'otpauth://totp/x',
                qr_svg: '<svg></svg>',
              },
            }),
          )
        : jsonResponse({ ...tokenResponse(), recovery_codes: codes }),
    );
    const { router } = renderApp('/login');
    const user = await passwordStep();
    expect(await screen.findByRole('img', { name: 'QR code of the authenticator key' })).toBeInTheDocument();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code from the app'), '654321{Enter}');
    expect(await screen.findByText(codes[9] ?? '')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await user.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
