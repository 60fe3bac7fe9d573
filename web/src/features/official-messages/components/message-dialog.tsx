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
import { ModalDialog } from '@/components/modal-dialog.tsx';
import { OptionSelect } from '@/components/option-select.tsx';
import { SendConfirmDialog } from '@/components/send-confirm-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { DialogFooter } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useSaveMessage, useSendMessage } from '../api.ts';
import { imageProblem } from '../image-check.ts';

const FLAGS = [
  ['is_important', 'Important'],
  ['is_sticky', 'Sticky'],
  ['is_urgent', 'Urgent'],
] as const;
type Flag = (typeof FLAGS)[number][0];

interface MessageDialogProps {
  open: boolean;
  editing: OfficialMessage | null;
  onOpenChange(open: boolean): void;
}

export function MessageDialog({ open, editing, onOpenChange }: MessageDialogProps) {
  return (
    <ModalDialog
      className="max-h-[90vh]"
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Edit Official Message' : 'Create Official Message'}
      description="Sent to every user of the app."
    >
      <MessageForm key={editing?.id ?? 'new'} editing={editing} onDone={() => onOpenChange(false)} />
    </ModalDialog>
  );
}

function MessageForm({ editing, onDone }: { editing: OfficialMessage | null; onDone(): void }) {
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
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-title`}>Title *</Label>
        <Input id={`${id}-title`} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-content`}>Content *</Label>
        <Textarea
          id={`${id}-content`}
          value={content}
          maxLength={5000}
          onChange={(e) => setContent(e.target.value)}
        />
      </div>
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
          <div key={flag} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${flag}`}
              checked={flags[flag]}
              onCheckedChange={(checked) => setFlags((f) => ({ ...f, [flag]: checked === true }))}
            />
            <Label htmlFor={`${id}-${flag}`}>{text}</Label>
          </div>
        ))}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-image`}>Image</Label>
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
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-alt`}>Image alt text</Label>
        <Input
          id={`${id}-alt`}
          value={imageAlt}
          maxLength={300}
          onChange={(e) => setImageAlt(e.target.value)}
        />
      </div>
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
