import { CopyIcon } from 'lucide-react';
import { toast } from 'sonner';
import { ModalDialog } from '@/components/modal-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DialogFooter } from '@/components/ui/dialog.tsx';

/** The signing secret, once: after this dialog closes only a rotation shows a secret again. */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose(): void }) {
  return (
    <ModalDialog
      open={secret !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Signing secret"
      description="Copy it into your receiver now: it is not shown again. Verify each delivery's webhook-signature with it (any Standard Webhooks library)."
    >
      <code data-shows-id className="block break-all rounded-md border bg-muted p-3 font-mono text-sm">
        {secret}
      </code>
      <DialogFooter>
        <Button
          variant="outline"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(secret ?? '')
              .then(() => toast.success('Secret copied'))
              .catch(() => toast.error('Copy failed: select the text and copy it'))
          }
        >
          <CopyIcon aria-hidden="true" />
          Copy
        </Button>
        <Button onClick={onClose}>Done</Button>
      </DialogFooter>
    </ModalDialog>
  );
}
