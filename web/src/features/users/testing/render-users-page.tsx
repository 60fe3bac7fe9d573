import { useLocation } from 'react-router';
import { renderScreen } from '@/testing/render-screen.tsx';
import { UsersPage } from '../users-page.tsx';

/** Shows the router's current search string so tests can check what the URL holds. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location-search">{location.search}</output>;
}

export function renderUsersPage(initialEntry = '/users') {
  return renderScreen(
    <>
      <UsersPage />
      <LocationProbe />
    </>,
    initialEntry,
  );
}
