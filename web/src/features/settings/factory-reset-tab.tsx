import { AlertTriangleIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';

const WARNINGS = [
  'Every user, call, message, coin transaction and setting is deleted',
  'Every uploaded file is deleted',
  'Every administrator is signed out',
  'A new root administrator must be registered afterwards',
];

/** Warnings, then a confirmation, then the factory reset page (which asks for credentials). */
export function FactoryResetTab() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-destructive">
          <AlertTriangleIcon className="size-5" aria-hidden="true" />
          Factory Reset
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm">This action cannot be undone.</p>
        <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
          {WARNINGS.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
        <div>
          <Button ref={button} variant="destructive" onClick={() => setOpen(true)}>
            Factory Reset
          </Button>
        </div>
      </CardContent>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          button.current?.focus();
        }}
        title="Factory reset?"
        description="You will be asked for your username, password and a reason on the next page."
        confirmLabel="Continue"
        pendingLabel="Continue"
        onConfirm={async () => navigate('/factory-reset')}
      />
    </Card>
  );
}
