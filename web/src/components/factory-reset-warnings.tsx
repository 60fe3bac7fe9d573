import { AlertTriangleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';

const WARNINGS = [
  'Every user, call, message, coin transaction and setting is deleted',
  'Every uploaded file is deleted',
  'Every backup is deleted, unless you choose to keep them',
  'Every administrator is signed out',
  'A new root administrator must be registered afterwards',
];

/**
 * What a factory reset destroys: the same card on the Settings tab (with the button that leads to the
 * reset page) and on the reset page itself (above the form).
 */
export function FactoryResetWarnings({ children }: { children?: ReactNode }) {
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
        {children}
      </CardContent>
    </Card>
  );
}
