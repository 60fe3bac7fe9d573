import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { tokenResponse } from '@/testing/render-app.tsx';
import { SignedOutPanel } from './signed-out-panel.tsx';

const appUser = { id: 'app-1', username: 'alice', email: 'alice@example.com', is_admin: false };
const signedIn = tokenResponse({
  access_token: 'app-token',
  user: { ...appUser, is_root_admin: false, role: null, permissions: [] },
});

function renderPanel() {
  const onSignedIn = vi.fn();
  render(<SignedOutPanel passwordSignIn={<p>password form</p>} onSignedIn={onSignedIn} />);
  return { onSignedIn, user: userEvent.setup() };
}

describe('the softphone signed out', () => {
  it('creates an account and is signed in by the answer', async () => {
    const { calls } = mockFetch(() => jsonResponse(signedIn, 201));
    const { onSignedIn, user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'Alice-pass-1!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(onSignedIn).toHaveBeenCalledWith({ token: 'app-token', user: { id: 'app-1', username: 'alice' } });
    expect(calls[0]).toMatchObject({
      url: '/api/v1/auth/register',
      body: { username: 'alice', email: 'alice@example.com', password: 'Alice-pass-1!' },
    });
  });

  it('signs in with a one-time code, showing it only when the demo server gives it', async () => {
    let demo = true;
    mockFetch((call) =>
      call.url === '/api/v1/auth/request-otp'
        ? jsonResponse({
            success: true,
            message: 'If the account exists, a code has been sent',
            pending_token: 'pending-1',
            expires_in: 300,
            ...(demo ? { demo_code: '042917' } : {}),
          })
        : jsonResponse(signedIn),
    );
    const { onSignedIn, user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Sign in with a code' }));
    await user.type(screen.getByLabelText('Username or email'), 'alice');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    const note = await screen.findByTestId('demo-code');
    expect(note).toHaveTextContent('Demo only');
    expect(note).toHaveTextContent('042917');
    await user.type(screen.getByLabelText('Code'), '042917');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSignedIn).toHaveBeenCalledWith({ token: 'app-token', user: { id: 'app-1', username: 'alice' } });

    demo = false;
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    await user.type(screen.getByLabelText('Username or email'), 'alice');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await screen.findByLabelText('Code');
    expect(screen.queryByTestId('demo-code')).not.toBeInTheDocument();
  });
});
