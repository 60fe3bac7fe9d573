import { FACTORY_RESET_MESSAGES, FACTORY_RESET_PROGRESS } from '@switchboard/contract/factory-reset';
import { ArrowLeftIcon, ShieldOffIcon } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorPanel } from '@/components/error-panel.tsx';
import { FactoryResetWarnings } from '@/components/factory-reset-warnings.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiRequestError } from '@/lib/api-client.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { useSession } from '@/lib/session-context.tsx';
import { useExecuteFactoryReset, useFactoryResetPreview, useFactoryResetStatus } from './api.ts';
import { ResetForm } from './components/reset-form.tsx';
import { ResetPreview } from './components/reset-preview.tsx';
import { ResetProgress } from './components/reset-progress.tsx';

const backLink = (
  <Button asChild variant="outline">
    <Link to="/dashboard">
      <ArrowLeftIcon aria-hidden="true" />
      Return to Dashboard
    </Link>
  </Button>
);

/** Reachable signed in or out; only a signed-in root admin gets the preview and the form. */
export function FactoryResetPage() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const root = user?.is_root_admin === true;
  const status = useFactoryResetStatus(root);
  const available = status.data?.available === true;
  const preview = useFactoryResetPreview(available);
  const execute = useExecuteFactoryReset();
  const done = execute.isSuccess;

  useEffect(() => {
    if (!done) return;
    // Every session was revoked by the reset: drop this one too, then go where a new root registers.
    const timer = setTimeout(() => {
      void logout().finally(() => navigate('/admin_root_admin', { replace: true }));
    }, FACTORY_RESET_PROGRESS.redirectMs);
    return () => clearTimeout(timer);
  }, [done, logout, navigate]);

  const refused =
    status.error instanceof ApiRequestError && (status.error.status === 401 || status.error.status === 403);
  let body: ReactNode;
  if (execute.isPending || done) {
    body = <ResetProgress complete={done} message={execute.data?.message ?? null} />;
  } else if (!root || refused || (status.isSuccess && !available)) {
    body = <Unavailable />;
  } else if (status.isPending) {
    body = <Spinner showLabel className="self-center py-10" />;
  } else if (status.isError) {
    body = (
      <ErrorPanel
        title="Factory Reset"
        message={FACTORY_RESET_MESSAGES.statusFailed}
        onRetry={() => void status.refetch()}
      />
    );
  } else {
    const fieldErrors =
      execute.error instanceof ApiRequestError
        ? Object.fromEntries(execute.error.fieldErrors.map((e) => [e.field, e.message]))
        : {};
    // A refusal that names a field is shown at the field; any other above the form.
    const failure =
      execute.error && Object.keys(fieldErrors).length === 0
        ? errorMessage(execute.error, FACTORY_RESET_MESSAGES.failed)
        : null;
    body = (
      <>
        <FactoryResetWarnings />
        {preview.isPending ? (
          <Spinner showLabel />
        ) : preview.isError ? (
          <ErrorPanel
            title="Preview"
            message={errorMessage(preview.error, FACTORY_RESET_MESSAGES.statusFailed)}
            onRetry={() => void preview.refetch()}
          />
        ) : (
          <ResetPreview preview={preview.data} />
        )}
        <ResetForm
          failure={failure}
          fieldErrors={fieldErrors}
          pending={execute.isPending}
          onSubmit={(form) => execute.mutate(form)}
        />
      </>
    );
  }

  const showBack = !(execute.isPending || done) && root && !refused && !(status.isSuccess && !available);
  return (
    <main className="min-h-dvh bg-background px-4 py-10 sm:px-6">
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
        <PageHeader title="Factory Reset" actions={showBack ? backLink : undefined} />
        {body}
      </div>
    </main>
  );
}

function Unavailable() {
  return (
    <section className="flex flex-col items-center gap-3 rounded-xl border px-6 py-10 text-center">
      <ShieldOffIcon className="size-8 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">{FACTORY_RESET_MESSAGES.unavailableTitle}</h2>
      <p className="text-sm text-muted-foreground">{FACTORY_RESET_MESSAGES.rootOnly}</p>
      {backLink}
    </section>
  );
}
