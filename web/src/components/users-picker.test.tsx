import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client.ts';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch.ts';
import { userRow } from '@/testing/user-row.ts';
import { type PickedUser, UsersPicker } from './users-picker.tsx';

const row = (n: number, username: string) =>
  userRow({ id: `${n}0000000-0000-4000-8000-00000000000${n}`, username });
const USERS = [row(1, 'alice'), row(2, 'bob'), row(3, 'carol')];

function serveUsers() {
  mockFetch(() =>
    jsonResponse({
      success: true,
      data: {
        users: USERS,
        total: USERS.length,
        page: 1,
        total_pages: 1,
        limit: 8,
        total_capped: false,
        next_cursor: null,
      },
    }),
  );
}

/** The picker in a form whose own keys are watched: Escape on an open list must stop at the picker. */
function renderPicker(onFormKey: (key: string) => void) {
  function Form() {
    const [value, setValue] = useState<PickedUser[]>([]);
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: stands for the dialog that closes on Escape.
      <div onKeyDown={(event) => onFormKey(event.key)}>
        <label htmlFor="users">Users</label>
        <UsersPicker id="users" value={value} onChange={setValue} />
      </div>
    );
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Form />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const chosen = () => screen.queryByRole('list', { name: 'Chosen users' });
const highlighted = () => screen.getByRole('option', { selected: true });

beforeAll(() => configureApiClient({ getAccessToken: () => 'test-token' }));

describe('user picker keys', () => {
  it('opens on the down arrow, moves with the arrows, adds with Enter and removes with Backspace', async () => {
    serveUsers();
    const user = renderPicker(() => undefined);
    const box = screen.getByRole('combobox', { name: 'Users' });
    await user.click(box);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: 'alice' })).toBeInTheDocument();
    expect(highlighted()).toHaveTextContent('alice');
    expect(box).toHaveAttribute('aria-activedescendant', highlighted().id);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(highlighted()).toHaveTextContent('carol');
    await user.keyboard('{ArrowUp}');
    expect(highlighted()).toHaveTextContent('bob');

    await user.keyboard('{Enter}');
    expect(within(chosen() as HTMLElement).getByText('bob')).toBeInTheDocument();
    // A chosen user is no longer offered; the list stays open for the next one.
    expect(screen.queryByRole('option', { name: 'bob' })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(within(chosen() as HTMLElement).getByText('alice')).toBeInTheDocument();

    // Backspace in the empty box takes the last chip off; in a box with text it only edits the text.
    await user.keyboard('x{Backspace}');
    expect(within(chosen() as HTMLElement).getAllByRole('listitem')).toHaveLength(2);
    await user.keyboard('{Backspace}');
    expect(within(chosen() as HTMLElement).queryByText('alice')).not.toBeInTheDocument();
    expect(within(chosen() as HTMLElement).getByText('bob')).toBeInTheDocument();
  });

  it('closes the open list on Escape without letting the form around it see the key', async () => {
    serveUsers();
    const formKeys = vi.fn();
    const user = renderPicker(formKeys);
    await user.type(screen.getByRole('combobox', { name: 'Users' }), 'a');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(formKeys).not.toHaveBeenCalledWith('Escape');
    // With the list shut, Escape is the form's again (a dialog closes).
    await user.keyboard('{Escape}');
    expect(formKeys).toHaveBeenCalledWith('Escape');
  });
});
