import { REGISTRATION_REDIRECT_MS } from '@switchboard/contract/root-admin';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

/** After a successful registration, show the success view and go to /login after 3 s. */
export function useRegistrationDone() {
  const [done, setDone] = useState(false);
  const navigate = useNavigate();
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), REGISTRATION_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);
  return { done, markDone: () => setDone(true) };
}
