import {
  OFFICIAL_MESSAGE_IMAGE_TYPES,
  OFFICIAL_MESSAGE_MESSAGES,
  OFFICIAL_MESSAGE_PRIORITIES,
  OFFICIAL_MESSAGE_TYPES,
  type OfficialMessage,
} from '@switchboard/contract/official-messages';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '@/components/form-alert.tsx';
import { CheckboxField, Field, TitleAndBody } from '@/components/messaging/message-fields.tsx';
import { OptionSelect } from '@/components/option-select.tsx';
import { SendConfirmDialog } from '@/components/send-confirm-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DialogFooter } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useSaveMessage, useSendMessage } from '../api.ts';
import { imageProblem } from '../image-check.ts';

const FLAGS = [
  ['is_important', 'Important'],
  ['is_sticky', 'Sticky'],
  ['is_urgent', 'Urgent'],
] as const;
type Flag = (typeof FLAGS)[number][0];

/** The body of the create/edit dialog: `editing` is the draft being edited, null to create one. */
export function MessageForm({ editing, onDone }: { editing: OfficialMessage | null; onDone(): void }) {
  const id = useId();
  const [title, setTitle] = useState(editing?.title ?? '');
  const [content, setContent] = useState(editing?.content ?? '');
  const [messageType, setMessageType] = useState(editing?.message_type ?? 'announcement');
  const [priority, setPriority] = useState(editing?.priority ?? 'normal');
  const [flags, setFlags] = useState<Record<Flag, boolean>>({
    is_important: editing?.is_important ?? false,
    is_sticky: editing?.is_sticky ?? false,
    is_urgent: editing?.is_urgent ?? false,
  });
  const [image, setImage] = useState<File | null>(null);
  const [imageAlt, setImageAlt] = useState(editing?.image_alt ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveMessage();
  const send = useSendMessage();
  const pending = save.isPending || send.isPending;
  // "Create & Send" asks first, stating how many users it reaches; Cancel saves and sends nothing.
  const [confirming, setConfirming] = useState(false);

  const submit = (andSend: boolean) => {
    if (!title.trim() || !content.trim()) {
      setProblem(OFFICIAL_MESSAGE_MESSAGES.required);
      return;
    }
    if (andSend) setConfirming(true);
    else void saveAndSend(false);
  };

  const saveAndSend = async (andSend: boolean) => {
    const form = new FormData();
    form.set('title', title.trim());
    form.set('content', content.trim());
    form.set('message_type', messageType);
    form.set('priority', priority);
    for (const [flag] of FLAGS) form.set(flag, String(flags[flag]));
    form.set('image_alt', imageAlt.trim());
    if (image) form.set('image', image);
    setProblem(null);
    let saved: OfficialMessage;
    try {
      saved = (await save.mutateAsync({ id: editing?.id ?? null, form })).data;
    } catch (error) {
      const fallback = editing
        ? OFFICIAL_MESSAGE_MESSAGES.updateFailed
        : OFFICIAL_MESSAGE_MESSAGES.createFailed;
      setProblem(errorMessage(error, fallback));
      return;
    }
    if (andSend) {
      try {
        await send.mutateAsync(saved.id);
        toast.success(OFFICIAL_MESSAGE_MESSAGES.sent);
      } catch (error) {
        toast.error(errorMessage(error, OFFICIAL_MESSAGE_MESSAGES.sendFailed));
      }
    } else {
      toast.success(editing ? 'Message updated' : 'Message saved as a draft');
    }
    onDone();
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit(true);
      }}
    >
      {problem ? <FormAlert message={problem} /> : null}
      <TitleAndBody
        id={id}
        title={title}
        onTitle={setTitle}
        body={{ label: 'Content *', value: content, maxLength: 5000, onChange: setContent }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <OptionSelect
          id={`${id}-type`}
          label="Message Type"
          value={messageType}
          options={OFFICIAL_MESSAGE_TYPES}
          onChange={(v) => setMessageType(v)}
        />
        <OptionSelect
          id={`${id}-priority`}
          label="Priority"
          value={priority}
          options={OFFICIAL_MESSAGE_PRIORITIES}
          onChange={(v) => setPriority(v)}
        />
      </div>
      <div className="flex flex-wrap gap-4">
        {FLAGS.map(([flag, text]) => (
          <CheckboxField
            key={flag}
            id={`${id}-${flag}`}
            label={text}
            checked={flags[flag]}
            onChange={(checked) => setFlags((f) => ({ ...f, [flag]: checked }))}
          />
        ))}
      </div>
      <Field id={`${id}-image`} label="Image">
        <Input
          id={`${id}-image`}
          type="file"
          accept={OFFICIAL_MESSAGE_IMAGE_TYPES.join(',')}
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null;
            const wrong = file ? imageProblem(file) : null;
            setProblem(wrong);
            setImage(wrong ? null : file);
            if (wrong) e.target.value = '';
          }}
        />
        {editing?.image_url && !image ? (
          <p className="text-xs text-muted-foreground">The current image stays unless you choose another.</p>
        ) : null}
      </Field>
      <Field id={`${id}-alt`} label="Image alt text">
        <Input
          id={`${id}-alt`}
          value={imageAlt}
          maxLength={300}
          onChange={(e) => setImageAlt(e.target.value)}
        />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="button" variant="secondary" disabled={pending} onClick={() => submit(false)}>
          {editing ? 'Save Changes' : 'Save as Draft'}
        </Button>
        <Button type="submit" disabled={pending}>
          Create &amp; Send to All Users
        </Button>
      </DialogFooter>
      <SendConfirmDialog
        audience={confirming ? { target_audience: 'all' } : null}
        detail={title.trim()}
        noun="message"
        onClose={() => setConfirming(false)}
        onConfirm={() => saveAndSend(true)}
      />
    </form>
  );
}
