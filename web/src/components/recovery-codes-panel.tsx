import { CopyIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';

interface RecoveryCodesPanelProps {
  codes: readonly string[];
}

/** New recovery codes, shown once: each signs in once when the authenticator is lost. */
export function RecoveryCodesPanel({ codes }: RecoveryCodesPanelProps) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section aria-labelledby="recovery-codes-title" className="space-y-3 rounded-lg border bg-muted/40 p-4">
      <h2 id="recovery-codes-title" className="font-medium">
        Your recovery codes
      </h2>
      <p className="text-sm text-muted-foreground">
        Keep them somewhere safe: they are shown only now. Each one signs you in once if you lose your
        authenticator.
      </p>
      <ul className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button type="button" variant="outline" size="sm" onClick={copy}>
        <CopyIcon aria-hidden="true" />
        {copied ? 'Copied' : 'Copy codes'}
      </Button>
    </section>
  );
}
