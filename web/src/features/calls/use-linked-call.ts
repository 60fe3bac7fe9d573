import { CALL_MESSAGES } from '@switchboard/contract/calls';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/error-message.ts';
import { useCall } from './api.ts';

/** The URL's `call` parameter as a call id, or null when it names none. */
export function linkedCallId(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * The call `/calls?call=42` names (from the command palette or a shared link), fetched by id so its
 * details open wherever it sits in the list; closing them takes the parameter off the URL.
 */
export function useLinkedCall() {
  const [searchParams, setSearchParams] = useSearchParams();
  const id = linkedCallId(searchParams.get('call'));
  const call = useCall(id);

  const close = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('call');
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    if (!call.isError) return;
    toast.error(errorMessage(call.error, CALL_MESSAGES.notFound));
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('call');
        return next;
      },
      { replace: true },
    );
  }, [call.isError, call.error, setSearchParams]);

  return { call: id === null ? null : (call.data ?? null), close };
}
