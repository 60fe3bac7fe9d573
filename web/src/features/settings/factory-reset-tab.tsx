import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { FactoryResetWarnings } from '@/components/factory-reset-warnings.tsx';
import { Button } from '@/components/ui/button.tsx';

/** Warnings, then a confirmation, then the factory reset page (which asks for credentials). */
export function FactoryResetTab() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  return (
    <FactoryResetWarnings>
      <div>
        <Button ref={button} variant="destructive" onClick={() => setOpen(true)}>
          Factory Reset
        </Button>
      </div>
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
    </FactoryResetWarnings>
  );
}
