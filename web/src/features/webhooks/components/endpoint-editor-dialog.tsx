import {
  ALERT_RULE_IDS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_FORMATS,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  type WebhookFormat,
} from '@switchboard/contract/webhooks';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '@/components/form-alert.tsx';
import { FormField, fieldMessageId } from '@/components/form-field.tsx';
import { ModalDialog } from '@/components/modal-dialog.tsx';
import { OptionSelect } from '@/components/option-select.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DialogFooter } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { ApiRequestError } from '@/lib/api-client.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { useCreateWebhook, useUpdateWebhook } from '../api.ts';
import { CheckboxList } from './checkbox-list.tsx';

export type EndpointDraft = { mode: 'create' } | { mode: 'edit'; endpoint: WebhookEndpoint };

const FORMAT_LABELS: Record<WebhookFormat, string> = {
  standard: 'Standard Webhooks (JSON)',
  slack: 'Slack message',
  discord: 'Discord message',
};

const URL_ID = 'webhook-url';
const DESCRIPTION_ID = 'webhook-description';
const IN_FLIGHT_ID = 'webhook-in-flight';

export function EndpointEditorDialog({
  draft,
  onClose,
  onCreated,
}: {
  draft: EndpointDraft | null;
  onClose(): void;
  /** The new endpoint and its secret, shown once. */
  onCreated(endpoint: WebhookEndpoint, secret: string): void;
}) {
  return (
    <ModalDialog
      className="max-h-[90vh] overflow-y-auto sm:max-w-xl"
      open={draft !== null}
      onOpenChange={(open) => !open && onClose()}
      title={draft?.mode === 'edit' ? 'Edit webhook endpoint' : 'New webhook endpoint'}
      description="Where events are sent, and which ones."
    >
      {draft ? <EndpointForm draft={draft} onDone={onClose} onCreated={onCreated} /> : null}
    </ModalDialog>
  );
}

function EndpointForm({
  draft,
  onDone,
  onCreated,
}: {
  draft: EndpointDraft;
  onDone(): void;
  onCreated(endpoint: WebhookEndpoint, secret: string): void;
}) {
  const start = draft.mode === 'edit' ? draft.endpoint : null;
  const [url, setUrl] = useState(start?.url ?? 'https://');
  const [description, setDescription] = useState(start?.description ?? '');
  const [events, setEvents] = useState<WebhookEndpoint['events']>(start?.events ?? ['call.ended']);
  const [format, setFormat] = useState<WebhookFormat>(start?.format ?? 'standard');
  const [alertRules, setAlertRules] = useState<WebhookEndpoint['alert_rules']>(start?.alert_rules ?? []);
  const [maxInFlight, setMaxInFlight] = useState(String(start?.max_in_flight ?? 8));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const saving = create.isPending || update.isPending;
  const routesAlerts = events.some((e) => e.startsWith('alert.'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setErrors({});
    const body: WebhookEndpointInput = {
      url: url.trim(),
      description: description.trim(),
      events,
      format,
      alert_rules: alertRules,
      max_in_flight: Number(maxInFlight),
    };
    try {
      if (draft.mode === 'edit') {
        const result = await update.mutateAsync({ id: draft.endpoint.id, body });
        toast.success(result.message);
      } else {
        const result = await create.mutateAsync(body);
        toast.success(result.message);
        onCreated(result.data.endpoint, result.data.secret);
      }
      onDone();
    } catch (error) {
      if (error instanceof ApiRequestError && error.fieldErrors.length > 0)
        setErrors(Object.fromEntries(error.fieldErrors.map((e) => [e.field, e.message])));
      else setFailure(errorMessage(error, 'Failed to save the webhook endpoint'));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {failure ? <FormAlert message={failure} focusOnMount /> : null}
      <FormField id={URL_ID} label="URL" error={errors.url} hint="An https:// address of your receiver.">
        <Input
          id={URL_ID}
          value={url}
          maxLength={2000}
          inputMode="url"
          aria-invalid={Boolean(errors.url)}
          aria-describedby={fieldMessageId(URL_ID)}
          onChange={(e) => setUrl(e.target.value)}
        />
      </FormField>
      <FormField
        id={DESCRIPTION_ID}
        label="Description"
        error={errors.description}
        hint={`${description.length}/200`}
      >
        <Input
          id={DESCRIPTION_ID}
          value={description}
          maxLength={200}
          aria-describedby={fieldMessageId(DESCRIPTION_ID)}
          onChange={(e) => setDescription(e.target.value)}
        />
      </FormField>
      <CheckboxList
        legend="Events"
        options={WEBHOOK_EVENT_TYPES}
        value={events}
        onChange={setEvents}
        disabled={saving}
        {...(errors.events ? { error: errors.events } : {})}
      />
      <OptionSelect<WebhookFormat>
        label="Body format"
        value={format}
        options={WEBHOOK_FORMATS}
        labels={FORMAT_LABELS}
        onChange={setFormat}
      />
      {routesAlerts ? (
        <CheckboxList
          legend="Alert rules"
          hint="Which alerts this endpoint receives; none ticked: every rule."
          options={ALERT_RULE_IDS}
          value={alertRules}
          onChange={setAlertRules}
          disabled={saving}
        />
      ) : null}
      <FormField
        id={IN_FLIGHT_ID}
        label="Deliveries at once"
        error={errors.max_in_flight}
        hint="Across every instance, 1 to 64."
      >
        <Input
          id={IN_FLIGHT_ID}
          type="number"
          min={1}
          max={64}
          value={maxInFlight}
          aria-describedby={fieldMessageId(IN_FLIGHT_ID)}
          onChange={(e) => setMaxInFlight(e.target.value)}
        />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save Endpoint'}
        </Button>
      </DialogFooter>
    </form>
  );
}
