import { InfoIcon } from 'lucide-react';
import { useAppConfig } from '@/lib/app-config-context.tsx';

/** The default sign-in, shown only while the server runs with demo data. */
export function DemoCredentialsHint() {
  const { demo } = useAppConfig();
  if (!demo.enabled || !demo.credentials) return null;
  return (
    <aside
      aria-label="Demo credentials"
      className="rounded-lg border border-primary/20 bg-primary/5 px-4 py-3 text-sm"
    >
      <p className="flex items-center gap-2 font-medium text-foreground">
        <InfoIcon className="size-4 text-primary" aria-hidden="true" />
        Default admin credentials
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-muted-foreground">
        <dt>Username:</dt>
        <dd>
          <code className="font-mono text-foreground">{demo.credentials.username}</code>
        </dd>
        <dt>Password:</dt>
        <dd>
          <code className="font-mono text-foreground">{demo.credentials.password}</code>
        </dd>
      </dl>
    </aside>
  );
}
