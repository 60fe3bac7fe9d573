import { PageHeader } from '@/components/page-header.tsx';

/** Spec §2 "Factory reset": reachable signed in or out; the preview and form arrive with their own issue. */
export function FactoryResetPage() {
  return (
    <main className="min-h-dvh bg-background px-4 py-10 sm:px-6">
      <div className="mx-auto w-full max-w-3xl">
        <PageHeader title="Factory Reset" />
      </div>
    </main>
  );
}
