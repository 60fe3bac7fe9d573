import { act, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app.tsx';
import { prerenderPage } from '@/app/prerender-page.tsx';
import { appRoutes } from '@/app/routes.tsx';
import { DEFAULT_APP_CONFIG } from '@/lib/app-config.ts';

const DEMO_CONFIG = {
  ...DEFAULT_APP_CONFIG,
  demo: { enabled: true, credentials: { username: 'admin', password: 'Admin123!' } },
};

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/**
 * What main.tsx does with login.html: the build's markup (prerendered with `built`) in #root, then React
 * takes it over with the config the server answers.
 */
async function hydrate(path: string, config = DEFAULT_APP_CONFIG, built = config) {
  const container = document.createElement('div');
  container.innerHTML = await prerenderPage(path, built);
  document.body.append(container);
  const heading = container.querySelector('h1');
  const recoverableErrors = vi.fn();
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <App config={config} router={createMemoryRouter(appRoutes, { initialEntries: [path] })} />
      </StrictMode>,
      { onRecoverableError: recoverableErrors },
    );
  });
  return { container, heading, recoverableErrors };
}

describe('prerendered signed-out pages', () => {
  it('ships the sign-in page with the demo hint and a submit button that waits for the app', async () => {
    document.body.innerHTML = await prerenderPage('/login', DEMO_CONFIG);
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    // The browser focuses it while parsing; hydration leaves focus where the visitor has put it since.
    expect(screen.getByLabelText('Username')).toHaveAttribute('autofocus');
    expect(screen.getByText('Admin123!')).toBeInTheDocument();
    // Before React runs, a click must not submit the form natively (the password would land in the URL).
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  });

  it('hydrates the sign-in page in place: same elements, no mismatch, then the button works', async () => {
    const { container, heading, recoverableErrors } = await hydrate('/login', DEMO_CONFIG);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled());
    expect(recoverableErrors).not.toHaveBeenCalled();
    expect(container.querySelector('h1')).toBe(heading);
  });

  it('hydrates the landing page in place', async () => {
    const { container, heading, recoverableErrors } = await hydrate('/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Switchboard: every call, user and coin under control.',
    );
    expect(recoverableErrors).not.toHaveBeenCalled();
    expect(container.querySelector('h1')).toBe(heading);
  });

  it('notices a page prerendered without the demo hint when the server has demo data on', async () => {
    const { recoverableErrors } = await hydrate('/login', DEMO_CONFIG, DEFAULT_APP_CONFIG);
    // React falls back to rendering the page itself, so the visitor still sees the right page.
    expect(await screen.findByText('Admin123!')).toBeInTheDocument();
    expect(recoverableErrors).toHaveBeenCalled();
  });
});
