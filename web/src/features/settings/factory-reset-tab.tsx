import { FACTORY_RESET_MESSAGES, factoryResetEndpoints } from '@switchboard/contract/factory-reset';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { FactoryResetWarnings } from '@/components/factory-reset-warnings.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useCan } from '@/lib/permissions.ts';

/** Warnings, then a confirmation, then the factory reset page (which asks for credentials). */
export function FactoryResetTab() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  if (!useCan()(factoryResetEndpoints.execute))
    return (
      <FactoryResetWarnings>
        <p className="text-sm text-muted-foreground">{FACTORY_RESET_MESSAGES.rootOnly}</p>
      </FactoryResetWarnings>
    );
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
