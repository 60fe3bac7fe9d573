import { CircleCheckIcon, LockIcon, ShieldPlusIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Brand } from '@/components/brand.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useCan } from '@/lib/permissions.ts';
import { useSession } from '@/lib/session-context.tsx';
import { useRootAdminStatus } from './api.ts';
import { RootAdminForm } from './root-admin-form.tsx';
import { useRegistrationDone } from './use-registration-done.ts';

/** Root admin registration (/admin_root_admin): open until the allowed number of root admins exists. */
export function RootAdminPage() {
  const signedIn = useSession().status === 'signed-in';
  const status = useRootAdminStatus();
  const { done, markDone } = useRegistrationDone();
  const enabled = status.data?.enabled === true;

  let body: ReactNode;
  if (done) body = <RegistrationSuccess />;
  else if (status.isPending)
    body = <Spinner label="Checking registration status..." showLabel className="justify-center py-10" />;
  else if (!enabled)
    body = signedIn ? (
      <RegistrationClosedInConsole
        existingRootAdmins={status.data?.existing_root_admins ?? 0}
        checkFailed={status.isError}
      />
    ) : (
      <RegistrationDisabled existingRootAdmins={status.data?.existing_root_admins ?? 0} />
    );
  else
    body = (
      <Card>
        <CardHeader>
          <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <ShieldPlusIcon className="size-5" aria-hidden="true" />
          </span>
          <h1 className="text-xl leading-none font-semibold tracking-tight">Create Root Administrator</h1>
          <CardDescription>
            Set up the first administrator account. It has full control over the console.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <RootAdminForm onRegistered={markDone} />
        </CardContent>
      </Card>
    );

  // Signed in, the console's layout frames the page (routes.tsx): its sidebar leads on from here.
  if (signedIn)
    return (
      <div className="flex flex-col gap-6">
        <PageHeader
          title="Root Admin Registration"
          description="Creating the first root administrator of this server"
        />
        <div className="w-full max-w-lg">{body}</div>
      </div>
    );

  return (
    <main className="flex min-h-dvh flex-col items-center bg-muted/40 px-4 py-10 sm:py-16">
      <Link to="/" className="mb-8 rounded-md">
        <Brand />
      </Link>
      <div className="w-full max-w-lg">{body}</div>
    </main>
  );
}

function RegistrationDisabled({ existingRootAdmins }: { existingRootAdmins: number }) {
  return (
    <Card className="text-center">
      <CardHeader className="items-center">
        <span className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <LockIcon className="size-5" aria-hidden="true" />
        </span>
        <h1 className="text-xl leading-none font-semibold tracking-tight">Registration Disabled</h1>
        <CardDescription>Root administrator registration is not open on this server.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {existingRootAdmins > 0 && (
          <p className="rounded-lg border bg-muted/50 px-4 py-3 text-sm text-muted-foreground">
            A root administrator already exists. Sign in with that account or ask its owner for access.
          </p>
        )}
        <Button asChild>
          <Link to="/login">Go to Login</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** The closed registration as a signed-in admin sees it: its status and why it is closed. */
function RegistrationClosedInConsole(props: { existingRootAdmins: number; checkFailed: boolean }) {
  const canSeeSettings = useCan()('settings:read');
  const why = props.checkFailed
    ? 'The registration status could not be checked, so registration stays closed.'
    : props.existingRootAdmins > 0
      ? 'A root administrator already exists: registration closes by itself once the allowed number of root admins is reached.'
      : "Registration is turned off in this server's settings.";
  return (
    <Card>
      <CardHeader>
        <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-muted text-muted-foreground">
          <LockIcon className="size-5" aria-hidden="true" />
        </span>
        <h2 className="text-xl leading-none font-semibold tracking-tight">Registration Disabled</h2>
        <CardDescription>{why}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">Registration</dt>
          <dd>Closed</dd>
          <dt className="text-muted-foreground">Existing root admins</dt>
          <dd>{props.checkFailed ? 'Unknown' : props.existingRootAdmins}</dd>
        </dl>
        {canSeeSettings ? (
          <Button variant="outline" asChild>
            <Link to="/settings?tab=root-admin">Root Admin settings</Link>
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

function RegistrationSuccess() {
  return (
    <Card className="text-center">
      <CardHeader>
        <span className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-success/12 text-success">
          <CircleCheckIcon className="size-6" aria-hidden="true" />
        </span>
        <h1 role="status" className="text-xl leading-none font-semibold tracking-tight">
          Registration Successful!
        </h1>
        <CardDescription>Your root administrator account is ready. Redirecting to login...</CardDescription>
      </CardHeader>
    </Card>
  );
}
