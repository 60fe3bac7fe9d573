import { SECURITY_MESSAGES, type SecurityPolicies, securityEndpoints } from '@switchboard/contract/security';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ErrorPanel } from '@/components/error-panel.tsx';
import { FormField } from '@/components/form-field.tsx';
import { ModalDialog } from '@/components/modal-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { DialogFooter } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useCan } from '@/lib/permissions.ts';
import { useSavePolicies, useSecurityPolicies } from './api.ts';

type NumberField = Exclude<keyof SecurityPolicies, 'record_unauthorized_access'>;

/** The three groups the Settings tab's buttons open. */
export const SETTINGS_GROUPS = {
  threat: {
    button: 'Configure Threat Detection',
    title: 'Threat detection',
    description: 'How repeated events are folded and when an event becomes critical.',
    numbers: [
      ['event_fold_window_seconds', 'Fold window (seconds)'],
      ['critical_occurrence_threshold', 'Occurrences before an event is critical'],
    ],
    flags: [],
  },
  rate: {
    button: 'Configure Rate Limiting',
    title: 'Rate limiting',
    description:
      'Each signed-in admin may make this many requests per minute, whatever Settings → API says (that limit is for the calling app and anonymous callers). Sign-in attempts are counted per address. Both apply from the next request.',
    numbers: [
      ['admin_requests_per_minute', 'Requests per minute per signed-in admin'],
      ['login_attempts_per_minute', 'Sign-in attempts per minute per address'],
    ],
    flags: [],
  },
  policies: {
    button: 'Configure Security Policies',
    title: 'Security policies',
    description: 'What is recorded, and how long system logs are kept.',
    numbers: [['log_retention_days', 'Keep system logs for (days)']],
    flags: [['record_unauthorized_access', 'Record refused admin requests as security events']],
  },
} as const satisfies Record<
  string,
  {
    button: string;
    title: string;
    description: string;
    numbers: readonly (readonly [NumberField, string])[];
    flags: readonly (readonly ['record_unauthorized_access', string])[];
  }
>;
export type SettingsGroup = keyof typeof SETTINGS_GROUPS;

export function SecuritySettingsDialog({ group, onClose }: { group: SettingsGroup | null; onClose(): void }) {
  const policies = useSecurityPolicies(group !== null);
  const save = useSavePolicies();
  // Saving the policies needs settings:security; without it the dialog only shows them.
  const canSave = useCan()(securityEndpoints.savePolicies);
  const [draft, setDraft] = useState<Record<string, string | boolean>>({});
  const spec = group ? SETTINGS_GROUPS[group] : null;

  useEffect(() => {
    if (!policies.data) return;
    setDraft(
      Object.fromEntries(
        Object.entries(policies.data).map(([k, v]) => [k, typeof v === 'boolean' ? v : String(v)]),
      ),
    );
  }, [policies.data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!spec) return;
    const body: Partial<SecurityPolicies> = {};
    for (const [field] of spec.numbers) body[field] = Number(draft[field]);
    for (const [field] of spec.flags) body[field] = Boolean(draft[field]);
    try {
      await save.mutateAsync(body);
      toast.success(SECURITY_MESSAGES.settingsSaved);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to save security settings'));
    }
  };

  return (
    <ModalDialog
      open={group !== null}
      onOpenChange={(open) => !open && onClose()}
      title={spec?.title}
      description={spec?.description}
    >
      {policies.isError ? (
        <ErrorPanel
          message={errorMessage(policies.error, SECURITY_MESSAGES.fetchFailed)}
          onRetry={() => void policies.refetch()}
        />
      ) : (
        <form onSubmit={submit} className="space-y-4">
          {spec?.numbers.map(([field, label]) => (
            <FormField key={field} id={`policy-${field}`} label={label}>
              <Input
                id={`policy-${field}`}
                type="number"
                inputMode="numeric"
                value={String(draft[field] ?? '')}
                disabled={!policies.data}
                onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
              />
            </FormField>
          ))}
          {spec?.flags.map(([field, label]) => (
            <div key={field} className="flex items-center gap-2">
              <Checkbox
                id={`policy-${field}`}
                checked={Boolean(draft[field])}
                disabled={!policies.data}
                onCheckedChange={(checked) => setDraft({ ...draft, [field]: checked === true })}
              />
              <label htmlFor={`policy-${field}`} className="text-sm">
                {label}
              </label>
            </div>
          ))}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            {canSave && (
              <Button type="submit" disabled={!policies.data || save.isPending}>
                {save.isPending ? 'Saving...' : 'Save'}
              </Button>
            )}
          </DialogFooter>
        </form>
      )}
    </ModalDialog>
  );
}
