import { CALL_MESSAGES } from '@switchboard/contract/calls';
import { useCallback, useEffect } from 'react';
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

/** The URL's parameters without `call`. */
function withoutCall(current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  next.delete('call');
  return next;
}

/**
 * The call `/calls?call=42` names (from the command palette or a shared link), fetched by id so its
 * details open wherever it sits in the list; closing them takes the parameter off the URL.
 */
export function useLinkedCall() {
  const [searchParams, setSearchParams] = useSearchParams();
  const id = linkedCallId(searchParams.get('call'));
  const call = useCall(id);

  const close = useCallback(() => setSearchParams(withoutCall, { replace: true }), [setSearchParams]);

  useEffect(() => {
    if (!call.isError) return;
    toast.error(errorMessage(call.error, CALL_MESSAGES.notFound));
    close();
  }, [call.isError, call.error, close]);

  return { call: id === null ? null : (call.data ?? null), close };
}
