import { ROOT_ADMIN_MESSAGES } from '@switchboard/contract/root-admin';
import { ApiRequestError } from '@/lib/api-client.ts';

/** Spec §8 "Registration": the server's detail, else its message, else a generic failure. */
export function registrationErrorMessage(error: unknown): string {
  // The api client already prefers detail over message; a body without either comes back as this fallback.
  if (
    error instanceof ApiRequestError &&
    error.message &&
    !error.message.startsWith('Request failed with status')
  ) {
    return error.message;
  }
  return ROOT_ADMIN_MESSAGES.failed;
}
