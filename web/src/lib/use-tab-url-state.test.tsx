import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { useTabUrlState } from './use-tab-url-state.ts';

const TABS = [
  ['overview', 'Overview'],
  ['tables', 'Tables'],
  ['calls', 'Calls'],
] as const;

let location = '';
let navigate: ReturnType<typeof useNavigate> = () => undefined;

function Screen() {
  const [tab, setTab] = useTabUrlState(TABS);
  location = `${useLocation().pathname}${useLocation().search}`;
  navigate = useNavigate();
  return (
    <Tabs value={tab} onValueChange={(next) => setTab(next as typeof tab)}>
      <TabsList>
        {TABS.map(([value, label]) => (
          <TabsTrigger key={value} value={value}>
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {TABS.map(([value, label]) => (
        <TabsContent key={value} value={value}>
          {`${label} content`}
        </TabsContent>
      ))}
    </Tabs>
  );
}

const open = (entry: string) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Screen />
    </MemoryRouter>,
  );

describe('useTabUrlState', () => {
  it('opens the tab the URL names, so a reload or a shared link lands on it', () => {
    open('/database?tab=calls');
    expect(screen.getByRole('tab', { name: 'Calls' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Calls content')).toBeInTheDocument();
  });

  it('opens the first tab for a bare URL or an unknown tab', () => {
    open('/database?tab=nope');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  });

  it('puts a chosen tab in the URL, leaves the first one out, and Back goes to the tab before', async () => {
    open('/database');
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Tables' }));
    expect(location).toBe('/database?tab=tables');
    await user.click(screen.getByRole('tab', { name: 'Calls' }));
    expect(location).toBe('/database?tab=calls');
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(location).toBe('/database');

    act(() => {
      void navigate(-1);
    });
    expect(location).toBe('/database?tab=calls');
    expect(screen.getByRole('tab', { name: 'Calls' })).toHaveAttribute('aria-selected', 'true');
  });
});
