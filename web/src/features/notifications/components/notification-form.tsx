import {
  NOTIFICATION_AUDIENCES,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
  type NotificationInput,
  type NotificationListItem,
} from '@switchboard/contract/notifications';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { CheckboxField, Field, TitleAndBody } from '@/components/messaging/message-fields.tsx';
import { OptionSelect } from '@/components/option-select.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DialogFooter } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { type PickedUser, UsersPicker } from '@/components/users-picker.tsx';
import { failureToast } from '@/lib/failure-toast.ts';
import { useCreateNotification, useUpdateNotification } from '../api.ts';

type Form = Required<Omit<NotificationInput, 'scheduled_at' | 'target_user_ids'>> & {
  scheduled_at: string;
  target_users: PickedUser[];
};

const AUDIENCE_LABELS = {
  all: 'All users',
  premium: 'Premium users',
  admin: 'Admins',
  specific: 'Specific users',
};

/** `datetime-local` wants local time without a zone. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

const initialForm = (editing: NotificationListItem | null): Form => ({
  title: editing?.title ?? '',
  message: editing?.message ?? '',
  type: editing?.type ?? 'info',
  priority: editing?.priority ?? 'medium',
  target_audience: editing?.target_audience ?? 'all',
  target_users: editing?.target_users ?? [],
  is_scheduled: editing?.is_scheduled ?? false,
  scheduled_at: toLocalInput(editing?.scheduled_at ?? null),
});

/** The body of the create/edit dialog: `editing` is the draft being edited, null to create one. */
export function NotificationForm({
  editing,
  onDone,
}: {
  editing: NotificationListItem | null;
  onDone(): void;
}) {
  const id = useId();
  const [form, setForm] = useState<Form>(() => initialForm(editing));
  const create = useCreateNotification();
  const update = useUpdateNotification();
  const pending = create.isPending || update.isPending;
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const canSubmit = form.title.trim() !== '' && form.message.trim() !== '' && !pending;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    const { target_users, ...fields } = form;
    const body: NotificationInput = {
      ...fields,
      // The picker shows usernames; the endpoint takes the users' ids.
      target_user_ids: form.target_audience === 'specific' ? target_users.map((u) => u.id) : [],
      scheduled_at: form.is_scheduled && form.scheduled_at ? new Date(form.scheduled_at).toISOString() : null,
    };
    try {
      if (editing) await update.mutateAsync({ id: editing.id, body });
      else await create.mutateAsync(body);
      toast.success(editing ? 'Notification updated' : 'Notification created');
      onDone();
    } catch (error) {
      const failed = editing ? NOTIFICATION_MESSAGES.updateFailed : NOTIFICATION_MESSAGES.createFailed;
      failureToast(failed, error);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <TitleAndBody
        id={id}
        title={form.title}
        onTitle={(title) => set('title', title)}
        body={{
          label: 'Message *',
          value: form.message,
          maxLength: 2000,
          onChange: (message) => set('message', message),
        }}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <OptionSelect
          id={`${id}-type`}
          label="Type"
          value={form.type}
          options={NOTIFICATION_TYPES}
          onChange={(v) => set('type', v)}
        />
        <OptionSelect
          id={`${id}-priority`}
          label="Priority"
          value={form.priority}
          options={NOTIFICATION_PRIORITIES}
          onChange={(v) => set('priority', v)}
        />
        <OptionSelect
          id={`${id}-audience`}
          label="Target Audience"
          value={form.target_audience}
          options={NOTIFICATION_AUDIENCES}
          labels={AUDIENCE_LABELS}
          onChange={(v) => set('target_audience', v)}
        />
      </div>
      {form.target_audience === 'specific' ? (
        <Field id={`${id}-users`} label="Users">
          <UsersPicker
            id={`${id}-users`}
            value={form.target_users}
            onChange={(users) => set('target_users', users)}
          />
        </Field>
      ) : null}
      <CheckboxField
        id={`${id}-scheduled`}
        label="Schedule for later"
        checked={form.is_scheduled}
        onChange={(checked) => set('is_scheduled', checked)}
      />
      {form.is_scheduled ? (
        <Field id={`${id}-when`} label="Scheduled date and time">
          <Input
            id={`${id}-when`}
            type="datetime-local"
            value={form.scheduled_at}
            onChange={(e) => set('scheduled_at', e.target.value)}
          />
        </Field>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSubmit}>
          {editing ? 'Update Notification' : 'Create Notification'}
        </Button>
      </DialogFooter>
    </form>
  );
}
