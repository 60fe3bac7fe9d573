import { USER_REPORT_MESSAGES, type UserReport } from '@switchboard/contract/user-reports';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Label } from '@/components/ui/label.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useSuspendReportedUser } from './api.ts';

type Step = { kind: 'idle' } | { kind: 'asking'; error: string | null } | { kind: 'done' };

/**
 * "Suspend Reported User" inside the report's dialog: asks why (required), sends it, and shows the
 * outcome in place, so the moderator sees the user is suspended without leaving the report.
 */
export function SuspendReportedUser({ report }: { report: UserReport }) {
  const suspend = useSuspendReportedUser();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [reason, setReason] = useState('');

  if (step.kind === 'done')
    return (
      <p role="status" className="rounded-md border border-success/40 bg-success/10 p-2 text-sm font-medium">
        {USER_REPORT_MESSAGES.suspended}
      </p>
    );
  if (step.kind === 'idle')
    return (
      <Button
        variant="outline"
        className="self-start"
        onClick={() => setStep({ kind: 'asking', error: null })}
      >
        Suspend Reported User
      </Button>
    );

  const confirm = async () => {
    const text = reason.trim();
    if (!text) return setStep({ kind: 'asking', error: USER_REPORT_MESSAGES.suspendReasonRequired });
    try {
      await suspend.mutateAsync({ id: report.id, reason: text });
      setStep({ kind: 'done' });
    } catch (error) {
      setStep({ kind: 'asking', error: errorMessage(error, USER_REPORT_MESSAGES.suspendFailed) });
    }
  };
  return (
    <div className="space-y-2 rounded-md border p-3">
      <Label htmlFor="suspend-reason">Reason for suspension</Label>
      <textarea
        id="suspend-reason"
        className="min-h-20 w-full rounded-md border bg-background p-2 text-sm"
        placeholder="Why is this user suspended?"
        value={reason}
        aria-invalid={step.error !== null}
        aria-describedby={step.error ? 'suspend-reason-error' : undefined}
        onChange={(e) => {
          setReason(e.target.value);
          setStep({ kind: 'asking', error: null });
        }}
      />
      {step.error ? (
        <p id="suspend-reason-error" role="alert" className="text-sm text-destructive">
          {step.error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button variant="destructive" disabled={suspend.isPending} onClick={() => void confirm()}>
          {suspend.isPending ? 'Suspending...' : 'Confirm Suspension'}
        </Button>
        <Button variant="outline" disabled={suspend.isPending} onClick={() => setStep({ kind: 'idle' })}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
