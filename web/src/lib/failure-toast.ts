import { toast } from 'sonner';
import { errorMessage } from '@/lib/error-message.ts';

/** An error toast titled with the screen's message for the action; the server's words underneath when they say more. */
export function failureToast(title: string, error: unknown, options: { id?: string } = {}): void {
  const detail = errorMessage(error, '');
  toast.error(title, detail && detail !== title ? { ...options, description: detail } : options);
}
